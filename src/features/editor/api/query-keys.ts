import { queryRoots } from "@/lib/query-keys";

export const editorKeys = {
  post: (id: string) => [...queryRoots.staff, "editor-post", id] as const,
  publicPageStatus: (id: string) => [...queryRoots.staff, "public-page-status", id] as const,
};
