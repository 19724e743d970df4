import type { Locale } from "@/config/routes";

export const caseStudyIds = ["sportsBetting", "ecommerce", "igamingItaly"] as const;

export type CaseStudyId = (typeof caseStudyIds)[number];

interface Figure {
  value: string;
  label: string;
}

interface CaseStudy {
  sector: string;
  title: string;
  client: string;
  headline: Figure;
  challenge: string;
  solution: string;
  impact: string;
  results: Figure[];
  tags: string[];
}

const en = {
  hero: {
    eyebrow: "Case studies",
    title: "Real apps, measurable growth",
    intro:
      "Three campaigns, three very different markets, one method: clean measurement, relentless testing and budgets that follow revenue.",
  },
  labels: {
    challenge: "Challenge",
    solution: "Solution",
    impact: "Impact",
    results: "Key results",
    tags: "Tags",
  },
  items: {
    sportsBetting: {
      sector: "Sports betting",
      title: "Affiliate acquisition that delivers 500+ first-time depositors a month",
      client: "A sports-betting affiliate network promoting licensed operators",
      headline: { value: "500+", label: "first-time depositors every month" },
      challenge:
        "The network was buying traffic on gut feeling. Costs per first-time depositor swung from week to week, and operators were questioning the quality of the players it sent.",
      solution:
        "We connected every click to deposit events through the operators' postbacks, rebuilt the campaigns around match-day audiences and launched weekly creative tests for each league.",
      impact:
        "Spend now follows real deposits. The network sends more players who deposit, operators renewed their deals and the cost per acquisition fell by 60%.",
      results: [
        { value: "500+", label: "first-time depositors per month" },
        { value: "−60%", label: "cost per acquisition" },
        { value: "3x", label: "more installs at the same budget" },
      ],
      tags: ["Sports betting", "Affiliate marketing", "User acquisition", "Android"],
    },
    ecommerce: {
      sector: "eCommerce",
      title: "1,700+ first purchases a month at a CPA under $5",
      client: "A fast-growing fashion marketplace app in the United States",
      headline: { value: "1,700+", label: "first purchases every month" },
      challenge:
        "Installs were growing but buyers were not. iOS measurement had gone dark after the privacy changes and the team could not tell which campaigns produced customers.",
      solution:
        "We designed a SKAN conversion schema around first purchases, set up the attribution partner properly and moved bidding from installs to purchase events, backed by retargeting for cart abandoners.",
      impact:
        "The marketplace now acquires buyers, not browsers. Return on ad spend doubled in two months and the team finally trusts its iOS numbers.",
      results: [
        { value: "1,700+", label: "first purchases per month" },
        { value: "< $5", label: "cost per first purchase" },
        { value: "2.1x → 4.2x", label: "ROAS in 8 weeks" },
      ],
      tags: ["eCommerce", "SKAN", "Retargeting", "iOS"],
    },
    igamingItaly: {
      sector: "iGaming",
      title: "Compliant growth in Italy at a cost per first-time depositor under €80",
      client: "A licensed online casino and sports-betting operator in Italy",
      headline: { value: "< €80", label: "cost per first-time depositor" },
      challenge:
        "Italy's regulated market strictly limits gambling advertising. The operator needed depositors at a sustainable cost without any risk to its ADM licence.",
      solution:
        "We built compliant creatives and landing flows with the legal team, focused on app store optimisation and permitted channels, and tracked every first deposit back to its source.",
      impact:
        "The operator grows within the rules: depositors arrive at a predictable cost and not a single campaign has been flagged for compliance.",
      results: [
        { value: "< €80", label: "cost per first-time depositor" },
        { value: "100%", label: "compliance with advertising rules" },
        { value: "ADM", label: "regulated Italian market" },
      ],
      tags: ["iGaming", "Regulated market", "Italy", "ASO"],
    },
  } satisfies Record<CaseStudyId, CaseStudy>,
  cta: {
    title: "Want results like these for your app?",
    body: "Get a free growth audit: we'll show you where your next wins are hiding.",
    button: "Get your free growth audit",
    secondary: "Explore our services",
  },
};

export type CaseStudiesContent = typeof en;

