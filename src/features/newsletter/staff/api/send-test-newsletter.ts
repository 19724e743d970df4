import { useMutation } from "@tanstack/react-query";
import { callSendNewsletter, type NewsletterDraft } from "./newsletter-function";

export const testFailedMessage = "The test e-mail could not be sent. Please try again.";

/**
 * Sends the e-mail made from the editor's current values to the signed-in staff member's own
 * address (`send-newsletter/test`, its subject marked "[Test]"). Returns that address.
 */
export async function sendTestNewsletter(draft: NewsletterDraft): Promise<string> {
  const { to } = await callSendNewsletter<{ to: string }>("test", draft, testFailedMessage);
  return to;
}

export function useSendTestNewsletter() {
  return useMutation({ mutationFn: sendTestNewsletter });
}
