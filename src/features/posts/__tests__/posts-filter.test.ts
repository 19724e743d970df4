import { describe, expect, it } from "vitest";
import { containsPattern } from "@/lib/staff/contains-pattern";
import {
  defaultPostFilter,
  nextSort,
  postFilterFromParams,
  withPostFilter,
  type PostFilter,
} from "../staff/lib/posts-filter";

describe("the posts filter in the URL", () => {
  it("reads every field, and defaults for what is missing or unknown", () => {
    expect(postFilterFromParams(new URLSearchParams("tab=posts"))).toEqual(defaultPostFilter);
    expect(
      postFilterFromParams(
        new URLSearchParams(
          "tab=posts&status=scheduled&lang=fr&category=Google+Ads&q=skan&sort=published&dir=asc&page=3",
        ),
      ),
    ).toEqual({
      status: "scheduled",
      language: "fr",
      category: "Google Ads",
      search: "skan",
      sort: "published",
      direction: "asc",
      page: 3,
    });
    expect(
      postFilterFromParams(
        new URLSearchParams("status=archived&lang=de&category=Crypto&sort=title&dir=up&page=-2"),
      ),
    ).toEqual(defaultPostFilter);
    expect(postFilterFromParams(new URLSearchParams("page=1.5")).page).toBe(1);
  });

  it("writes only what differs from the default, and keeps the section", () => {
    const filter: PostFilter = { ...defaultPostFilter, language: "en", search: "a&b", page: 2 };
    const params = withPostFilter(new URLSearchParams("tab=posts&status=draft"), filter);
    expect(params.toString()).toBe("tab=posts&lang=en&q=a%26b&page=2");
    expect(postFilterFromParams(params)).toEqual(filter);
    expect(withPostFilter(params, defaultPostFilter).toString()).toBe("tab=posts");
  });
});

describe("nextSort", () => {
  it("sorts a new column newest first, and turns the current one around", () => {
    const byUpdated = { sort: "updated", direction: "desc" } as const;
    expect(nextSort(byUpdated, "published")).toEqual({ sort: "published", direction: "desc" });
    expect(nextSort(byUpdated, "updated")).toEqual({ sort: "updated", direction: "asc" });
    expect(nextSort({ sort: "updated", direction: "asc" }, "updated")).toEqual(byUpdated);
  });
});

describe("containsPattern", () => {
  it("matches the search literally: ilike's wildcards and escape are escaped", () => {
    expect(containsPattern("skan")).toBe("%skan%");
    expect(containsPattern("100%_off\\")).toBe("%100\\%\\_off\\\\%");
  });
});
