import type { Locale } from "@/config/routes";
import { site } from "@/config/site";

/** Fictional client apps: names are not translated. */
export const clientNames = [
  "Fitloop",
  "Betwise",
  "Cartly",
  "Lingora",
  "Stackpay",
  "Moodnest",
  "Ridecraft",
  "Playvault",
] as const;

/** Who said it is language-neutral; what they said and their job title are translated. */
export const testimonialPeople = [
  { author: "Giulia Romano", company: "Playvault", initials: "GR" },
  { author: "Thomas Keller", company: "Cartly", initials: "TK" },
  { author: "Camille Fontaine", company: "Lingora", initials: "CF" },
] as const;

const en = {
  hero: {
    eyebrow: "Mobile app growth agency",
    title: "Grow your app with campaigns that pay for themselves",
    intro: `${site.name} scales iOS and Android apps with data-driven user acquisition, retention and privacy-first measurement. We have helped 50+ apps lower their CPA and grow revenue, not just installs.`,
    primaryCta: "Get your free growth audit",
    secondaryCta: "See our case studies",
    illustrationAlt:
      "A phone showing an app's installs and return on ad spend climbing week after week",
  },
  claims: {
    title: "Results our clients see",
    items: [
      { value: "50+", label: "apps helped to grow" },
      { value: "−60%", label: "cost per acquisition" },
      { value: "3x", label: "installs scaled" },
      { value: "2.1x → 4.2x", label: "ROAS in 8 weeks" },
    ],
  },
  services: {
    eyebrow: "What we do",
    title: "Growth services for every stage of your app",
    intro:
      "Acquisition, retention, store visibility and measurement, run by specialists who have managed millions in app-install budgets.",
    allServices: "Explore all services",
  },
  reasons: {
    eyebrow: `Why ${site.name}`,
    title: "Why app teams choose us",
    items: [
      {
        title: "Revenue first, not vanity installs",
        description:
          "We optimise for first deposits, purchases and subscriptions, then report CPA and ROAS you can take to your finance team.",
      },
      {
        title: "Privacy-first measurement",
        description:
          "SKAN, consent and attribution done properly, so your iOS numbers stay trustworthy after every privacy update.",
      },
      {
        title: "Senior specialists, weekly pace",
        description:
          "You work directly with the people running your campaigns, with new creative tests and a clear report every week.",
      },
    ],
  },
  featuredCase: {
    eyebrow: "Featured case study",
    title: "Compliant iGaming growth in Italy's regulated market",
    summary:
      "A licensed casino and sports-betting app needed first-time depositors without a single compliance slip. We rebuilt its acquisition around the Italian rules and brought the cost per first-time deposit under €80.",
    metrics: [
      { value: "< €80", label: "cost per first-time deposit" },
      { value: "Italy", label: "regulated market (ADM licence)" },
      { value: "100%", label: "compliance with advertising rules" },
    ],
    link: "Read the case studies",
  },
  testimonials: {
    eyebrow: "Testimonials",
    title: "What our clients say",
    items: [
      {
        quote: `${site.name} understood the Italian regulations better than some of our lawyers. We scaled first-time depositors and never had a single ad rejected for compliance.`,
        title: "Head of Marketing",
      },
      {
        quote:
          "Within two months our ROAS doubled and our cost per first purchase dropped under five dollars. The weekly reports are the clearest we have ever had.",
        title: "Chief Growth Officer",
      },
      {
        quote:
          "They rebuilt our SKAN setup and finally gave us iOS numbers we trust. Installs tripled while our CPA kept going down.",
        title: "Co-founder & CEO",
      },
    ],
  },
  clients: {
    title: "Growth partner to ambitious app teams",
  },
  leadForm: {
    title: "Get Your Free App Growth Audit",
    intro:
      "Share a few details about your app. A growth specialist will review your acquisition, store presence and measurement and send you a prioritised action plan, free of charge.",
  },
};

export type HomeContent = typeof en;

