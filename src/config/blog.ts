import { Constants, type Enums } from "@/types/database";

/** The one post taxonomy, shared by the editor and the public filter (stored as these names). */
export const postCategories = Constants.public.Enums.post_category;

export type PostCategory = Enums<"post_category">;

export function isPostCategory(value: string | null | undefined): value is PostCategory {
  return postCategories.includes(value as PostCategory);
}

export const postsPerPage = 12;

/** The search parameter that filters the blog list by category (a slug of its name). */
export const categoryParam = "category";
