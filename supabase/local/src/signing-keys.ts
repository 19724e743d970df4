// The asymmetric key that signs access tokens (ES256 on P-256, as a hosted project's current
// signing key), its public JWKS, and the legacy HS256 secret that still verifies old tokens.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { signEs256Jwt, verifyJwt, type JwtClaims } from "./jwt.ts";

/** A private signing key as a JWK, in the form the Supabase CLI keeps in signing_keys.json. */
export interface SigningKeyJwk {
  kty: "EC";
  crv: "P-256";
  x: string;
  y: string;
  d: string;
  kid: string;
  alg: "ES256";
  use?: "sig";
  key_ops?: string[];
  ext?: boolean;
}

/** What /auth/v1/.well-known/jwks.json publishes for a key: never `d`. */
export interface PublicJwk {
  kty: "EC";
  crv: "P-256";
  x: string;
  y: string;
  kid: string;
  alg: "ES256";
  use: "sig";
  key_ops: ["verify"];
}

export interface Jwks {
  keys: PublicJwk[];
}

export function generateSigningKey(): SigningKeyJwk {
  const { privateKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const { x, y, d } = privateKey.export({ format: "jwk" });
  return {
    kty: "EC",
    crv: "P-256",
    x: x!,
    y: y!,
    d: d!,
    kid: crypto.randomUUID(),
    alg: "ES256",
    use: "sig",
    key_ops: ["sign", "verify"],
    ext: true,
  };
}

/** Refuses anything but a whole P-256 private key with a kid (a half-read file, an RSA key). */
export function checkSigningKey(value: unknown, where: string): SigningKeyJwk {
  const key = value as Partial<SigningKeyJwk> | null;
  const fields = [key?.x, key?.y, key?.d, key?.kid];
  if (
    key?.kty !== "EC" ||
    key.crv !== "P-256" ||
    fields.some((field) => typeof field !== "string")
  ) {
    throw new Error(`${where}: expected an EC P-256 private JWK with a kid`);
  }
  crypto.createPrivateKey({ key: key as crypto.JsonWebKey, format: "jwk" });
  return { ...(key as SigningKeyJwk), alg: "ES256" };
}

export function publicJwk(key: SigningKeyJwk): PublicJwk {
  const { kty, crv, x, y, kid } = key;
  return { kty, crv, x, y, kid, alg: "ES256", use: "sig", key_ops: ["verify"] };
}

/**
 * The signing key kept in `file` (the CLI's format: an array of private JWKs, the first one
 * signs), created on first use, so sessions outlive a restart of the on-disk stack.
 */
export function loadOrCreateSigningKey(file: string): SigningKeyJwk {
  if (fs.existsSync(file)) {
    let stored: unknown;
    try {
      stored = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
    }
    return checkSigningKey(Array.isArray(stored) ? stored[0] : stored, file);
  }
  const key = generateSigningKey();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify([key], null, 2)}\n`, { mode: 0o600 });
  return key;
}

/** Signs access tokens with the current key; verifies them by kid, or HS256 with the secret. */
export class JwtKeys {
  readonly jwks: Jwks;

  constructor(
    readonly legacySecret: string,
    private readonly signingKey: SigningKeyJwk,
  ) {
    this.jwks = { keys: [publicJwk(signingKey)] };
  }

  sign(claims: JwtClaims): string {
    return signEs256Jwt(claims, this.signingKey);
  }

  verify(token: string): JwtClaims {
    return verifyJwt(token, { secret: this.legacySecret, jwks: this.jwks });
  }
}
