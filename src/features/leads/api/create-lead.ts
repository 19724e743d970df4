import { useMutation } from "@tanstack/react-query";
import type { Locale } from "@/config/routes";
import { getSupabase, type AppSupabaseClient } from "@/lib/supabase";
import type { TablesInsert } from "@/types/database";
import type { LeadSource } from "../lib/lead-form-config";

export type NewLead = Required<
  Pick<TablesInsert<"leads">, "name" | "email" | "company" | "website" | "budget" | "message">
> & { source: LeadSource; language: Locale };

/** A refused insert: `status` is the HTTP status (429 when the flood guard stopped it). */
export class LeadSubmissionError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = "LeadSubmissionError";
  }

  get rateLimited(): boolean {
    return this.status === 429 || this.code === "PT429";
  }
}

/**
 * Stores a lead, then asks the notification function to e-mail the agency. Visitors may not
 * read leads, so the insert returns nothing. A failed notification is only logged: the lead is
 * stored and staff see it in the admin list.
 */
export async function createLead(lead: NewLead): Promise<void> {
  const supabase = await getSupabase();
  const { error, status } = await supabase.from("leads").insert(lead);
  if (error) throw new LeadSubmissionError(status, error.message, error.code);

  // Not awaited: the visitor's success does not wait for (or depend on) the e-mail.
  void notifyAgency(supabase, lead);
}

async function notifyAgency(supabase: AppSupabaseClient, lead: NewLead): Promise<void> {
  const { name, email, company, message, source } = lead;
  try {
    const { error } = await supabase.functions.invoke("send-lead-notification", {
      body: { name, email, phone: null, company, message, source },
    });
    if (error) console.warn("The lead notification failed:", error.message);
  } catch (error) {
    console.warn("The lead notification failed:", error);
  }
}

export function useCreateLead() {
  return useMutation({ mutationFn: createLead });
}
