import { Constants, type Enums } from "@/types/database";

export const leadStatuses = Constants.public.Enums.lead_status;
export type LeadStatus = Enums<"lead_status">;

export const leadSources = Constants.public.Enums.lead_source;
export type LeadSource = Enums<"lead_source">;

export const leadLanguages = Constants.public.Enums.site_language;
export type LeadLanguage = Enums<"site_language">;

/** The inbox's sortable columns. */
export const leadSortColumns = [
  "created_at",
  "name",
  "email",
  "company",
  "source",
  "language",
  "status",
] as const;
export type LeadSortColumn = (typeof leadSortColumns)[number];

export interface LeadSort {
  column: LeadSortColumn;
  ascending: boolean;
}

/** What the inbox shows: the filters, the order and the page, all kept in the URL. */
export interface LeadFilter {
  /** Part of a name, e-mail address, company or app link, as typed. */
  search: string;
  status: LeadStatus | "all";
  source: LeadSource | "all";
  language: LeadLanguage | "all";
  sort: LeadSort;
  /** From 1. */
  page: number;
}

export const leadsPageSize = 50;

export const newestFirst: LeadSort = { column: "created_at", ascending: false };

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string | null): value is T =>
    value !== null && (values as readonly string[]).includes(value);

export const isLeadStatus = oneOf(leadStatuses);
export const isLeadSource = oneOf(leadSources);
export const isLeadLanguage = oneOf(leadLanguages);
const isLeadSortColumn = oneOf(leadSortColumns);

// `sort=name` is A to Z, `sort=-name` Z to A; the default, newest first, is left out.
function sortFromParam(value: string | null): LeadSort {
  const column = value?.replace(/^-/, "") ?? null;
  if (!isLeadSortColumn(column)) return newestFirst;
  return { column, ascending: !value!.startsWith("-") };
}

/** The inbox's filter as the URL states it; anything unknown falls back to its default. */
export function leadFilterFromParams(params: URLSearchParams): LeadFilter {
  const status = params.get("status");
  const source = params.get("source");
  const language = params.get("language");
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    search: params.get("q") ?? "",
    status: isLeadStatus(status) ? status : "all",
    source: isLeadSource(source) ? source : "all",
    language: isLeadLanguage(language) ? language : "all",
    sort: sortFromParam(params.get("sort")),
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * `params` with the filter written in (defaults left out, so `/admin` is the plain inbox);
 * other parameters, such as the section, are kept.
 */
export function leadFilterToParams(filter: LeadFilter, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  const entries: Record<string, string | null> = {
    q: filter.search || null,
    status: filter.status === "all" ? null : filter.status,
    source: filter.source === "all" ? null : filter.source,
    language: filter.language === "all" ? null : filter.language,
    sort:
      filter.sort.column === newestFirst.column && filter.sort.ascending === newestFirst.ascending
        ? null
        : `${filter.sort.ascending ? "" : "-"}${filter.sort.column}`,
    page: filter.page > 1 ? String(filter.page) : null,
  };
  for (const [key, value] of Object.entries(entries)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** The next order when a column's heading is pressed: that column, flipped if it already was. */
export function nextSort(current: LeadSort, column: LeadSortColumn): LeadSort {
  if (current.column === column) return { column, ascending: !current.ascending };
  // Dates read newest first; text A to Z.
  return { column, ascending: column !== "created_at" };
}
