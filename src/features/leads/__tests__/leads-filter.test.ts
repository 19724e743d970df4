import { describe, expect, it } from "vitest";
import {
  leadFilterFromParams,
  leadFilterToParams,
  newestFirst,
  nextSort,
  type LeadFilter,
} from "../staff/lib/leads-filter";

const plainInbox: LeadFilter = {
  search: "",
  status: "all",
  source: "all",
  language: "all",
  sort: newestFirst,
  page: 1,
};

describe("the inbox's filter in the URL", () => {
  it("reads a bare URL as the plain inbox, newest first", () => {
    expect(leadFilterFromParams(new URLSearchParams())).toEqual(plainInbox);
  });

  it("reads every part, and a leading minus as a descending sort", () => {
    expect(
      leadFilterFromParams(
        new URLSearchParams("q=ada&status=qualified&source=contact&language=fr&sort=-name&page=3"),
      ),
    ).toEqual({
      search: "ada",
      status: "qualified",
      source: "contact",
      language: "fr",
      sort: { column: "name", ascending: false },
      page: 3,
    });
  });

  it("falls back to the defaults for unknown values", () => {
    expect(
      leadFilterFromParams(
        new URLSearchParams("status=won&source=x&language=de&sort=password&page=-2"),
      ),
    ).toEqual(plainInbox);
    expect(leadFilterFromParams(new URLSearchParams("page=1e9x")).page).toBe(1);
  });

  it("writes only what differs from the defaults and keeps the section", () => {
    const params = leadFilterToParams(
      { ...plainInbox, status: "new", sort: { column: "company", ascending: true }, page: 2 },
      new URLSearchParams("tab=leads&q=old&lead=42"),
    );
    expect(params.toString()).toBe("tab=leads&lead=42&status=new&sort=company&page=2");
    expect(leadFilterFromParams(params)).toMatchObject({
      search: "",
      status: "new",
      sort: { column: "company", ascending: true },
      page: 2,
    });
    expect(leadFilterToParams(plainInbox, new URLSearchParams("q=x&page=4")).toString()).toBe("");
  });
});

describe("nextSort", () => {
  it("flips the column already sorted, and starts text A to Z and dates newest first", () => {
    expect(nextSort(newestFirst, "created_at")).toEqual({ column: "created_at", ascending: true });
    expect(nextSort(newestFirst, "name")).toEqual({ column: "name", ascending: true });
    expect(nextSort({ column: "name", ascending: true }, "name")).toEqual({
      column: "name",
      ascending: false,
    });
    expect(nextSort({ column: "name", ascending: true }, "created_at")).toEqual(newestFirst);
  });
});
