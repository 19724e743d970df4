import { describe, expect, it } from "vitest";
import {
  PostSaveError,
  slugTakenMessage,
  toPostSaveError,
  translationLanguageMessage,
} from "../staff/api/save-post";

describe("toPostSaveError", () => {
  it("explains a slug already used in the language, on the slug field", () => {
    const error = toPostSaveError({
      code: "23505",
      message: 'duplicate key value violates unique constraint "blog_posts_language_slug_key"',
    });
    expect(error).toBeInstanceOf(PostSaveError);
    expect(error.field).toBe("slug");
    expect(error.message).toBe(slugTakenMessage);
  });

  it("explains a language its translation already has, on the language field", () => {
    const error = toPostSaveError({
      code: "23505",
      message:
        'duplicate key value violates unique constraint "blog_posts_translation_group_language_key"',
    });
    expect(error.field).toBe("language");
    expect(error.message).toBe(translationLanguageMessage);
  });

  it("puts known check failures on their field, in words", () => {
    const error = toPostSaveError({
      code: "23514",
      message:
        'new row for relation "blog_posts" violates check constraint "blog_posts_slug_check"',
    });
    expect(error.field).toBe("slug");
    expect(error.message).not.toMatch(/constraint/);
  });

  it("keeps any other message, or says the save failed", () => {
    expect(toPostSaveError({ code: "42501", message: "permission denied" }).message).toBe(
      "permission denied",
    );
    expect(toPostSaveError({}).message).toBe("Failed to save the post. Please try again.");
  });
});
