import { keepPreviousData, queryOptions, type QueryKey } from "@tanstack/react-query";
import type { ListFilters, ListSpec, ListState } from "./list-url-state";

/** What a read answers (supabase-js's shape; the rows are null for a count alone or an error). */
interface RowsAnswer<Row> {
  data: Row[] | null;
  count: number | null;
  error: unknown;
}

/** A read built but not yet sent (supabase-js's filter builder): sent as it is, or for a range. */
export interface RowsRequest<Row> extends PromiseLike<RowsAnswer<Row>> {
  /** Rows `from` to `to`, both included, counted from 0. */
  range(from: number, to: number): PromiseLike<RowsAnswer<Row>>;
}

/** A list counted per status: its filters include `status`. */
export type StatusListFilters = ListFilters & { readonly status: readonly string[] };

export type ListStatus<Filters extends StatusListFilters> = Filters["status"][number];

/** What the counts per status depend on: the filter without its status, order and page. */
export type CountsFilter<Filters extends StatusListFilters, Column extends string> = Omit<
  ListState<Filters, Column>,
  "status" | "sort" | "page"
>;

/** One page of a list and how many rows its filter matches. */
export interface ListPage<Item> {
  rows: Item[];
  total: number;
}

/** What a feature's api module gives for one of its tables; the factory does the rest. */
export interface PagedTable<
  Filters extends StatusListFilters,
  Column extends string,
  Context,
  Row,
  Item,
> {
  /** From the feature's `query-keys.ts`. */
  keys: {
    page: (state: ListState<Filters, Column>) => QueryKey;
    counts: (filter: CountsFilter<Filters, Column>) => QueryKey;
  };
  /** What each read starts from (the client; posts add the time their conditions share). */
  context: () => Promise<Context>;
  /**
   * The rows the state's filter matches, in its order (ties broken, so pages never overlap),
   * with the exact count; `head`: the count alone.
   */
  rows: (
    context: Context,
    state: Omit<ListState<Filters, Column>, "page">,
    head: boolean,
  ) => RowsRequest<Row>;
  /** What a page shows of its rows, when it is more than the rows (posts: their translations). */
  complete?: (context: Context, rows: Row[]) => Promise<Item[]>;
}

/**
 * A staff table's reads, from its list spec and what its api module builds: the page the state
 * asks for and the count of every status, as functions and as TanStack Query options (the
 * previous page is kept while the next one loads, so the table does not jump).
 */
export function pagedQuery<
  Filters extends StatusListFilters,
  Column extends string,
  Context,
  Row,
  Item = Row,
>(spec: ListSpec<Filters, Column>, table: PagedTable<Filters, Column, Context, Row, Item>) {
  async function getPage(state: ListState<Filters, Column>): Promise<ListPage<Item>> {
    const context = await table.context();
    const from = (state.page - 1) * spec.pageSize;
    const { data, count, error } = await table
      .rows(context, state, false)
      .range(from, from + spec.pageSize - 1);
    if (error) {
      // The server refuses a range past the last row (a shared link to a list that has shrunk
      // since): that page is empty, and the list moves to its last one.
      const past = state.page > 1 && (await table.rows(context, state, true));
      if (past && !past.error && past.count !== null && from >= past.count) {
        return { rows: [], total: past.count };
      }
      throw error;
    }
    const rows = data ?? [];
    const items = table.complete
      ? await table.complete(context, rows)
      : (rows as unknown as Item[]);
    return { rows: items, total: count ?? items.length };
  }

  async function getCounts(
    filter: CountsFilter<Filters, Column>,
  ): Promise<Record<ListStatus<Filters>, number>> {
    const context = await table.context();
    const counts = await Promise.all(
      spec.filters.status.map(async (status) => {
        const state = { ...filter, status, sort: spec.defaultSort } as Omit<
          ListState<Filters, Column>,
          "page"
        >;
        const { count, error } = await table.rows(context, state, true);
        if (error) throw error;
        return [status, count ?? 0] as const;
      }),
    );
    return Object.fromEntries(counts) as Record<ListStatus<Filters>, number>;
  }

  return {
    spec,
    getPage,
    getCounts,
    pageQuery: (state: ListState<Filters, Column>) =>
      queryOptions({
        queryKey: table.keys.page(state),
        queryFn: () => getPage(state),
        placeholderData: keepPreviousData,
      }),
    countsQuery: (state: ListState<Filters, Column>) => {
      const { status: _status, sort: _sort, page: _page, ...filter } = state;
      return queryOptions({
        queryKey: table.keys.counts(filter),
        queryFn: () => getCounts(filter),
        placeholderData: keepPreviousData,
      });
    },
  };
}

export type PagedQuery<Filters extends StatusListFilters, Column extends string, Item> = ReturnType<
  typeof pagedQuery<Filters, Column, unknown, unknown, Item>
>;
