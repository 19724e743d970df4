// The newsletter e-mail in Node (its imports are the npm packages the functions' import map
// names): what it shows in each language, and caniemail's verdict for Gmail, Apple Mail and
// Outlook through @jsx-email/doiuse-email.
import { doIUseEmail } from "@jsx-email/doiuse-email";
import { describe, expect, it } from "vitest";
import { languageCodes } from "@shared/languages.ts";
import { postalAddress } from "@shared/site.ts";
import {
  renderNewsletterEmail,
  UNSUBSCRIBE_TOKEN_PLACEHOLDER,
  type NewsletterPost,
} from "../newsletter-email.tsx";
import { withToken } from "../recipient-email.ts";

const SITE = "https://agency.example";
const VIDEO = "aqz-KE-bpKQ";

const richPost = (language: NewsletterPost["language"]): NewsletterPost => ({
  title: "Five ASO lessons",
  slug: "five-aso-lessons",
  excerpt: "What we learnt this year.",
  language,
  image_url: "https://cdn.example/cover.jpg",
  image_width: 1600,
  image_height: 900,
  video_url: `https://www.youtube-nocookie.com/embed/${VIDEO}`,
  content: [
    "<h1>Lessons</h1><h2>First</h2><h3>Detail</h3>",
    '<p>Read <a href="/blog/keywords">our keyword guide</a>, <strong>bold</strong>, <em>soft</em>, <u>u</u>, <s>s</s>, <code>code</code>.</p>',
    '<ul><li>One</li><li>Two</li></ul><ol start="2"><li>Three</li></ol>',
    '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked></label><div><p>Done</p></div></li></ul>',
    "<blockquote><p>Quoted.</p></blockquote><pre><code>npm run build</code></pre><hr>",
    '<img src="/storage/v1/object/public/post-images/2026/11/a.png" alt="A chart" width="1200" height="600">',
    `<iframe src="https://www.youtube.com/embed/${VIDEO}"></iframe>`,
  ].join(""),
});

/**
 * What caniemail reports for any HTML e-mail built with React Email's layout, left aside with
 * the reason: Outlook's apps for macOS, iOS and Android drop the <body> element (React Email's
 * Body repeats its styles on an inner cell for them), and Windows Mail ignores role attributes
 * (role="presentation" tells screen readers elsewhere that the layout tables are not data).
 */
const INHERENT = [
  /^`<body> element` is not supported by `outlook\.(macos|ios|android)`$/,
  /^`role attribute` is not supported by `outlook\.windows-mail`$/,
];

describe.each(languageCodes)("the newsletter e-mail in %s", (language) => {
  it("passes caniemail's check for every Gmail, Apple Mail and Outlook client", async () => {
    const { html } = await renderNewsletterEmail({
      post: richPost(language),
      preheader: "A preheader",
      siteUrl: SITE,
    });
    for (const family of ["gmail.*", "apple-mail.*"]) {
      const report = doIUseEmail(html, { emailClients: [family] });
      expect(report.success ? [] : report.errors, family).toEqual([]);
      expect(report.success).toBe(true);
    }
    const outlook = doIUseEmail(html, { emailClients: ["outlook.*"] });
    const errors = outlook.success ? [] : outlook.errors;
    expect(errors.filter((error) => !INHERENT.some((known) => known.test(error)))).toEqual([]);
  });

  it("shows the post with its links absolute, in the reader's language, and the footer", async () => {
    const { html, text } = await renderNewsletterEmail({
      post: richPost(language),
      preheader: "A preheader",
      siteUrl: SITE,
    });
    const postUrl =
      language === "fr" ? `${SITE}/fr/blog/five-aso-lessons` : `${SITE}/blog/five-aso-lessons`;
    const unsubscribe =
      language === "fr"
        ? `${SITE}/fr/newsletter/desinscription?token=${UNSUBSCRIBE_TOKEN_PLACEHOLDER}`
        : `${SITE}/newsletter/unsubscribe?token=${UNSUBSCRIBE_TOKEN_PLACEHOLDER}`;
    expect(html).toContain(`lang="${language}"`);
    expect(html).toContain("A preheader");
    expect(html).toContain("Appgrove");
    expect(html).toContain('src="https://cdn.example/cover.jpg" width="552" height="311"');
    expect(html).toContain(`href="${postUrl}"`);
    expect(html).toContain(`href="${SITE}/blog/keywords"`);
    expect(html).toContain(`src="${SITE}/storage/v1/object/public/post-images/2026/11/a.png"`);
    expect(html).toContain(`href="https://www.youtube.com/watch?v=${VIDEO}"`);
    expect(html).toContain(`https://i.ytimg.com/vi/${VIDEO}/hqdefault.jpg`);
    expect(html).toContain(`href="${unsubscribe}"`);
    expect(html).toContain(postalAddress);
    expect(html).not.toMatch(/<link|<script|<iframe|<input|target=/);
    expect(html).toContain(language === "fr" ? "Lire sur le site" : "Read on the site");
    expect(html).toContain(language === "fr" ? "Se désinscrire" : "Unsubscribe");
    expect(text).toContain("Five ASO lessons".toUpperCase());
    expect(text).toContain(unsubscribe);
    expect(text).toContain(postUrl);
    expect(text).not.toContain("A preheader");

    const mine = withToken(html, "tok/en+1");
    expect(mine).toContain("token=tok%2Fen%2B1");
    expect(mine).not.toContain(UNSUBSCRIBE_TOKEN_PLACEHOLDER);
  });
});
