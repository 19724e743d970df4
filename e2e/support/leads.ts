import { serviceClient, secretKey, stackUrl } from "./stack";

/** A unique address per test, so stored rows and the flood guard never collide. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function leadsFor(email: string) {
  const { data, error } = await serviceClient().from("leads").select("*").eq("email", email);
  if (error) throw error;
  return data;
}

export async function subscribersFor(email: string) {
  const { data, error } = await serviceClient()
    .from("newsletter_subscribers")
    .select("*")
    .ilike("email", email);
  if (error) throw error;
  return data;
}

interface OutboxEntry {
  subject?: string;
  replyTo?: string;
  text?: string;
  [key: string]: unknown;
}

/** The e-mails the stack's functions sent that mention this address. */
export async function outboxFor(email: string): Promise<OutboxEntry[]> {
  const response = await fetch(`${stackUrl}/__local/outbox`, {
    headers: { apikey: secretKey, Authorization: `Bearer ${secretKey}` },
  });
  if (!response.ok) throw new Error(`outbox: ${response.status}`);
  const entries = (await response.json()) as OutboxEntry[];
  return entries.filter((entry) => JSON.stringify(entry).includes(email));
}
