// The one URL grammar of the staff lists, beside the workspace's own parameters (`tab`, `lead`):
//   q=<search>  <filter>=<value> (status, source, language, ...)  sort=<column>  dir=asc|desc  page=<n>
// Defaults are left out, so a plain list is a bare URL; anything unknown reads as its default.

/** A list's order: a column, and which way. */
export interface ListSort<Column extends string = string> {
  column: Column;
  ascending: boolean;
}

/** Each filter's values, by the parameter that names it; "all", its default, is not among them. */
export type ListFilters = Readonly<Record<string, readonly string[]>>;

// The grammar's own parameters and the workspace's: no filter may take their names.
type ReservedName = "q" | "search" | "sort" | "dir" | "page" | "tab" | "lead";

/** What one staff list may be filtered and sorted by, and how many rows a page holds. */
export interface ListSpec<
  Filters extends ListFilters = ListFilters,
  Column extends string = string,
> {
  filters: Filters;
  sortColumns: readonly Column[];
  defaultSort: ListSort<Column>;
  /** Whether a column sorts ascending when its heading is first pressed. */
  startsAscending: (column: Column) => boolean;
  pageSize: number;
}

/** What a list shows: every filter ("all" or one value), the search as typed, the order and page. */
export type ListState<Filters extends ListFilters = ListFilters, Column extends string = string> = {
  -readonly [Name in keyof Filters]: Filters[Name][number] | "all";
} & {
  search: string;
  sort: ListSort<Column>;
  /** From 1. */
  page: number;
};

export type ListStateOf<Spec> =
  Spec extends ListSpec<infer Filters, infer Column> ? ListState<Filters, Column> : never;

/** A list's spec, its filter values and columns kept as literal types. */
export function defineList<
  const Filters extends ListFilters & { readonly [Name in ReservedName]?: never },
  const Column extends string,
>(spec: ListSpec<Filters, Column>): ListSpec<Filters, Column> {
  return spec;
}

/** Whether `value` is one of `values`: what a URL, a select or a button hands over is checked. */
export function isOneOf<Value extends string>(
  values: readonly Value[],
  value: unknown,
): value is Value {
  return (values as readonly unknown[]).includes(value);
}

// The direction a URL without `dir` means: the default order's for its column, else the first.
function impliedAscending<Column extends string>(
  spec: ListSpec<ListFilters, Column>,
  column: Column,
) {
  return column === spec.defaultSort.column
    ? spec.defaultSort.ascending
    : spec.startsAscending(column);
}

const wholePage = /^[1-9]\d{0,8}$/;

/** The list state a URL states; each unknown, missing or malformed value is its default. */
export function readListState<Filters extends ListFilters, Column extends string>(
  spec: ListSpec<Filters, Column>,
  params: URLSearchParams,
): ListState<Filters, Column> {
  const filters = Object.entries(spec.filters).map(([name, values]) => {
    const value = params.get(name);
    return [name, isOneOf(values, value) ? value : "all"] as const;
  });
  const named = params.get("sort");
  const column = isOneOf(spec.sortColumns, named) ? named : spec.defaultSort.column;
  const dir = params.get("dir");
  const page = params.get("page") ?? "";
  return {
    ...Object.fromEntries(filters),
    search: params.get("q") ?? "",
    sort: {
      column,
      ascending: dir === "asc" || (dir !== "desc" && impliedAscending(spec, column)),
    },
    page: wholePage.test(page) ? Number(page) : 1,
  } as ListState<Filters, Column>;
}

/** `params` with the list state written in, defaults left out; every other parameter is kept. */
export function writeListState<Filters extends ListFilters, Column extends string>(
  spec: ListSpec<Filters, Column>,
  state: ListState<Filters, Column>,
  params: URLSearchParams,
): URLSearchParams {
  const { column, ascending } = state.sort;
  const values: Record<string, unknown> = state;
  const entries: [string, string | null][] = [
    ["q", state.search || null],
    ...Object.keys(spec.filters).map((name): [string, string | null] => {
      const value = values[name];
      return [name, typeof value === "string" && value !== "all" ? value : null];
    }),
    ["sort", column === spec.defaultSort.column ? null : column],
    ["dir", ascending === impliedAscending(spec, column) ? null : ascending ? "asc" : "desc"],
    ["page", state.page > 1 ? String(state.page) : null],
  ];
  // The list's parameters after the others, always in this order: one address per state.
  const next = new URLSearchParams(params);
  for (const [name] of entries) next.delete(name);
  for (const [name, value] of entries) if (value !== null) next.append(name, value);
  return next;
}

/** The order a column's heading asks for: that column the way it starts, or the current flipped. */
export function nextSort<Column extends string>(
  spec: ListSpec<ListFilters, Column>,
  current: ListSort<Column>,
  column: Column,
): ListSort<Column> {
  if (current.column === column) return { column, ascending: !current.ascending };
  return { column, ascending: spec.startsAscending(column) };
}

/** Whether the state narrows the list: a search, or a filter other than "all". */
export function isFiltered<Filters extends ListFilters, Column extends string>(
  spec: ListSpec<Filters, Column>,
  state: ListState<Filters, Column>,
): boolean {
  const values: Record<string, unknown> = state;
  return state.search !== "" || Object.keys(spec.filters).some((name) => values[name] !== "all");
}
