/**
 * The roots of every query key. A feature builds its keys under one of them (its own
 * `api/query-keys.ts`), so one call reaches a whole family across features: every public blog
 * read after staff change a post, every staff read when a session ends.
 */
export const queryRoots = {
  /** Reads of published posts: what visitors see, shared by the blog and the staff tools. */
  publishedPosts: ["blog-posts"],
  /** Reads only staff may make: removed from the cache when the session ends. */
  staff: ["staff"],
} as const;
