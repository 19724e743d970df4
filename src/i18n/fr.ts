import type { Dictionary } from "./en";

export const fr: Dictionary = {
  skipToContent: "Aller au contenu",
  routes: {
    home: "Accueil",
    services: "Services",
    caseStudies: "Études de cas",
    about: "À propos",
    contact: "Contact",
    blog: "Blog",
    blogPost: "Article",
    thankYou: "Merci",
    privacy: "Politique de confidentialité",
    sitemap: "Plan du site",
  },
  meta: {
    home: {
      title: "Agence de croissance d'applications mobiles",
      description:
        "Appgrove fait grandir les applications iOS et Android : acquisition d'utilisateurs, retargeting, ASO, SKAN et attribution. Demandez votre audit de croissance gratuit.",
    },
    services: {
      title: "Services : acquisition, ASO, SKAN et analytics",
      description:
        "Acquisition d'utilisateurs, retargeting et rétention, optimisation App Store, analyse de funnel, SKAN et intégration de votre partenaire d'attribution.",
    },
    caseStudies: {
      title: "Études de cas",
      description:
        "Comment Appgrove a multiplié les premiers dépôts dans les paris sportifs, les premiers achats en e-commerce et la croissance iGaming conforme en Italie.",
    },
    about: {
      title: "À propos",
      description:
        "Découvrez les experts de la croissance mobile derrière Appgrove : plus de 50 applications accompagnées, des campagnes pilotées par la donnée et une mesure respectueuse de la vie privée.",
    },
    contact: {
      title: "Contactez-nous",
      description:
        "Réservez une consultation gratuite avec Appgrove. Réponse sous 24 heures, du lundi au vendredi, de 9 h à 18 h (CET).",
    },
    blog: {
      title: "Le blog de la croissance mobile",
      description:
        "Guides pratiques sur l'acquisition d'utilisateurs, l'ASO, SKAN, la rétention et l'analytics pour les marketeurs d'applications.",
    },
    blogPost: {
      title: "Article",
      description: "Les analyses de l'équipe Appgrove sur la croissance mobile.",
    },
    thankYou: {
      title: "Merci",
      description: "Merci pour votre message. Un expert Appgrove vous répond sous 24 heures.",
    },
    privacy: {
      title: "Politique de confidentialité",
      description:
        "Comment Appgrove collecte, utilise et protège vos données personnelles, quels cookies nous utilisons et comment exercer vos droits.",
    },
    sitemap: {
      title: "Plan du site",
      description: "Toutes les pages du site Appgrove en un coup d'œil.",
    },
  },
  header: {
    bookConsultation: "Consultation gratuite",
    openMenu: "Ouvrir le menu",
    closeMenu: "Fermer le menu",
    mainNavigation: "Navigation principale",
    homeLink: "Page d'accueil d'Appgrove",
  },
  languageToggle: {
    short: "EN",
    label: "English version",
  },
  footer: {
    tagline:
      "Nous faisons grandir les applications iOS et Android grâce à une acquisition pilotée par la donnée, la rétention et une mesure respectueuse de la vie privée.",
    emailUs: "Écrivez-nous",
    servicesHeading: "Services",
    companyHeading: "L'agence",
    serviceLinks: [
      "Acquisition d'utilisateurs",
      "Retargeting et rétention",
      "Optimisation App Store (ASO)",
      "Analyse de funnel et KPI",
      "SKAN et attribution",
    ],
    rights: (year: number, brand: string) => `© ${year} ${brand}. Tous droits réservés.`,
  },
  notFound: {
    title: "Oups ! Page introuvable",
    body: "La page que vous cherchez n'existe pas ou a été déplacée.",
    cta: "Retour à l'accueil",
  },
  routeError: {
    title: "Une erreur est survenue",
    body: "Cette page n'a pas pu s'afficher. Merci de la recharger.",
    reload: "Recharger la page",
  },
  categories: {
    "Mobile Marketing": "Marketing mobile",
    "iOS Marketing": "Marketing iOS",
    "Google Ads": "Google Ads",
    "Meta Ads": "Meta Ads",
    "TikTok Marketing": "Marketing TikTok",
    ASO: "ASO",
    Analytics: "Analytics",
    "Case Studies": "Études de cas",
    "Industry News": "Actualités du secteur",
  },
  blog: {
    eyebrow: "Ressources",
    heading: "La croissance mobile, décryptée",
    intro:
      "Retours de terrain tirés de nos campagnes : acquisition, ASO, SKAN, rétention et l'analytics qui relie le tout.",
    filterLabel: "Filtrer les articles par catégorie",
    all: "Tous",
    video: "Vidéo",
    featured: "À la une",
    readMore: "Lire la suite",
    readMoreAbout: (title: string) => `Lire la suite : ${title}`,
    empty: "Aucun article pour le moment. Revenez bientôt !",
    emptyCategory: "Aucun article dans cette catégorie pour le moment.",
    showAll: "Voir tous les articles",
    loadMore: "Afficher plus d'articles",
    loadingMore: "Chargement…",
    loading: "Chargement des articles…",
    by: (author: string) => `Par ${author}`,
    backToBlog: "Retour au blog",
    errorTitle: "Erreur",
    notFound: "Article introuvable",
    loadFailed: "Impossible de charger l'article",
    playVideo: (title: string) => `Lire la vidéo : ${title}`,
    videoNotice: "Lecture depuis YouTube (mode confidentialité renforcée) au clic.",
    ctaHeading: "Envie de ces résultats pour votre application ?",
    ctaBody: "Demandez votre audit de croissance gratuit : nous analysons votre acquisition, votre fiche store et votre mesure, puis vous envoyons un plan d'action priorisé.",
    ctaButton: "Obtenir mon audit gratuit",
  },
};
