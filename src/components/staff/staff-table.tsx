import { ArrowDownUp, ArrowDownWideNarrow, ArrowUpNarrowWide } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import type { ListSort } from "@/lib/staff/list-url-state";

/** A column heading of a staff table; `sort` when the rows are sorted by this column. */
export function HeadCell({
  children,
  className,
  sort,
}: {
  children: ReactNode;
  className?: string;
  sort?: "ascending" | "descending";
}) {
  return (
    <th scope="col" className={cn("px-4 py-3 font-medium", className)} aria-sort={sort}>
      {children}
    </th>
  );
}

/** How a staff table is sorted, and what pressing a column's heading does. */
export interface TableSorting<Column extends string> {
  sort: ListSort<Column>;
  onSort: (column: Column) => void;
}

/** The heading of a column the rows can be sorted by: a button that sorts by it, then flips. */
export function SortHeadCell<Column extends string>({
  column,
  label,
  sort,
  onSort,
  className,
}: TableSorting<Column> & { column: Column; label: string; className?: string }) {
  const active = sort.column === column;
  // Icons no public page uses: sharing one would reshuffle the public chunks.
  const Icon = !active ? ArrowDownUp : sort.ascending ? ArrowUpNarrowWide : ArrowDownWideNarrow;
  return (
    <HeadCell
      className={className}
      sort={active ? (sort.ascending ? "ascending" : "descending") : undefined}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className="-mx-1 inline-flex items-center gap-1 rounded-sm px-1 uppercase tracking-wide hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        {label}
        <Icon className={cn("size-3.5", !active && "opacity-40")} aria-hidden />
      </button>
    </HeadCell>
  );
}

/**
 * A staff list as a table that scrolls sideways on narrow screens; the scrolling region is
 * focusable and named, so keyboard users can scroll it too.
 */
export function StaffTable({
  label,
  caption,
  headings,
  children,
}: {
  label: string;
  /** For screen readers: what the rows are and their order. */
  caption: string;
  /** The heading cells, `HeadCell`s. */
  headings: ReactNode;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <div
      // Positioned, so what is placed inside (screen-reader text) scrolls with it, not the page.
      className="relative overflow-x-auto rounded-lg border bg-card"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>{headings}</tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  );
}
