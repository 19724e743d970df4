import { Button } from "@/components/ui/button";
import {
  DialogContent,
  DialogFooter,
  DialogHeading,
  DismissibleDialog,
} from "@/components/ui/dialog";
import { formatLocalDateTime } from "@/lib/local-date-time";
import type { RepublishChoice } from "../../lib/post-publication";

/**
 * Publishing a post that was live before: keep its original date (a correction) or publish it
 * as new (dated now, at the top of the blog). Escape and the close button publish nothing.
 */
export function RepublishDialog({
  originalDate,
  onChoose,
  onCancel,
}: {
  /** The post's earlier publication date; the dialog is open while there is one. */
  originalDate: string | null;
  onChoose: (choice: RepublishChoice) => void;
  onCancel: () => void;
}) {
  return (
    <DismissibleDialog open={originalDate !== null} onDismiss={onCancel}>
      <DialogContent>
        <DialogHeading
          title="Publish this post again?"
          description={
            <>
              It was first published on{" "}
              <strong className="font-medium text-foreground">
                {originalDate ? formatLocalDateTime(originalDate) : ""}
              </strong>
              . Keep that date, or publish it as new with today&apos;s date at the top of the blog.
            </>
          }
        />
        <DialogFooter>
          <Button variant="outline" onClick={() => onChoose("keep-date")}>
            Keep the original date
          </Button>
          <Button onClick={() => onChoose("as-new")}>Publish as new</Button>
        </DialogFooter>
      </DialogContent>
    </DismissibleDialog>
  );
}
