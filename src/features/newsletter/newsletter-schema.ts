import * as z from "zod/mini";

// The database's shape check (newsletter_subscribers_email_check), tightened a little so
// typos such as a missing top-level domain are caught before sending.
const emailShape = /^[^@\s]+@[^@\s.]+(?:\.[^@\s.]+)*\.[a-z]{2,}$/i;
// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u001f\u007f]/;

export interface NewsletterMessages {
  emailRequired: string;
  emailInvalid: string;
}

export function createNewsletterSchema(messages: NewsletterMessages) {
  return z.object({
    email: z.string().check(
      z.trim(),
      z.refine((value) => value !== "", { error: messages.emailRequired, abort: true }),
      z.refine(
        (value) => value.length <= 320 && !controlChars.test(value) && emailShape.test(value),
        { error: messages.emailInvalid },
      ),
    ),
  });
}
