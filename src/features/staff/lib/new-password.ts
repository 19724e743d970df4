import { z } from "zod";
import type { Locale } from "@/config/routes";
import { authFailure, weakPasswordReasons } from "./auth-failure";

/**
 * A new password's length: at least 8 characters, the number Auth enforces (a test holds it
 * equal to supabase/config.toml's [auth] minimum_password_length; hosted Auth's own floor is 6),
 * at most 72 (bcrypt reads no further, and Auth refuses longer ones).
 */
export const passwordLimits = { min: 8, max: 72 } as const;

/** What a new-password form holds. */
export interface NewPasswordValues {
  password: string;
  confirm: string;
}

const en = {
  passwordLabel: "New password",
  passwordDescription: `At least ${passwordLimits.min} characters. A long phrase is easy to remember and hard to guess.`,
  confirmLabel: "Confirm the new password",
  required: "Enter a new password.",
  tooShort: `Use at least ${passwordLimits.min} characters.`,
  tooLong: `Use at most ${passwordLimits.max} characters.`,
  mismatch: "The two passwords do not match.",
  samePassword: "Your new password must be different from your current one.",
  weakLength: "This password is too short for your team's settings. Choose a longer one.",
  weakCharacters:
    "This password needs a mix of lower-case and upper-case letters, digits and symbols.",
  weakPwned: "This password has appeared in a known data breach. Choose another one.",
  insufficientAal: "Confirm it is you with your two-factor code first, then save again.",
  sessionEnded: "Your session has ended. Sign in again, then change your password.",
  network: "The server could not be reached. Check your connection and try again.",
  rateLimit: "Too many attempts. Wait a few minutes and try again.",
  failed: "Your password could not be changed. Please try again.",
};

export type NewPasswordCopy = typeof en;

const fr: NewPasswordCopy = {
  passwordLabel: "Nouveau mot de passe",
  passwordDescription: `${passwordLimits.min} caractères au minimum. Une longue phrase se retient facilement et se devine difficilement.`,
  confirmLabel: "Confirmez le nouveau mot de passe",
  required: "Saisissez un nouveau mot de passe.",
  tooShort: `Utilisez au moins ${passwordLimits.min} caractères.`,
  tooLong: `Utilisez ${passwordLimits.max} caractères au maximum.`,
  mismatch: "Les deux mots de passe ne correspondent pas.",
  samePassword: "Votre nouveau mot de passe doit être différent de l’actuel.",
  weakLength:
    "Ce mot de passe est trop court pour les réglages de votre équipe. Choisissez-en un plus long.",
  weakCharacters:
    "Ce mot de passe doit mêler minuscules, majuscules, chiffres et caractères spéciaux.",
  weakPwned: "Ce mot de passe figure dans une fuite de données connue. Choisissez-en un autre.",
  insufficientAal:
    "Confirmez d’abord votre identité avec votre code de double authentification, puis enregistrez de nouveau.",
  sessionEnded: "Votre session a expiré. Reconnectez-vous, puis changez votre mot de passe.",
  network: "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.",
  rateLimit: "Trop de tentatives. Patientez quelques minutes, puis réessayez.",
  failed: "Votre mot de passe n’a pas pu être modifié. Veuillez réessayer.",
};

/** The new-password fields' words and refusals, per language (the e-mail links' pages). */
export const newPasswordCopy: Record<Locale, NewPasswordCopy> = { en, fr };

/** A new password's fields (to extend with a form's other fields); see withMatchingPasswords. */
export function newPasswordShape(copy: NewPasswordCopy) {
  return {
    password: z
      .string()
      .min(1, copy.required)
      .min(passwordLimits.min, copy.tooShort)
      .max(passwordLimits.max, copy.tooLong),
    confirm: z.string(),
  };
}

/** Refuses a confirmation that differs from the password, on the confirmation field. */
export function withMatchingPasswords<Schema extends z.ZodType<NewPasswordValues>>(
  schema: Schema,
  copy: NewPasswordCopy,
) {
  return schema.refine((values) => values.password === values.confirm, {
    path: ["confirm"],
    message: copy.mismatch,
  });
}

export function newPasswordSchema(copy: NewPasswordCopy) {
  return withMatchingPasswords(z.object(newPasswordShape(copy)), copy);
}

/**
 * Why Auth refused a new password, in the form's words, and the field to show it on (null: the
 * form's own message, such as a network failure).
 */
export function newPasswordRefusal(
  error: unknown,
  copy: NewPasswordCopy,
): { message: string; field: keyof NewPasswordValues | null } {
  switch (authFailure(error)) {
    case "same-password":
      return { message: copy.samePassword, field: "password" };
    case "weak-password": {
      const reasons = weakPasswordReasons(error);
      const message = reasons.includes("pwned")
        ? copy.weakPwned
        : reasons.includes("characters")
          ? copy.weakCharacters
          : reasons.includes("length")
            ? copy.weakLength
            : ((error as Error).message ?? copy.weakLength);
      return { message, field: "password" };
    }
    case "insufficient-aal":
      return { message: copy.insufficientAal, field: null };
    case "session-ended":
      return { message: copy.sessionEnded, field: null };
    case "network":
      return { message: copy.network, field: null };
    case "rate-limit":
      return { message: copy.rateLimit, field: null };
    default:
      return { message: copy.failed, field: null };
  }
}
