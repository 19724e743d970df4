/** The one post taxonomy, shared by the editor and the public filter (stored as these names). */
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
] as const;

export type PostCategory = (typeof postCategories)[number];

export function isPostCategory(value: string | null | undefined): value is PostCategory {
  return postCategories.includes(value as PostCategory);
}

export const postsPerPage = 12;

/** The search parameter that filters the blog list by category (a slug of its name). */
export const categoryParam = "category";
