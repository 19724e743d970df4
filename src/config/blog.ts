import type { Enums } from "@/types/database";

export type PostCategory = Enums<"post_category">;

/**
 * The one post taxonomy, shared by the editor and the public filter (stored as these names):
 * the database's post_category values, in its order (src/config/__tests__/blog.test.ts holds
 * them equal). Written out rather than read from the generated Constants, which would bring
 * every enum of the database into the public pages' main chunk.
 */
export const postCategories = [
  "Mobile Marketing",
  "iOS Marketing",
  "Google Ads",
  "Meta Ads",
  "TikTok Marketing",
  "ASO",
  "Analytics",
  "Case Studies",
  "Industry News",
] as const satisfies readonly PostCategory[];

export function isPostCategory(value: string | null | undefined): value is PostCategory {
  return postCategories.includes(value as PostCategory);
}

export const postsPerPage = 12;

/** The search parameter that filters the blog list by category (a slug of its name). */
export const categoryParam = "category";
