import { robotsTxtPath, sitemapXmlPath, type Locale } from "@/config/routes";
import { site } from "@/config/site";

/** Files generated at build time; they are not pages of the route table. */
export const technicalFiles = [
  { id: "sitemapXml", href: sitemapXmlPath, label: "sitemap.xml" },
  { id: "robotsTxt", href: robotsTxtPath, label: "robots.txt" },
] as const;

const en = {
  eyebrow: "Sitemap",
  title: "Every page of our website",
  intro: `Find any page of the ${site.name} website in one place.`,
  pagesAvailable: (count: number) => `${count} Pages Available`,
  main: {
    title: "Main pages",
    description: "Our services, results and team, and how to reach us.",
  },
  content: {
    title: "Content",
    description: "Guides and insights on mobile app growth.",
  },
  technical: {
    title: "Technical resources",
    description: "Files for search engines and crawlers.",
    newTab: "(opens in a new tab)",
    files: {
      sitemapXml: "XML sitemap for search engines",
      robotsTxt: "Crawling rules for robots",
    },
  },
  quickNav: {
    title: "Quick navigation",
  },
};

export type SitemapContent = typeof en;

const fr: SitemapContent = {
  eyebrow: "Plan du site",
  title: "Toutes les pages de notre site",
  intro: `Retrouvez en un coup d'œil toutes les pages du site ${site.name}.`,
  pagesAvailable: (count: number) => `${count} pages disponibles`,
  main: {
    title: "Pages principales",
    description: "Nos services, nos résultats, notre équipe et comment nous joindre.",
  },
  content: {
    title: "Contenus",
    description: "Guides et analyses sur la croissance des applications mobiles.",
  },
  technical: {
    title: "Ressources techniques",
    description: "Les fichiers destinés aux moteurs de recherche et aux robots d'indexation.",
    newTab: "(s'ouvre dans un nouvel onglet)",
    files: {
      sitemapXml: "Plan du site XML pour les moteurs de recherche",
      robotsTxt: "Règles d'exploration pour les robots",
    },
  },
  quickNav: {
    title: "Navigation rapide",
  },
};

export const sitemapContent: Record<Locale, SitemapContent> = { en, fr };
