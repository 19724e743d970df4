import { queryOptions, useQuery } from "@tanstack/react-query";
import { readAllPages } from "@/lib/read-all-pages";
import { getSupabase } from "@/lib/supabase";
import type { Tables } from "@/types/database";
import { adminKeys } from "./query-keys";

export type AdminPost = Pick<
  Tables<"blog_posts">,
  | "id"
  | "title"
  | "slug"
  | "language"
  | "status"
  | "featured"
  | "category"
  | "published_at"
  | "created_at"
>;

const columns = "id,title,slug,language,status,featured,category,published_at,created_at" as const;

/** Every post of any status and language, newest first (staff read them all). */
export async function getAdminPosts(): Promise<AdminPost[]> {
  const supabase = await getSupabase();
  return readAllPages((from, to) =>
    supabase
      .from("blog_posts")
      .select(columns)
      .order("created_at", { ascending: false })
      .order("id", { ascending: true })
      .range(from, to),
  );
}

export function adminPostsQuery() {
  return queryOptions({ queryKey: adminKeys.posts(), queryFn: getAdminPosts });
}

export function useAdminPosts() {
  return useQuery(adminPostsQuery());
}
