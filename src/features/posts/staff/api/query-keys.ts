import { queryRoots } from "@/lib/query-keys";

/** The staff's reads of every post (the public ones have their keys in api/query-keys.ts). */
export const staffPostKeys = {
  all: () => [...queryRoots.staff, "posts"] as const,
  page: (filter: unknown) => [...staffPostKeys.all(), "page", filter] as const,
  counts: (filter: unknown) => [...staffPostKeys.all(), "counts", filter] as const,
  translation: (id: string, group: string | null) =>
    [...staffPostKeys.all(), "translation", id, group] as const,
  /** `overview_posts_per_month`: the Overview's monthly figures. */
  perMonth: (timeZone: string, months: number) =>
    [...staffPostKeys.all(), "per-month", timeZone, months] as const,
  /** The next posts to go live (published, dated in the future). */
  scheduledNext: (count: number) => [...staffPostKeys.all(), "scheduled-next", count] as const,
  /** One post as the editor opens it: under all(), so every change to a post makes it stale. */
  editorPost: (id: string) => [...staffPostKeys.all(), "editor", id] as const,
  publicPageStatus: (id: string) => [...queryRoots.staff, "public-page-status", id] as const,
  /** What a post's change or deletion makes stale: the staff's reads and the public blog's. */
  changed: () => [staffPostKeys.all(), queryRoots.publishedPosts] as const,
};
