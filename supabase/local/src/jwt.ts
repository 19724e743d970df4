// JSON Web Tokens with node:crypto: HS256 (the legacy shared secret) and ES256 (the asymmetric
// signing key, found by the token's kid in a JWKS). No other algorithm is accepted.
import crypto from "node:crypto";

export type JwtClaims = Record<string, unknown> & { role?: string; exp?: number; sub?: string };

/** A key of a JWKS, as far as signing (`d`) and verification need it. */
export interface VerificationJwk {
  kid?: string;
  kty: string;
  crv?: string;
  x?: string;
  y?: string;
  d?: string;
}

export interface VerificationKeys {
  /** The legacy HS256 secret. */
  secret: string;
  /** The asymmetric keys ES256 tokens are checked against, by kid. */
  jwks: { keys: readonly VerificationJwk[] };
}

interface JwtHeader {
  alg?: string;
  kid?: string;
}

const base64Url = (input: Buffer | string) => Buffer.from(input).toString("base64url");

/** JWS's form of an ECDSA signature (r || s) rather than DER. */
const ES256_ENCODING = "ieee-p1363";

function encode(header: Record<string, string>, claims: JwtClaims): string {
  return `${base64Url(JSON.stringify(header))}.${base64Url(JSON.stringify(claims))}`;
}

export function signJwt(claims: JwtClaims, secret: string): string {
  const signingInput = encode({ alg: "HS256", typ: "JWT" }, claims);
  const signature = crypto.createHmac("sha256", secret).update(signingInput).digest();
  return `${signingInput}.${base64Url(signature)}`;
}

/** Signs with a private P-256 JWK; the header names its kid. */
export function signEs256Jwt(claims: JwtClaims, privateJwk: VerificationJwk & { kid: string }) {
  const signingInput = encode({ alg: "ES256", typ: "JWT", kid: privateJwk.kid }, claims);
  const signature = crypto.sign("sha256", Buffer.from(signingInput), {
    key: { ...privateJwk },
    format: "jwk",
    dsaEncoding: ES256_ENCODING,
  });
  return `${signingInput}.${base64Url(signature)}`;
}

/**
 * A refused token: its form or signature (PostgREST's PGRST301), or one of its claims
 * (PGRST303), of which `expired` is the one clients act on.
 */
export class JwtError extends Error {
  constructor(
    message: string,
    readonly reason: "token" | "claims" | "expired" = "token",
  ) {
    super(message);
  }

  get expired(): boolean {
    return this.reason === "expired";
  }
}

function decode(token: string) {
  const parts = token.split(".");
  if (parts.length !== 3) throw new JwtError("Expected 3 parts in JWT; got " + parts.length);
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
  let header: JwtHeader;
  let claims: JwtClaims;
  try {
    header = JSON.parse(Buffer.from(encodedHeader, "base64url").toString("utf8"));
    claims = JSON.parse(Buffer.from(encodedPayload, "base64url").toString("utf8"));
  } catch {
    throw new JwtError("JWT cryptographic operation failed");
  }
  if (!header || typeof header !== "object") throw new JwtError("JWT header is not an object");
  return {
    header,
    claims,
    signingInput: Buffer.from(`${encodedHeader}.${encodedPayload}`),
    signature: Buffer.from(encodedSignature, "base64url"),
  };
}

function hs256Matches(signingInput: Buffer, signature: Buffer, secret: string): boolean {
  const expected = crypto.createHmac("sha256", secret).update(signingInput).digest();
  return signature.length === expected.length && crypto.timingSafeEqual(signature, expected);
}

function es256Matches(
  signingInput: Buffer,
  signature: Buffer,
  header: JwtHeader,
  jwks: VerificationKeys["jwks"],
): boolean {
  const jwk = jwks.keys.find((key) => key.kid !== undefined && key.kid === header.kid);
  if (!jwk || jwk.kty !== "EC" || jwk.crv !== "P-256") {
    throw new JwtError("No suitable key or wrong key type");
  }
  try {
    return crypto.verify(
      "sha256",
      signingInput,
      { key: { ...jwk }, format: "jwk", dsaEncoding: ES256_ENCODING },
      signature,
    );
  } catch {
    return false;
  }
}

/** The claims of a token signed by one of `keys`, unexpired; a JwtError otherwise. */
export function verifyJwt(
  token: string,
  keys: VerificationKeys,
  nowSeconds = Date.now() / 1000,
): JwtClaims {
  const { header, claims, signingInput, signature } = decode(token);
  let matches: boolean;
  if (header.alg === "HS256") matches = hs256Matches(signingInput, signature, keys.secret);
  else if (header.alg === "ES256")
    matches = es256Matches(signingInput, signature, header, keys.jwks);
  else throw new JwtError("Wrong or unsupported encoding algorithm");
  if (!matches) throw new JwtError("JWT cryptographic operation failed");
  if (!claims || typeof claims !== "object" || Array.isArray(claims)) {
    throw new JwtError("JWT claims are not an object");
  }
  checkClaims(claims, nowSeconds);
  return claims;
}

/** The leeway PostgREST gives the issuer's clock for nbf and iat. */
const CLOCK_SKEW_SECONDS = 30;

/**
 * PostgREST's checks of the registered claims. A time claim of another type (a string, null,
 * a number too large to be one) is refused, never read as absent: it would never expire.
 */
function checkClaims(claims: JwtClaims, nowSeconds: number): void {
  for (const name of ["exp", "nbf", "iat"]) {
    const value = claims[name];
    if (name in claims && (typeof value !== "number" || !Number.isFinite(value))) {
      throw new JwtError(`The JWT '${name}' claim must be a number`, "claims");
    }
  }
  const { aud } = claims;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if ("aud" in claims && audiences.some((audience) => typeof audience !== "string")) {
    throw new JwtError("The JWT 'aud' claim must be a string or an array of strings", "claims");
  }
  if (claims.exp !== undefined && claims.exp <= nowSeconds) {
    throw new JwtError("JWT expired", "expired");
  }
  if (typeof claims.nbf === "number" && claims.nbf > nowSeconds + CLOCK_SKEW_SECONDS) {
    throw new JwtError("JWT not yet valid", "claims");
  }
  if (typeof claims.iat === "number" && claims.iat > nowSeconds + CLOCK_SKEW_SECONDS) {
    throw new JwtError("JWT issued at future", "claims");
  }
}
