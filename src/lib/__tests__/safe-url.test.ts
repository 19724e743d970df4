import { describe, expect, it } from "vitest";
import { allowedImageUrl, isAllowedImageUrl, isAllowedLinkUrl } from "../safe-url";

describe("isAllowedImageUrl", () => {
  it.each(["https://cdn.example.com/a.png", "HTTP://example.com/a.jpg", "/images/hero.webp"])(
    "allows %s",
    (url) => expect(isAllowedImageUrl(url)).toBe(true),
  );

  it.each([
    "javascript:alert(1)",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "blob:https://example.com/1",
    "//evil.example.com/a.png",
    "\u0001https://example.com/a.png",
    "https://example.com/\u0085a.png",
    " https://example.com/a.png",
    "java\tscript:alert(1)",
    "images/relative.png",
  ])("refuses %j", (url) => expect(isAllowedImageUrl(url)).toBe(false));

  it("gives the address back only when it is allowed", () => {
    expect(allowedImageUrl("/images/a.png")).toBe("/images/a.png");
    expect(allowedImageUrl("\u0001javascript:alert(1)")).toBeNull();
    expect(allowedImageUrl(null)).toBeNull();
  });
});

describe("isAllowedLinkUrl", () => {
  it("sees through characters browsers drop from a scheme", () => {
    expect(isAllowedLinkUrl("java\tscript:alert(1)")).toBe(false);
    expect(isAllowedLinkUrl("https://example.com")).toBe(true);
  });
});
