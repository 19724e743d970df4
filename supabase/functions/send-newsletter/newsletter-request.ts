// What the staff area sends to /preview and /test, checked before anything is rendered: the
// post as the editor holds it (perhaps not saved yet), the subject and the preheader, within
// the limits the database keeps for a send (newsletter_sends' checks).
import { languageCodes, type Language } from "@shared/languages.ts";
import type { NewsletterPost } from "./newsletter-email.tsx";
import { StaffError } from "../_shared/staff-api.ts";
import { newsletterTextLimits } from "@shared/newsletter-send-limits.ts";

export interface NewsletterRequest {
  post: NewsletterPost;
  subject: string;
  preheader: string;
}

const CONTENT_MAX_LENGTH = 1_000_000;
const TEXT_MAX_LENGTH = 2_000;
const controlCharacters = /\p{Cc}/u;

const invalid = (message: string) => new StaffError(400, "invalid_request", message);

function text(value: unknown, name: string, maxLength: number): string {
  if (typeof value !== "string" || value.length > maxLength) {
    throw invalid(`${name} must be text of at most ${maxLength} characters.`);
  }
  return value;
}

const optionalText = (value: unknown, name: string, maxLength: number) =>
  value === null || value === undefined ? null : text(value, name, maxLength);

function optionalSize(value: unknown, name: string): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isInteger(value) || (value as number) <= 0) {
    throw invalid(`${name} must be a positive whole number.`);
  }
  return value as number;
}

/** One of the site's languages, or a refusal. */
export function languageOf(value: unknown): Language {
  const language = languageCodes.find((code) => code === value);
  if (!language) throw invalid(`The language must be one of ${languageCodes.join(", ")}.`);
  return language;
}

/** The post as the e-mail shows it, from the editor's values or a due send's post. */
export function readPost(value: unknown): NewsletterPost {
  const post = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  return {
    title: text(post.title, "The title", TEXT_MAX_LENGTH),
    slug: text(post.slug, "The slug", TEXT_MAX_LENGTH),
    excerpt: optionalText(post.excerpt, "The excerpt", TEXT_MAX_LENGTH),
    content: optionalText(post.content, "The content", CONTENT_MAX_LENGTH),
    language: languageOf(post.language),
    image_url: optionalText(post.image_url, "The image address", TEXT_MAX_LENGTH),
    image_width: optionalSize(post.image_width, "The image width"),
    image_height: optionalSize(post.image_height, "The image height"),
    video_url: optionalText(post.video_url, "The video address", TEXT_MAX_LENGTH),
  };
}

export function readNewsletterRequest(body: unknown): NewsletterRequest {
  const request = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const subject = text(request.subject, "The subject", newsletterTextLimits.subject).trim();
  const preheader = text(request.preheader ?? "", "The preheader", newsletterTextLimits.preheader);
  if (!subject || controlCharacters.test(subject) || controlCharacters.test(preheader)) {
    throw invalid(
      "The subject must be set, and neither it nor the preheader may hold control characters.",
    );
  }
  return { post: readPost(request.post), subject, preheader };
}
