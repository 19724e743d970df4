import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import {
  nextSort,
  readListState,
  writeListState,
  type ListFilters,
  type ListSpec,
  type ListState,
} from "./list-url-state";

export interface ListUrlState<Filters extends ListFilters, Column extends string> {
  spec: ListSpec<Filters, Column>;
  state: ListState<Filters, Column>;
  /**
   * Changes part of the state in the URL. Any change but the page's starts again from the first
   * page; typing in the search replaces its history entry instead of adding one per letter.
   */
  update: (change: Partial<ListState<Filters, Column>>, options?: { replace?: boolean }) => void;
  /** What a column's heading does: sorts by it, or the other way when it already sorts. */
  sortBy: (column: Column) => void;
}

/** A staff list's state, read from the URL (`list-url-state.ts`) and written back to it. */
export function useListState<Filters extends ListFilters, Column extends string>(
  spec: ListSpec<Filters, Column>,
): ListUrlState<Filters, Column> {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(spec, params), [spec, params]);
  const update = useCallback(
    (
      change: Partial<ListState<Filters, Column>>,
      { replace = "search" in change }: { replace?: boolean } = {},
    ) =>
      setParams(
        (current) =>
          writeListState(spec, { ...readListState(spec, current), page: 1, ...change }, current),
        { replace },
      ),
    [spec, setParams],
  );
  const sortBy = useCallback(
    (column: Column) => update({ sort: nextSort(spec, state.sort, column) } as typeof state),
    [spec, state.sort, update],
  );
  return { spec, state, update, sortBy };
}
