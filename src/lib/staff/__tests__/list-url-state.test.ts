import { describe, expect, it } from "vitest";
import {
  defineList,
  isFiltered,
  isOneOf,
  nextSort,
  readListState,
  writeListState,
  type ListStateOf,
} from "../list-url-state";

// A list of the grammar's every kind: two filters, a default order on a date, text columns.
const books = defineList({
  filters: { status: ["new", "read"], language: ["en", "fr"] },
  sortColumns: ["added", "title", "author"],
  defaultSort: { column: "added", ascending: false },
  startsAscending: (column) => column !== "added",
  pageSize: 10,
});
type BookList = ListStateOf<typeof books>;

const plain: BookList = {
  status: "all",
  language: "all",
  search: "",
  sort: { column: "added", ascending: false },
  page: 1,
};

const read = (query: string) => readListState(books, new URLSearchParams(query));
const written = (state: BookList, query = "") =>
  writeListState(books, state, new URLSearchParams(query)).toString();

describe("the staff lists' URL grammar", () => {
  it("reads a bare URL as the plain list", () => {
    expect(read("")).toEqual(plain);
  });

  it("reads q, each filter by its name, sort, dir and page", () => {
    expect(read("q=ada+l&status=read&language=fr&sort=title&dir=desc&page=3")).toEqual({
      status: "read",
      language: "fr",
      search: "ada l",
      sort: { column: "title", ascending: false },
      page: 3,
    });
  });

  it("reads a missing dir as the column's own direction: the default order's, or its first", () => {
    expect(read("sort=title").sort).toEqual({ column: "title", ascending: true });
    expect(read("sort=added").sort).toEqual({ column: "added", ascending: false });
    expect(read("dir=asc").sort).toEqual({ column: "added", ascending: true });
  });

  it("reads each unknown or malformed value as its default, never throwing", () => {
    expect(
      read("status=lost&language=de&sort=password&dir=up&page=-2&lead=7&tab=books&x=1"),
    ).toEqual(plain);
    for (const page of ["0", "1.5", "1e3", "2x", "", "99999999999999999999", " 2", "0x10"]) {
      expect(read(`page=${encodeURIComponent(page)}`).page, page).toBe(1);
    }
    // Names are matched exactly: neither case nor padding makes a value.
    expect(read("status=READ&language=%20fr").status).toBe("all");
    expect(read("status=READ&language=%20fr").language).toBe("all");
    // The first of repeated parameters counts, as URLSearchParams.get reads it.
    expect(read("status=read&status=new").status).toBe("read");
  });

  it("writes only what differs from the defaults, in one order, keeping every other parameter", () => {
    expect(written(plain)).toBe("");
    expect(written(plain, "tab=books&q=old&status=new&page=4&lead=42")).toBe("tab=books&lead=42");
    expect(
      written(
        { ...plain, status: "new", search: "a&b", sort: { column: "title", ascending: true } },
        "tab=books",
      ),
    ).toBe("tab=books&q=a%26b&status=new&sort=title");
    expect(written({ ...plain, sort: { column: "title", ascending: false }, page: 2 })).toBe(
      "sort=title&dir=desc&page=2",
    );
    expect(written({ ...plain, sort: { column: "added", ascending: true } })).toBe("dir=asc");
  });

  it("round-trips every state through the URL", () => {
    const states: BookList[] = [plain];
    for (const status of ["all", "new", "read"] as const) {
      for (const column of books.sortColumns) {
        for (const ascending of [true, false]) {
          states.push({
            ...plain,
            status,
            language: status === "new" ? "fr" : "all",
            search: status === "read" ? "100% Zoé & co?" : "",
            sort: { column, ascending },
            page: ascending ? 1 : 7,
          });
        }
      }
    }
    for (const state of states) {
      const url = written(state, "tab=books&lead=1");
      expect(read(url), url).toEqual(state);
      // Written again, the same URL: one address per state.
      expect(written(read(url), url)).toBe(url);
    }
  });
});

describe("nextSort", () => {
  it("starts a new column its own way, and flips the current one", () => {
    expect(nextSort(books, plain.sort, "title")).toEqual({ column: "title", ascending: true });
    expect(nextSort(books, plain.sort, "added")).toEqual({ column: "added", ascending: true });
    expect(nextSort(books, { column: "title", ascending: true }, "title")).toEqual({
      column: "title",
      ascending: false,
    });
    expect(nextSort(books, { column: "title", ascending: true }, "added")).toEqual(plain.sort);
  });
});

describe("defineList", () => {
  it("refuses a filter named like a parameter of the grammar or of the workspace", () => {
    defineList({
      // @ts-expect-error `tab` is the workspace's section.
      filters: { status: ["a"], tab: ["b"] },
      sortColumns: ["x"],
      defaultSort: { column: "x", ascending: true },
      startsAscending: () => true,
      pageSize: 1,
    });
  });
});

describe("isFiltered and isOneOf", () => {
  it("say whether a search or a filter narrows the list; order and page do not", () => {
    expect(isFiltered(books, plain)).toBe(false);
    expect(
      isFiltered(books, { ...plain, sort: { column: "title", ascending: true }, page: 3 }),
    ).toBe(false);
    expect(isFiltered(books, { ...plain, search: "x" })).toBe(true);
    expect(isFiltered(books, { ...plain, language: "en" })).toBe(true);
  });

  it("accepts only the listed values", () => {
    expect(isOneOf(["a", "b"], "a")).toBe(true);
    for (const value of ["c", "", null, undefined, 1, "A"]) {
      expect(isOneOf(["a", "b"], value)).toBe(false);
    }
  });
});
