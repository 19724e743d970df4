import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicationState } from "../../lib/post-publication";
import { getSupabase, type AppSupabaseClient } from "@/lib/supabase";
import type { Tables } from "@/types/database";
import { containsPattern } from "@/lib/staff/contains-pattern";
import { postStates, type PostFilter } from "../lib/posts-filter";
import { staffPostKeys } from "./query-keys";

type PostRow = Tables<"blog_posts">;

/** The other language's post of a post's translation group. */
export type PostTranslation = Pick<
  PostRow,
  "id" | "title" | "language" | "status" | "published_at" | "translation_group"
>;

export type AdminPost = Pick<
  PostRow,
  | "id"
  | "title"
  | "slug"
  | "language"
  | "status"
  | "featured"
  | "category"
  | "author"
  | "published_at"
  | "updated_at"
  | "translation_group"
> & { translation: PostTranslation | null };

const columns =
  "id,title,slug,language,status,featured,category,author,published_at,updated_at,translation_group" as const;
const translationColumns = "id,title,language,status,published_at,translation_group" as const;

export const postsPageSize = 20;

/** Every post the filter's language, category and search match, in one publication state. */
function matchingPosts(
  supabase: AppSupabaseClient,
  { language, category, search }: Pick<PostFilter, "language" | "category" | "search">,
  state: PublicationState | "all",
  now: string,
  { head = false }: { head?: boolean } = {},
) {
  let query = supabase.from("blog_posts").select(columns, { count: "exact", head });
  if (language !== "all") query = query.eq("language", language);
  if (category !== "all") query = query.eq("category", category);
  if (search.trim()) query = query.ilike("title", containsPattern(search.trim()));
  if (state === "draft") query = query.eq("status", "draft");
  if (state === "published") query = query.eq("status", "published").lte("published_at", now);
  if (state === "scheduled") query = query.eq("status", "published").gt("published_at", now);
  return query;
}

/** The posts of these translation groups: each listed post's translation is among them. */
async function translationsOf(
  supabase: AppSupabaseClient,
  posts: readonly Pick<PostRow, "translation_group">[],
): Promise<PostTranslation[]> {
  if (posts.length === 0) return [];
  const { data, error } = await supabase
    .from("blog_posts")
    .select(translationColumns)
    .in(
      "translation_group",
      posts.map((post) => post.translation_group),
    );
  if (error) throw error;
  return data;
}

/** One page of posts, as the filter sorts them, each with its translation; and how many match. */
export async function getAdminPosts(filter: PostFilter) {
  const supabase = await getSupabase();
  const from = (filter.page - 1) * postsPageSize;
  const { data, count, error } = await matchingPosts(
    supabase,
    filter,
    filter.status,
    new Date().toISOString(),
  )
    .order(filter.sort === "published" ? "published_at" : "updated_at", {
      ascending: filter.direction === "asc",
      // Never-published drafts have no date: after every dated post, either way.
      nullsFirst: false,
    })
    .order("id", { ascending: true })
    .range(from, from + postsPageSize - 1);
  if (error) throw error;
  const translations = await translationsOf(supabase, data);
  const posts: AdminPost[] = data.map((post) => ({
    ...post,
    translation:
      translations.find(
        (other) => other.translation_group === post.translation_group && other.id !== post.id,
      ) ?? null,
  }));
  return { posts, total: count ?? posts.length };
}

/** How many posts the filter's language, category and search match in each state. */
export async function getAdminPostCounts(
  filter: Pick<PostFilter, "language" | "category" | "search">,
): Promise<Record<PublicationState, number>> {
  const supabase = await getSupabase();
  const now = new Date().toISOString();
  const counts = await Promise.all(
    postStates.map(async (state) => {
      const { count, error } = await matchingPosts(supabase, filter, state, now, { head: true });
      if (error) throw error;
      return [state, count ?? 0] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<PublicationState, number>;
}

export function useAdminPosts(filter: PostFilter) {
  return useQuery(
    queryOptions({
      queryKey: staffPostKeys.list(filter),
      queryFn: () => getAdminPosts(filter),
      // The table keeps its rows while the next page or filter loads: no jump.
      placeholderData: keepPreviousData,
    }),
  );
}

export function useAdminPostCounts({
  language,
  category,
  search,
}: Pick<PostFilter, "language" | "category" | "search">) {
  const filter = { language, category, search };
  return useQuery({
    queryKey: staffPostKeys.counts(filter),
    queryFn: () => getAdminPostCounts(filter),
    placeholderData: keepPreviousData,
  });
}
