import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/ui/toaster";
import { staffPath } from "@/config/routes";
import { renderWithProviders } from "@/test/render";
import { ResetPasswordFlow } from "../components/reset-password-flow";
import { newPasswordCopy } from "../lib/new-password";
import { resetPasswordCopy } from "../lib/reset-password-copy";
import { twoFactorCopy } from "../lib/two-factor";
import { authError, calledOps, fake, failNext, resetFake, validCode } from "./fake-auth";

vi.mock("@/lib/supabase", () => import("./fake-auth"));
vi.mock("@/components/ui/toaster", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderAt(search: string) {
  const { router } = renderWithProviders(
    [
      { path: staffPath("resetPassword"), element: <ResetPasswordFlow /> },
      { path: staffPath("admin"), element: <p>Workspace</p> },
    ],
    { route: `${staffPath("resetPassword")}${search}` },
  );
  return { router, user: userEvent.setup({ delay: null }) };
}

const link = "?token_hash=hash-1&type=recovery";

beforeEach(() => {
  resetFake();
  localStorage.clear();
  vi.mocked(toast.success).mockClear();
});

describe("the password-reset page", { timeout: 20_000 }, () => {
  const copy = resetPasswordCopy.en;
  const passwords = newPasswordCopy.en;

  it("follows the link only on Continue, then sets the new password and opens the workspace", async () => {
    const { user, router } = renderAt(link);
    expect(screen.getByRole("heading", { name: copy.askTitle })).toBeInTheDocument();
    expect(calledOps()).toEqual([]);
    await user.click(screen.getByRole("button", { name: copy.continue }));

    const password = await screen.findByLabelText(passwords.passwordLabel);
    expect(screen.getByText(`${copy.account} ada@example.com`)).toBeInTheDocument();
    expect(fake.calls[0]).toEqual({
      op: "verifyOtp",
      args: { token_hash: "hash-1", type: "recovery" },
    });

    await user.type(password, "short");
    await user.click(screen.getByRole("button", { name: copy.save }));
    expect(await screen.findByText(passwords.tooShort)).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, "current-password");
    await user.type(screen.getByLabelText(passwords.confirmLabel), "current-passwort");
    await user.click(screen.getByRole("button", { name: copy.save }));
    expect(await screen.findByText(passwords.mismatch)).toBeInTheDocument();

    // The same password as before: Auth's 422 same_password, in the form's words.
    await user.clear(screen.getByLabelText(passwords.confirmLabel));
    await user.type(screen.getByLabelText(passwords.confirmLabel), "current-password");
    await user.click(screen.getByRole("button", { name: copy.save }));
    expect(
      await screen.findByText("Your new password must be different from your current one."),
    ).toBeInTheDocument();
    expect(password).toHaveAttribute("aria-invalid", "true");

    failNext(
      "updateUser",
      Object.assign(new Error("Password is known to be weak and easy to guess"), {
        name: "AuthWeakPasswordError",
        status: 422,
        code: "weak_password",
        reasons: ["pwned"],
      }),
    );
    await user.clear(password);
    await user.type(password, "correct horse battery");
    await user.clear(screen.getByLabelText(passwords.confirmLabel));
    await user.type(screen.getByLabelText(passwords.confirmLabel), "correct horse battery");
    await user.click(screen.getByRole("button", { name: copy.save }));
    expect(await screen.findByText(passwords.weakPwned)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: copy.save }));
    expect(await screen.findByText("Workspace")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(staffPath("admin"));
    expect(fake.password).toBe("correct horse battery");
    expect(toast.success).toHaveBeenCalledWith("Password changed", {
      description: "Your other sessions were signed out.",
    });
  });

  it("asks an account with an authenticator app for its code before the new password", async () => {
    fake.factors = [{ id: "factor-7", factor_type: "totp", status: "verified" }];
    fake.access!.has_verified_factor = true;
    const { user } = renderAt(`${link}&lang=fr`);
    const fr = resetPasswordCopy.fr;
    await user.click(screen.getByRole("button", { name: fr.continue }));

    const code = await screen.findByLabelText(twoFactorCopy.fr.codeLabel);
    expect(screen.queryByLabelText(newPasswordCopy.fr.passwordLabel)).not.toBeInTheDocument();
    await user.type(code, "111111");
    await user.click(screen.getByRole("button", { name: twoFactorCopy.fr.verify }));
    expect(await screen.findByText(twoFactorCopy.fr.wrongCode)).toBeInTheDocument();
    await user.type(code, validCode);
    await user.click(screen.getByRole("button", { name: twoFactorCopy.fr.verify }));

    const password = await screen.findByLabelText(newPasswordCopy.fr.passwordLabel);
    await user.type(password, "current-password");
    await user.type(screen.getByLabelText(newPasswordCopy.fr.confirmLabel), "current-password");
    await user.click(screen.getByRole("button", { name: fr.save }));
    expect(
      await screen.findByText("Votre nouveau mot de passe doit être différent de l’actuel."),
    ).toBeInTheDocument();
    expect(calledOps()).toEqual([
      "verifyOtp",
      "challengeAndVerify",
      "challengeAndVerify",
      "updateUser",
    ]);
  });

  it("speaks the link's language", () => {
    renderAt(`${link}&lang=fr`);
    const page = screen.getByRole("heading", { name: resetPasswordCopy.fr.askTitle });
    expect(page.closest("[lang]")).toHaveAttribute("lang", "fr");
  });

  it("says an expired or used link no longer works, and offers a new one", async () => {
    failNext("verifyOtp", authError(403, "otp_expired", "Email link is invalid or has expired"));
    const { user } = renderAt(link);
    await user.click(screen.getByRole("button", { name: copy.continue }));
    expect(await screen.findByRole("heading", { name: copy.invalidTitle })).toHaveFocus();
    expect(screen.getByText(copy.invalidBody)).toBeInTheDocument();
    await user.type(screen.getByLabelText(copy.forgot.emailLabel), "ada@example.com");
    await user.click(screen.getByRole("button", { name: copy.forgot.send }));
    expect(await screen.findByText(copy.forgot.sent)).toBeInTheDocument();
  });

  it("says a link without a token does not work, without asking Auth", () => {
    renderAt("?type=recovery");
    expect(screen.getByRole("heading", { name: copy.invalidTitle })).toBeInTheDocument();
    expect(calledOps()).toEqual([]);
  });

  it("offers the same button again after a network failure", async () => {
    failNext("verifyOtp", new TypeError("Failed to fetch"));
    const { user } = renderAt(link);
    await user.click(screen.getByRole("button", { name: copy.continue }));
    expect(await screen.findByRole("alert")).toHaveTextContent(copy.network);
    await user.click(screen.getByRole("button", { name: copy.retry }));
    expect(await screen.findByLabelText(passwords.passwordLabel)).toBeInTheDocument();
  });
});
