import { describe, expect, it } from "vitest";
import {
  authorMessages,
  buildPostPayload,
  bylineHasEmail,
  editableColumns,
  postToFormValues,
  videoUrlMessage,
  type EditorPost,
  type PostFormValues,
} from "../staff/lib/post-form";
import { toDateTimeLocal } from "../staff/lib/schedule";

const now = new Date("2026-03-10T12:00:00.000Z");

function values(overrides: Partial<PostFormValues> = {}): PostFormValues {
  return {
    ...postToFormValues(null, { defaultAuthor: "Ada Lovelace" }),
    title: "Hello",
    slug: "hello",
    ...overrides,
  };
}

function payloadOf(
  form: PostFormValues,
  status: "draft" | "published" = "draft",
  previousPublishedAt: string | null = null,
) {
  const result = buildPostPayload(form, status, { previousPublishedAt, now });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.payload;
}

const stored: EditorPost = {
  id: "7b0c6f0e-0000-4000-8000-000000000001",
  title: "Stored",
  slug: "stored",
  excerpt: "An excerpt",
  content: "<p>Body</p>",
  category: "ASO",
  author: "Growth Team",
  status: "published",
  featured: true,
  meta_title: "Meta",
  meta_description: "Description",
  tags: "a, b",
  keywords: "c, d",
  language: "en",
  video_url: null,
  image_url: "https://example.com/a.png",
  image_width: 1600,
  image_height: 900,
  created_at: "2026-01-01T00:00:00.000Z",
  published_at: "2026-01-02T00:00:00.000Z",
  updated_at: "2026-01-03T00:00:00.000Z",
  translation_group: "7b0c6f0e-0000-4000-8000-0000000000aa",
};

describe("postToFormValues", () => {
  it("starts a new post in French, by the staff member's display name, to publish now", () => {
    const form = postToFormValues(null, { defaultAuthor: "Ada Lovelace" });
    expect(form.language).toBe("fr");
    expect(form.author).toBe("Ada Lovelace");
    expect(form.scheduleMode).toBe("now");
    expect(form.category).toBe("");
  });

  it("keeps a stored post's language, and refuses one the site does not have", () => {
    expect(postToFormValues({ ...stored, language: "fr" }, { now }).language).toBe("fr");
    expect(() => postToFormValues({ ...stored, language: "xx" }, { now })).toThrow(
      "Unknown post language: xx",
    );
  });

  it("reads a stored post, and a future publication date as a schedule", () => {
    expect(postToFormValues(stored, { now })).toMatchObject({
      title: "Stored",
      language: "en",
      category: "ASO",
      featured: true,
      scheduleMode: "now",
    });
    const scheduled = postToFormValues(
      { ...stored, published_at: "2026-03-11T08:30:00.000Z" },
      { now },
    );
    expect(scheduled.scheduleMode).toBe("later");
    expect(scheduled.scheduledAt).toBe(toDateTimeLocal("2026-03-11T08:30:00.000Z"));
  });
});

