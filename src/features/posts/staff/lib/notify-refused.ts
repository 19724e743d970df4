import { toast } from "@/components/ui/toaster";
import { refusedMessages, type RefusedKind } from "./editor-extensions";

/** Tells the staff member why a link or an image was not added. */
export function notifyRefused(kind: RefusedKind): void {
  toast.error(refusedMessages[kind].title, { description: refusedMessages[kind].description });
}

/** Tells the staff member why an image file was not added (refused, unreadable, not stored). */
export function notifyImageNotAdded(message: string): void {
  toast.error("Image not added", { description: message });
}
