import { Constants, type Enums, type Tables } from "@/types/database";

type Lead = Tables<"leads">;

export const leadStatuses = Constants.public.Enums.lead_status;
export type LeadStatus = Enums<"lead_status">;

export const leadSources = Constants.public.Enums.lead_source;
export type LeadSource = Enums<"lead_source">;

export interface LeadFilter {
  search: string;
  status: LeadStatus | "all";
  source: LeadSource | "all";
}

export const emptyLeadFilter: LeadFilter = { search: "", status: "all", source: "all" };

function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

/** Leads matching the search (name, e-mail or company; case and accent blind) and filters. */
export function filterLeads<
  T extends Pick<Lead, "name" | "email" | "company" | "status" | "source">,
>(leads: readonly T[], { search, status, source }: LeadFilter): T[] {
  const terms = normalize(search).split(/\s+/).filter(Boolean);
  return leads.filter((lead) => {
    if (status !== "all" && lead.status !== status) return false;
    if (source !== "all" && lead.source !== source) return false;
    if (terms.length === 0) return true;
    const haystack = normalize([lead.name, lead.email, lead.company ?? ""].join(" "));
    return terms.every((term) => haystack.includes(term));
  });
}

export function isLeadStatus(value: string): value is LeadStatus {
  return (leadStatuses as readonly string[]).includes(value);
}

export function isLeadSource(value: string): value is LeadSource {
  return (leadSources as readonly string[]).includes(value);
}

/** The items of one page (1-based) and the page count; an out-of-range page is clamped. */
export function paginate<T>(items: readonly T[], page: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const start = (current - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), page: current, pageCount };
}
