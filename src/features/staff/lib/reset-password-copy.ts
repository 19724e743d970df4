import type { Locale } from "@/config/routes";

// The password-reset page (/admin/reset-password) and the forgot-password form, in the language
// the e-mail's link names (`lang`); the sign-in form uses the English words.
const en = {
  pageTitle: "Reset your password",
  askTitle: "Choose a new password",
  askBody: "Press Continue to confirm this link is yours, then choose a new password.",
  continue: "Continue",
  continuing: "Checking the link...",
  invalidTitle: "This link no longer works",
  invalidBody:
    "Password reset links expire after 24 hours and work only once. Request a new one below.",
  network: "The server could not be reached. Check your connection and try again.",
  retry: "Try again",
  formTitle: "Choose a new password",
  account: "Account:",
  save: "Save new password",
  saving: "Saving...",
  noAccess: "This account has no access to the staff area.",
  doneTitle: "Password changed",
  doneBody: "Your other sessions were signed out.",
  toSignIn: "Go to sign-in",
  forgot: {
    link: "Forgot password?",
    title: "Reset your password",
    intro:
      "Enter the e-mail address of your staff account. We will send you a link to choose a new password.",
    emailLabel: "Email",
    emailRequired: "Enter your e-mail address.",
    emailInvalid: "Enter a valid e-mail address.",
    send: "Send reset link",
    sending: "Sending...",
    sent: "If this address belongs to a staff account, we have sent a link to reset its password. It expires in 24 hours.",
    network:
      "The link could not be requested: the server could not be reached. Check your connection and try again.",
    back: "Back to sign-in",
  },
};

export type ResetPasswordCopy = typeof en;

const fr: ResetPasswordCopy = {
  pageTitle: "Réinitialiser votre mot de passe",
  askTitle: "Choisissez un nouveau mot de passe",
  askBody:
    "Cliquez sur Continuer pour confirmer que ce lien vous appartient, puis choisissez un nouveau mot de passe.",
  continue: "Continuer",
  continuing: "Vérification du lien…",
  invalidTitle: "Ce lien ne fonctionne plus",
  invalidBody:
    "Les liens de réinitialisation expirent au bout de 24 heures et ne servent qu’une fois. Demandez-en un nouveau ci-dessous.",
  network: "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.",
  retry: "Réessayer",
  formTitle: "Choisissez un nouveau mot de passe",
  account: "Compte\u00a0:",
  save: "Enregistrer le mot de passe",
  saving: "Enregistrement…",
  noAccess: "Ce compte n’a pas accès à l’espace de l’équipe.",
  doneTitle: "Mot de passe modifié",
  doneBody: "Vos autres sessions ont été déconnectées.",
  toSignIn: "Aller à la connexion",
  forgot: {
    link: "Mot de passe oublié\u00a0?",
    title: "Réinitialiser votre mot de passe",
    intro:
      "Saisissez l’adresse e-mail de votre compte. Nous vous enverrons un lien pour choisir un nouveau mot de passe.",
    emailLabel: "Adresse e-mail",
    emailRequired: "Saisissez votre adresse e-mail.",
    emailInvalid: "Saisissez une adresse e-mail valide.",
    send: "Envoyer le lien",
    sending: "Envoi…",
    sent: "Si cette adresse correspond à un compte de l’équipe, nous venons d’y envoyer un lien pour réinitialiser son mot de passe. Il expire dans 24 heures.",
    network:
      "Le lien n’a pas pu être demandé\u00a0: impossible de joindre le serveur. Vérifiez votre connexion et réessayez.",
    back: "Retour à la connexion",
  },
};

export const resetPasswordCopy: Record<Locale, ResetPasswordCopy> = { en, fr };
