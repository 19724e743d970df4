import { z } from "zod";
import type { Locale } from "@/config/routes";
import { authFailure } from "./auth-failure";
import type { StaffAccess } from "./staff-role";

/** The one kind of second factor staff use: an authenticator app (TOTP, RFC 6238). */
export const totpFriendlyName = "Authenticator app";

/** What a code step holds. */
export interface TwoFactorCodeValues {
  code: string;
}

const en = {
  title: "Two-factor sign-in",
  intro: "Enter the 6-digit code your authenticator app shows for this account.",
  codeLabel: "Authentication code",
  codeDescription: "A new code appears every 30 seconds.",
  codeFormat: "Enter the 6 digits your app shows.",
  verify: "Verify",
  verifying: "Verifying...",
  wrongCode: "That code is not right, or it has expired. Enter the code your app shows now.",
  rateLimit: "Too many attempts. Wait a minute and try again.",
  codesRefused:
    "Too many wrong codes for this account: it has been signed out. Wait a few minutes, then sign in again.",
  network: "The server could not be reached. Check your connection and try again.",
  sessionEnded: "Your session has ended. Please sign in again.",
  failed: "The code could not be checked. Please try again.",
  noFactor: "This account has no authenticator app set up. Ask an administrator for help.",
};

export type TwoFactorCopy = typeof en;

const fr: TwoFactorCopy = {
  title: "Double authentification",
  intro:
    "Saisissez le code à 6 chiffres qu’affiche votre application d’authentification pour ce compte.",
  codeLabel: "Code de vérification",
  codeDescription: "Un nouveau code s’affiche toutes les 30 secondes.",
  codeFormat: "Saisissez les 6 chiffres qu’affiche votre application.",
  verify: "Valider",
  verifying: "Vérification…",
  wrongCode:
    "Ce code est incorrect ou a expiré. Saisissez celui qu’affiche votre application en ce moment.",
  rateLimit: "Trop de tentatives. Patientez une minute, puis réessayez.",
  codesRefused:
    "Trop de codes erronés pour ce compte : ses sessions ont été fermées. Patientez quelques minutes, puis reconnectez-vous.",
  network: "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.",
  sessionEnded: "Votre session a expiré. Veuillez vous reconnecter.",
  failed: "Le code n’a pas pu être vérifié. Veuillez réessayer.",
  noFactor:
    "Aucune application d’authentification n’est configurée pour ce compte. Demandez de l’aide à un administrateur.",
};

/** The code step's words, per language (it also shows on the password-reset page). */
export const twoFactorCopy: Record<Locale, TwoFactorCopy> = { en, fr };

/** Six digits; spaces (as some apps show the code: 123 456) are dropped. */
export function twoFactorCodeSchema(copy: TwoFactorCopy) {
  return z.object({
    code: z
      .string()
      .transform((value) => value.replace(/\s/g, ""))
      .pipe(z.string().regex(/^\d{6}$/, copy.codeFormat)),
  });
}

/** The words for a code Auth refused. */
export function twoFactorRefusal(error: unknown, copy: TwoFactorCopy): string {
  switch (authFailure(error)) {
    case "wrong-code":
      return copy.wrongCode;
    case "rate-limit":
      return copy.rateLimit;
    case "codes-refused":
      return copy.codesRefused;
    case "network":
      return copy.network;
    case "session-ended":
      return copy.sessionEnded;
    default:
      return copy.failed;
  }
}

/** A TOTP secret in groups of four, as people copy it into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? "";
}

/**
 * Whether the team requires two-factor sign-in and this member has no verified factor yet: then
 * the workspace shows only the enrolment step (docs/ARCHITECTURE.md, decision 1).
 */
export function needsTwoFactorSetup(
  access: Pick<StaffAccess, "two_factor_required" | "has_verified_factor">,
): boolean {
  return access.two_factor_required && !access.has_verified_factor;
}
