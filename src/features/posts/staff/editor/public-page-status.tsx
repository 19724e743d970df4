import { CircleAlert, CircleCheck, Loader2 } from "lucide-react";
import { cn } from "@/lib/cn";
import { usePublicPageStatus, type PublicPageStatus } from "../api/get-public-page-status";

const shown: Record<
  PublicPageStatus,
  { icon: typeof CircleCheck; text: string; className: string }
> = {
  building: {
    icon: Loader2,
    text: "Updating the public page…",
    className: "text-muted-foreground [&>svg]:animate-spin",
  },
  live: { icon: CircleCheck, text: "Public page up to date", className: "text-emerald-700" },
  failed: {
    icon: CircleAlert,
    text: "The public page could not be updated; it is retried in a minute",
    className: "text-destructive",
  },
};

/** Whether visitors (and crawlers) see this post as saved: the static site's refresh. */
export function PublicPageStatusLine({ postId }: { postId: string }) {
  const { data: status } = usePublicPageStatus(postId);
  const line = status ? shown[status] : null;
  // Always rendered: a live region announces changes only if it was there before them.
  return (
    <p
      role="status"
      data-testid="public-page-status"
      data-status={status ?? "none"}
      className={cn("flex min-h-5 items-center gap-1.5 text-sm", line?.className)}
    >
      {line && <line.icon className="size-4 shrink-0" aria-hidden />}
      {line?.text}
    </p>
  );
}