const fr: CaseStudiesContent = {
  hero: {
    eyebrow: "Études de cas",
    title: "De vraies applications, une croissance mesurable",
    intro:
      "Trois campagnes, trois marchés très différents, une seule méthode : une mesure propre, des tests en continu et des budgets qui suivent le revenu.",
  },
  labels: {
    challenge: "Le défi",
    solution: "Notre solution",
    impact: "L'impact",
    results: "Résultats clés",
    tags: "Mots-clés",
  },
  items: {
    sportsBetting: {
      sector: "Paris sportifs",
      title: "Une acquisition en affiliation qui génère plus de 500 premiers déposants par mois",
      client: "Un réseau d'affiliation de paris sportifs au service d'opérateurs agréés",
      headline: { value: "500+", label: "premiers déposants chaque mois" },
      challenge:
        "Le réseau achetait son trafic à l'instinct. Le coût par premier déposant variait d'une semaine à l'autre et les opérateurs doutaient de la qualité des joueurs apportés.",
      solution:
        "Nous avons relié chaque clic aux dépôts grâce aux postbacks des opérateurs, reconstruit les campagnes autour des audiences des jours de match et lancé des tests créatifs hebdomadaires pour chaque championnat.",
      impact:
        "Les budgets suivent désormais les vrais dépôts. Le réseau apporte davantage de joueurs qui déposent, les opérateurs ont renouvelé leurs contrats et le coût d'acquisition a baissé de 60 %.",
      results: [
        { value: "500+", label: "premiers déposants par mois" },
        { value: "−60 %", label: "de coût par acquisition" },
        { value: "x3", label: "installations à budget constant" },
      ],
      tags: ["Paris sportifs", "Affiliation", "Acquisition d'utilisateurs", "Android"],
    },
    ecommerce: {
      sector: "E-commerce",
      title: "Plus de 1 700 premiers achats par mois pour un CPA inférieur à 5 $",
      client: "Une marketplace de mode en pleine croissance aux États-Unis",
      headline: { value: "1 700+", label: "premiers achats chaque mois" },
      challenge:
        "Les installations progressaient, les acheteurs beaucoup moins. Depuis les changements de confidentialité, la mesure iOS était dans le flou et l'équipe ignorait quelles campagnes généraient des clients.",
      solution:
        "Nous avons conçu un schéma de conversion SKAN centré sur le premier achat, configuré correctement le partenaire d'attribution et basculé les enchères des installations vers les achats, avec du retargeting sur les paniers abandonnés.",
      impact:
        "La marketplace recrute désormais des acheteurs, pas des curieux. Le retour sur dépenses publicitaires a doublé en deux mois et l'équipe fait enfin confiance à ses chiffres iOS.",
      results: [
        { value: "1 700+", label: "premiers achats par mois" },
        { value: "< 5 $", label: "de coût par premier achat" },
        { value: "2,1x → 4,2x", label: "de ROAS en 8 semaines" },
      ],
      tags: ["E-commerce", "SKAN", "Reciblage", "iOS"],
    },
    igamingItaly: {
      sector: "iGaming",
      title: "Une croissance conforme en Italie avec un coût par premier déposant inférieur à 80 €",
      client: "Un opérateur de casino en ligne et de paris sportifs agréé en Italie",
      headline: { value: "< 80 €", label: "de coût par premier déposant" },
      challenge:
        "Le marché italien encadre strictement la publicité pour les jeux d'argent. L'opérateur devait recruter des déposants à un coût soutenable, sans jamais mettre en danger sa licence ADM.",
      solution:
        "Nous avons conçu avec l'équipe juridique des créations et des parcours conformes, misé sur l'optimisation des fiches store et les canaux autorisés, et rattaché chaque premier dépôt à sa source.",
      impact:
        "L'opérateur grandit dans le respect des règles : les déposants arrivent à un coût prévisible et aucune campagne n'a été signalée pour non-conformité.",
      results: [
        { value: "< 80 €", label: "de coût par premier déposant" },
        { value: "100 %", label: "de conformité publicitaire" },
        { value: "ADM", label: "marché italien régulé" },
      ],
      tags: ["iGaming", "Marché régulé", "Italie", "ASO"],
    },
  },
  cta: {
    title: "Vous voulez les mêmes résultats pour votre application ?",
    body: "Demandez votre audit de croissance gratuit : nous vous montrons où se cachent vos prochains leviers.",
    button: "Demander mon audit gratuit",
    secondary: "Découvrir nos services",
  },
};

export const caseStudiesContent: Record<Locale, CaseStudiesContent> = { en, fr };
