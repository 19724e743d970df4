import { describe, expect, it, vi } from "vitest";
import type { AppSupabaseClient } from "@/lib/supabase";
import { verifiedStaffAccess } from "../api/get-staff-session";

const access = {
  role: "sales",
  permissions: ["read_leads"],
  joined: true,
  two_factor_required: false,
  has_verified_factor: false,
};

/** A client whose token check waits until released, and whose access read answers at once. */
function clientWithSlowClaims(claims: { email: string } | null) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const rpc = vi.fn(() => ({
    maybeSingle: () => Promise.resolve({ data: access, error: null }),
  }));
  const getClaims = vi.fn(async () => {
    await released;
    return claims
      ? { data: { claims }, error: null }
      : { data: null, error: new Error("invalid JWT") };
  });
  const client = { auth: { getClaims }, rpc } as unknown as AppSupabaseClient;
  return { client, rpc, release };
}

describe("verifiedStaffAccess", () => {
  it("asks for the access while the token is still being verified, not after", async () => {
    const { client, rpc, release } = clientWithSlowClaims({ email: "sam@example.com" });
    const answer = verifiedStaffAccess(client);
    await Promise.resolve();
    expect(rpc).toHaveBeenCalledWith("my_staff_access");
    release();
    await expect(answer).resolves.toEqual({ email: "sam@example.com", ...access });
  });

  it("keeps no access for a token that does not verify, whatever the database answered", async () => {
    const { client, release } = clientWithSlowClaims(null);
    const answer = verifiedStaffAccess(client);
    release();
    await expect(answer).resolves.toBeNull();
  });
});
