import type { Locale } from "@/config/routes";

/** The agency's services, in the order the site lists them. */
export const serviceIds = [
  "userAcquisition",
  "retargeting",
  "aso",
  "analytics",
  "skan",
  "attribution",
] as const;

export type ServiceId = (typeof serviceIds)[number];

/**
 * Each service's name: the services page and the footer of every page show it. Kept apart from
 * the services page's copy so the footer does not load that page's text.
 */
export const serviceNames: Record<Locale, Record<ServiceId, string>> = {
  en: {
    userAcquisition: "User Acquisition",
    retargeting: "Retargeting & Retention",
    aso: "App Store Optimisation",
    analytics: "Funnel Analytics & KPIs",
    skan: "SKAN",
    attribution: "Attribution Partner Setup",
  },
  fr: {
    userAcquisition: "Acquisition d'utilisateurs",
    retargeting: "Retargeting et rétention",
    aso: "Optimisation App Store (ASO)",
    analytics: "Analyse de funnel et KPI",
    skan: "SKAN (SKAdNetwork)",
    attribution: "Intégration du partenaire d'attribution",
  },
};
