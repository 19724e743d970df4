import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { labelFor, statusLabels } from "@/lib/staff/format";
import type { LeadStatus } from "../lib/leads-filter";

const statusStyles: Record<LeadStatus, string> = {
  new: "border-transparent bg-sky-100 text-sky-900",
  contacted: "border-transparent bg-amber-100 text-amber-900",
  qualified: "border-transparent bg-emerald-100 text-emerald-900",
};

/** A lead's status (the column is text checked against the lead_status enum). */
export function LeadStatusBadge({ status }: { status: string }) {
  return (
    <Badge
      variant="outline"
      className={cn("whitespace-nowrap", statusStyles[status as LeadStatus])}
    >
      {labelFor(statusLabels, status)}
    </Badge>
  );
}
