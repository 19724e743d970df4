// The lead a visitor's form sends, shared by the stack suites and the notification function's
// unit tests. Free of the stack itself, so a unit test can import it cheaply.
import type { TablesInsert } from "../../src/types/database.ts";

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
