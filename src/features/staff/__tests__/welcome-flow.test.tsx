import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/ui/toaster";
import { staffPath } from "@/config/routes";
import { renderWithProviders } from "@/test/render";
import { WelcomeFlow } from "../components/welcome-flow";
import { newPasswordCopy } from "../lib/new-password";
import { welcomeCopy } from "../lib/welcome-copy";
import { authError, calledOps, fake, failNext, resetFake } from "./fake-auth";

vi.mock("@/lib/supabase", () => import("./fake-auth"));
vi.mock("@/components/ui/toaster", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderAt(search: string) {
  const { router } = renderWithProviders(
    [
      { path: staffPath("welcome"), element: <WelcomeFlow /> },
      { path: staffPath("admin"), element: <p>Workspace</p> },
    ],
    { route: `${staffPath("welcome")}${search}` },
  );
  return { router, user: userEvent.setup({ delay: null }) };
}

const nameTaken = {
  code: "23505",
  message: 'duplicate key value violates unique constraint "staff_profiles_display_name_key"',
};

beforeEach(() => {
  resetFake();
  localStorage.clear();
  // An invitee: a member whose invitation is pending, with no password of their own yet.
  fake.access!.joined = false;
  fake.password = "";
  vi.mocked(toast.success).mockClear();
});

describe("the invitation page", { timeout: 20_000 }, () => {
  it("accepts the invitation in French, refuses a colleague's name, then joins the team", async () => {
    const copy = welcomeCopy.fr;
    const passwords = newPasswordCopy.fr;
    const { user, router } = renderAt("?token_hash=hash-2&type=invite&lang=fr");
    expect(screen.getByRole("heading", { name: copy.askTitle })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: copy.accept }));

    const name = await screen.findByLabelText(copy.displayName.label);
    expect(fake.calls[0]).toEqual({
      op: "verifyOtp",
      args: { token_hash: "hash-2", type: "invite" },
    });

    await user.type(name, "ada@example.com");
    await user.click(screen.getByRole("button", { name: copy.join }));
    // (Testing Library reads the French no-break space before the colon as a space.)
    const emailRefusal = copy.displayNameMessages.email.replace(/\s+/g, " ");
    expect(await screen.findByText(emailRefusal)).toBeInTheDocument();
    expect(await screen.findByText(passwords.required)).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, "Ada");
    await user.type(screen.getByLabelText(passwords.passwordLabel), "a long new password");
    await user.type(screen.getByLabelText(passwords.confirmLabel), "a long new password");
    failNext("accept_staff_invitation", nameTaken);
    await user.click(screen.getByRole("button", { name: copy.join }));
    expect(await screen.findByText("Ce nom est déjà utilisé par un collègue.")).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");

    // The password was set by the first try: the second one only changes the name.
    await user.clear(name);
    await user.type(name, "Ada L.");
    await user.click(screen.getByRole("button", { name: copy.join }));
    expect(await screen.findByText("Workspace")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(staffPath("admin"));
    expect(calledOps()).toEqual([
      "verifyOtp",
      "updateUser",
      "accept_staff_invitation",
      "accept_staff_invitation",
    ]);
    expect(fake.calls.at(-1)!.args).toEqual({ display_name: "Ada L." });
    expect(fake.password).toBe("a long new password");
    expect(toast.success).toHaveBeenCalledWith(copy.joinedTitle, { description: copy.joinedBody });
  });

  it("says an expired invitation no longer works, in English by default", async () => {
    const copy = welcomeCopy.en;
    failNext("verifyOtp", authError(403, "otp_expired"));
    const { user } = renderAt("?token_hash=hash-3&type=invite&lang=de");
    await user.click(screen.getByRole("button", { name: copy.accept }));
    expect(await screen.findByRole("heading", { name: copy.invalidTitle })).toBeInTheDocument();
    expect(screen.getByText(copy.invalidBody)).toBeInTheDocument();
  });

  it("says, in French, that an invitation past its 24 hours must be sent again", async () => {
    const copy = welcomeCopy.fr;
    const passwords = newPasswordCopy.fr;
    const { user, router } = renderAt("?token_hash=hash-5&type=invite&lang=fr");
    await user.click(screen.getByRole("button", { name: copy.accept }));
    await user.type(await screen.findByLabelText(copy.displayName.label), "Ada");
    await user.type(screen.getByLabelText(passwords.passwordLabel), "a long new password");
    await user.type(screen.getByLabelText(passwords.confirmLabel), "a long new password");
    failNext("accept_staff_invitation", {
      code: "P0001",
      message: "invitation_expired",
      details: "The invitation has expired. Ask an Administrator to send a new one.",
    });
    await user.click(screen.getByRole("button", { name: copy.join }));
    // (Testing Library reads the French no-break space before the colon as a space.)
    expect(await screen.findByText(copy.refusals.expired.replace(/\s+/g, " "))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(staffPath("welcome"));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("refuses a recovery link on the invitation page", () => {
    renderAt("?token_hash=hash-4&type=recovery");
    expect(screen.getByRole("heading", { name: welcomeCopy.en.invalidTitle })).toBeInTheDocument();
  });
});
