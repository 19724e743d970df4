import type { Locale } from "@/config/routes";
import { serviceNames, type ServiceId } from "./service-names";

export { serviceIds, type ServiceId } from "./service-names";

/** The four services the home page shows. */
export const homeServiceIds = [
  "userAcquisition",
  "retargeting",
  "aso",
  "skan",
] as const satisfies readonly ServiceId[];

interface Service {
  title: string;
  description: string;
  features: string[];
}

const en = {
  hero: {
    eyebrow: "Services",
    title: "Everything your app needs to grow, under one roof",
    intro:
      "From the first paid install to the hundredth thousand, we plan, launch and optimise every lever of mobile growth: acquisition, retention, store visibility and privacy-first measurement.",
    cta: "Get your free growth audit",
  },
  list: {
    eyebrow: "What we do",
    title: "Six services, one growth plan",
    intro:
      "Pick a single service or let us run your whole growth engine. Either way, every euro is tracked back to revenue.",
    featuresLabel: "What's included",
  },
  items: {
    userAcquisition: {
      title: serviceNames.en.userAcquisition,
      description:
        "Paid campaigns that bring high-value users, not just cheap installs, across the networks where your audience spends time.",
      features: [
        "Meta, Google App Campaigns, TikTok and Apple Search Ads",
        "Creative testing with weekly iterations",
        "Bidding on revenue events, not installs",
        "Budget pacing and daily optimisation",
      ],
    },
    retargeting: {
      title: serviceNames.en.retargeting,
      description:
        "Win back lapsed users and turn first-time buyers into loyal customers with segmented, well-timed campaigns.",
      features: [
        "Audience segmentation by lifecycle stage",
        "Deep-linked retargeting campaigns",
        "Push and CRM journeys with your team",
        "Cohort retention and churn analysis",
      ],
    },
    aso: {
      title: serviceNames.en.aso,
      description:
        "More organic installs from the App Store and Google Play through keyword research, sharper metadata and tested creatives.",
      features: [
        "Keyword research and metadata in every market",
        "Screenshot and icon A/B testing",
        "Ratings and reviews strategy",
        "Localised store listings",
      ],
    },
    analytics: {
      title: serviceNames.en.analytics,
      description:
        "One clear view of your funnel, from impression to repeat purchase, with the KPIs that actually drive decisions.",
      features: [
        "Event taxonomy and tracking plan",
        "Dashboards for CPA, ROAS and LTV",
        "Cohort and funnel drop-off analysis",
        "Weekly performance reporting",
      ],
    },
    skan: {
      title: serviceNames.en.skan,
      description:
        "Measure iOS campaigns reliably in a privacy-first world with a SKAdNetwork setup designed around your business model.",
      features: [
        "Conversion value schema design",
        "SKAN 4 postback strategy",
        "Modelled ROAS for iOS campaigns",
        "Privacy-compliant measurement",
      ],
    },
    attribution: {
      title: serviceNames.en.attribution,
      description:
        "A clean, trustworthy setup of your mobile measurement partner so every install and event lands in the right place.",
      features: [
        "MMP selection and SDK integration",
        "Event mapping and postbacks to ad networks",
        "Deep links and deferred deep links",
        "Fraud protection and data audits",
      ],
    },
  } satisfies Record<ServiceId, Service>,
  process: {
    eyebrow: "How we work",
    title: "A four-step process built for fast, lasting results",
    intro: "Clear milestones, weekly check-ins and no long lock-in contracts.",
    stepLabel: "Step",
    steps: [
      {
        title: "Audit & Strategy",
        description:
          "We review your tracking, campaigns, store presence and unit economics, then agree on targets and a 90-day plan.",
      },
      {
        title: "Setup & Integration",
        description:
          "We fix measurement first: attribution partner, SKAN schema, events and dashboards, so every decision rests on clean data.",
      },
      {
        title: "Launch & Optimisation",
        description:
          "Campaigns go live with structured creative tests. We optimise daily and report on what changed every week.",
      },
      {
        title: "Scale & Expansion",
        description:
          "Once the numbers hold, we add budget, channels and new markets while keeping CPA and ROAS on target.",
      },
    ],
  },
  leadForm: {
    title: "Get Your Free App Growth Audit",
    intro:
      "Tell us about your app and we'll send you a clear, prioritised list of growth opportunities within 48 hours. No commitment.",
  },
};

export type ServicesContent = typeof en;

