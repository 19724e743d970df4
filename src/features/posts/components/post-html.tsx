import { cn } from "@/lib/cn";
import { sanitizePostHtml } from "@/lib/sanitize-html";

/**
 * A post's HTML body, sanitised. The public post page and the editor's preview both render
 * through this, so the preview is the live page.
 */
export function PostHtml({
  html,
  className,
}: {
  html: string | null | undefined;
  className?: string;
}) {
  return (
    <div
      className={cn("post-body", className)}
      data-testid="post-body"
      dangerouslySetInnerHTML={{ __html: sanitizePostHtml(html) }}
    />
  );
}
