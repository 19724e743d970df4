import type { UseQueryResult } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useId, type ReactElement, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

/** A chart's numbers as a table: the caption is the card's heading. */
export interface ChartTable {
  caption: string;
  columns: string[];
  rows: (string | number)[][];
}

export type ChartState = "loading" | "empty" | "error" | "ready";

/** A query's state as a card shows it; `isEmpty` says when its answer has nothing to draw. */
export function chartStateOf<Data>(
  query: UseQueryResult<Data>,
  isEmpty: (data: Data) => boolean,
): ChartState {
  if (query.isPending) return "loading";
  if (query.isError) return "error";
  return isEmpty(query.data) ? "empty" : "ready";
}

/**
 * One card of the Overview: a region named by its h2 title, with a line under it and, on the
 * right, the card's own controls. ChartCard is one; cards that hold a list use it directly.
 */
export function OverviewCard({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Controls of the card's own (a toggle between two views), beside the title. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h2 id={titleId} className="text-lg font-semibold leading-tight">
            {title}
          </h2>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** What a card shows in its chart's place while loading, when empty and when the read failed. */
function ChartPlaceholder({
  title,
  state,
  emptyMessage,
  onRetry,
}: {
  title: string;
  state: Exclude<ChartState, "ready">;
  emptyMessage: string;
  onRetry?: () => void;
}) {
  if (state === "loading") {
    return (
      <div role="status" className="h-full">
        <span className="sr-only">Loading {title}…</span>
        <Skeleton className="h-full w-full" aria-hidden />
      </div>
    );
  }
  if (state === "empty") {
    return (
      <p className="flex h-full items-center justify-center rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
        {emptyMessage}
      </p>
    );
  }
  return (
    <div
      role="alert"
      className="flex h-full flex-col items-center justify-center gap-3 rounded-md border border-destructive/40 p-4 text-center text-sm"
    >
      <p className="text-destructive">These figures could not be loaded.</p>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden /> Try again
        </Button>
      )}
    </div>
  );
}

/** A chart's numbers, folded under "Show the numbers": what the chart draws, for every reader. */
export function NumbersTable({ caption, columns, rows }: ChartTable) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-primary">Show the numbers</summary>
      <div
        className="mt-2 overflow-x-auto"
        // Focusable, so keyboard users can scroll a wide table sideways.
        tabIndex={0}
        role="group"
        aria-label={`${caption}: the numbers`}
      >
        <table className="w-full tabular-nums">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b text-muted-foreground">
            <tr>
              {columns.map((column, index) => (
                <th
                  key={column}
                  scope="col"
                  className={
                    index === 0
                      ? "px-2 py-1.5 text-left font-medium"
                      : "px-2 py-1.5 text-right font-medium"
                  }
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map(([first, ...cells], row) => (
              <tr key={row}>
                <th scope="row" className="whitespace-nowrap px-2 py-1.5 text-left font-medium">
                  {first}
                </th>
                {cells.map((cell, index) => (
                  <td key={index} className="px-2 py-1.5 text-right">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/**
 * A chart on the Overview: the card's title, a one-line summary, the chart at a fixed height
 * (a skeleton of that height while loading, so nothing jumps; the empty message or the error in
 * its place) and its numbers as a table. `children` is the chart: a component of the card's
 * feature loaded with `lazyChart`, so Recharts loads apart from the cards and their figures.
 */
export function ChartCard({
  title,
  description,
  summary,
  actions,
  table,
  state,
  emptyMessage,
  onRetry,
  height = 240,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** The figure to take away, in words ("12 leads this week, 9 last week"); shown when ready. */
  summary?: ReactNode;
  actions?: ReactNode;
  table: ChartTable;
  state: ChartState;
  emptyMessage: string;
  /** Offered as "Try again" when the read failed. */
  onRetry?: () => void;
  /** The chart's height in pixels, whatever the card's width. */
  height?: number;
  children: ReactElement;
}) {
  return (
    <OverviewCard title={title} description={description} actions={actions}>
      {state === "ready" && summary && <div className="text-sm">{summary}</div>}
      <div style={{ height }}>
        {state === "ready" ? (
          children
        ) : (
          <ChartPlaceholder
            title={title}
            state={state}
            emptyMessage={emptyMessage}
            onRetry={onRetry}
          />
        )}
      </div>
      {state === "ready" && <NumbersTable {...table} />}
    </OverviewCard>
  );
}
