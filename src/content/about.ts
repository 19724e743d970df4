import type { Locale } from "@/config/routes";
import { site } from "@/config/site";
import { elide } from "@/i18n/grammar";

/** Fictional team: names and initials are not translated. */
export const teamMembers = [
  { name: "Claire Dubois", initials: "CD" },
  { name: "Marco Bellini", initials: "MB" },
  { name: "Sofia Laurent", initials: "SL" },
  { name: "Daniel Reyes", initials: "DR" },
] as const;

const en = {
  hero: {
    eyebrow: `About ${site.name}`,
    title: "The growth team behind 50+ successful apps",
    intro:
      "We are performance marketers, data analysts and store specialists who have spent their careers inside fast-growing apps. Now we put that experience to work for yours.",
    cta: "Get your free growth audit",
  },
  team: {
    eyebrow: "Our experts",
    title: "Meet the team",
    intro: "Senior specialists only. The people you meet on the first call run your campaigns.",
    members: [
      {
        role: "Founder & Head of Growth",
        bio: "Twelve years scaling consumer apps across Europe, from seed-stage startups to listed gaming operators.",
      },
      {
        role: "Head of User Acquisition",
        bio: "Has managed eight-figure budgets on Meta, Google and TikTok, with a soft spot for creative testing.",
      },
      {
        role: "ASO & Creative Lead",
        bio: "Turns store listings into conversion machines with keyword research, localisation and A/B tests.",
      },
      {
        role: "Measurement & SKAN Lead",
        bio: "Former attribution engineer who makes SKAN, consent and analytics add up to one reliable picture.",
      },
    ],
  },
  values: {
    eyebrow: "Our values",
    title: "What we stand for",
    items: [
      {
        title: "Transparency",
        description: "Open dashboards, honest reporting and no hidden fees on your ad spend.",
      },
      {
        title: "Accountability",
        description: "We commit to targets on CPA and ROAS and we report against them every week.",
      },
      {
        title: "Privacy by design",
        description: "Consent, SKAN and data minimisation are built into every setup we deliver.",
      },
      {
        title: "Curiosity",
        description: "Every campaign is an experiment: we test, learn and share what works.",
      },
    ],
  },
  achievements: {
    eyebrow: "Our track record",
    title: "Numbers we are proud of",
    items: [
      { value: "50+", label: "apps scaled" },
      { value: "€25M+", label: "ad spend managed" },
      { value: "3.8x", label: "average ROAS" },
      { value: "94%", label: "client retention" },
    ],
  },
  story: {
    eyebrow: "Our story",
    title: "Built by people who grew apps from the inside",
    paragraphs: [
      `${site.name} started in 2019 when our founders, after years leading growth teams at app companies, kept seeing the same problem: agencies reported installs while businesses needed revenue.`,
      "So we built the agency we had always wanted to hire. One that connects every campaign to real business outcomes, measures properly in a privacy-first world and works as an extension of your team.",
      "Today we help more than 50 apps across gaming, eCommerce, fintech and subscription products grow in Europe and beyond, from our base in Paris.",
    ],
    illustrationAlt: "A growth curve rising through four milestones",
  },
  cta: {
    title: "Let's grow your app together",
    body: "Book a free consultation and tell us where you want to be in six months.",
    button: "Book a free consultation",
  },
  leadForm: {
    title: "Get Your Free App Growth Audit",
    intro:
      "Tell us about your app and goals. We'll come back with a concrete, prioritised plan within 48 hours.",
  },
};

export type AboutContent = typeof en;

const fr: AboutContent = {
  hero: {
    eyebrow: `À propos ${elide("de", site.name)}`,
    title: "L'équipe de croissance derrière plus de 50 applications à succès",
    intro:
      "Marketeurs à la performance, analystes data et spécialistes des stores : nous avons fait nos armes au cœur d'applications en forte croissance. Aujourd'hui, nous mettons cette expérience au service de la vôtre.",
    cta: "Demander mon audit gratuit",
  },
  team: {
    eyebrow: "Nos experts",
    title: "Rencontrez l'équipe",
    intro:
      "Uniquement des profils seniors. Les personnes que vous rencontrez au premier rendez-vous pilotent vos campagnes.",
    members: [
      {
        role: "Fondatrice et responsable de la croissance",
        bio: "Douze ans à faire grandir des applications grand public en Europe, de la start-up en amorçage à l'opérateur de jeux coté en bourse.",
      },
      {
        role: "Responsable de l'acquisition",
        bio: "A piloté des budgets à huit chiffres sur Meta, Google et TikTok, avec un faible pour les tests créatifs.",
      },
      {
        role: "Responsable ASO et création",
        bio: "Transforme les fiches store en machines à convertir grâce aux mots-clés, à la localisation et aux tests A/B.",
      },
      {
        role: "Responsable mesure et SKAN",
        bio: "Ancien ingénieur attribution, il fait converger SKAN, consentement et analytics en une vision fiable.",
      },
    ],
  },
  values: {
    eyebrow: "Nos valeurs",
    title: "Ce qui nous anime",
    items: [
      {
        title: "Transparence",
        description:
          "Des tableaux de bord ouverts, un reporting honnête et aucun frais caché sur vos dépenses média.",
      },
      {
        title: "Engagement",
        description:
          "Nous nous engageons sur des objectifs de CPA et de ROAS, et nous en rendons compte chaque semaine.",
      },
      {
        title: "Confidentialité dès la conception",
        description:
          "Consentement, SKAN et minimisation des données sont intégrés à chacune de nos configurations.",
      },
      {
        title: "Curiosité",
        description:
          "Chaque campagne est une expérience : nous testons, nous apprenons et nous partageons ce qui fonctionne.",
      },
    ],
  },
  achievements: {
    eyebrow: "Nos résultats",
    title: "Des chiffres dont nous sommes fiers",
    items: [
      { value: "50+", label: "applications accompagnées" },
      { value: "25 M€+", label: "de budgets média pilotés" },
      { value: "3,8x", label: "de ROAS moyen" },
      { value: "94 %", label: "de clients fidèles" },
    ],
  },
  story: {
    eyebrow: "Notre histoire",
    title: "Une agence fondée par des gens qui ont fait grandir des applications de l'intérieur",
    paragraphs: [
      `${site.name} est née en 2019. Après des années à diriger des équipes de croissance chez des éditeurs d'applications, nos fondateurs faisaient toujours le même constat\u00a0: les agences parlaient d'installations, alors que les entreprises avaient besoin de revenus.`,
      "Nous avons donc créé l'agence que nous aurions aimé recruter. Une agence qui relie chaque campagne à des résultats concrets, qui mesure correctement dans un monde soucieux de la vie privée et qui travaille comme une extension de votre équipe.",
      "Depuis Paris, nous accompagnons aujourd'hui plus de 50 applications de jeux, d'e-commerce, de fintech et d'abonnement, en Europe et au-delà.",
    ],
    illustrationAlt: "Une courbe de croissance qui franchit quatre étapes",
  },
  cta: {
    title: "Faisons grandir votre application ensemble",
    body: "Réservez une consultation gratuite et dites-nous où vous voulez être dans six mois.",
    button: "Réserver une consultation gratuite",
  },
  leadForm: {
    title: "Obtenez votre audit de croissance gratuit",
    intro:
      "Parlez-nous de votre application et de vos objectifs. Sous 48 heures, nous revenons vers vous avec un plan concret et priorisé.",
  },
};

export const aboutContent: Record<Locale, AboutContent> = { en, fr };
