import type { Tables } from "@/types/database";

/** What a list card shows: everything but the body, which lists never need. */
export const postSummaryColumns =
  "id,title,slug,excerpt,category,featured,image_url,video_url,published_at,created_at,language" as const;

export type PostSummary = Pick<
  Tables<"blog_posts">,
  | "id"
  | "title"
  | "slug"
  | "excerpt"
  | "category"
  | "featured"
  | "image_url"
  | "video_url"
  | "published_at"
  | "created_at"
  | "language"
>;
