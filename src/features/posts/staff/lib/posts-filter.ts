import { isPostCategory, type PostCategory } from "@/config/blog";
import { locales, type Locale } from "@/config/routes";
import type { PublicationState } from "../../lib/post-publication";

export const postStates = [
  "draft",
  "published",
  "scheduled",
] as const satisfies readonly PublicationState[];

/** The dates the list sorts by. */
export const postSortColumns = ["updated", "published"] as const;
export type PostSortColumn = (typeof postSortColumns)[number];
export type SortDirection = "asc" | "desc";

/** What the staff list of posts shows: the URL holds it, so a filtered list can be shared. */
export interface PostFilter {
  status: PublicationState | "all";
  language: Locale | "all";
  category: PostCategory | "all";
  /** Part of a title, as typed. */
  search: string;
  sort: PostSortColumn;
  direction: SortDirection;
  /** From 1. */
  page: number;
}

export const defaultPostFilter: PostFilter = {
  status: "all",
  language: "all",
  category: "all",
  search: "",
  sort: "updated",
  direction: "desc",
  page: 1,
};

// The section itself is `tab`; these are the list's own.
const params = {
  status: "status",
  language: "lang",
  category: "category",
  search: "q",
  sort: "sort",
  direction: "dir",
  page: "page",
} as const satisfies Record<keyof PostFilter, string>;

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  options.find((option) => option === value);

/** The filter a URL names; anything missing or unknown is the default. */
export function postFilterFromParams(search: URLSearchParams): PostFilter {
  const category = search.get(params.category);
  const page = Number(search.get(params.page));
  return {
    status: oneOf(postStates, search.get(params.status)) ?? defaultPostFilter.status,
    language: oneOf(locales, search.get(params.language)) ?? defaultPostFilter.language,
    category: isPostCategory(category) ? category : defaultPostFilter.category,
    search: search.get(params.search) ?? defaultPostFilter.search,
    sort: oneOf(postSortColumns, search.get(params.sort)) ?? defaultPostFilter.sort,
    direction: oneOf(["asc", "desc"], search.get(params.direction)) ?? defaultPostFilter.direction,
    page: Number.isInteger(page) && page > 1 ? page : defaultPostFilter.page,
  };
}

/** `search` with the filter written in: defaults left out, every other parameter kept. */
export function withPostFilter(search: URLSearchParams, filter: PostFilter): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of Object.keys(params) as (keyof PostFilter)[]) {
    const value = String(filter[key]);
    if (value === String(defaultPostFilter[key])) next.delete(params[key]);
    else next.set(params[key], value);
  }
  return next;
}

/** The sort a column heading asks for: newest first, or the other way when it already sorts. */
export function nextSort(
  filter: Pick<PostFilter, "sort" | "direction">,
  column: PostSortColumn,
): Pick<PostFilter, "sort" | "direction"> {
  if (filter.sort !== column) return { sort: column, direction: "desc" };
  return { sort: column, direction: filter.direction === "desc" ? "asc" : "desc" };
}
