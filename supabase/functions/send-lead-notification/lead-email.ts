// The agency's e-mails about leads, built from the stored rows with every value HTML-escaped
// and isolated (<bdi>), so a right-to-left name cannot reorder the text around it: one e-mail
// per lead, or one digest for the leads held while too many arrived at once.
import { leadFieldNames, type LeadField } from "@shared/lead-fields.ts";
import { escapeHtml, type OutgoingEmail } from "../_shared/email.ts";
import type { StoredLead } from "./lead.ts";

export interface Addresses {
  from: string;
  to: string[];
}

/** A label for each of a lead's fields (the message has its own paragraph, below the table). */
const FIELD_LABELS: Record<Exclude<LeadField, "message">, string> = {
  name: "Name",
  email: "E-mail",
  phone: "Phone",
  company: "Company",
  website: "Website / app link",
  budget: "Monthly budget",
};

const LABELS: [keyof StoredLead, string][] = [
  ...leadFieldNames.flatMap((field): [LeadField, string][] =>
    field === "message" ? [] : [[field, FIELD_LABELS[field]]],
  ),
  ["source", "Form"],
  ["language", "Language"],
  ["created_at", "Received"],
];

const isolated = (value: unknown) => `<bdi>${escapeHtml(String(value))}</bdi>`;

function leadTable(lead: StoredLead): string {
  const rows = LABELS.filter(([key]) => lead[key])
    .map(
      ([key, label]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0">${isolated(lead[key])}</td></tr>`,
    )
    .join("");
  const message = lead.message
    ? `<p style="white-space:pre-wrap">${isolated(lead.message)}</p>`
    : "";
  return `<table>${rows}</table>${message}`;
}

function leadText(lead: StoredLead): string {
  return (
    LABELS.filter(([key]) => lead[key])
      .map(([key, label]) => `${label}: ${String(lead[key])}`)
      .join("\n") + (lead.message ? `\n\nMessage:\n${lead.message}` : "")
  );
}

const page = (body: string) =>
  `<!doctype html><html><body style="font-family:sans-serif">${body}</body></html>`;

export function buildLeadEmail(lead: StoredLead, addresses: Addresses): OutgoingEmail {
  return {
    ...addresses,
    subject: `New lead: ${lead.name}${lead.company ? ` (${lead.company})` : ""} via ${lead.source}`,
    html: page(`<h2>New lead from the website</h2>${leadTable(lead)}`),
    text: leadText(lead),
    replyTo: lead.email,
  };
}

export function buildDigestEmail(leads: StoredLead[], addresses: Addresses): OutgoingEmail {
  const count = `${leads.length} new lead${leads.length === 1 ? "" : "s"}`;
  const intro =
    "More leads than usual arrived at once, so they come together in this digest. " +
    "Each one is also in the staff area's lead list.";
  return {
    ...addresses,
    subject: `Lead digest: ${count} from the website`,
    html: page(
      `<h2>${escapeHtml(count)} from the website</h2><p>${escapeHtml(intro)}</p>` +
        leads.map((lead) => `<hr>${leadTable(lead)}`).join(""),
    ),
    text: `${intro}\n\n${leads.map(leadText).join("\n\n----\n\n")}`,
  };
}
