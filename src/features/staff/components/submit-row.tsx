import type { ReactNode } from "react";
import { PendingButton } from "@/components/ui/pending-button";

/**
 * A Profile form's submit button, waiting while `pending`, and `status` read out to screen readers
 * meanwhile.
 */
export function SubmitRow({
  pending,
  icon,
  label,
  pendingLabel,
  status,
}: {
  pending: boolean;
  icon: ReactNode;
  label: string;
  pendingLabel: string;
  status: string;
}) {
  return (
    <div className="flex items-center gap-3">
      <PendingButton type="submit" pending={pending} icon={icon} pendingLabel={pendingLabel}>
        {label}
      </PendingButton>
      <p className="sr-only" role="status" aria-live="polite">
        {pending ? status : ""}
      </p>
    </div>
  );
}
