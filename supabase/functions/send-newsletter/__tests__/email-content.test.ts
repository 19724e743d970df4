// A post's HTML made fit for an e-mail: what may run or load from anywhere goes, what stays is
// absolute, bounded and styled inline.
import { describe, expect, it } from "vitest";
import { CONTENT_WIDTH, emailContent } from "../email-content.ts";

const POST_URL = "https://agency.example/blog/a-post";
const clean = (html: string) => emailContent(html, POST_URL, "Watch the video");

describe("emailContent", () => {
  it("drops scripts, styles, forms, frames and event handlers, keeping the text", () => {
    const html = clean(
      '<p onclick="steal()" style="position:fixed">Hello<script>alert(1)</script></p>' +
        "<style>p{color:red}</style><form action=/x><input name=a><button>Go</button></form>" +
        '<iframe src="https://evil.example/frame">frame</iframe><object data="x.swf"></object>',
    );
    expect(html).not.toMatch(
      /script|alert|<style|color:red|<form|<input|<button|<iframe|<object|onclick|position:fixed|evil/,
    );
    expect(html).toContain("Hello");
    expect(html).toMatch(/^<p style="margin:0 0 16px;[^"]*">Hello<\/p>/);
  });

  it("makes relative links and images absolute against the post's address", () => {
    const html = clean(
      '<p><a href="/blog/other">Other</a> <a href="next">Next</a> <a href="#top">Top</a></p><img src="/images/a.png" alt="A">',
    );
    expect(html).toContain('href="https://agency.example/blog/other"');
    expect(html).toContain('href="https://agency.example/blog/next"');
    expect(html).toContain('href="https://agency.example/blog/a-post#top"');
    expect(html).toContain('src="https://agency.example/images/a.png"');
  });

  it("drops links that could run something, or lead where an e-mail cannot go, keeping their text", () => {
    const html = clean(
      '<p><a href="javascript:alert(1)">one</a> <a href="java\tscript:alert(1)">two</a> ' +
        '<a href="data:text/html,x">three</a> <a href="tel:+331">four</a> ' +
        '<a href="mailto:hello@agency.example">mail</a></p>',
    );
    expect(html).not.toMatch(/javascript|data:|tel:/);
    expect(html).toContain(
      "<span>one</span> <span>two</span> <span>three</span> <span>four</span>",
    );
    expect(html).toContain('href="mailto:hello@agency.example"');
  });

  it("bounds a huge image to the column, its height scaled, with an inline max-width", () => {
    const html = clean(
      '<img src="https://cdn.example/huge.png" width="4000" height="2000" alt="Huge">',
    );
    expect(html).toContain(`width="${CONTENT_WIDTH}"`);
    expect(html).toContain(`height="${CONTENT_WIDTH / 2}"`);
    expect(html).toMatch(/style="[^"]*max-width:100%/);
    expect(clean('<img src="https://cdn.example/any.png">')).toContain(`width="${CONTENT_WIDTH}"`);
    expect(clean('<img src="https://cdn.example/small.png" width="100" height="50">')).toContain(
      'width="100" height="50"',
    );
  });

  it("leaves out an image with nowhere safe to load from", () => {
    expect(
      clean('<p>x</p><img src="data:image/png;base64,AAAA"><img src="javascript:x"><img>'),
    ).toBe(clean("<p>x</p>"));
  });

  it("shows a YouTube frame as its thumbnail linked to the video", () => {
    const html = clean(
      '<iframe src="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1">fallback</iframe>',
    );
    expect(html).toContain(
      '<a href="https://www.youtube.com/watch?v=aqz-KE-bpKQ" style="display:block;margin:0 0 16px;text-decoration:none"><img src="https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg"',
    );
    expect(html).toContain(">Watch the video</a>");
    expect(html).not.toMatch(/<iframe|fallback|video-thumbnail/);
    // The marker the sanitiser leaves for a video, written in a post, is only text.
    expect(clean('<video-thumbnail data-id="aqz-KE-bpKQ">x</video-thumbnail>')).toBe(
      "<span>x</span>",
    );
  });
});
