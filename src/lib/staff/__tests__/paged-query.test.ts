import { describe, expect, it } from "vitest";
import { defineList, readListState, type ListStateOf } from "../list-url-state";
import { pagedQuery, type RowsRequest } from "../paged-query";

const tasks = defineList({
  filters: { status: ["todo", "doing", "done"], owner: ["ann", "bob"] },
  sortColumns: ["due", "title"],
  defaultSort: { column: "due", ascending: true },
  startsAscending: () => true,
  pageSize: 2,
});
type TaskList = ListStateOf<typeof tasks>;

interface Task {
  id: number;
  status: string;
  owner: string;
}
const all: Task[] = Array.from({ length: 7 }, (_, id) => ({
  id,
  status: ["todo", "doing", "done"][id % 3]!,
  owner: id < 4 ? "ann" : "bob",
}));

/** A fake table: what each request asked for, and the rows its filter matches. */
function fakeTable({ failWith }: { failWith?: Error } = {}) {
  const requests: { status: string; owner: string; head: boolean; range?: [number, number] }[] = [];
  const query = pagedQuery(tasks, {
    keys: {
      page: (state) => ["tasks", "page", state],
      counts: (filter) => ["tasks", "counts", filter],
    },
    context: async () => "client",
    rows(context, { status, owner }, head): RowsRequest<Task> {
      expect(context).toBe("client");
      const matching = all.filter(
        (task) =>
          (status === "all" || task.status === status) && (owner === "all" || task.owner === owner),
      );
      const answer = (rows: Task[]) => ({
        data: failWith ? null : head ? null : rows,
        count: failWith ? null : matching.length,
        error: failWith ?? null,
      });
      const request = { status, owner, head };
      return {
        then: (resolve, reject) => {
          requests.push(request);
          return Promise.resolve(answer(matching)).then(resolve, reject);
        },
        range: (from, to) => {
          requests.push({ ...request, range: [from, to] });
          // As PostgREST: a range that starts past the last row is refused (416).
          if (from > 0 && from >= matching.length) {
            const refused = new Error("Requested range not satisfiable");
            return Promise.resolve({ data: null, count: null, error: refused });
          }
          return Promise.resolve(answer(matching.slice(from, to + 1)));
        },
      };
    },
    complete: async (_context, rows) => rows.map(({ id }) => `task ${id}`),
  });
  return { query, requests };
}

const state = (query: string): TaskList => readListState(tasks, new URLSearchParams(query));

describe("pagedQuery", () => {
  it("reads the page the state asks for, with the total its filter matches", async () => {
    const { query, requests } = fakeTable();
    expect(await query.getPage(state("owner=ann&page=2"))).toEqual({
      rows: ["task 2", "task 3"],
      total: 4,
    });
    expect(requests).toEqual([{ status: "all", owner: "ann", head: false, range: [2, 3] }]);
  });

  it("counts each status with one count-only request, whatever the state's own status", async () => {
    const { query, requests } = fakeTable();
    const options = query.countsQuery(state("status=done&owner=bob&sort=title&page=2"));
    // The counts do not depend on the status, order or page: one cache entry for them all.
    expect(options.queryKey).toEqual(["tasks", "counts", { owner: "bob", search: "" }]);
    expect(await options.queryFn!({} as never)).toEqual({ todo: 1, doing: 1, done: 1 });
    expect(requests).toEqual(
      ["todo", "doing", "done"].map((status) => ({ status, owner: "bob", head: true })),
    );
  });

  it("keys each page by its whole state", () => {
    const { query } = fakeTable();
    const pageState = state("q=x&status=todo&page=3");
    expect(query.pageQuery(pageState).queryKey).toEqual(["tasks", "page", pageState]);
  });

  it("reads a page past the last one as empty, with the total, so the list can move back", async () => {
    const { query, requests } = fakeTable();
    expect(await query.getPage(state("owner=bob&page=9"))).toEqual({ rows: [], total: 3 });
    expect(requests).toEqual([
      { status: "all", owner: "bob", head: false, range: [16, 17] },
      { status: "all", owner: "bob", head: true },
    ]);
  });

  it("throws what the table answers as its error", async () => {
    const failure = new Error("permission denied for table tasks");
    const { query } = fakeTable({ failWith: failure });
    await expect(query.getPage(state(""))).rejects.toBe(failure);
    await expect(query.getPage(state("page=2"))).rejects.toBe(failure);
    await expect(query.getCounts({ owner: "all", search: "" })).rejects.toBe(failure);
  });
});
