import type { Locale } from "@/config/routes";
import { site } from "@/config/site";

interface PrivacySection {
  title: string;
  paragraphs: string[];
  list?: string[];
}

interface PrivacyContent {
  title: string;
  intro: string;
  lastUpdated: string;
  tocTitle: string;
  sections: PrivacySection[];
  contactEmailLabel: string;
}

const en: PrivacyContent = {
  title: "Privacy Policy",
  intro: `This policy explains what personal data ${site.name} collects when you visit our website or contact us, why we collect it, and the choices and rights you have.`,
  lastUpdated: "Last updated:",
  tocTitle: "On this page",
  sections: [
    {
      title: "1. Information we collect",
      paragraphs: ["We only collect the information we need to answer you and run this website:"],
      list: [
        "Details you give us in our forms: your name, e-mail address, phone number, company, app or website link, monthly budget and message.",
        "Your e-mail address and language when you subscribe to our newsletter. Your subscription starts only once you confirm it from the e-mail we send you.",
        "The network (IP) address our forms are sent from, kept for one day at most, so that we can stop automated abuse.",
        "Technical data such as pages visited, device type and approximate location, collected through cookies only if you agree.",
      ],
    },
    {
      title: "2. How we use your information",
      paragraphs: ["We use your information to:"],
      list: [
        "reply to your request and prepare your free consultation or growth audit;",
        "send you our newsletter, if you subscribed (you can unsubscribe at any time);",
        "understand how visitors use our website and improve it;",
        "measure the effectiveness of our own advertising, with your consent.",
      ],
    },
    {
      title: "3. Information sharing",
      paragraphs: [
        "We never sell your personal data. We share it only with service providers that help us run our business, such as our hosting and database provider and our e-mail service, under contracts that require them to protect it and to use it only on our instructions.",
        "We may also disclose information when the law requires it.",
      ],
    },
    {
      title: "4. Data security",
      paragraphs: [
        "Your data is encrypted in transit and stored with access restricted to the members of our team who need it. We keep lead information for no longer than three years after our last contact, unless you ask us to delete it sooner.",
      ],
    },
    {
      title: "5. Cookies and tracking",
      paragraphs: [
        "Our website uses an analytics tool to measure audience and a social-media marketing pixel to measure the results of our advertising campaigns. Both are loaded only after you give your consent in the cookie banner, and you can change your choice at any time.",
        "Without your consent, we only use what is strictly necessary for the website to work, such as remembering your cookie choice.",
      ],
    },
    {
      title: "6. Your rights",
      paragraphs: ["Under the GDPR you can, at any time:"],
      list: [
        "access the personal data we hold about you;",
        "ask us to correct inaccurate data;",
        "ask us to delete your data;",
        "object to our use of your data, including for marketing;",
        "receive your data in a portable format (portability).",
      ],
    },
    {
      title: "7. Contact us",
      paragraphs: [
        "For any question about this policy or to exercise your rights, write to us. We reply within one month. You can also lodge a complaint with your data protection authority.",
      ],
    },
  ],
  contactEmailLabel: "Privacy requests:",
};

export type PrivacyPageContent = PrivacyContent;

const fr: PrivacyPageContent = {
  title: "Politique de confidentialité",
  intro: `Cette politique explique quelles données personnelles ${site.name} collecte lorsque vous visitez notre site ou nous contactez, pourquoi nous les collectons, ainsi que vos choix et vos droits.`,
  lastUpdated: "Dernière mise à jour :",
  tocTitle: "Sur cette page",
  sections: [
    {
      title: "1. Les informations que nous collectons",
      paragraphs: [
        "Nous ne collectons que les informations nécessaires pour vous répondre et faire fonctionner ce site :",
      ],
      list: [
        "les informations saisies dans nos formulaires : nom, adresse e-mail, téléphone, entreprise, lien de votre application ou de votre site, budget mensuel et message ;",
        "votre adresse e-mail et votre langue si vous vous inscrivez à notre newsletter (l'inscription ne prend effet qu'une fois confirmée depuis l'e-mail que nous vous envoyons) ;",
        "l'adresse réseau (IP) depuis laquelle nos formulaires sont envoyés, conservée une journée au plus, afin de bloquer les abus automatisés ;",
        "des données techniques (pages consultées, type d'appareil, localisation approximative), collectées au moyen de cookies uniquement si vous l'acceptez.",
      ],
    },
    {
      title: "2. L'utilisation de vos informations",
      paragraphs: ["Nous utilisons vos informations pour :"],
      list: [
        "répondre à votre demande et préparer votre consultation ou votre audit de croissance gratuit ;",
        "vous envoyer notre newsletter si vous y êtes inscrit (désinscription possible à tout moment) ;",
        "comprendre comment notre site est utilisé et l'améliorer ;",
        "mesurer l'efficacité de nos propres campagnes publicitaires, avec votre consentement.",
      ],
    },
    {
      title: "3. Le partage des informations",
      paragraphs: [
        "Nous ne vendons jamais vos données personnelles. Nous les partageons uniquement avec les prestataires qui nous aident à exercer notre activité, comme notre hébergeur, notre fournisseur de base de données et notre service d'e-mail, dans le cadre de contrats qui les obligent à les protéger et à ne les utiliser que sur nos instructions.",
        "Nous pouvons également communiquer des informations lorsque la loi l'exige.",
      ],
    },
    {
      title: "4. La sécurité des données",
      paragraphs: [
        "Vos données sont chiffrées lors de leur transmission et stockées avec un accès limité aux seuls membres de l'équipe qui en ont besoin. Nous conservons les informations de contact trois ans au plus après notre dernier échange, sauf si vous nous demandez de les supprimer plus tôt.",
      ],
    },
    {
      title: "5. Cookies et traceurs",
      paragraphs: [
        "Notre site utilise un outil d'analytics pour mesurer son audience et un pixel marketing de réseau social pour mesurer les résultats de nos campagnes publicitaires. Ces deux outils ne sont chargés qu'après votre consentement dans le bandeau cookies, et vous pouvez modifier votre choix à tout moment.",
        "Sans votre consentement, nous n'utilisons que ce qui est strictement nécessaire au fonctionnement du site, par exemple pour mémoriser votre choix en matière de cookies.",
      ],
    },
    {
      title: "6. Vos droits",
      paragraphs: ["Conformément au RGPD, vous pouvez à tout moment :"],
      list: [
        "accéder aux données personnelles que nous détenons sur vous ;",
        "demander la rectification de données inexactes ;",
        "demander la suppression de vos données ;",
        "vous opposer à leur utilisation, notamment à des fins de prospection ;",
        "recevoir vos données dans un format réutilisable (droit à la portabilité).",
      ],
    },
    {
      title: "7. Nous contacter",
      paragraphs: [
        "Pour toute question sur cette politique ou pour exercer vos droits, écrivez-nous. Nous vous répondons sous un mois. Vous pouvez également introduire une réclamation auprès de la CNIL.",
      ],
    },
  ],
  contactEmailLabel: "Demandes relatives à vos données :",
};

export const privacyContent: Record<Locale, PrivacyPageContent> = { en, fr };
