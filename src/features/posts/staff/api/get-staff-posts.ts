import { containsPattern } from "@/lib/staff/contains-pattern";
import { pagedQuery } from "@/lib/staff/paged-query";
import { getSupabase, type AppSupabaseClient } from "@/lib/supabase";
import type { Tables } from "@/types/database";
import { postList } from "../lib/posts-filter";
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
  | "excerpt"
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
  "id,title,slug,excerpt,language,status,featured,category,author,published_at,updated_at,translation_group" as const;
const translationColumns = "id,title,language,status,published_at,translation_group" as const;

/** The posts of these translation groups: each listed post's translation is among them. */
async function translationsOf(
  supabase: AppSupabaseClient,
  posts: readonly Pick<PostRow, "translation_group">[],
): Promise<PostTranslation[]> {
  if (posts.length === 0) return [];
  const { data } = await supabase
    .from("blog_posts")
    .select(translationColumns)
    .in(
      "translation_group",
      posts.map((post) => post.translation_group),
    )
    .throwOnError();
  return data;
}

/** The list's pages, each post with its translation, and how many posts each state holds. */
export const staffPostsQuery = pagedQuery(postList, {
  keys: staffPostKeys,
  // One time for every condition of a read: no post is counted both scheduled and published.
  context: async () => ({ supabase: await getSupabase(), now: new Date().toISOString() }),
  rows({ supabase, now }, { language, category, search, status, sort }, head) {
    let query = supabase.from("blog_posts").select(columns, { count: "exact", head });
    if (language !== "all") query = query.eq("language", language);
    if (category !== "all") query = query.eq("category", category);
    if (search.trim()) query = query.ilike("title", containsPattern(search.trim()));
    if (status === "draft") query = query.eq("status", "draft");
    if (status === "published") query = query.eq("status", "published").lte("published_at", now);
    if (status === "scheduled") query = query.eq("status", "published").gt("published_at", now);
    return query
      .order(sort.column === "published" ? "published_at" : "updated_at", {
        ascending: sort.ascending,
        // Never-published drafts have no date: after every dated post, either way.
        nullsFirst: false,
      })
      .order("id", { ascending: true });
  },
  async complete({ supabase }, posts): Promise<AdminPost[]> {
    const translations = await translationsOf(supabase, posts);
    return posts.map((post) => ({
      ...post,
      translation:
        translations.find(
          (other) => other.translation_group === post.translation_group && other.id !== post.id,
        ) ?? null,
    }));
  },
});
