import { useMutation } from "@tanstack/react-query";
import { callSendNewsletter, type NewsletterDraft } from "./newsletter-function";

/** The e-mail as subscribers would get it: its texts, its HTML and its plain-text part. */
export interface NewsletterPreview {
  subject: string;
  preheader: string;
  html: string;
  text: string;
}

export const previewFailedMessage = "The e-mail preview could not be made. Please try again.";

/** Renders the e-mail from the editor's current values (`send-newsletter/preview`). */
export function previewNewsletter(draft: NewsletterDraft): Promise<NewsletterPreview> {
  return callSendNewsletter<NewsletterPreview>("preview", draft, previewFailedMessage);
}

export function usePreviewNewsletter() {
  return useMutation({ mutationFn: previewNewsletter });
}
