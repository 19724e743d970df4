// The confirmation e-mail's words, in each language of the site. `{brand}` and `{email}` are
// filled in by confirmation-email.ts.
import type { Language } from "@shared/languages.ts";

export const confirmationMessages = {
  en: {
    subject: "Confirm your subscription to the {brand} newsletter",
    greeting: "Hello,",
    request:
      "Someone, hopefully you, asked to receive the {brand} newsletter at {email}. To confirm, follow this link within 7 days:",
    confirm: "Confirm my subscription",
    ignore: "If you did not ask for it, ignore this e-mail: you will not hear from us again.",
    unsubscribe: "Unsubscribe",
  },
  fr: {
    subject: "Confirmez votre abonnement à la newsletter {brand}",
    greeting: "Bonjour,",
    request:
      "Quelqu’un, vous sans doute, a demandé à recevoir la newsletter {brand} à l’adresse {email}. Pour confirmer, suivez ce lien dans les 7\u00a0jours\u00a0:",
    confirm: "Confirmer mon abonnement",
    ignore:
      "Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail\u00a0: vous ne recevrez plus rien de notre part.",
    unsubscribe: "Se désinscrire",
  },
} as const satisfies Record<
  Language,
  {
    subject: string;
    greeting: string;
    request: string;
    confirm: string;
    ignore: string;
    unsubscribe: string;
  }
>;
