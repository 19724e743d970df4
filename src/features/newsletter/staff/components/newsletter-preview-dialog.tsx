import { Monitor, RefreshCw, Smartphone } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  DialogContent,
  DialogFooter,
  DialogHeading,
  DismissibleDialog,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import type { NewsletterDraft } from "../api/newsletter-function";
import { previewFailedMessage, usePreviewNewsletter } from "../api/preview-newsletter";

/** The widths the preview shows the e-mail at: a desktop mail app's, and a phone's. */
export const previewWidths = { desktop: 640, phone: 375 } as const;
type PreviewWidth = keyof typeof previewWidths;

const widthChoices: { value: PreviewWidth; label: string; icon: typeof Monitor }[] = [
  { value: "desktop", label: "Desktop", icon: Monitor },
  { value: "phone", label: "Phone", icon: Smartphone },
];

// The frame's height is fixed, so nothing around it moves while the e-mail loads.
const frameHeight = "h-[min(60vh,40rem)]";

/**
 * The e-mail as subscribers would get it, made by the `send-newsletter` function from the
 * editor's current values: its subject and preheader as an inbox lists them, then the HTML in
 * a sandboxed frame (no scripts, no access to this page) at a desktop or a phone's width.
 */
export function NewsletterPreviewDialog({
  draft,
  onClose,
}: {
  /** What to preview; the dialog is open while there is one. */
  draft: NewsletterDraft | null;
  onClose: () => void;
}) {
  const preview = usePreviewNewsletter();
  const [width, setWidth] = useState<PreviewWidth>("desktop");
  const { mutate, reset } = preview;

  useEffect(() => {
    if (draft) mutate(draft);
    else reset();
  }, [draft, mutate, reset]);

  const shown = preview.data;
  return (
    <DismissibleDialog open={draft !== null} onDismiss={onClose}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-3xl grid-cols-1 gap-3 overflow-y-auto p-4 sm:p-6">
        <DialogHeading
          title="E-mail preview"
          description="What subscribers get, made from the editor's current values (saved or not)."
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div
            role="group"
            aria-label="Preview width"
            className="inline-flex rounded-md border p-1"
          >
            {widthChoices.map(({ value, label, icon: Icon }) => (
              <Button
                key={value}
                type="button"
                size="sm"
                variant={width === value ? "secondary" : "ghost"}
                className="h-8"
                aria-pressed={width === value}
                onClick={() => setWidth(value)}
              >
                <Icon aria-hidden /> {label}
              </Button>
            ))}
          </div>
          <span className="text-xs text-muted-foreground tabular-nums">
            {previewWidths[width]} px wide
          </span>
        </div>
        <div
          className="min-h-12 rounded-md border bg-muted/40 px-3 py-2 text-sm"
          aria-live="polite"
        >
          {shown ? (
            <>
              <p className="truncate font-semibold" data-testid="preview-subject">
                <span className="sr-only">Subject: </span>
                {shown.subject}
              </p>
              <p className="truncate text-muted-foreground" data-testid="preview-preheader">
                <span className="sr-only">Preheader: </span>
                {shown.preheader || "No preheader"}
              </p>
            </>
          ) : preview.isError ? null : (
            <span role="status" className="text-muted-foreground">
              Making the e-mail…
            </span>
          )}
        </div>
        <div
          className={cn("overflow-x-auto rounded-md border bg-muted/50", frameHeight)}
          data-testid="preview-frame-area"
        >
          {preview.isError ? (
            <div
              role="alert"
              className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center"
            >
              <p className="text-destructive">{preview.error.message || previewFailedMessage}</p>
              <Button variant="outline" size="sm" onClick={() => draft && mutate(draft)}>
                <RefreshCw aria-hidden /> Try again
              </Button>
            </div>
          ) : shown ? (
            <iframe
              title="E-mail preview"
              sandbox=""
              srcDoc={shown.html}
              className="mx-auto block h-full bg-white"
              // On a screen narrower than a phone's width, the phone preview takes the room
              // there is, as the e-mail would on that phone; the desktop one scrolls.
              style={{
                width: previewWidths[width],
                maxWidth: width === "phone" ? "100%" : "none",
              }}
            />
          ) : (
            <Skeleton
              className="mx-auto h-full rounded-none"
              style={{ width: previewWidths[width], maxWidth: "100%" }}
            />
          )}
        </div>
        {shown?.text && (
          <details className="rounded-md border px-3 py-2 text-sm">
            <summary className="cursor-pointer font-medium">Plain-text version</summary>
            <pre className="mt-2 h-48 overflow-y-auto whitespace-pre-line break-words font-sans text-muted-foreground">
              {shown.text}
            </pre>
          </details>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </DismissibleDialog>
  );
}
