import type { Locale } from "@/config/routes";
import { queryRoots } from "@/lib/query-keys";

export const postKeys = {
  list: (locale: Locale, category: string | null) =>
    [...queryRoots.publishedPosts, "published", locale, category ?? "all"] as const,
  post: (locale: Locale, slug: string) =>
    [...queryRoots.publishedPosts, "published", locale, "slug", slug] as const,
  categories: (locale: Locale) => [...queryRoots.publishedPosts, "categories", locale] as const,
};
