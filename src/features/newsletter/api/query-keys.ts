import { queryRoots } from "@/lib/query-keys";
import type { NewsletterLinkAction } from "./newsletter-links";

export const newsletterQueryKeys = {
  link: (action: NewsletterLinkAction, token: string) =>
    [...queryRoots.newsletterLinks, action, token] as const,
};
