// The lead a visitor's form sends, shared by the stack suites and the notification function's
// unit tests. Free of the stack itself, so a unit test can import it cheaply.
import type { TablesInsert } from "../../shared/database.types.ts";

/** The columns a visitor's form fills in (the generated schema types, made required). */
export type LeadRow = Required<
  Pick<
    TablesInsert<"leads">,
    | "name"
    | "email"
    | "phone"
    | "company"
    | "website"
    | "budget"
    | "message"
    | "source"
    | "language"
  >
>;

/** What the contact form sends (src/features/leads/api/create-lead.ts). */
export function visitorLead(email: string, overrides: Partial<LeadRow> = {}): LeadRow {
  return {
    name: "Ada Lovelace",
    email,
    phone: null,
    company: "Analytical Apps",
    website: "https://apps.apple.com/app/id123",
    budget: "$10k-$50k",
    message: "We want to scale installs.",
    source: "contact",
    language: "en",
    ...overrides,
  };
}

let visitorCount = 0;

/**
 * A client address no other visitor of this process has, for X-Forwarded-For: the stack takes
 * its first entry as the client's address (CF-Connecting-IP), as a trusted proxy would.
 */
export function visitorAddress(): string {
  visitorCount += 1;
  const [high, low] = [Math.floor(visitorCount / 65_536) % 256, visitorCount % 65_536];
  return `10.${high}.${Math.floor(low / 256)}.${low % 256}`;
}

/** A fetch for which every request comes from another visitor (a new X-Forwarded-For). */
export const fetchAsNewVisitors: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set("x-forwarded-for", visitorAddress());
  return fetch(input, { ...init, headers });
};
