import { cn } from "@/lib/cn";

export interface Figure {
  value: string;
  label: string;
}

interface StatGridProps {
  items: readonly Figure[];
  tone?: "light" | "dark" | "card";
  /** Smaller figures for narrow columns. */
  compact?: boolean;
  className?: string;
}

/** Key figures: the value stands out, the label explains it. */
export function StatGrid({ items, tone = "card", compact = false, className }: StatGridProps) {
  return (
    <dl
      className={cn(
        "grid grid-cols-2 gap-4",
        items.length === 4 ? "lg:grid-cols-4" : "sm:grid-cols-3",
        className,
      )}
    >
      {items.map((item) => (
        <div
          key={item.label}
          className={cn(
            "flex flex-col-reverse justify-end gap-2 rounded-2xl p-5 sm:p-6",
            tone === "card" && "border border-border bg-background/90 shadow-sm backdrop-blur",
            tone === "light" && "bg-secondary",
            tone === "dark" && "bg-white/5 ring-1 ring-white/10",
          )}
        >
          <dt
            className={cn(
              "text-sm font-medium leading-snug",
              tone === "dark" ? "text-ink-foreground/80" : "text-muted-foreground",
            )}
          >
            {item.label}
          </dt>
          <dd
            className={cn(
              "font-extrabold tracking-tight tabular-nums",
              compact ? "text-2xl sm:text-3xl" : "text-2xl sm:text-4xl",
              tone === "dark" ? "text-emerald-300" : "text-primary",
            )}
          >
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
