// The double opt-in e-mail: the confirmation link and, as in every newsletter e-mail, a
// one-click unsubscribe link and the List-Unsubscribe headers (RFC 2369, RFC 8058) that let the
// reader's mail app unsubscribe with one POST to this function.
import { escapeHtml, type OutgoingEmail } from "../_shared/email.ts";
import {
  newsletterPageUrl,
  oneClickUnsubscribeUrl,
  unsubscribeHeaders,
} from "../_shared/newsletter-links.ts";
import type { NewsletterSender } from "../_shared/newsletter-sender.ts";
import { languageCodes, languages, type Language } from "@shared/languages.ts";
import { newsletterPages } from "@shared/newsletter-pages.ts";
import { confirmationMessages } from "./messages.ts";

export interface Confirmation {
  email: string;
  language: string;
  confirm_token: string;
  unsubscribe_token: string;
}

/** The display name of a From address ("Your Agency <news@…>" → "Your Agency"). */
export function brandOf(from: string): string {
  return /^\s*"?([^"<]+?)"?\s*</.exec(from)?.[1] ?? from;
}

/** The subscriber's language, one of the site's (the column's type): anything else is a bug. */
function languageOf(confirmation: Confirmation): Language {
  const language = languageCodes.find((code) => code === confirmation.language);
  if (!language) {
    throw new Error(`newsletter: no site language ${JSON.stringify(confirmation.language)}`);
  }
  return language;
}

export function buildConfirmationEmail(
  confirmation: Confirmation,
  sender: NewsletterSender,
): OutgoingEmail {
  const language = languageOf(confirmation);
  const fill = (text: string) =>
    text.replaceAll("{brand}", brandOf(sender.from)).replaceAll("{email}", confirmation.email);
  const words = confirmationMessages[language];
  const confirmUrl = newsletterPageUrl(
    sender.siteUrl,
    newsletterPages.confirm[language],
    confirmation.confirm_token,
  );
  const unsubscribeUrl = newsletterPageUrl(
    sender.siteUrl,
    newsletterPages.unsubscribe[language],
    confirmation.unsubscribe_token,
  );
  const html =
    `<!doctype html><html lang="${languages.lang[language]}"><body style="font-family:sans-serif;line-height:1.5">` +
    `<p>${escapeHtml(words.greeting)}</p>` +
    `<p>${escapeHtml(fill(words.request))}</p>` +
    `<p><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;padding:10px 16px;background:#4338ca;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(words.confirm)}</a></p>` +
    `<p>${escapeHtml(words.ignore)}</p>` +
    `<p style="font-size:12px;color:#555"><a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(words.unsubscribe)}</a></p>` +
    `</body></html>`;
  const text = [
    words.greeting,
    fill(words.request),
    confirmUrl,
    words.ignore,
    `${words.unsubscribe}: ${unsubscribeUrl}`,
  ].join("\n\n");
  return {
    from: sender.from,
    to: [confirmation.email],
    subject: fill(words.subject),
    html,
    text,
    headers: unsubscribeHeaders(
      oneClickUnsubscribeUrl(sender.projectUrl, confirmation.unsubscribe_token),
    ),
  };
}
