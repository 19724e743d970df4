import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/ui/toaster";
import { renderWithProviders } from "@/test/render";
import { setStaffSession } from "../api/get-staff-session";
import { ChangePasswordForm } from "../components/change-password-form";
import { TwoFactorSettings } from "../components/two-factor-settings";
import { newPasswordCopy } from "../lib/new-password";
import { twoFactorCopy } from "../lib/two-factor";
import { calledOps, fake, failNext, holdCalls, resetFake, validCode } from "./fake-auth";

vi.mock("@/lib/supabase", () => import("./fake-auth"));
vi.mock("@/components/ui/toaster", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const passwords = newPasswordCopy.en;
const codes = twoFactorCopy.en;

function signedIn() {
  setStaffSession({ status: "staff", email: fake.email, ...fake.access! });
}

beforeEach(() => {
  resetFake();
  fake.aal = "aal2";
  signedIn();
  vi.mocked(toast.success).mockClear();
});

describe("Profile: change password", { timeout: 20_000 }, () => {
  async function fill(password: string, confirm = password) {
    const user = userEvent.setup({ delay: null });
    await user.clear(screen.getByLabelText(passwords.passwordLabel));
    await user.type(screen.getByLabelText(passwords.passwordLabel), password);
    await user.clear(screen.getByLabelText(passwords.confirmLabel));
    await user.type(screen.getByLabelText(passwords.confirmLabel), confirm);
    await user.click(screen.getByRole("button", { name: "Change password" }));
  }

  it("refuses the current password, then changes it and says other sessions were signed out", async () => {
    renderWithProviders(<ChangePasswordForm email="ada@example.com" />);
    await fill("current-password");
    expect(
      await screen.findByText("Your new password must be different from your current one."),
    ).toBeInTheDocument();

    const release = holdCalls();
    await fill("another good password");
    expect(await screen.findByRole("button", { name: "Changing..." })).toBeDisabled();
    release();
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Password changed", {
        description: "Your other sessions were signed out.",
      }),
    );
    expect(screen.getByLabelText(passwords.passwordLabel)).toHaveValue("");
    expect(fake.password).toBe("another good password");
  });

  it("shows a network failure as the form's error", async () => {
    renderWithProviders(<ChangePasswordForm />);
    failNext("updateUser", new TypeError("Failed to fetch"));
    await fill("another good password");
    expect(await screen.findByRole("alert")).toHaveTextContent(passwords.network);
    expect(toast.success).not.toHaveBeenCalled();
  });
});

describe("Profile: two-factor sign-in", { timeout: 20_000 }, () => {
  it("sets up an authenticator app: QR code, the key in groups of four, then a code", async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TwoFactorSettings />);
    expect(await screen.findByText("Off")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Set up two-factor" }));

    expect(await screen.findByRole("img", { name: /QR code/ })).toBeInTheDocument();
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copy key" })).toBeInTheDocument();

    // Cancel removes the unverified factor again.
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByRole("button", { name: "Set up two-factor" })).toBeInTheDocument();
    await waitFor(() => expect(fake.factors).toEqual([]));

    await user.click(screen.getByRole("button", { name: "Set up two-factor" }));
    await user.type(await screen.findByLabelText(codes.codeLabel), validCode);
    await user.click(screen.getByRole("button", { name: "Turn on two-factor" }));
    expect(await screen.findByText("On")).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith("Two-factor sign-in is on", expect.anything());
    expect(screen.getByRole("button", { name: "Turn off two-factor" })).toBeInTheDocument();
  });

  it("turns it off with a fresh code", async () => {
    fake.factors = [{ id: "factor-5", factor_type: "totp", status: "verified" }];
    fake.access!.has_verified_factor = true;
    signedIn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TwoFactorSettings />);
    await user.click(await screen.findByRole("button", { name: "Turn off two-factor" }));
    const code = screen.getByLabelText(codes.codeLabel);
    await user.type(code, "999999");
    await user.click(screen.getByRole("button", { name: "Turn off" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(codes.wrongCode);
    expect(fake.factors).toHaveLength(1);

    await user.type(code, validCode);
    await user.click(screen.getByRole("button", { name: "Turn off" }));
    expect(await screen.findByText("Off")).toBeInTheDocument();
    expect(calledOps()).toEqual(["challengeAndVerify", "challengeAndVerify", "unenroll"]);
  });

  it("does not offer to turn it off when the team requires it", async () => {
    fake.factors = [{ id: "factor-5", factor_type: "totp", status: "verified" }];
    fake.access!.has_verified_factor = true;
    fake.access!.two_factor_required = true;
    signedIn();
    renderWithProviders(<TwoFactorSettings />);
    const card = (await screen.findByText("On")).closest("div.rounded-lg") as HTMLElement;
    expect(within(card).getByText(/Your team requires two-factor sign-in/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Turn off two-factor" })).not.toBeInTheDocument();
  });
});
