import type { Locale } from "@/config/routes";

const en = {
  hero: {
    eyebrow: "Contact",
    title: "Let's talk about your app's growth",
    intro:
      "Tell us where your app is today and where you want it to be. A senior growth specialist, not a salesperson, will get back to you within 24 hours.",
    cta: "Write to us",
  },
  form: {
    title: "Send us a message",
    intro: "Share your app link and a few words about your goals. We read every message ourselves.",
  },
  channels: {
    eyebrow: "Other ways to reach us",
    title: "Prefer another channel?",
    newTab: "(opens in a new tab)",
    email: {
      title: "Email",
      description: "Write to us directly, we answer every message.",
    },
    call: {
      title: "Book a call",
      description: "Pick a 30-minute slot for a free consultation with a growth specialist.",
      action: "Choose a time slot",
    },
    linkedIn: {
      title: "LinkedIn",
      description: "Follow our insights and message the team on LinkedIn.",
      action: "Visit our page",
    },
  },
  response: {
    title: "Our response-time promise",
    items: [
      { value: "24h", label: "We reply to every request within 24 hours" },
      { value: "4h", label: "Average response time" },
      { value: "9:00–18:00", label: "CET, Monday to Friday" },
    ],
  },
  faq: {
    eyebrow: "FAQ",
    title: "Frequently asked questions",
    items: [
      {
        question: "What happens after I get in touch?",
        answer:
          "A growth specialist reviews your app and replies within 24 hours to schedule a free 30-minute consultation. You leave the call with concrete recommendations, whether or not we work together.",
      },
      {
        question: "What budget do I need to work with you?",
        answer:
          "Most of our clients invest from €10,000 a month in paid media, but ASO, measurement and SKAN projects can start with much smaller budgets. We'll tell you honestly what makes sense for your stage.",
      },
      {
        question: "Do you work with both iOS and Android apps?",
        answer:
          "Yes. We run campaigns and store optimisation on the App Store and Google Play, and we set up privacy-first measurement with SKAN and your attribution partner on iOS.",
      },
      {
        question: "How quickly will I see results?",
        answer:
          "Measurement fixes pay off within the first weeks. Campaign improvements usually show in four to eight weeks: one client's ROAS went from 2.1x to 4.2x in eight weeks.",
      },
    ],
  },
};

export type ContactContent = typeof en;

const fr: ContactContent = {
  hero: {
    eyebrow: "Nous contacter",
    title: "Parlons de la croissance de votre application",
    intro:
      "Dites-nous où en est votre application et où vous voulez l'emmener. Un expert de la croissance, pas un commercial, vous répond sous 24 heures.",
    cta: "Nous écrire",
  },
  form: {
    title: "Envoyez-nous un message",
    intro:
      "Indiquez le lien de votre application et quelques mots sur vos objectifs. Nous lisons chaque message avec attention.",
  },
  channels: {
    eyebrow: "Autres moyens de nous joindre",
    title: "Vous préférez un autre canal ?",
    newTab: "(s'ouvre dans un nouvel onglet)",
    email: {
      title: "E-mail",
      description: "Écrivez-nous directement, nous répondons à chaque message.",
    },
    call: {
      title: "Prendre rendez-vous",
      description:
        "Choisissez un créneau de 30 minutes pour une consultation gratuite avec un expert.",
      action: "Choisir un créneau",
    },
    linkedIn: {
      title: "Sur LinkedIn",
      description: "Suivez nos analyses et écrivez à l'équipe sur LinkedIn.",
      action: "Voir notre page",
    },
  },
  response: {
    title: "Notre engagement de réactivité",
    items: [
      { value: "24 h", label: "Nous répondons à chaque demande sous 24 heures" },
      { value: "4 h", label: "Délai de réponse moyen" },
      { value: "9 h – 18 h", label: "CET, du lundi au vendredi" },
    ],
  },
  faq: {
    eyebrow: "Questions fréquentes",
    title: "Vos questions, nos réponses",
    items: [
      {
        question: "Que se passe-t-il une fois que je vous ai contactés ?",
        answer:
          "Un expert étudie votre application et vous répond sous 24 heures pour fixer une consultation gratuite de 30 minutes. Vous repartez avec des recommandations concrètes, que nous travaillions ensemble ou non.",
      },
      {
        question: "Quel budget faut-il prévoir pour travailler avec vous ?",
        answer:
          "La plupart de nos clients investissent à partir de 10 000 € par mois en achat média, mais les projets ASO, mesure et SKAN peuvent démarrer avec des budgets bien plus modestes. Nous vous dirons franchement ce qui a du sens à votre stade.",
      },
      {
        question: "Travaillez-vous sur iOS comme sur Android ?",
        answer:
          "Oui. Nous gérons les campagnes et l'optimisation des fiches sur l'App Store et Google Play, et nous mettons en place une mesure respectueuse de la vie privée avec SKAN et votre partenaire d'attribution sur iOS.",
      },
      {
        question: "Dans quels délais verrai-je des résultats ?",
        answer:
          "Les corrections de mesure portent leurs fruits dès les premières semaines. Les gains sur les campagnes apparaissent en général entre quatre et huit semaines : le ROAS d'un de nos clients est passé de 2,1x à 4,2x en huit semaines.",
      },
    ],
  },
};

export const contactContent: Record<Locale, ContactContent> = { en, fr };
