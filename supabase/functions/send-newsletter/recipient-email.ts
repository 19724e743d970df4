// One recipient's copy of a send's e-mail: the rendered HTML and text with their unsubscribe
// token in place of the placeholder, and the List-Unsubscribe headers of their one-click link.
// Built only from what the database keeps (the send's e-mail, the recipient's address and
// token), so a batch tried again is the very same request, byte for byte.
import { headerText, subjectLine } from "../_shared/email.ts";
import { oneClickUnsubscribeUrl, unsubscribeHeaders } from "../_shared/newsletter-links.ts";
import { UNSUBSCRIBE_TOKEN_PLACEHOLDER } from "./newsletter-email.tsx";

export interface Recipient {
  id: string;
  email: string;
  token: string;
}

/** An e-mail as Resend's API takes it. */
export interface ResendEmail {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

export interface SendEmail {
  from: string;
  subject: string;
  html: string;
  text: string;
}

/** The rendered HTML or text with this token in place of the placeholder. */
export const withToken = (rendered: string, token: string) =>
  rendered.replaceAll(UNSUBSCRIBE_TOKEN_PLACEHOLDER, encodeURIComponent(token));

export function recipientEmail(
  email: SendEmail,
  recipient: { email: string; token: string },
  projectUrl: string,
): ResendEmail {
  return {
    from: headerText(email.from),
    to: [headerText(recipient.email)],
    subject: subjectLine(email.subject),
    html: withToken(email.html, recipient.token),
    text: withToken(email.text, recipient.token),
    headers: unsubscribeHeaders(oneClickUnsubscribeUrl(projectUrl, recipient.token)),
  };
}
