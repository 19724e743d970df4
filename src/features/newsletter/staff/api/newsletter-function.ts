import { getSupabase } from "@/lib/supabase";
import { fromFunctionStatus } from "../lib/newsletter-errors";
import type { NewsletterPost, NewsletterTexts } from "../lib/newsletter-send";

/** What the e-mail is made from: the post as the editor holds it, and the e-mail's texts. */
export interface NewsletterDraft extends NewsletterTexts {
  post: NewsletterPost;
}

/** An error of supabase-js's functions client: an HTTP refusal carries the Response. */
interface FunctionsError {
  context?: unknown;
}

function statusOf(error: FunctionsError): number | null {
  const { context } = error;
  return context instanceof Response ? context.status : null;
}

/**
 * Calls a route of the `send-newsletter` function with the signed-in staff member's session
 * (the function asks the database whether they may send newsletters). Throws a NewsletterError.
 */
export async function callSendNewsletter<Answer>(
  route: "preview" | "test",
  draft: NewsletterDraft,
  fallback: string,
): Promise<Answer> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.functions.invoke<Answer>(`send-newsletter/${route}`, {
    body: {
      post: draft.post,
      subject: draft.subject.trim(),
      preheader: draft.preheader.trim(),
    },
  });
  if (error || data === null) throw fromFunctionStatus(statusOf(error ?? {}), fallback);
  return data;
}
