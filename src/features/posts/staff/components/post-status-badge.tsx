import { Badge } from "@/components/ui/badge";
import { publicationState, type StoredPublication } from "../../lib/post-publication";

/** The stored status: Draft, Published, or Scheduled (published with a future date). */
export function PostStatusBadge({ status, publishedAt }: StoredPublication) {
  const state = publicationState({ status, publishedAt });
  if (state === "scheduled") {
    return (
      <Badge variant="outline" data-testid="post-status">
        Scheduled
      </Badge>
    );
  }
  if (state === "published") {
    return <Badge data-testid="post-status">Published</Badge>;
  }
  return (
    <Badge variant="secondary" data-testid="post-status">
      Draft
    </Badge>
  );
}
