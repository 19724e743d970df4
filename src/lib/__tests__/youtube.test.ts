import { describe, expect, it } from "vitest";
import { toYouTubeEmbedUrl } from "../youtube";

const embed = "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ";

describe("toYouTubeEmbedUrl", () => {
  it.each([
    "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
    "https://youtube.com/watch?v=aqz-KE-bpKQ&t=42s",
    "https://m.youtube.com/watch?v=aqz-KE-bpKQ",
    "https://www.youtube.com/shorts/aqz-KE-bpKQ",
    "https://youtu.be/aqz-KE-bpKQ",
    "https://youtu.be/aqz-KE-bpKQ?si=abc",
    "https://www.youtube.com/embed/aqz-KE-bpKQ",
    "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ",
    "  https://youtu.be/aqz-KE-bpKQ  ",
  ])("converts %s", (input) => {
    expect(toYouTubeEmbedUrl(input)).toBe(embed);
  });

  it.each([
    "",
    null,
    "not a url",
    "javascript:alert(1)//youtube.com/watch?v=aqz-KE-bpKQ",
    "https://vimeo.com/123456",
    "https://www.youtube.com/watch?v=short",
    "https://evil.example/watch?v=aqz-KE-bpKQ",
    "https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ",
    "https://www.youtube.com/watch?v=aqz-KE-bpKQ%22onload%3D",
  ])("refuses %j", (input) => {
    expect(toYouTubeEmbedUrl(input)).toBeNull();
  });
});