const fr: ServicesContent = {
  hero: {
    eyebrow: "Nos services",
    title: "Tout ce dont votre application a besoin pour grandir, au même endroit",
    intro:
      "De la première installation payante à la cent-millième, nous pilotons chaque levier de la croissance mobile : acquisition, rétention, visibilité sur les stores et mesure respectueuse de la vie privée.",
    cta: "Demander mon audit gratuit",
  },
  list: {
    eyebrow: "Notre expertise",
    title: "Six expertises, un seul plan de croissance",
    intro:
      "Confiez-nous un seul levier ou l'ensemble de votre moteur de croissance. Dans tous les cas, chaque euro investi est relié au chiffre d'affaires.",
    featuresLabel: "Ce qui est inclus",
  },
  items: {
    userAcquisition: {
      title: serviceNames.fr.userAcquisition,
      description:
        "Des campagnes payantes qui attirent des utilisateurs à forte valeur, pas seulement des installations bon marché, sur les réseaux où se trouve votre audience.",
      features: [
        "Meta, Google App Campaigns, TikTok et Apple Search Ads",
        "Tests créatifs renouvelés chaque semaine",
        "Enchères sur les événements de revenu, pas sur les installations",
        "Pilotage du budget et optimisation quotidienne",
      ],
    },
    retargeting: {
      title: serviceNames.fr.retargeting,
      description:
        "Réactivez les utilisateurs inactifs et transformez les premiers acheteurs en clients fidèles grâce à des campagnes segmentées et bien synchronisées.",
      features: [
        "Segmentation des audiences selon le cycle de vie",
        "Campagnes de retargeting avec deep links",
        "Parcours push et CRM construits avec vos équipes",
        "Analyse de la rétention par cohorte et du churn",
      ],
    },
    aso: {
      title: serviceNames.fr.aso,
      description:
        "Davantage d'installations organiques sur l'App Store et Google Play grâce à la recherche de mots-clés, des métadonnées affûtées et des visuels testés.",
      features: [
        "Recherche de mots-clés et métadonnées pour chaque marché",
        "Tests A/B des captures d'écran et de l'icône",
        "Stratégie de notes et d'avis",
        "Fiches store localisées",
      ],
    },
    analytics: {
      title: serviceNames.fr.analytics,
      description:
        "Une vision claire de votre funnel, de l'impression au réachat, avec les KPI qui éclairent réellement vos décisions.",
      features: [
        "Plan de marquage et nomenclature des événements",
        "Tableaux de bord CPA, ROAS et LTV",
        "Analyse des cohortes et des points de décrochage",
        "Reporting de performance hebdomadaire",
      ],
    },
    skan: {
      title: serviceNames.fr.skan,
      description:
        "Mesurez vos campagnes iOS de façon fiable dans un monde sans IDFA, avec une configuration SKAdNetwork pensée pour votre modèle économique.",
      features: [
        "Conception du schéma de valeurs de conversion",
        "Stratégie de postbacks SKAN 4",
        "ROAS modélisé pour vos campagnes iOS",
        "Mesure conforme au RGPD",
      ],
    },
    attribution: {
      title: serviceNames.fr.attribution,
      description:
        "Une configuration propre et fiable de votre outil de mesure mobile (MMP), pour que chaque installation et chaque événement soient attribués au bon endroit.",
      features: [
        "Choix du MMP et intégration du SDK",
        "Mapping des événements et postbacks vers les régies",
        "Deep links et deep links différés",
        "Protection contre la fraude et audits de données",
      ],
    },
  },
  process: {
    eyebrow: "Notre méthode",
    title: "Quatre étapes pour des résultats rapides et durables",
    intro: "Des jalons clairs, un point chaque semaine et aucun engagement de longue durée.",
    stepLabel: "Étape",
    steps: [
      {
        title: "Audit et stratégie",
        description:
          "Nous passons au crible votre tracking, vos campagnes, vos fiches store et votre rentabilité, puis nous fixons ensemble les objectifs et un plan à 90 jours.",
      },
      {
        title: "Configuration et intégration",
        description:
          "La mesure d'abord : partenaire d'attribution, schéma SKAN, événements et tableaux de bord, pour que chaque décision repose sur des données fiables.",
      },
      {
        title: "Lancement et optimisation",
        description:
          "Les campagnes démarrent avec des tests créatifs structurés. Nous optimisons chaque jour et vous rendons compte chaque semaine.",
      },
      {
        title: "Accélération et expansion",
        description:
          "Quand les chiffres tiennent, nous augmentons les budgets, ajoutons des canaux et ouvrons de nouveaux marchés, sans perdre de vue le CPA et le ROAS.",
      },
    ],
  },
  leadForm: {
    title: "Obtenez votre audit de croissance gratuit",
    intro:
      "Parlez-nous de votre application : sous 48 heures, vous recevez une liste claire et priorisée de leviers de croissance. Sans engagement.",
  },
};

export const servicesContent: Record<Locale, ServicesContent> = { en, fr };
