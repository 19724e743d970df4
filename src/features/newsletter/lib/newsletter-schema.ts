import * as z from "zod/mini";
import { isEmailAddress, singleLineControlCharacters } from "@/lib/text-rules";

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
        (value) =>
          value.length <= 320 && !singleLineControlCharacters.test(value) && isEmailAddress(value),
        { error: messages.emailInvalid },
      ),
    ),
  });
}
