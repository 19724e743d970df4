import { describe, expect, it } from "vitest";
import { sanitizePostHtml } from "../sanitize-html";

describe("sanitizePostHtml", () => {
  it("keeps every element the editor produces", () => {
    const html = [
      "<h1>T</h1><h2>S</h2><h3>s</h3>",
      "<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code><br></p>",
      "<pre><code>x = 1</code></pre><blockquote><p>q</p></blockquote>",
      '<ul><li><p>a</p></li></ul><ol start="3"><li><p>b</p></li></ol><hr>',
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked="checked"><span></span></label><div><p>done</p></div></li></ul>',
      '<p><a href="https://appgrove.com" target="_blank">link</a> <a href="/fr/contact">rel</a> <a href="mailto:a@b.co">m</a></p>',
      '<img src="/images/blog/a.svg" alt="A" title="T" width="640" height="360">',
    ].join("");
    const clean = sanitizePostHtml(html);
    for (const fragment of [
      "<h1>T</h1>",
      "<h3>s</h3>",
      "<u>u</u>",
      "<s>s</s>",
      "<pre><code>x = 1</code></pre>",
      '<ol start="3">',
      "<hr>",
      'data-type="taskList"',
      'data-checked="true"',
      'rel="noopener noreferrer"',
      'href="/fr/contact"',
      'href="mailto:a@b.co"',
      'width="640"',
      'alt="A"',
    ]) {
      expect(clean).toContain(fragment);
    }
    expect(clean).toMatch(/<input[^>]*disabled/);
  });

  it("keeps an uploaded image's address, alt text (empty when decorative) and size", () => {
    const uploaded =
      "https://project.supabase.co/storage/v1/object/public/post-images/2026/11/0b6a3c1e-8a4f-4c2e-9a51-6f1f5e1d2c3b.png";
    const html = `<img src="${uploaded}" alt="The team" width="800" height="600"><img src="${uploaded}" alt="" width="20" height="10">`;
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it.each([
    ["<script>alert(1)</script><p>ok</p>", "<p>ok</p>"],
    ['<img src="x" onerror="alert(1)">', ""],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="java\tscript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', "<a>x</a>"],
    ['<img src="data:image/png;base64,AAAA" alt="x">', ""],
    ['<p style="position:fixed" class="fixed inset-0" id="main">x</p>', "<p>x</p>"],
    ["<svg><script>alert(1)</script></svg>", ""],
    ['<iframe src="https://evil.example"></iframe>', ""],
    ["<h4>x</h4>", "x"],
    ['<input type="text" value="x">', ""],
    ['<a href="https://x.example" target="_top">x</a>', '<a href="https://x.example">x</a>'],
  ])("removes what is dangerous or foreign from %s", (dirty, clean) => {
    expect(sanitizePostHtml(dirty)).toBe(clean);
  });

  it("returns nothing for empty content", () => {
    expect(sanitizePostHtml(null)).toBe("");
    expect(sanitizePostHtml("")).toBe("");
  });
});
