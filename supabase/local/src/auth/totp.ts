// TOTP as GoTrue's MFA uses it (pquerna/otp): RFC 6238 with SHA-1, six digits, 30-second steps,
// a 160-bit secret, codes accepted one step either side; and the enrolment's QR code as an SVG.
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";

const OPTIONS = { algorithm: "SHA1", digits: 6, period: 30 } as const;
const SECRET_BYTES = 20;
const WINDOW_STEPS = 1;

export interface TotpEnrolment {
  /** Base32, as the user may type it into an authenticator app. */
  secret: string;
  uri: string;
  /** The URI as an SVG document; auth-js makes it a data URL. */
  qrCode: string;
}

export async function newTotp(issuer: string, accountName: string): Promise<TotpEnrolment> {
  const totp = new OTPAuth.TOTP({
    ...OPTIONS,
    issuer,
    label: accountName,
    secret: new OTPAuth.Secret({ size: SECRET_BYTES }),
  });
  const uri = totp.toString();
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "H" });
  // auth-js puts the SVG unencoded in a data: URL, where a "#" would end it: colours by name.
  const qrCode = svg.replaceAll('"#ffffff"', '"white"').replaceAll('"#000000"', '"black"');
  return { secret: totp.secret.base32, uri, qrCode };
}

export function totpMatches(secret: string, code: string): boolean {
  const totp = new OTPAuth.TOTP({ ...OPTIONS, secret: OTPAuth.Secret.fromBase32(secret) });
  return totp.validate({ token: code, window: WINDOW_STEPS }) !== null;
}
