import { X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { labelFor, plural, statusLabels } from "@/lib/staff/format";
import { useUpdateLeadStatus } from "../api/update-lead-status";
import { leadStatuses, type LeadStatus } from "../lib/leads-filter";

const nothing: ReadonlySet<string> = new Set();

/**
 * The leads checked for a bulk change, in one view of the inbox: what is checked stays on the
 * page it was checked on, so another filter, order or page (`view`) starts with none.
 */
export function useLeadSelection(view: string) {
  const [checked, setChecked] = useState({ view, ids: nothing });
  const selected = checked.view === view ? checked.ids : nothing;
  return {
    selected,
    select(ids: readonly string[], check: boolean) {
      const next = new Set(selected);
      for (const id of ids) {
        if (check) next.add(id);
        else next.delete(id);
      }
      setChecked({ view, ids: next });
    },
    clear: () => setChecked({ view, ids: nothing }),
  };
}

/** What can be done to the checked leads at once: move them to a status, or uncheck them. */
export function BulkActions({
  selected,
  onDone,
}: {
  selected: ReadonlySet<string>;
  onDone: () => void;
}) {
  const update = useUpdateLeadStatus();
  function setStatus(status: LeadStatus) {
    update.mutate(
      { ids: [...selected], status },
      {
        onSuccess: (changed) => {
          toast.success(
            `${plural(changed, "lead", "leads")} marked as ${labelFor(statusLabels, status)}`,
          );
          onDone();
        },
        onError: (error) => toast.error(`Failed to update leads: ${error.message}`),
      },
    );
  }
  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="flex min-h-12 flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
    >
      {selected.size === 0 ? (
        <span className="text-muted-foreground">Check leads to change their status together.</span>
      ) : (
        <>
          <span className="font-medium" aria-live="polite">
            {plural(selected.size, "lead", "leads")} selected
          </span>
          {leadStatuses.map((status) => (
            <Button
              key={status}
              size="sm"
              variant="outline"
              disabled={update.isPending}
              onClick={() => setStatus(status)}
            >
              Mark as {labelFor(statusLabels, status)}
            </Button>
          ))}
          <Button size="sm" variant="ghost" onClick={onDone} disabled={update.isPending}>
            <X aria-hidden /> Clear selection
          </Button>
        </>
      )}
    </div>
  );
}
