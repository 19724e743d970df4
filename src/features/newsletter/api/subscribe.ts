import { useMutation } from "@tanstack/react-query";
import type { Locale } from "@/config/routes";
import { getSupabase, type AppSupabaseClient } from "@/lib/supabase";

export interface NewSubscriber {
  email: string;
  language: Locale;
}

/** A refused sign-up: `status` is the HTTP status (429 when the address limit stopped it). */
export class SubscriptionError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "SubscriptionError";
  }

  get rateLimited(): boolean {
    return this.status === 429;
  }
}

/**
 * Signs an address up as pending (newsletter_subscribe answers the same whatever it found),
 * then asks the newsletter function to send the confirmation e-mail. The visitor's success
 * does not wait for the e-mail.
 */
export async function subscribe({ email, language }: NewSubscriber): Promise<void> {
  const supabase = await getSupabase();
  const { error, status } = await supabase.rpc("newsletter_subscribe", { email, language });
  if (error) throw new SubscriptionError(status, error.message);
  void requestConfirmation(supabase, email);
}

async function requestConfirmation(supabase: AppSupabaseClient, email: string): Promise<void> {
  // functions.invoke answers most failures as `error`; a thrown one is treated the same.
  const { error } = await supabase.functions
    .invoke("newsletter/confirmation", { body: { email } })
    .catch((thrown: unknown) => ({ error: thrown }));
  if (error) console.warn("The confirmation e-mail could not be requested:", error);
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
