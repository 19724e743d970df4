import { queryRoots } from "@/lib/query-keys";

/** The staff's reads of every post (the public ones have their keys in api/query-keys.ts). */
export const staffPostKeys = {
  all: () => [...queryRoots.staff, "posts"] as const,
  list: (filter: unknown) => [...staffPostKeys.all(), "list", filter] as const,
  counts: (filter: unknown) => [...staffPostKeys.all(), "counts", filter] as const,
  translation: (id: string, group: string | null) =>
    [...staffPostKeys.all(), "translation", id, group] as const,
  editorPost: (id: string) => [...queryRoots.staff, "editor-post", id] as const,
  publicPageStatus: (id: string) => [...queryRoots.staff, "public-page-status", id] as const,
};