const fr: HomeContent = {
  hero: {
    eyebrow: "Agence de croissance mobile",
    title: "Faites grandir votre application avec des campagnes rentables",
    intro: `${site.name} accélère les applications iOS et Android grâce à une acquisition pilotée par la donnée, à la rétention et à une mesure respectueuse de la vie privée. Plus de 50 applications nous ont déjà confié leur croissance\u00a0: moins de CPA, plus de revenus, pas seulement plus d'installations.`,
    primaryCta: "Demander mon audit gratuit",
    secondaryCta: "Voir nos études de cas",
    illustrationAlt:
      "Un téléphone affichant les installations et le retour sur dépenses publicitaires d'une application, en hausse semaine après semaine",
  },
  claims: {
    title: "Les résultats de nos clients",
    items: [
      { value: "50+", label: "applications accompagnées" },
      { value: "−60 %", label: "de coût par acquisition" },
      { value: "x3", label: "sur le volume d'installations" },
      { value: "2,1x → 4,2x", label: "de ROAS en 8 semaines" },
    ],
  },
  services: {
    eyebrow: "Notre expertise",
    title: "Des services de croissance à chaque étape de votre application",
    intro:
      "Acquisition, rétention, visibilité sur les stores et mesure, confiées à des spécialistes qui ont piloté des millions d'euros de budgets d'installation.",
    allServices: "Découvrir tous nos services",
  },
  reasons: {
    eyebrow: `Pourquoi ${site.name}`,
    title: "Pourquoi les équipes produit nous font confiance",
    items: [
      {
        title: "Le revenu avant les installations",
        description:
          "Nous optimisons sur les premiers dépôts, les achats et les abonnements, avec un CPA et un ROAS que vous pouvez présenter à votre direction financière.",
      },
      {
        title: "Une mesure respectueuse de la vie privée",
        description:
          "SKAN, consentement et attribution maîtrisés : vos chiffres iOS restent fiables après chaque évolution des règles de confidentialité.",
      },
      {
        title: "Des experts seniors, un rythme hebdomadaire",
        description:
          "Vous échangez directement avec ceux qui pilotent vos campagnes, avec de nouveaux tests créatifs et un bilan clair chaque semaine.",
      },
    ],
  },
  featuredCase: {
    eyebrow: "Étude de cas à la une",
    title: "Une croissance iGaming conforme sur le marché régulé italien",
    summary:
      "Une application de casino et de paris sportifs sous licence devait recruter de nouveaux déposants sans le moindre écart réglementaire. Nous avons repensé son acquisition autour des règles italiennes et ramené le coût par premier dépôt sous les 80 €.",
    metrics: [
      { value: "< 80 €", label: "de coût par premier dépôt" },
      { value: "Italie", label: "marché régulé (licence ADM)" },
      { value: "100 %", label: "de conformité publicitaire" },
    ],
    link: "Lire les études de cas",
  },
  testimonials: {
    eyebrow: "Témoignages",
    title: "Ils parlent de nous",
    items: [
      {
        quote: `${site.name} connaissait la réglementation italienne mieux que certains de nos juristes. Nous avons multiplié les premiers dépôts sans qu'aucune publicité ne soit refusée pour non-conformité.`,
        title: "Directrice marketing",
      },
      {
        quote:
          "En deux mois, notre ROAS a doublé et notre coût par premier achat est passé sous les 5 dollars. Les bilans hebdomadaires sont les plus clairs que nous ayons jamais eus.",
        title: "Directeur de la croissance",
      },
      {
        quote:
          "Ils ont reconstruit notre configuration SKAN et nous ont enfin donné des chiffres iOS fiables. Les installations ont triplé pendant que notre CPA continuait de baisser.",
        title: "Cofondatrice et CEO",
      },
    ],
  },
  clients: {
    title: "Partenaire de croissance d'équipes ambitieuses",
  },
  leadForm: {
    title: "Obtenez votre audit de croissance gratuit",
    intro:
      "Quelques informations sur votre application suffisent. Un expert analyse votre acquisition, vos fiches store et votre mesure, puis vous envoie un plan d'action priorisé, gratuitement.",
  },
};

export const homeContent: Record<Locale, HomeContent> = { en, fr };
