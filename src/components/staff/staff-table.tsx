import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

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
