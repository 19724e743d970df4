import { describe, expect, it } from "vitest";
import { containsPattern } from "@/lib/staff/contains-pattern";
import { nextSort, readListState, writeListState } from "@/lib/staff/list-url-state";
import { postList, type PostFilter } from "../staff/lib/posts-filter";

const defaultPostFilter: PostFilter = {
  status: "all",
  language: "all",
  category: "all",
  search: "",
  sort: { column: "updated", ascending: false },
  page: 1,
};

const read = (query: string) => readListState(postList, new URLSearchParams(query));

describe("the posts filter in the URL", () => {
  it("reads every field, and defaults for what is missing or unknown", () => {
    expect(read("tab=posts")).toEqual(defaultPostFilter);
    expect(
      read(
        "tab=posts&status=scheduled&language=fr&category=Google+Ads&q=skan&sort=published&dir=asc&page=3",
      ),
    ).toEqual({
      status: "scheduled",
      language: "fr",
      category: "Google Ads",
      search: "skan",
      sort: { column: "published", ascending: true },
      page: 3,
    });
    expect(read("status=archived&language=de&category=Crypto&sort=title&dir=up&page=-2")).toEqual(
      defaultPostFilter,
    );
    // The list's former name for the language is not part of the grammar.
    expect(read("lang=fr").language).toBe("all");
    expect(read("page=1.5").page).toBe(1);
  });

  it("writes only what differs from the default, and keeps the section", () => {
    const filter: PostFilter = { ...defaultPostFilter, language: "en", search: "a&b", page: 2 };
    const params = writeListState(postList, filter, new URLSearchParams("tab=posts&status=draft"));
    expect(params.toString()).toBe("tab=posts&q=a%26b&language=en&page=2");
    expect(readListState(postList, params)).toEqual(filter);
    expect(writeListState(postList, defaultPostFilter, params).toString()).toBe("tab=posts");
  });
});

describe("the posts' date headings", () => {
  it("sort a new column newest first, and turn the current one around", () => {
    const byUpdated = defaultPostFilter.sort;
    expect(nextSort(postList, byUpdated, "published")).toEqual({
      column: "published",
      ascending: false,
    });
    expect(nextSort(postList, byUpdated, "updated")).toEqual({
      column: "updated",
      ascending: true,
    });
    expect(nextSort(postList, { column: "updated", ascending: true }, "updated")).toEqual(
      byUpdated,
    );
  });
});

describe("containsPattern", () => {
  it("matches the search literally: ilike's wildcards and escape are escaped", () => {
    expect(containsPattern("skan")).toBe("%skan%");
    expect(containsPattern("100%_off\\")).toBe("%100\\%\\_off\\\\%");
  });
});
