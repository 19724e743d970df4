import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

/** A list's status filter as toggle buttons, each showing how many rows that status holds. */
export function StatusFilter<Status extends string>({
  statuses,
  labels,
  counts,
  value,
  onChange,
}: {
  statuses: readonly Status[];
  labels: Readonly<Record<Status, string>>;
  /** Rows per status; undefined while they load. */
  counts: Readonly<Record<Status, number>> | undefined;
  value: Status | "all";
  onChange: (value: Status | "all") => void;
}) {
  const total = counts ? statuses.reduce((sum, status) => sum + counts[status], 0) : null;
  const options = [
    { id: "all" as const, label: "All", count: total },
    ...statuses.map((status) => ({
      id: status,
      label: labels[status],
      count: counts?.[status] ?? null,
    })),
  ];
  return (
    <div role="group" aria-label="Status" className="flex flex-wrap gap-2">
      {options.map(({ id, label, count }) => (
        <Button
          key={id}
          type="button"
          size="sm"
          variant={value === id ? "default" : "outline"}
          aria-pressed={value === id}
          onClick={() => onChange(id)}
        >
          {label}
          <span
            className={cn(
              "min-w-6 rounded-full px-1.5 text-xs tabular-nums",
              value === id ? "bg-primary-foreground/20" : "bg-muted",
            )}
          >
            {count === null ? "–" : count.toLocaleString("en-US")}
          </span>
        </Button>
      ))}
    </div>
  );
}
