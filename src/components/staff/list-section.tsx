import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useEffect, type CSSProperties, type ReactNode } from "react";
import { EmptyState, QueryStatus } from "@/components/query-status";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { pageSummary } from "@/lib/staff/format";
import { isFiltered, isOneOf, type ListState } from "@/lib/staff/list-url-state";
import type { ListStatus, PagedQuery, StatusListFilters } from "@/lib/staff/paged-query";
import type { ListUrlState } from "@/lib/staff/use-list-state";
import { FilterSelect } from "./filter-select";
import { PagesNav } from "./pages-nav";
import { SearchField } from "./search-field";
import type { TableSorting } from "./staff-table";
import { StatusFilter } from "./status-filter";

/** A filter of the toolbar, a select; its options are the list spec's values for `name`. */
export interface ListFilterField<Name extends string> {
  name: Name;
  label: string;
  allLabel: string;
  /** An option's label; without one, the option as it is. */
  labels?: Readonly<Record<string, string>>;
}

/** What a list says of itself. */
export interface ListCopy {
  /** What a row is: "lead", "leads". The search is "Search {many}", the ids start with {one}. */
  noun: readonly [one: string, many: string];
  /** The rows in the loading, error and empty states: "blog posts"; {many} unless given. */
  title?: string;
  /** The pages' navigation, for screen readers: "Leads pages". */
  pagesLabel: string;
  searchPlaceholder: string;
}

/**
 * A staff list laid out: the toolbar (search, filters, actions), the counts per status, how much
 * is shown, the table, its pages; with loading, error (and retry) and empty states. Its state is
 * the URL's (`useListState`); its reads come from the list's `pagedQuery`.
 */
export function ListSection<Filters extends StatusListFilters, Column extends string, Item>({
  query,
  list: { spec, state, update, sortBy },
  copy: {
    noun: [one, many],
    title = many,
    pagesLabel,
    searchPlaceholder,
  },
  filters = [],
  statusLabels,
  actions,
  banner,
  beforeTable,
  children,
}: {
  query: PagedQuery<Filters, Column, Item>;
  list: ListUrlState<Filters, Column>;
  copy: ListCopy;
  filters?: readonly ListFilterField<Exclude<keyof Filters & string, "status">>[];
  statusLabels: Readonly<Record<ListStatus<Filters>, string>>;
  /** The toolbar's buttons, given how many rows the filter matches (undefined while unknown). */
  actions?: (total: number | undefined) => ReactNode;
  /** Above the toolbar. */
  banner?: ReactNode;
  /** Between the counts and the table. */
  beforeTable?: ReactNode;
  /** The table of a page's rows (never empty). */
  children: (rows: Item[], sorting: TableSorting<Column>) => ReactNode;
}) {
  // The list reads what was typed once typing pauses for a render; the box shows it at once.
  const search = useDeferredValue(state.search);
  const shown = { ...state, search };
  const page = useQuery(query.pageQuery(shown));
  const counts = useQuery(query.countsQuery(shown)).data;
  const total = page.data?.total;
  const pageCount = Math.max(1, Math.ceil((total ?? 0) / spec.pageSize));
  const statuses: readonly ListStatus<Filters>[] = spec.filters.status;
  const values: Record<string, unknown> = state;
  // Filters are known here by name only: what a select or button hands over is checked.
  const set = (change: Record<string, unknown>, options?: { replace?: boolean }) =>
    update(change as Partial<ListState<Filters, Column>>, options);
  const filterBy = (name: string, value: string) =>
    set({ [name]: isOneOf(spec.filters[name]!, value) ? value : "all" });

  // A page emptied by a change (the last row of the last page moved away under a filter, say)
  // gives way to the last page that has rows.
  useEffect(() => {
    if (page.data && !page.isPlaceholderData && state.page > pageCount) {
      update({ page: pageCount } as Partial<ListState<Filters, Column>>, { replace: true });
    }
  }, [page.data, page.isPlaceholderData, state.page, pageCount, update]);

  return (
    <div className="grid gap-4">
      {banner}
      <div
        className="grid grid-cols-2 items-end gap-3 lg:grid-cols-(--toolbar) lg:justify-between"
        style={
          {
            "--toolbar": filters.length
              ? `minmax(0,2fr) repeat(${filters.length},minmax(0,1fr)) auto`
              : "minmax(0,24rem) auto",
          } as CSSProperties
        }
      >
        <div className="col-span-2 grid gap-2 lg:col-span-1">
          <SearchField
            id={`${one}-search`}
            label={`Search ${many}`}
            placeholder={searchPlaceholder}
            value={state.search}
            onChange={(next) => set({ search: next })}
          />
        </div>
        {filters.map(({ name, ...field }) => (
          <FilterSelect
            key={name}
            id={`${one}-${name}`}
            {...field}
            value={String(values[name])}
            onChange={(value) => filterBy(name, value)}
            options={spec.filters[name]!}
          />
        ))}
        {actions && <div className="col-span-2 grid lg:col-span-1">{actions(total)}</div>}
      </div>
      <StatusFilter
        value={String(values.status)}
        onChange={(value) => filterBy("status", value)}
        options={[
          {
            id: "all",
            label: "All",
            count: counts ? statuses.reduce((sum, status) => sum + counts[status], 0) : null,
          },
          ...statuses.map((status) => ({
            id: status,
            label: statusLabels[status],
            count: counts?.[status] ?? null,
          })),
        ]}
      />
      {beforeTable}

      <QueryStatus
        query={page}
        labels={{
          loading: `Loading ${title}...`,
          failed: (message) => `Failed to fetch ${title}: ${message}`,
          retry: "Try again",
        }}
        placeholder={
          <>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-96 w-full" />
          </>
        }
      >
        {({ rows, total }) => (
          <div className="grid gap-3">
            <div className="flex min-h-9 flex-wrap items-center justify-between gap-x-3">
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {pageSummary(
                  { page: state.page, pageSize: spec.pageSize, shown: rows.length, total },
                  one,
                  many,
                )}
              </p>
              {isFiltered(spec, state) && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    set(
                      Object.fromEntries([
                        ["search", ""],
                        ...Object.keys(spec.filters).map((name) => [name, "all"]),
                      ]),
                      { replace: false },
                    )
                  }
                >
                  Clear filters
                </Button>
              )}
            </div>
            {rows.length === 0 ? (
              <EmptyState>{`No ${title} found`}</EmptyState>
            ) : (
              <div
                aria-busy={page.isPlaceholderData}
                className={cn("min-w-0", page.isPlaceholderData && "opacity-60 transition-opacity")}
              >
                {children(rows, { sort: state.sort, onSort: sortBy })}
              </div>
            )}
            <PagesNav
              label={pagesLabel}
              page={state.page}
              pageCount={pageCount}
              onPage={(next) => set({ page: next })}
            />
          </div>
        )}
      </QueryStatus>
    </div>
  );
}
