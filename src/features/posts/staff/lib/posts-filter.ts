import { postCategories } from "@/config/blog";
import { locales } from "@/config/routes";
import { defineList, type ListStateOf } from "@/lib/staff/list-url-state";
import type { PublicationState } from "../../lib/post-publication";

export const postStates = [
  "draft",
  "published",
  "scheduled",
] as const satisfies readonly PublicationState[];

/**
 * The staff list of posts: filtered by publication state, language and category, searched by
 * title, sorted by a date, 20 posts a page; the URL holds it all, so a filtered list can be
 * shared (`?tab=posts&status=draft&language=fr&sort=published&dir=asc`).
 */
export const postList = defineList({
  filters: { status: postStates, language: locales, category: postCategories },
  sortColumns: ["updated", "published"],
  defaultSort: { column: "updated", ascending: false },
  // Newest first, whichever date.
  startsAscending: () => false,
  pageSize: 20,
});

export type PostFilter = ListStateOf<typeof postList>;
export type PostSortColumn = PostFilter["sort"]["column"];
