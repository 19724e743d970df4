import type { Locale } from "@/config/routes";

import { newsletterTextLimits } from "@shared/newsletter-send-limits.ts";

export { newsletterTextLimits };

/**
 * A post as the e-mail is made from it (the `send-newsletter` function's preview and test
 * body): what the editor holds now, saved or not.
 */
export interface NewsletterPost {
  title: string;
  excerpt: string | null;
  content: string | null;
  language: Locale;
  slug: string;
  image_url: string | null;
  image_width: number | null;
  image_height: number | null;
  video_url: string | null;
}

/** The e-mail's own texts: the subject line and the preview line inboxes show after it. */
export interface NewsletterTexts {
  subject: string;
  preheader: string;
}

/** `text` cut to `limit` characters at a word, with an ellipsis when it was longer. */
export function clip(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit - 1);
  const word = cut.replace(/\s+\S*$/, "");
  return `${word.length > limit / 2 ? word : cut}…`;
}

/** The subject and preheader an e-mail starts with: the post's title and excerpt. */
export function defaultTexts(post: Pick<NewsletterPost, "title" | "excerpt">): NewsletterTexts {
  return {
    subject: clip(post.title, newsletterTextLimits.subject),
    preheader: clip(post.excerpt ?? "", newsletterTextLimits.preheader),
  };
}
