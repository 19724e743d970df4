import { beforeEach, describe, expect, it, vi } from "vitest";
import { readStaffFlag } from "../lib/staff-role";

const signOut = vi.hoisted(() => vi.fn(async () => ({ error: null })));
/** What public.my_staff_access() answers: a row, or a refusal. */
const access = vi.hoisted(() => ({ answer: {} as { data: unknown; error: unknown } }));

vi.mock("@/lib/supabase", () => ({
  getSupabase: async () => ({
    auth: {
      signInWithPassword: async () => ({
        data: { session: { access_token: "token" } },
        error: null,
      }),
      getClaims: async () => ({
        data: { claims: { email: "staff@example.com", app_metadata: { role: "admin" } } },
        error: null,
      }),
      signOut,
    },
    rpc: () => ({ maybeSingle: async () => access.answer }),
  }),
}));

const { signInStaff, StaffSignInError } = await import("../api/sign-in-staff");

describe("signInStaff", () => {
  beforeEach(() => {
    localStorage.clear();
    signOut.mockClear();
  });

  it("keeps the session with the role and permissions the database grants", async () => {
    access.answer = { data: { role: "admin", permissions: ["manage_posts"] }, error: null };
    await expect(signInStaff({ email: "staff@example.com", password: "pw" })).resolves.toBe(
      "staff@example.com",
    );
    expect(readStaffFlag()).toBe(true);
    expect(signOut).not.toHaveBeenCalled();
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
