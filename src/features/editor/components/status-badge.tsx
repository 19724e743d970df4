import { Badge } from "@/components/ui/badge";
import { isScheduledInFuture, type StoredPublication } from "../lib/post-form";

/** The stored status: Draft, Published, or Scheduled (published with a future date). */
export function StatusBadge({ status, publishedAt }: StoredPublication) {
  if (isScheduledInFuture(status, publishedAt)) {
    return (
      <Badge variant="outline" data-testid="post-status">
        Scheduled
      </Badge>
    );
  }
  if (status === "published") {
    return (
      <Badge className="bg-emerald-600 text-white" data-testid="post-status">
        Published
      </Badge>
    );
  }
  return (
    <Badge variant="secondary" data-testid="post-status">
      Draft
    </Badge>
  );
}
