import type { UseQueryResult } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

export interface QueryStatusLabels {
  loading: string;
  failed: (message: string) => string;
  retry: string;
}

/**
 * What a list shows around its data: a placeholder while loading, the error with a retry, an
 * empty state, and otherwise its content.
 */
export function QueryStatus<Data>({
  query,
  labels,
  placeholder,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<Data>;
  labels: QueryStatusLabels;
  /** Shapes in place of the content while it loads, so nothing jumps when it arrives. */
  placeholder?: ReactNode;
  isEmpty?: (data: Data) => boolean;
  /** Shown instead of the content when isEmpty says so. */
  empty?: ReactNode;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div role="status" className="grid gap-3">
        <p className="text-muted-foreground">{labels.loading}</p>
        {placeholder}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/40 p-4"
      >
        <p className="text-destructive">{labels.failed(query.error.message)}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden /> {labels.retry}
        </Button>
      </div>
    );
  }
  if (isEmpty?.(query.data)) return <EmptyState>{empty}</EmptyState>;
  return children(query.data);
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-md border border-dashed p-8 text-center text-muted-foreground">
      {children}
    </p>
  );
}
