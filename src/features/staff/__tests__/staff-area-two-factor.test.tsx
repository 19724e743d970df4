import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/ui/toaster";
import { renderWithProviders } from "@/test/render";
import { twoFactorCopy } from "../lib/two-factor";
import { authError, calledOps, fake, failNext, resetFake, validCode } from "./fake-auth";

vi.mock("@/lib/supabase", () => import("./fake-auth"));
vi.mock("@/components/ui/toaster", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const copy = twoFactorCopy.en;

async function renderArea() {
  // The session store is module state: a fresh copy per test.
  vi.resetModules();
  const { StaffArea } = await import("../components/staff-area");
  renderWithProviders(<StaffArea>{(staff) => <p>Workspace of {staff.email}</p>}</StaffArea>, {
    route: "/admin",
  });
  return userEvent.setup({ delay: null });
}

beforeEach(() => {
  resetFake();
  localStorage.clear();
  // A session persisted by an earlier sign-in.
  localStorage.setItem("admin_authenticated", "true");
  vi.mocked(toast.success).mockClear();
});

describe("the workspace and two-factor sign-in", { timeout: 20_000 }, () => {
  it("asks a persisted aal1 session of an account with a factor for its code first", async () => {
    fake.factors = [{ id: "factor-9", factor_type: "totp", status: "verified" }];
    fake.access!.has_verified_factor = true;
    const user = await renderArea();

    const code = await screen.findByLabelText(copy.codeLabel);
    expect(screen.getByRole("heading", { name: copy.title })).toBeInTheDocument();
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(code).toHaveFocus();
    expect(screen.queryByText(/Workspace of/)).not.toBeInTheDocument();

    await user.type(code, "12");
    await user.click(screen.getByRole("button", { name: copy.verify }));
    expect(await screen.findByText(copy.codeFormat)).toBeInTheDocument();
    expect(calledOps()).toEqual([]);

    await user.clear(code);
    await user.type(code, "654321");
    await user.click(screen.getByRole("button", { name: copy.verify }));
    expect(await screen.findByRole("alert")).toHaveTextContent(copy.wrongCode);
    expect(code).toHaveValue("");
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute("aria-invalid", "true");

    await user.type(code, "123 456");
    await user.click(screen.getByRole("button", { name: copy.verify }));
    expect(await screen.findByText("Workspace of ada@example.com")).toBeInTheDocument();
    expect(fake.calls.at(-1)).toEqual({
      op: "challengeAndVerify",
      args: { factorId: "factor-9", code: validCode },
    });
    expect(toast.success).toHaveBeenCalledWith("Login successful", expect.anything());
  });

  it("says the account was signed out when Auth's hook refuses a member's codes", async () => {
    fake.factors = [{ id: "factor-9", factor_type: "totp", status: "verified" }];
    fake.access!.has_verified_factor = true;
    const user = await renderArea();

    failNext(
      "challengeAndVerify",
      authError(
        403,
        "mfa_verification_rejected",
        "Further MFA verification attempts will be rejected.",
      ),
    );
    await user.type(await screen.findByLabelText(copy.codeLabel), validCode);
    await user.click(screen.getByRole("button", { name: copy.verify }));
    expect(await screen.findByRole("alert")).toHaveTextContent(copy.codesRefused);
  });

  it("opens the workspace at once for an account without a factor", async () => {
    await renderArea();
    expect(await screen.findByText("Workspace of ada@example.com")).toBeInTheDocument();
  });

  it("walks a member through setting up two-factor when the team requires it", async () => {
    fake.access!.two_factor_required = true;
    // An enrolment given up earlier: removed before the new one.
    fake.factors = [{ id: "factor-old", factor_type: "totp", status: "unverified" }];
    const user = await renderArea();

    expect(
      await screen.findByText("Your team requires two-factor sign-in. Set it up to continue."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Workspace of/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Set up two-factor" }));

    const qr = await screen.findByRole("img", { name: /QR code/ });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")).toBeInTheDocument();
    expect(calledOps()).toEqual(["unenroll", "enroll"]);
    expect(fake.calls[0]!.args).toEqual({ factorId: "factor-old" });
    expect(fake.calls[1]!.args).toEqual({ factorType: "totp", friendlyName: "Authenticator app" });

    await user.type(screen.getByLabelText(copy.codeLabel), "000000");
    await user.click(screen.getByRole("button", { name: "Turn on two-factor" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(copy.wrongCode);

    await user.type(screen.getByLabelText(copy.codeLabel), validCode);
    await user.click(screen.getByRole("button", { name: "Turn on two-factor" }));
    expect(await screen.findByText("Workspace of ada@example.com")).toBeInTheDocument();
    expect(fake.factors).toEqual([expect.objectContaining({ id: "factor-1", status: "verified" })]);
  });
});
