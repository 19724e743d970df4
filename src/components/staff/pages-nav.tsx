import { Button } from "@/components/ui/button";

/** Previous and next through a staff list's pages, with where the list is; none for one page. */
export function PagesNav({
  label,
  page,
  pageCount,
  onPage,
}: {
  /** What the pages are of, for screen readers: "Leads pages". */
  label: string;
  /** From 1. */
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      <span className="text-sm text-muted-foreground">
        Page {page} of {pageCount}
      </span>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPage(page + 1)}
        disabled={page >= pageCount}
      >
        Next
      </Button>
    </nav>
  );
}
