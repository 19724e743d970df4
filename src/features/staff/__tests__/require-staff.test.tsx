import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { staffPath } from "@/config/routes";
import { renderWithProviders } from "@/test/render";

/** The session's user, and whether the database has them as a joined staff member. */
type User = { email: string; member: boolean };

let sessionUser: User | null = null;
/** Whether the stored session's access token passes getClaims' signature check. */
let tokenVerifies = true;
let resolveSession: () => void = () => undefined;
/** What public.my_staff_access() answers for the session (the database's role → permissions). */
/** The team's two-factor rule, and whether this account has a verified factor (and gave it). */
let twoFactor = { required: false, verifiedFactor: false, level: "aal1" };
let grantedPermissions: string[] = [
  "read_leads",
  "manage_posts",
  "manage_subscribers",
  "manage_staff",
];

vi.mock("@/lib/supabase", () => ({
  getSupabase: async () => ({
    auth: {
      onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => undefined } } }),
      getSession: () =>
        new Promise((resolve) => {
          resolveSession = () =>
            resolve({ data: { session: sessionUser ? { user: sessionUser } : null }, error: null });
        }),
      getClaims: async () =>
        sessionUser && tokenVerifies
          ? { data: { claims: sessionUser }, error: null }
          : { data: null, error: new Error("Invalid JWT signature") },
      mfa: {
        getAuthenticatorAssuranceLevel: async () => ({
          data: {
            currentLevel: twoFactor.level,
            nextLevel: twoFactor.verifiedFactor ? "aal2" : twoFactor.level,
          },
          error: null,
        }),
      },
    },
    rpc: (name: string) => ({
      maybeSingle: async () => {
        expect(name).toBe("my_staff_access");
        // The database answers for members only.
        if (!sessionUser?.member) return { data: null, error: null };
        return {
          data: {
            role: "admin",
            permissions: grantedPermissions,
            joined: true,
            two_factor_required: twoFactor.required,
            has_verified_factor: twoFactor.verifiedFactor,
          },
          error: null,
        };
      },
    }),
  }),
}));

async function renderGuarded() {
  // The session store is module state: a fresh copy per test.
  vi.resetModules();
  const { RequireStaff } = await import("../components/require-staff");
  const { useStaffSession } = await import("../api/get-staff-session");
  function Editor() {
    const session = useStaffSession();
    return <p>Editor for {session.status === "staff" ? session.email : ""}</p>;
  }
  return renderWithProviders(
    [
      { path: staffPath("admin"), element: <p>Login form</p> },
      {
        path: staffPath("blogEditor", { id: "new" }),
        element: (
          <RequireStaff permission="manage_posts">
            <Editor />
          </RequireStaff>
        ),
      },
    ],
    { route: staffPath("blogEditor", { id: "new" }) },
  ).router;
}

describe("RequireStaff", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    sessionUser = null;
    tokenVerifies = true;
    twoFactor = { required: false, verifiedFactor: false, level: "aal1" };
    grantedPermissions = ["read_leads", "manage_posts", "manage_subscribers", "manage_staff"];
  });

  it("shows a loading state, then the children for staff with the flag", async () => {
    sessionUser = { email: "staff@example.com", member: true };
    localStorage.setItem("admin_authenticated", "true");
    await renderGuarded();
    expect(await screen.findByRole("status")).toHaveTextContent(/checking your session/i);
    resolveSession();
    expect(await screen.findByText("Editor for staff@example.com")).toBeInTheDocument();
  });

  it("sends a session that owes its second factor to the sign-in's code step, and back", async () => {
    sessionUser = { email: "staff@example.com", member: true };
    twoFactor = { required: false, verifiedFactor: true, level: "aal1" };
    localStorage.setItem("admin_authenticated", "true");
    const router = await renderGuarded();
    await screen.findByRole("status");
    resolveSession();
    expect(await screen.findByText("Login form")).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get("next")).toBe(
      staffPath("blogEditor", { id: "new" }),
    );
    expect(screen.queryByText(/Editor for/)).not.toBeInTheDocument();
  });

  it("opens the editor to an aal2 session of an account with a factor", async () => {
    sessionUser = { email: "staff@example.com", member: true };
    twoFactor = { required: true, verifiedFactor: true, level: "aal2" };
    localStorage.setItem("admin_authenticated", "true");
    await renderGuarded();
    await screen.findByRole("status");
    resolveSession();
    expect(await screen.findByText("Editor for staff@example.com")).toBeInTheDocument();
  });

  it("sends a member who must first set up two-factor to /admin, where it is set up", async () => {
    sessionUser = { email: "staff@example.com", member: true };
    twoFactor = { required: true, verifiedFactor: false, level: "aal1" };
    localStorage.setItem("admin_authenticated", "true");
    const router = await renderGuarded();
    await screen.findByRole("status");
    resolveSession();
    expect(await screen.findByText("Login form")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(staffPath("admin"));
    expect(router.state.location.search).toBe("");
  });

  it("sends a signed-in user without the staff role to /admin", async () => {
    sessionUser = { email: "visitor@example.com", member: false };
    localStorage.setItem("admin_authenticated", "true");
    const router = await renderGuarded();
    await screen.findByRole("status");
    resolveSession();
    expect(await screen.findByText("Login form")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(staffPath("admin"));
    // The sign-in form leads back to the editor.
    expect(new URLSearchParams(router.state.location.search).get("next")).toBe(
      staffPath("blogEditor", { id: "new" }),
    );
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("sends staff whose role does not grant the permission to their landing section", async () => {
    sessionUser = { email: "staff@example.com", member: true };
    grantedPermissions = ["read_leads"];
    localStorage.setItem("admin_authenticated", "true");
    const router = await renderGuarded();
    await screen.findByRole("status");
    resolveSession();
    expect(await screen.findByText("Login form")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(staffPath("admin"));
    // Signed in already: no way back to a page they may not open.
    expect(router.state.location.search).toBe("");
    expect(screen.queryByText(/Editor for/)).not.toBeInTheDocument();
  });

  it("sends a stored staff session whose token does not verify to /admin", async () => {
    sessionUser = { email: "staff@example.com", member: true };
    tokenVerifies = false;
    localStorage.setItem("admin_authenticated", "true");
    await renderGuarded();
    await screen.findByRole("status");
    resolveSession();
    expect(await screen.findByText("Login form")).toBeInTheDocument();
  });

  it("sends staff without the local flag to /admin", async () => {
    sessionUser = { email: "staff@example.com", member: true };
    await renderGuarded();
    await screen.findByRole("status");
    resolveSession();
    expect(await screen.findByText("Login form")).toBeInTheDocument();
  });

  it("sends visitors without a session to /admin", async () => {
    await renderGuarded();
    await screen.findByRole("status");
    resolveSession();
    expect(await screen.findByText("Login form")).toBeInTheDocument();
  });
});
