import type { StaffDirectoryEntry } from "@/lib/staff/staff-directory";
import type { AuditEntry } from "../staff/lib/audit-entry";
import type { TeamMember } from "../staff/lib/team-member";

export const MY_ID = "00000000-0000-4000-8000-000000000001";

export const hour = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** A staff_team() row; a pending one expires 24 hours after its invitation, as the database says. */
export function member(row: Partial<TeamMember> & Pick<TeamMember, "user_id" | "email">) {
  const filled = {
    display_name: null,
    role: "sales",
    language: "en",
    two_factor: false,
    last_sign_in_at: null,
    invited_at: ago(48 * hour),
    joined_at: ago(47 * hour),
    ...row,
  } satisfies Omit<TeamMember, "invitation_expires_at">;
  const expiresAt =
    filled.joined_at === null && filled.invited_at !== null
      ? new Date(Date.parse(filled.invited_at) + 24 * hour).toISOString()
      : null;
  return { invitation_expires_at: expiresAt, ...filled } satisfies TeamMember;
}

/** The seeded Administrator (the signed-in one), a Sales member with two-factor, two invitations. */
export function sampleTeam(): TeamMember[] {
  return [
    member({
      user_id: MY_ID,
      email: "ada@agency.test",
      display_name: "Ada",
      role: "admin",
      invited_at: null,
      joined_at: ago(100 * hour),
      last_sign_in_at: ago(5 * 60 * 1000),
    }),
    member({
      user_id: "00000000-0000-4000-8000-000000000002",
      email: "bob@agency.test",
      display_name: "Bob",
      role: "sales",
      two_factor: true,
      last_sign_in_at: ago(3 * hour),
    }),
    member({
      user_id: "00000000-0000-4000-8000-000000000003",
      email: "chloe@agency.test",
      display_name: "chloe",
      role: "editor",
      invited_at: ago(2 * hour),
      joined_at: null,
    }),
    member({
      user_id: "00000000-0000-4000-8000-000000000004",
      email: "dan@agency.test",
      display_name: "dan",
      role: "sales",
      invited_at: ago(30 * hour),
      joined_at: null,
    }),
  ];
}

export interface RpcAnswer {
  data?: unknown;
  error?: { code: string; message: string; details?: string } | null;
}

/** A refusal of the staff-team function as supabase-js reports it (FunctionsHttpError). */
export function functionRefusal(status: number, body: unknown) {
  return {
    name: "FunctionsHttpError",
    message: "Edge Function returned a non-2xx status code",
    context: new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    }),
  };
}

/** What the fake database answers and what it was asked; reset before each test. */
export interface FakeTeamDatabase {
  team: TeamMember[];
  directory: StaffDirectoryEntry[];
  audit: AuditEntry[];
  twoFactorRequired: boolean;
  /** Answers by rpc name that override the defaults (a refusal, say), used once each. */
  rpcAnswers: Record<string, RpcAnswer[]>;
  /** A promise each read waits for (to see the loading state). */
  hold: Promise<void> | null;
  invocations: { name: string; body: unknown }[];
  functionAnswers: ({ data: unknown; error: null } | { data: null; error: unknown })[];
  rpcCalls: { name: string; args: unknown }[];
}

export function freshDatabase(): FakeTeamDatabase {
  return {
    team: sampleTeam(),
    directory: [
      { user_id: MY_ID, display_name: "Ada", email: "ada@agency.test" },
      {
        user_id: "00000000-0000-4000-8000-000000000002",
        display_name: "Bob",
        email: "bob@agency.test",
      },
    ],
    audit: [],
    twoFactorRequired: false,
    rpcAnswers: {},
    hold: null,
    invocations: [],
    functionAnswers: [],
    rpcCalls: [],
  };
}

/** supabase-js as the team's api modules use it: rpc (awaited, throwOnError, maybeSingle), functions, claims. */
export function fakeSupabase(db: FakeTeamDatabase) {
  function answer(name: string, args: unknown): Promise<RpcAnswer> {
    db.rpcCalls.push({ name, args });
    const queued = db.rpcAnswers[name]?.shift();
    const base = queued ?? {
      data:
        name === "staff_team"
          ? db.team
          : name === "staff_directory"
            ? db.directory
            : name === "staff_audit"
              ? db.audit
              : name === "my_staff_access"
                ? [{ two_factor_required: db.twoFactorRequired }]
                : null,
      error: null,
    };
    return (db.hold ?? Promise.resolve()).then(() => ({ error: null, ...base }));
  }
  function thrown(result: Promise<RpcAnswer>) {
    return result.then((settled) => {
      if (settled.error) throw Object.assign(new Error(settled.error.message), settled.error);
      return settled;
    });
  }
  return {
    auth: { getClaims: async () => ({ data: { claims: { sub: MY_ID } }, error: null }) },
    rpc(name: string, args?: unknown) {
      const result = answer(name, args);
      return {
        then: <T>(ok: (value: RpcAnswer) => T, fail?: (reason: unknown) => T) =>
          result.then(ok, fail),
        throwOnError: () => thrown(result),
        maybeSingle: () => {
          const single = result.then((settled) => ({
            ...settled,
            data: Array.isArray(settled.data) ? (settled.data[0] ?? null) : settled.data,
          }));
          return { throwOnError: () => thrown(single) };
        },
      };
    },
    functions: {
      invoke: async (name: string, { body }: { body: unknown }) => {
        db.invocations.push({ name, body });
        return db.functionAnswers.shift() ?? { data: { ok: true }, error: null };
      },
    },
  };
}
