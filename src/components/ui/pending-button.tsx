import { Loader2 } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Button } from "./button";

type PendingButtonProps = ComponentProps<typeof Button> & {
  /** While true: a spinner in place of `icon`, `pendingLabel` (if any) in place of the label, and disabled. */
  pending: boolean;
  icon?: ReactNode;
  pendingLabel?: ReactNode;
};

/** A button for something that takes a moment (a save, a send): it shows a spinner and waits. */
export function PendingButton({
  pending,
  icon,
  pendingLabel,
  disabled,
  children,
  ...props
}: PendingButtonProps) {
  return (
    <Button disabled={pending || disabled} {...props}>
      {pending ? <Loader2 className="animate-spin" aria-hidden /> : icon}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
}
