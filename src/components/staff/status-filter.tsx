import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

export interface StatusFilterOption<Value extends string> {
  id: Value;
  label: string;
  /** How many rows it holds; null while unknown. */
  count: number | null;
}

/** A staff list's status filter: one pressed button, each showing how many rows it holds. */
export function StatusFilter<Value extends string>({
  options,
  value,
  onChange,
}: {
  options: readonly StatusFilterOption<Value>[];
  value: Value;
  onChange: (value: Value) => void;
}) {
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
              value === id ? "bg-primary-foreground text-primary" : "bg-muted",
            )}
          >
            {count === null ? "–" : count.toLocaleString("en-US")}
          </span>
        </Button>
      ))}
    </div>
  );
}