describe("buildPostPayload", () => {
  it("sends exactly the editable columns (never id, created_at or updated_at)", () => {
    const payload = payloadOf(values());
    expect(Object.keys(payload).sort()).toEqual([...editableColumns].sort());
    expect(payload).not.toHaveProperty("id");
    expect(payload).not.toHaveProperty("created_at");
    expect(payload).not.toHaveProperty("updated_at");
  });

  it("stores the chosen status and every field, empty texts as null", () => {
    const payload = payloadOf(
      values({ excerpt: " ", tags: "ASO, iOS", category: "Analytics", featured: true }),
      "published",
    );
    expect(payload).toMatchObject({
      title: "Hello",
      slug: "hello",
      status: "published",
      excerpt: null,
      content: null,
      tags: "ASO, iOS",
      category: "Analytics",
      featured: true,
      author: "Ada Lovelace",
      language: "fr",
    });
    expect(payloadOf(values(), "draft").status).toBe("draft");
  });

  it("normalises a hand-typed slug and falls back to the title's", () => {
    expect(payloadOf(values({ slug: "Été 2026 Growth!" })).slug).toBe("ete-2026-growth");
    expect(payloadOf(values({ title: "Stratégie été", slug: "" })).slug).toBe("strategie-ete");
    const result = buildPostPayload(values({ title: "", slug: "" }), "draft", { now });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(["slug", "title"]);
  });

  it("requires an author, and never an e-mail address as one", () => {
    for (const [author, message] of [
      ["", authorMessages.required],
      ["  ", authorMessages.required],
      ["admin@appgrove.local", authorMessages.email],
      ["Ada <ada@example.com>", authorMessages.email],
    ] as const) {
      const result = buildPostPayload(values({ author }), "draft", { now });
      expect(result, author).toEqual({ ok: false, errors: { author: message } });
    }
    expect(payloadOf(values({ author: "  Growth Team " })).author).toBe("Growth Team");
    expect(payloadOf(values({ author: "The team @ Growth" })).author).toBe("The team @ Growth");
  });

  it("sees an e-mail address in a byline as the database does", () => {
    expect(bylineHasEmail("ada@example.com")).toBe(true);
    expect(bylineHasEmail("admin@localhost")).toBe(true);
    expect(bylineHasEmail("Ada Lovelace")).toBe(false);
    expect(bylineHasEmail("@agency")).toBe(false);
    expect(bylineHasEmail("Ada @ Agency")).toBe(false);
  });

  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://youtube.com/shorts/dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?t=10"],
  ])("converts the YouTube link %s to the embed form on save", (videoUrl) => {
    expect(payloadOf(values({ videoUrl })).video_url).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    );
  });

  it("refuses a video link that is not YouTube, with a clear message", () => {
    const result = buildPostPayload(values({ videoUrl: "https://vimeo.com/123" }), "draft", {
      now,
    });
    expect(result).toEqual({ ok: false, errors: { videoUrl: videoUrlMessage } });
    expect(payloadOf(values({ videoUrl: "" })).video_url).toBeNull();
  });

  it("refuses data: and blob: main images", () => {
    for (const imageUrl of [
      "data:image/png;base64,AAAA",
      "blob:https://x/1",
      "javascript:alert(1)",
    ]) {
      const result = buildPostPayload(values({ imageUrl }), "draft", { now });
      expect(result.ok, imageUrl).toBe(false);
    }
    expect(payloadOf(values({ imageUrl: "/images/a.png" })).image_url).toBe("/images/a.png");
  });

  it("stores an uploaded main image's size, and no size for a typed address or no image", () => {
    expect(postToFormValues(stored, { now }).imageSize).toEqual({ width: 1600, height: 900 });
    expect(
      postToFormValues({ ...stored, image_width: null, image_height: null }, { now }).imageSize,
    ).toBeNull();

    const imageSize = { width: 1200, height: 800 };
    expect(payloadOf(values({ imageUrl: "https://x.example/a.png", imageSize }))).toMatchObject({
      image_url: "https://x.example/a.png",
      image_width: 1200,
      image_height: 800,
    });
    expect(payloadOf(values({ imageUrl: "/images/a.png", imageSize: null }))).toMatchObject({
      image_width: null,
      image_height: null,
    });
    // A size left behind by a removed image is not stored (the database would refuse it).
    expect(payloadOf(values({ imageUrl: " ", imageSize }))).toMatchObject({
      image_url: null,
      image_width: null,
      image_height: null,
    });
  });

  describe("published_at", () => {
    it("is null for 'publish now' on a new post (the database stamps now())", () => {
      expect(payloadOf(values(), "published").published_at).toBeNull();
    });

    it("keeps a publication date that has passed", () => {
      expect(payloadOf(values(), "published", stored.published_at).published_at).toBe(
        stored.published_at,
      );
      expect(payloadOf(values(), "draft", stored.published_at).published_at).toBe(
        stored.published_at,
      );
    });

    it("drops a future date when switching back to 'publish now'", () => {
      expect(payloadOf(values(), "published", "2026-04-01T00:00:00.000Z").published_at).toBeNull();
    });

    it("is the chosen local time when scheduled", () => {
      const scheduledAt = toDateTimeLocal("2026-03-10T12:02:00.000Z");
      const payload = payloadOf(values({ scheduleMode: "later", scheduledAt }), "published");
      expect(payload.published_at).toBe("2026-03-10T12:02:00.000Z");
    });

    it("asks for a date when scheduling without one", () => {
      const result = buildPostPayload(
        values({ scheduleMode: "later", scheduledAt: "" }),
        "published",
        { now },
      );
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors.scheduledAt).toMatch(/date/);
    });
  });
});
