// A fake of supabase-js as the staff feature's Auth and access calls use it: one account, its
// password, its authenticator-app factors, its session's level (aal1, aal2) and what
// public.my_staff_access() answers. Tests mock "@/lib/supabase" with this module and arrange
// `fake`; `failNext` makes the next call of an operation fail with the given error.
import { vi } from "vitest";
import type { StaffAccess, StaffPermission } from "../lib/staff-role";

type Level = "aal1" | "aal2";

export interface FakeFactor {
  id: string;
  factor_type: "totp";
  status: "verified" | "unverified";
  friendly_name?: string;
}

export type FakeAccess = Omit<StaffAccess, "email" | "permissions"> & {
  permissions: StaffPermission[];
};

type Operation =
  | "signInWithPassword"
  | "resetPasswordForEmail"
  | "verifyOtp"
  | "updateUser"
  | "challengeAndVerify"
  | "enroll"
  | "accept_staff_invitation";

/** The secret the fake's enrolments show, and the code it accepts. */
export const fakeSecret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
export const validCode = "123456";

function initial() {
  return {
    email: "ada@example.com",
    password: "current-password",
    aal: "aal1" as Level,
    factors: [] as FakeFactor[],
    access: {
      role: "admin",
      permissions: ["read_leads", "manage_posts", "manage_subscribers", "manage_staff"],
      joined: true,
      two_factor_required: false,
      has_verified_factor: false,
    } as FakeAccess | null,
    failures: {} as Partial<Record<Operation, unknown>>,
    /** Every call made, in order: the operation and what it was given. */
    calls: [] as { op: string; args?: unknown }[],
    /** Holds the next call of these operations until released (to see pending states). */
    hold: null as Promise<void> | null,
    nextFactor: 1,
  };
}

// Kept on globalThis: a test that resets the modules (for a fresh session store) gets a fresh
// copy of this module too, which must share the state the test arranges.
const shared = globalThis as { __fakeStaffAuth?: ReturnType<typeof initial> };
export const fake = (shared.__fakeStaffAuth ??= initial());

export function resetFake(): void {
  Object.assign(fake, initial());
}

export function failNext(op: Operation, error: unknown): void {
  fake.failures[op] = error;
}

/** Holds every call until the returned function is called. */
export function holdCalls(): () => void {
  let release = () => undefined as void;
  fake.hold = new Promise<void>((resolve) => (release = resolve));
  return () => {
    fake.hold = null;
    release();
  };
}

async function call(op: string, args?: unknown): Promise<unknown> {
  fake.calls.push({ op, args });
  await fake.hold;
  const failure = fake.failures[op as Operation];
  if (failure !== undefined) delete fake.failures[op as Operation];
  return failure;
}

const verified = () => fake.factors.filter((factor) => factor.status === "verified");

export function authError(status: number, code: string, message = code) {
  return Object.assign(new Error(message), { name: "AuthApiError", status, code });
}

const client = {
  auth: {
    onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => undefined } } }),
    getSession: async () => ({
      data: { session: { access_token: "token", user: { email: fake.email } } },
      error: null,
    }),
    getClaims: async () => ({
      data: { claims: { sub: "user-1", email: fake.email, aal: fake.aal } },
      error: null,
    }),
    signInWithPassword: async (credentials: { email: string; password: string }) => {
      const error = await call("signInWithPassword", credentials);
      if (error) return { data: { session: null, user: null }, error };
      fake.aal = "aal1";
      return { data: { session: { access_token: "token" }, user: {} }, error: null };
    },
    signOut: vi.fn(async () => ({ error: null })),
    resetPasswordForEmail: async (email: string, options: unknown) => {
      const error = await call("resetPasswordForEmail", { email, options });
      return { data: error ? null : {}, error: error ?? null };
    },
    verifyOtp: async (params: unknown) => {
      const error = await call("verifyOtp", params);
      if (error) return { data: { user: null, session: null }, error };
      fake.aal = "aal1";
      return { data: { user: { email: fake.email }, session: {} }, error: null };
    },
    updateUser: async (attributes: { password: string }) => {
      const error = await call("updateUser", attributes);
      if (error) return { data: { user: null }, error };
      if (attributes.password === fake.password) {
        return { data: { user: null }, error: authError(422, "same_password") };
      }
      if (verified().length > 0 && fake.aal !== "aal2") {
        return { data: { user: null }, error: authError(401, "insufficient_aal") };
      }
      fake.password = attributes.password;
      return { data: { user: {} }, error: null };
    },
    mfa: {
      getAuthenticatorAssuranceLevel: async () => ({
        data: {
          currentLevel: fake.aal,
          nextLevel: verified().length > 0 ? "aal2" : fake.aal,
          currentAuthenticationMethods: [],
        },
        error: null,
      }),
      listFactors: async () => ({
        data: { all: [...fake.factors], totp: verified(), phone: [], webauthn: [] },
        error: null,
      }),
      enroll: async (params: { factorType: string; friendlyName?: string }) => {
        const error = await call("enroll", params);
        if (error) return { data: null, error };
        const id = `factor-${fake.nextFactor++}`;
        fake.factors.push({
          id,
          factor_type: "totp",
          status: "unverified",
          friendly_name: params.friendlyName,
        });
        return {
          data: {
            id,
            type: "totp",
            totp: {
              qr_code: "data:image/svg+xml;utf-8,<svg xmlns='http://www.w3.org/2000/svg'/>",
              secret: fakeSecret,
              uri: `otpauth://totp/test?secret=${fakeSecret}`,
            },
          },
          error: null,
        };
      },
      challengeAndVerify: async (params: { factorId: string; code: string }) => {
        const error = await call("challengeAndVerify", params);
        if (error) return { data: null, error };
        const factor = fake.factors.find(({ id }) => id === params.factorId);
        if (!factor) return { data: null, error: authError(404, "mfa_factor_not_found") };
        if (params.code !== validCode) {
          return { data: null, error: authError(422, "mfa_verification_failed") };
        }
        factor.status = "verified";
        fake.aal = "aal2";
        if (fake.access) fake.access.has_verified_factor = true;
        return { data: { access_token: "token-aal2" }, error: null };
      },
      unenroll: async (params: { factorId: string }) => {
        await call("unenroll", params);
        fake.factors = fake.factors.filter(({ id }) => id !== params.factorId);
        if (fake.access) fake.access.has_verified_factor = verified().length > 0;
        return { data: { id: params.factorId }, error: null };
      },
    },
  },
  rpc: (name: string, args?: Record<string, unknown>) => {
    const answer = async () => {
      if (name === "my_staff_access") return { data: fake.access, error: null };
      const error = await call(name, args);
      if (error) return { data: null, error };
      if (name === "accept_staff_invitation" && fake.access) fake.access.joined = true;
      return { data: null, error: null };
    };
    return {
      maybeSingle: answer,
      then: (resolve: (value: unknown) => unknown, reject: (reason: unknown) => unknown) =>
        answer().then(resolve, reject),
    };
  },
};

export async function getSupabase() {
  return client;
}

/** The operations called so far, by name. */
export function calledOps(): string[] {
  return fake.calls.map(({ op }) => op);
}
