import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import {
  DialogContent,
  DialogFooter,
  DialogHeading,
  DismissibleDialog,
} from "@/components/ui/dialog";

/**
 * Asks before something that cannot be undone. Escape, the close button and Cancel all cancel;
 * while `busy`, the dialog stays open and its buttons wait.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  cancelLabel,
  confirmLabel,
  busy = false,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <DismissibleDialog open={open} busy={busy} onDismiss={onCancel}>
      <DialogContent>
        <DialogHeading title={title} description={description} />
        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant="destructive" disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </DismissibleDialog>
  );
}
