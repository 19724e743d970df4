import { describe, expect, it } from "vitest";
import { nextSort, readListState, writeListState } from "@/lib/staff/list-url-state";
import { leadList, type LeadFilter } from "../staff/lib/leads-filter";

const plainInbox: LeadFilter = {
  search: "",
  status: "all",
  source: "all",
  language: "all",
  sort: { column: "created_at", ascending: false },
  page: 1,
};

const read = (query: string) => readListState(leadList, new URLSearchParams(query));

describe("the inbox's filter in the URL", () => {
  it("reads a bare URL as the plain inbox, newest first", () => {
    expect(read("")).toEqual(plainInbox);
  });

  it("reads every part: the search, status, source, language, order and page", () => {
    expect(
      read("q=ada&status=qualified&source=contact&language=fr&sort=name&dir=desc&page=3"),
    ).toEqual({
      search: "ada",
      status: "qualified",
      source: "contact",
      language: "fr",
      sort: { column: "name", ascending: false },
      page: 3,
    });
    // Text reads A to Z unless the URL says otherwise; dates newest first.
    expect(read("sort=company").sort).toEqual({ column: "company", ascending: true });
    expect(read("dir=asc").sort).toEqual({ column: "created_at", ascending: true });
  });

  it("falls back to the defaults for unknown values", () => {
    expect(read("status=won&source=x&language=de&sort=password&dir=up&page=-2")).toEqual(
      plainInbox,
    );
    // The grammar before this one (`sort=-name`) is unknown too: the plain order.
    expect(read("sort=-name").sort).toEqual(plainInbox.sort);
    expect(read("sort=search_text").sort).toEqual(plainInbox.sort);
    expect(read("page=1e9x").page).toBe(1);
  });

  it("writes only what differs from the defaults and keeps the section and the open lead", () => {
    const params = writeListState(
      leadList,
      { ...plainInbox, status: "new", sort: { column: "company", ascending: true }, page: 2 },
      new URLSearchParams("tab=leads&q=old&lead=42"),
    );
    expect(params.toString()).toBe("tab=leads&lead=42&status=new&sort=company&page=2");
    expect(readListState(leadList, params)).toMatchObject({
      search: "",
      status: "new",
      sort: { column: "company", ascending: true },
      page: 2,
    });
    expect(writeListState(leadList, plainInbox, new URLSearchParams("q=x&page=4")).toString()).toBe(
      "",
    );
  });
});

describe("the inbox's headings", () => {
  it("flip the column already sorted, and start text A to Z and dates newest first", () => {
    const newestFirst = plainInbox.sort;
    expect(nextSort(leadList, newestFirst, "created_at")).toEqual({
      column: "created_at",
      ascending: true,
    });
    expect(nextSort(leadList, newestFirst, "name")).toEqual({ column: "name", ascending: true });
    expect(nextSort(leadList, { column: "name", ascending: true }, "name")).toEqual({
      column: "name",
      ascending: false,
    });
    expect(nextSort(leadList, { column: "name", ascending: true }, "created_at")).toEqual(
      newestFirst,
    );
  });
});
