import type { Locale } from "@/config/routes";
import { site } from "@/config/site";
import { invitationLifetimeHours } from "@shared/staff-invitations.ts";
import {
  staffProfileLimits,
  staffProfileMessages,
  type DisplayNameMessages,
} from "./staff-profile";

// The invitation page (/admin/welcome), in the language the e-mail's link names (`lang`: the
// language the administrator chose for the invitee).
// The profile form's own words for the same rules.
const profileDisplayNameMessages: DisplayNameMessages = {
  required: staffProfileMessages.displayNameRequired,
  length: staffProfileMessages.displayNameLength,
  email: staffProfileMessages.displayNameEmail,
  oneLine: staffProfileMessages.oneLine,
  invisible: staffProfileMessages.displayNameInvisible,
};

const en = {
  pageTitle: "Accept your invitation",
  askTitle: `Welcome to the ${site.name} team`,
  askBody:
    "You have been invited to the staff workspace. Accept the invitation to choose your name and password.",
  accept: "Accept invitation",
  accepting: "Checking the invitation...",
  invalidTitle: "This invitation no longer works",
  invalidBody:
    "Invitations expire after 24 hours and work only once. Ask an administrator of your team to send you a new one.",
  network: "The server could not be reached. Check your connection and try again.",
  retry: "Try again",
  formTitle: "Set up your account",
  account: "Account:",
  displayName: {
    label: "Display name",
    description:
      "How colleagues see you on leads and notes, and readers on your posts. Never your e-mail address.",
  },
  displayNameMessages: profileDisplayNameMessages,
  refusals: {
    nameTaken: staffProfileMessages.displayNameTaken as string,
    notInvited:
      "This invitation was accepted already or withdrawn. Sign in, or ask an administrator.",
    expired: `This invitation has expired: invitations work for ${invitationLifetimeHours} hours. Ask an administrator of your team to send you a new one.`,
    sessionEnded: "Your session has ended. Open the link from your invitation again.",
    network: "The server could not be reached. Check your connection and try again.",
    failed: "Your account could not be set up. Please try again.",
  },
  join: "Join the team",
  joining: "Setting up your account...",
  joinedTitle: "Welcome aboard",
  joinedBody: "Your account is ready.",
};

export type WelcomeCopy = typeof en;

const fr: WelcomeCopy = {
  pageTitle: "Accepter votre invitation",
  askTitle: `Bienvenue dans l’équipe ${site.name}`,
  askBody:
    "Vous avez reçu une invitation à rejoindre l’espace de travail de l’équipe. Acceptez-la pour choisir votre nom et votre mot de passe.",
  accept: "Accepter l’invitation",
  accepting: "Vérification de l’invitation…",
  invalidTitle: "Cette invitation ne fonctionne plus",
  invalidBody:
    "Les invitations expirent au bout de 24 heures et ne servent qu’une fois. Demandez à un administrateur de votre équipe de vous en envoyer une nouvelle.",
  network: "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.",
  retry: "Réessayer",
  formTitle: "Configurez votre compte",
  account: "Compte\u00a0:",
  displayName: {
    label: "Nom d’affichage",
    description:
      "Le nom sous lequel vos collègues vous voient sur les prospects et les notes, et les lecteurs sur vos articles. Jamais votre adresse e-mail.",
  },
  displayNameMessages: {
    required: "Saisissez le nom qui signera vos articles.",
    length: `Limitez le nom d’affichage à ${staffProfileLimits.displayName} caractères.`,
    email: "Indiquez un nom, pas une adresse e-mail\u00a0: il est publié sur vos articles.",
    oneLine: "Écrivez-le sur une seule ligne.",
    invisible:
      "Retirez du nom les caractères invisibles (espaces sans chasse, marques de direction…).",
  },
  refusals: {
    nameTaken: "Ce nom est déjà utilisé par un collègue.",
    notInvited:
      "Cette invitation a déjà été acceptée ou a été retirée. Connectez-vous, ou adressez-vous à un administrateur.",
    expired: `Cette invitation a expiré\u00a0: une invitation reste valable ${invitationLifetimeHours}\u00a0heures. Demandez à un administrateur de votre équipe de vous en envoyer une nouvelle.`,
    sessionEnded: "Votre session a expiré. Ouvrez de nouveau le lien de votre invitation.",
    network: "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.",
    failed: "Votre compte n’a pas pu être configuré. Veuillez réessayer.",
  },
  join: "Rejoindre l’équipe",
  joining: "Configuration de votre compte…",
  joinedTitle: "Bienvenue à bord",
  joinedBody: "Votre compte est prêt.",
};

export const welcomeCopy: Record<Locale, WelcomeCopy> = { en, fr };
