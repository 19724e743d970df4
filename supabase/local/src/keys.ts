// The project's API keys (publishable and secret, and the legacy anon and service_role JWTs) and
// where a request carries them: the apikey header or url param, and the one parser of the
// `Authorization: Bearer <token>` header.
import {
  LOCAL_ANON_KEY,
  LOCAL_JWT_SECRET,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_SERVICE_ROLE_KEY,
} from "./config.ts";
import { signJwt } from "./jwt.ts";

export type KeyRole = "anon" | "service_role";

export interface ProjectKey {
  value: string;
  role: KeyRole;
  kind: "publishable" | "secret" | "legacy";
}

export interface ApiKeyValues {
  publishableKey: string;
  secretKey: string;
  /** Legacy: an HS256 JWT with role anon. */
  anonKey: string;
  /** Legacy: an HS256 JWT with role service_role. */
  serviceRoleKey: string;
}

/** The keys for `jwtSecret`: the CLI's well-known ones, legacy JWTs signed anew for another. */
export function localApiKeys(jwtSecret: string): ApiKeyValues {
  const keys = { publishableKey: LOCAL_PUBLISHABLE_KEY, secretKey: LOCAL_SECRET_KEY };
  if (jwtSecret === LOCAL_JWT_SECRET) {
    return { ...keys, anonKey: LOCAL_ANON_KEY, serviceRoleKey: LOCAL_SERVICE_ROLE_KEY };
  }
  const legacyKey = (role: KeyRole) =>
    signJwt({ iss: "supabase-demo", role, exp: 1983812996 }, jwtSecret);
  return { ...keys, anonKey: legacyKey("anon"), serviceRoleKey: legacyKey("service_role") };
}

/** The project's keys by value: a key is one of these exactly, or it is not a key. */
export class ApiKeys {
  private readonly byValue: Map<string, ProjectKey>;

  constructor(values: ApiKeyValues) {
    const keys: ProjectKey[] = [
      { value: values.publishableKey, role: "anon", kind: "publishable" },
      { value: values.secretKey, role: "service_role", kind: "secret" },
      { value: values.anonKey, role: "anon", kind: "legacy" },
      { value: values.serviceRoleKey, role: "service_role", kind: "legacy" },
    ];
    this.byValue = new Map(keys.map((key) => [key.value, key]));
  }

  find(value: string): ProjectKey | null {
    return this.byValue.get(value) ?? null;
  }
}

/** Publishable and secret keys start so; they are opaque strings, never JWTs. */
export const isOpaqueApiKey = (token: string) => token.startsWith("sb_");

/** The token of an `Authorization: Bearer <token>` header, the one parser of it. */
export function bearerToken(headers: Headers): string | null {
  const authorization = headers.get("authorization");
  if (!authorization) return null;
  const match = /^bearer\s+(.+)$/i.exec(authorization.trim());
  return match ? match[1]!.trim() : null;
}

export function apiKeyOf(headers: Headers, url: URL): string | null {
  return headers.get("apikey") ?? url.searchParams.get("apikey");
}
