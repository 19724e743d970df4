import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import type { NavigationBlocker } from "@/lib/navigation-blocker";

/** Asks before a navigation that would drop unsaved changes. */
export function UnsavedChangesDialog({ blocker }: { blocker: NavigationBlocker }) {
  const open = blocker.state === "blocked";
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && blocker.state === "blocked") blocker.reset();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Leave without saving?</DialogTitle>
          <DialogDescription>
            You have unsaved changes to this post. If you leave now, they will be lost.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              if (blocker.state === "blocked") blocker.reset();
            }}
          >
            Stay and keep editing
          </Button>
          <Button
            variant="destructive"
            onClick={() => {
              if (blocker.state === "blocked") blocker.proceed();
            }}
          >
            Leave without saving
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
