/** Every staff query lives under this prefix, so logout can drop them all at once. */
export const adminKeys = {
  all: ["admin"] as const,
  leads: () => [...adminKeys.all, "leads"] as const,
  posts: () => [...adminKeys.all, "posts"] as const,
};

/** The public blog's queries (features/blog), refreshed after a staff change to posts. */
export const publicBlogKey = ["blog-posts"] as const;
