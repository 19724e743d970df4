import { describe, expect, it } from "vitest";
import { publicationState, republishedAt, wasPublishedBefore } from "../lib/post-publication";

const now = new Date("2026-06-01T12:00:00.000Z");
const past = "2026-05-01T09:00:00.000Z";
const future = "2026-07-01T09:00:00.000Z";

describe("publicationState", () => {
  it("is a draft whatever its date, live once its date has come, scheduled before", () => {
    expect(publicationState({ status: "draft", publishedAt: null }, now)).toBe("draft");
    expect(publicationState({ status: "draft", publishedAt: past }, now)).toBe("draft");
    expect(publicationState({ status: "published", publishedAt: past }, now)).toBe("published");
    expect(publicationState({ status: "published", publishedAt: now.toISOString() }, now)).toBe(
      "published",
    );
    expect(publicationState({ status: "published", publishedAt: future }, now)).toBe("scheduled");
  });
});

describe("wasPublishedBefore", () => {
  it("is a draft whose date has passed: one that was live", () => {
    expect(wasPublishedBefore({ status: "draft", publishedAt: past }, now)).toBe(true);
    expect(wasPublishedBefore({ status: "draft", publishedAt: null }, now)).toBe(false);
    // Scheduled, then taken back before its time: it never was live.
    expect(wasPublishedBefore({ status: "draft", publishedAt: future }, now)).toBe(false);
    expect(wasPublishedBefore({ status: "published", publishedAt: past }, now)).toBe(false);
  });
});

describe("republishedAt", () => {
  it("keeps the date unless the post is published as new", () => {
    expect(republishedAt(past, "keep-date")).toBe(past);
    expect(republishedAt(past, undefined)).toBe(past);
    expect(republishedAt(past, "as-new")).toBeNull();
    expect(republishedAt(null, undefined)).toBeNull();
  });
});
