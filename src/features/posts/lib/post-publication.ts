// Where a post stands for visitors, and what publishing it again does to its date: shared by the
// editor and the staff list of posts, which both publish (docs/ARCHITECTURE.md, decision 7).

/** The post as it is stored: its status and publication date. */
export interface StoredPublication {
  status: string;
  publishedAt: string | null;
}

/** A draft, live, or published with a date still to come (hidden from visitors until then). */
export type PublicationState = "draft" | "published" | "scheduled";

export function publicationState(
  { status, publishedAt }: StoredPublication,
  now: Date = new Date(),
): PublicationState {
  if (status !== "published") return "draft";
  return publishedAt && Date.parse(publishedAt) > now.getTime() ? "scheduled" : "published";
}

/**
 * A draft that was live before: taken back to draft, a post keeps the date it was published on,
 * so publishing it again asks whether that date stands.
 */
export function wasPublishedBefore(
  { status, publishedAt }: StoredPublication,
  now: Date = new Date(),
): boolean {
  return status === "draft" && publishedAt !== null && Date.parse(publishedAt) <= now.getTime();
}

/** Publishing a post again: keep its original date (a correction) or publish it as new. */
export type RepublishChoice = "keep-date" | "as-new";

/**
 * The date to publish with: the post's own, or, published as new, none (the database dates it
 * on publication).
 */
export function republishedAt(
  publishedAt: string | null,
  choice: RepublishChoice | undefined,
): string | null {
  return choice === "as-new" ? null : publishedAt;
}
