import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { LoginForm } from "../components/login-form";
import { resetPasswordCopy } from "../lib/reset-password-copy";
import { authError, calledOps, fake, failNext, holdCalls, resetFake } from "./fake-auth";

vi.mock("@/lib/supabase", () => import("./fake-auth"));
vi.mock("@/components/ui/toaster", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const copy = resetPasswordCopy.en.forgot;

beforeEach(resetFake);

async function openForgotForm(typed = "") {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<LoginForm />, { route: "/admin" });
  if (typed) await user.type(screen.getByLabelText("Email"), typed);
  await user.click(screen.getByRole("button", { name: "Forgot password?" }));
  const heading = await screen.findByRole("heading", { name: copy.title });
  return { user, heading, email: screen.getByLabelText("Email") };
}

describe("Forgot password?", { timeout: 20_000 }, () => {
  it("opens a form with the address typed so far, the heading focused, and a way back", async () => {
    const { user, heading, email } = await openForgotForm("ada@example.com");
    expect(heading).toHaveFocus();
    expect(email).toHaveValue("ada@example.com");
    await user.click(screen.getByRole("button", { name: copy.back }));
    expect(await screen.findByRole("heading", { name: "Staff sign-in" })).toHaveFocus();
    expect(screen.getByRole("button", { name: "Sign in" })).toBeInTheDocument();
  });

  it("asks Auth for a link to the reset page, and says the same sentence", async () => {
    const { user, email } = await openForgotForm();
    await user.click(screen.getByRole("button", { name: copy.send }));
    expect(await screen.findByText(copy.emailRequired)).toBeInTheDocument();
    await user.type(email, " ada@example.com ");

    const release = holdCalls();
    await user.click(screen.getByRole("button", { name: copy.send }));
    expect(await screen.findByRole("button", { name: copy.sending })).toBeDisabled();
    release();

    expect(await screen.findByText(copy.sent)).toBeInTheDocument();
    expect(fake.calls).toEqual([
      {
        op: "resetPasswordForEmail",
        args: {
          email: "ada@example.com",
          options: { redirectTo: `${window.location.origin}/admin/reset-password` },
        },
      },
    ]);
  });

  it("says the same when Auth's e-mail limit is reached or the address is unknown", async () => {
    const { user, email } = await openForgotForm("unknown@example.com");
    failNext("resetPasswordForEmail", authError(429, "over_email_send_rate_limit"));
    await user.click(screen.getByRole("button", { name: copy.send }));
    expect(await screen.findByText(copy.sent)).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await user.clear(email);
    await user.type(email, "someone@example.com");
    failNext(
      "resetPasswordForEmail",
      authError(500, "unexpected_failure", "Error sending recovery email"),
    );
    await user.click(screen.getByRole("button", { name: copy.send }));
    await waitFor(() => expect(calledOps()).toHaveLength(2));
    expect(await screen.findByText(copy.sent)).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows a network failure with a retry", async () => {
    const { user } = await openForgotForm("ada@example.com");
    failNext(
      "resetPasswordForEmail",
      Object.assign(new Error("Failed to fetch"), { name: "AuthRetryableFetchError", status: 0 }),
    );
    await user.click(screen.getByRole("button", { name: copy.send }));
    expect(await screen.findByRole("alert")).toHaveTextContent(copy.network);
    expect(screen.queryByText(copy.sent)).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: copy.send }));
    expect(await screen.findByText(copy.sent)).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
