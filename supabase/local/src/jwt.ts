// HS256 JSON Web Tokens, signed and verified with node:crypto.
import crypto from "node:crypto";

export type JwtClaims = Record<string, unknown> & { role?: string; exp?: number; sub?: string };

const base64Url = (input: Buffer | string) => Buffer.from(input).toString("base64url");

export function signJwt(claims: JwtClaims, secret: string): string {
  const header = base64Url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = base64Url(JSON.stringify(claims));
  const signature = crypto.createHmac("sha256", secret).update(`${header}.${payload}`).digest();
  return `${header}.${payload}.${base64Url(signature)}`;
}

export class JwtError extends Error {
  constructor(
    message: string,
    readonly expired = false,
  ) {
    super(message);
  }
}

export function verifyJwt(
  token: string,
  secret: string,
  nowSeconds = Date.now() / 1000,
): JwtClaims {
  const parts = token.split(".");
  if (parts.length !== 3) throw new JwtError("Expected 3 parts in JWT; got " + parts.length);
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
  let header: { alg?: string };
  let claims: JwtClaims;
  try {
    header = JSON.parse(Buffer.from(encodedHeader, "base64url").toString("utf8"));
    claims = JSON.parse(Buffer.from(encodedPayload, "base64url").toString("utf8"));
  } catch {
    throw new JwtError("JWT cryptographic operation failed");
  }
  if (header.alg !== "HS256") throw new JwtError("Wrong or unsupported encoding algorithm");
  const expected = crypto
    .createHmac("sha256", secret)
    .update(`${encodedHeader}.${encodedPayload}`)
    .digest();
  const given = Buffer.from(encodedSignature, "base64url");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    throw new JwtError("JWT cryptographic operation failed");
  }
  if (!claims || typeof claims !== "object" || Array.isArray(claims)) {
    throw new JwtError("JWT claims are not an object");
  }
  if (typeof claims.exp === "number" && claims.exp <= nowSeconds)
    throw new JwtError("JWT expired", true);
  if (typeof claims.nbf === "number" && claims.nbf > nowSeconds + 30)
    throw new JwtError("JWT not yet valid");
  return claims;
}
