import { beforeEach, describe, expect, it, vi } from "vitest";
import { readStaffFlag } from "../lib/staff-role";

const signOut = vi.hoisted(() => vi.fn(async () => ({ error: null })));
/** What public.my_staff_access() answers: a row, or a refusal. */
const access = vi.hoisted(() => ({ answer: {} as { data: unknown; error: unknown } }));
/** The session's level after the password, and the level its account can reach. */
const levels = vi.hoisted(() => ({ currentLevel: "aal1", nextLevel: "aal1" }));

vi.mock("@/lib/supabase", () => ({
  getSupabase: async () => ({
    auth: {
      signInWithPassword: async () => ({
        data: { session: { access_token: "token" } },
        error: null,
      }),
      getClaims: async () => ({ data: { claims: { email: "staff@example.com" } }, error: null }),
      signOut,
      mfa: { getAuthenticatorAssuranceLevel: async () => ({ data: levels, error: null }) },
    },
    rpc: () => ({ maybeSingle: async () => access.answer }),
  }),
}));

const { signInStaff, StaffSignInError } = await import("../api/sign-in-staff");

function member(changes: Record<string, unknown> = {}) {
  return {
    role: "admin",
    permissions: ["manage_posts"],
    joined: true,
    two_factor_required: false,
    has_verified_factor: false,
    ...changes,
  };
}

describe("signInStaff", () => {
  beforeEach(() => {
    localStorage.clear();
    signOut.mockClear();
    Object.assign(levels, { currentLevel: "aal1", nextLevel: "aal1" });
  });

  it("keeps the session with the role and permissions the database grants", async () => {
    access.answer = { data: member(), error: null };
    await expect(signInStaff({ email: "staff@example.com", password: "pw" })).resolves.toEqual({
      status: "staff",
      email: "staff@example.com",
      ...member(),
    });
    expect(readStaffFlag()).toBe(true);
    expect(signOut).not.toHaveBeenCalled();
  });

  it("stops at the code step for an account with a verified factor", async () => {
    access.answer = { data: member({ has_verified_factor: true }), error: null };
    levels.nextLevel = "aal2";
    const session = await signInStaff({ email: "staff@example.com", password: "pw" });
    expect(session.status).toBe("two-factor");
    // Kept, so a reload at the code step asks for the code again.
    expect(readStaffFlag()).toBe(true);
  });

  it("asks for the code when the database knows of a factor the session's copy does not", async () => {
    access.answer = { data: member({ has_verified_factor: true }), error: null };
    const session = await signInStaff({ email: "staff@example.com", password: "pw" });
    expect(session.status).toBe("two-factor");
  });

  it("signs out an invitee who has not joined yet", async () => {
    access.answer = { data: member({ joined: false }), error: null };
    await expect(signInStaff({ email: "staff@example.com", password: "pw" })).rejects.toThrow(
      "This account has no access to the staff area.",
    );
    expect(signOut).toHaveBeenCalledOnce();
  });

  it("signs out again when the access cannot be read, and says why", async () => {
    access.answer = { data: null, error: new TypeError("Failed to fetch") };
    const signingIn = signInStaff({ email: "staff@example.com", password: "pw" });
    await expect(signingIn).rejects.toBeInstanceOf(StaffSignInError);
    await expect(signingIn).rejects.toThrow(/could not be reached/);
    expect(signOut).toHaveBeenCalledOnce();
    expect(readStaffFlag()).toBe(false);
  });

  it("signs out a user the database grants no staff access", async () => {
    access.answer = { data: null, error: null };
    await expect(signInStaff({ email: "staff@example.com", password: "pw" })).rejects.toThrow(
      "This account has no access to the staff area.",
    );
    expect(signOut).toHaveBeenCalledOnce();
  });
});
