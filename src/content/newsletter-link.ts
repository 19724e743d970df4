import type { Locale } from "@/config/routes";
import { site } from "@/config/site";
import { elide } from "@/i18n/grammar";

// The newsletter's confirm and unsubscribe pages (decision 6): only those pages load it, so the
// dictionary every page loads stays small.
const en = {
  confirm: {
    promptTitle: "Confirm your subscription",
    promptBody:
      "You will receive our newsletter once a month, with our latest articles on user acquisition, ASO and measurement. You can unsubscribe at any time.",
    action: "Confirm my subscription",
    pending: "Confirming…",
    doneTitle: "You are subscribed",
    doneBody: "Thank you for confirming. Our growth notes will reach your inbox once a month.",
    invalidTitle: "This link no longer works",
    invalidBody:
      "It may have expired or already been used. If you have confirmed already, you are subscribed; otherwise, sign up again from the blog.",
  },
  unsubscribe: {
    promptTitle: "Unsubscribe from the newsletter?",
    promptBody:
      "You will no longer receive our monthly newsletter. If you change your mind, you can sign up again at any time from the blog.",
    action: "Unsubscribe",
    pending: "Unsubscribing…",
    doneTitle: "You are unsubscribed",
    doneBody: `You will not receive the ${site.name} newsletter any more. You can sign up again at any time from the blog.`,
    invalidTitle: "This link no longer works",
    invalidBody:
      "It may have expired or already been used. If you have unsubscribed already, there is nothing more to do.",
  },
  failureTitle: "Something went wrong",
  failureBody: "We could not reach our server. Check your connection and try again.",
  retry: "Try again",
  toBlog: "Go to the blog",
};

export type NewsletterLinkContent = typeof en;

const fr: NewsletterLinkContent = {
  confirm: {
    promptTitle: "Confirmez votre abonnement",
    promptBody:
      "Vous recevrez notre newsletter une fois par mois, avec nos derniers articles sur l'acquisition, l'ASO et la mesure. Vous pourrez vous désinscrire à tout moment.",
    action: "Confirmer mon abonnement",
    pending: "Confirmation en cours…",
    doneTitle: "Vous êtes abonné(e)",
    doneBody:
      "Merci de votre confirmation. Nos notes de croissance arriveront dans votre boîte de réception une fois par mois.",
    invalidTitle: "Ce lien ne fonctionne plus",
    invalidBody:
      "Il a peut-être expiré ou déjà servi. Si vous avez déjà confirmé, vous êtes abonné(e) ; sinon, inscrivez-vous à nouveau depuis le blog.",
  },
  unsubscribe: {
    promptTitle: "Se désinscrire de la newsletter ?",
    promptBody:
      "Vous ne recevrez plus notre newsletter mensuelle. Si vous changez d'avis, vous pourrez vous réinscrire à tout moment depuis le blog.",
    action: "Me désinscrire",
    pending: "Désinscription en cours…",
    doneTitle: "Vous êtes désinscrit(e)",
    doneBody: `Vous ne recevrez plus la newsletter ${elide("de", site.name)}. Vous pouvez vous réinscrire à tout moment depuis le blog.`,
    invalidTitle: "Ce lien ne fonctionne plus",
    invalidBody:
      "Il a peut-être expiré ou déjà servi. Si vous vous êtes déjà désinscrit(e), vous n'avez rien d'autre à faire.",
  },
  failureTitle: "Une erreur est survenue",
  failureBody: "Impossible de joindre notre serveur. Vérifiez votre connexion et réessayez.",
  retry: "Réessayer",
  toBlog: "Aller au blog",
};

export const newsletterLinkContent: Record<Locale, NewsletterLinkContent> = { en, fr };
