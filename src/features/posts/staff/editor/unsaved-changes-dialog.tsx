import { ConfirmDialog } from "@/components/confirm-dialog";
import type { NavigationBlocker } from "@/lib/navigation-blocker";

/** Asks before a navigation that would drop unsaved changes. */
export function UnsavedChangesDialog({ blocker }: { blocker: NavigationBlocker }) {
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title="Leave without saving?"
      description="You have unsaved changes to this post. If you leave now, they will be lost."
      cancelLabel="Stay and keep editing"
      confirmLabel="Leave without saving"
      onCancel={() => {
        if (blocker.state === "blocked") blocker.reset();
      }}
      onConfirm={() => {
        if (blocker.state === "blocked") blocker.proceed();
      }}
    />
  );
}
