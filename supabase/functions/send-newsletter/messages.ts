// The newsletter e-mail's own words, in each language of the site (the post brings the rest).
// `{brand}` is filled in by newsletter-email.tsx.
import type { Language } from "@shared/languages.ts";

export const newsletterMessages = {
  en: {
    readOnSite: "Read on the site",
    watchVideo: "Watch the video on YouTube",
    reason: "You receive this e-mail because you subscribed to the {brand} newsletter.",
    unsubscribe: "Unsubscribe",
  },
  fr: {
    readOnSite: "Lire sur le site",
    watchVideo: "Regarder la vidéo sur YouTube",
    reason: "Vous recevez cet e-mail suite à votre inscription à la newsletter {brand}.",
    unsubscribe: "Se désinscrire",
  },
} as const satisfies Record<
  Language,
  { readOnSite: string; watchVideo: string; reason: string; unsubscribe: string }
>;
