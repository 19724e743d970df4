import type { Locale } from "@/config/routes";

const en = {
  eyebrow: "Message received",
  title: "Thank you! We'll be in touch shortly",
  body: "Your request is with our growth team. A specialist will review your app and reply within 24 hours, Monday to Friday.",
  nextSteps: {
    title: "What happens next",
    items: [
      "We review your app, your store listings and your current acquisition.",
      "A growth specialist replies within 24 hours to schedule a call.",
      "You receive a prioritised plan of quick wins and growth opportunities.",
    ],
  },
  backHome: "Back to home",
  readCases: "Read our case studies",
};

export type ThankYouContent = typeof en;

const fr: ThankYouContent = {
  eyebrow: "Message bien reçu",
  title: "Merci ! Nous revenons vers vous très vite",
  body: "Votre demande est entre les mains de notre équipe. Un expert étudie votre application et vous répond sous 24 heures, du lundi au vendredi.",
  nextSteps: {
    title: "La suite",
    items: [
      "Nous analysons votre application, vos fiches store et votre acquisition actuelle.",
      "Un expert vous répond sous 24 heures pour fixer un rendez-vous.",
      "Vous recevez un plan priorisé de gains rapides et de leviers de croissance.",
    ],
  },
  backHome: "Retour à l'accueil",
  readCases: "Lire nos études de cas",
};

export const thankYouContent: Record<Locale, ThankYouContent> = { en, fr };
