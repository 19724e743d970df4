import type { Dictionary } from "./en";
import { site } from "@/config/site";
import { elide } from "./grammar";

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
    newsletterConfirm: "Confirmer votre abonnement",
    newsletterUnsubscribe: "Se désinscrire",
  },
  meta: {
    home: {
      title: "Agence de croissance d'applications mobiles",
      description: `${site.name} fait grandir les applications iOS et Android\u00a0: acquisition d'utilisateurs, retargeting, ASO, SKAN et attribution. Demandez votre audit de croissance gratuit.`,
    },
    services: {
      title: "Services : acquisition, ASO, SKAN et analytics",
      description:
        "Acquisition d'utilisateurs, retargeting et rétention, optimisation App Store, analyse de funnel, SKAN et intégration de votre partenaire d'attribution.",
    },
    caseStudies: {
      title: "Études de cas",
      description: `Comment ${site.name} a multiplié les premiers dépôts dans les paris sportifs, les premiers achats en e-commerce et la croissance iGaming conforme en Italie.`,
    },
    about: {
      title: "À propos",
      description: `Découvrez les experts de la croissance mobile derrière ${site.name}\u00a0: plus de 50 applications accompagnées, des campagnes pilotées par la donnée et une mesure respectueuse de la vie privée.`,
    },
    contact: {
      title: "Contactez-nous",
      description: `Réservez une consultation gratuite avec ${site.name}. Réponse sous 24 heures, du lundi au vendredi, de 9 h à 18 h (CET).`,
    },
    blog: {
      title: "Le blog de la croissance mobile",
      description:
        "Guides pratiques sur l'acquisition d'utilisateurs, l'ASO, SKAN, la rétention et l'analytics pour les marketeurs d'applications.",
    },
    blogPost: {
      title: "Article",
      description: `Les analyses de l'équipe ${site.name} sur la croissance mobile.`,
    },
    thankYou: {
      title: "Merci",
      description: `Merci pour votre message. Un expert ${site.name} vous répond sous 24 heures.`,
    },
    privacy: {
      title: "Politique de confidentialité",
      description: `Comment ${site.name} collecte, utilise et protège vos données personnelles, quels cookies nous utilisons et comment exercer vos droits.`,
    },
    sitemap: {
      title: "Plan du site",
      description: `Toutes les pages du site ${site.name} en un coup d'œil.`,
    },
    newsletterConfirm: {
      title: "Confirmer votre abonnement à la newsletter",
      description: `Confirmez que vous souhaitez recevoir la newsletter ${elide("de", site.name)}.`,
    },
    newsletterUnsubscribe: {
      title: "Se désinscrire de la newsletter",
      description: `Ne plus recevoir la newsletter ${elide("de", site.name)}.`,
    },
  },
  header: {
    bookConsultation: "Consultation gratuite",
    openMenu: "Ouvrir le menu",
    closeMenu: "Fermer le menu",
    mainNavigation: "Navigation principale",
    homeLink: `Page d'accueil ${elide("de", site.name)}`,
  },
  footer: {
    tagline:
      "Nous faisons grandir les applications iOS et Android grâce à une acquisition pilotée par la donnée, la rétention et une mesure respectueuse de la vie privée.",
    emailUs: "Écrivez-nous",
    servicesHeading: "Services",
    companyHeading: "L'agence",
    rights: (year: number, brand: string) => `© ${year} ${brand}. Tous droits réservés.`,
  },
  notFound: {
    title: "Oups ! Page introuvable",
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
    Analytics: "Analyse de données",
    "Case Studies": "Études de cas",
    "Industry News": "Actualités du secteur",
  },
  blog: {
    eyebrow: "Ressources",
    heading: "La croissance mobile, décryptée",
    intro:
      "Retours de terrain tirés de nos campagnes : acquisition, ASO, SKAN, rétention et l'analytics qui relie le tout.",
    filterLabel: "Filtrer les articles par catégorie",
    all: "Tous",
    video: "Vidéo",
    featured: "À la une",
    readMore: "Lire la suite",
    empty: "Aucun article pour le moment. Revenez bientôt !",
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
    playVideo: (title: string) => `Lire la vidéo\u00a0: ${title}`,
    videoNotice: "Lecture depuis YouTube (mode confidentialité renforcée) au clic.",
    ctaHeading: "Envie de ces résultats pour votre application ?",
    ctaBody:
      "Demandez votre audit de croissance gratuit : nous analysons votre acquisition, votre fiche store et votre mesure, puis vous envoyons un plan d'action priorisé.",
    feed: {
      title: (brand: string) => `Blog ${brand}`,
      description: (brand: string) => `Les analyses de l'équipe ${brand} sur la croissance mobile.`,
    },
    ctaButton: "Obtenir mon audit gratuit",
  },
  leadForm: {
    fields: {
      name: { label: "Nom complet", placeholder: "Marie Dupont" },
      email: { label: "Adresse e-mail", placeholder: "marie@votreapp.fr" },
      company: { label: "Nom de l'entreprise", placeholder: "Votre entreprise" },
      website: { label: "URL du site web", placeholder: "https://votreapp.fr" },
      appLink: {
        label: "Lien de l'application",
        placeholder: "https://apps.apple.com/… ou https://play.google.com/…",
      },
      budget: { label: "Budget mensuel", placeholder: "Choisissez une fourchette" },
      message: {
        label: "Parlez-nous de votre application",
        placeholder: "Votre application, vos objectifs et ce que vous avez déjà essayé",
      },
      contactMessage: {
        label: "Message",
        placeholder: "Comment pouvons-nous aider votre application à grandir ?",
      },
    },
    budgets: {
      under5k: "Moins de 5 000 € par mois",
      from5kTo20k: "De 5 000 € à 20 000 € par mois",
      from20kTo50k: "De 20 000 € à 50 000 € par mois",
      from50kTo100k: "De 50 000 € à 100 000 € par mois",
      over100k: "Plus de 100 000 € par mois",
      notSure: "Je ne sais pas encore",
    },
    requiredHint: "Les champs marqués d'un * sont obligatoires.",
    optional: "facultatif",
    submitAudit: "Obtenir mon audit gratuit",
    submitContact: "Envoyer le message",
    sending: "Envoi en cours...",
    success: "Message envoyé avec succès !",
    failureTitle: "Erreur",
    failure: "Échec de l'envoi du message. Veuillez réessayer.",
    tooManyRequests:
      "Nous avons reçu de nombreux messages depuis votre réseau au cours de la dernière heure. Veuillez réessayer un peu plus tard.",
    honeypot: "Laissez ce champ vide",
    errors: {
      nameRequired: "Veuillez indiquer votre nom.",
      emailRequired: "Veuillez indiquer votre adresse e-mail.",
      emailInvalid: "Veuillez saisir une adresse e-mail valide, par exemple nom@exemple.fr.",
      messageRequired: "Veuillez écrire un court message.",
      urlInvalid: "Veuillez saisir un lien valide, par exemple https://exemple.fr.",
      budgetInvalid: "Veuillez choisir un budget dans la liste.",
      invalidCharacters: "Ce champ contient des caractères non autorisés.",
      tooLong: (max: number) => `Veuillez ne pas dépasser ${max.toLocaleString("fr")} caractères.`,
    },
  },
  newsletter: {
    heading: "Recevez nos notes de croissance par e-mail",
    body: "Un e-mail par mois avec nos derniers articles sur l'acquisition, l'ASO et la mesure. Désinscription à tout moment.",
    label: "Adresse e-mail",
    placeholder: "vous@votreapp.fr",
    submit: "S'abonner",
    submitting: "Inscription en cours...",
    success:
      "C'est presque fini : nous vous avons envoyé un e-mail. Suivez son lien pour confirmer votre inscription.",
    failure: "Votre inscription n'a pas pu être enregistrée. Veuillez réessayer.",
    tooManyRequests:
      "Nous avons reçu de nombreuses inscriptions depuis votre réseau au cours de la dernière heure. Veuillez réessayer plus tard.",
  },
  consent: {
    title: "Cookies et mesure d'audience",
    body: "Avec votre accord, nous utilisons Google Analytics et le pixel Meta pour mesurer nos campagnes et comprendre quelles pages aident nos visiteurs. Rien n'est chargé sans votre accord, et vous pouvez modifier votre choix à tout moment.",
    privacyLink: "Lire notre politique de confidentialité",
    accept: "Accepter",
    reject: "Refuser",
    settings: "Paramètres des cookies",
  },
};
