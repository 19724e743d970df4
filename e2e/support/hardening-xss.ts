import type { Page } from "@playwright/test";

/**
 * Hostile HTML for the XSS suite. Every payload calls the trap `__xss('<id>')` when it runs
 * (frames call their own trap or their parent's), so an execution is recorded, not guessed.
 */
export interface Payload {
  id: string;
  html: string;
  /** Markup that is unclosed or may swallow what follows: rendered in a post of its own. */
  alone?: true;
}

const call = (id: string) => `__xss('${id}')`;
// Frames: their own trap (the init script runs in every frame) or, same-origin, the parent's.
const frameCall = (id: string) => `(self.__xss||parent.__xss)('${id}')`;
const base64 = (text: string) => Buffer.from(text).toString("base64");
const entities = (text: string) => [...text].map((c) => `&#${c.charCodeAt(0)};`).join("");

/** Post bodies: scripts, handlers, dangerous URLs, frames, CSS, mutation XSS, broken markup. */
export const contentPayloads: Payload[] = [
  { id: "script", html: `<script>${call("script")}</script>` },
  { id: "script-module", html: `<script type="module">${call("script-module")}</script>` },
  {
    id: "script-src-data",
    html: `<script src="data:text/javascript,${call("script-src-data")}"></script>`,
  },
  { id: "img-onerror", html: `<img src=x onerror="${call("img-onerror")}">` },
  {
    id: "img-allowed-onload",
    html: `<img src="/images/hero-growth.svg" alt="ok" onload="${call("img-allowed-onload")}">`,
  },
  {
    id: "img-eval-src",
    html: `<img src="x:${call("img-eval-src")}" onerror="eval(src.slice(2))">`,
  },
  { id: "svg-onload", html: `<svg onload="${call("svg-onload")}"></svg>` },
  { id: "svg-script", html: `<svg><script>${call("svg-script")}</script></svg>` },
  {
    id: "svg-animate",
    html: `<svg><animate onbegin="${call("svg-animate")}" attributeName="x" dur="1s"/></svg>`,
  },
  {
    id: "svg-xlink",
    html: `<svg><a xlink:href="javascript:${call("svg-xlink")}"><text x="20" y="20">svg link</text></a></svg>`,
  },
  {
    id: "svg-use",
    html: `<svg><use href="data:image/svg+xml;base64,${base64(
      `<svg id="x" xmlns="http://www.w3.org/2000/svg"><image href="1" onerror="${call("svg-use")}"/></svg>`,
    )}#x"></use></svg>`,
  },
  { id: "body-onload", html: `<body onload="${call("body-onload")}">` },
  {
    id: "details-ontoggle",
    html: `<details open ontoggle="${call("details-ontoggle")}"><summary>d</summary></details>`,
  },
  { id: "video-onerror", html: `<video src=x onerror="${call("video-onerror")}"></video>` },
  {
    id: "video-source",
    html: `<video><source src=x onerror="${call("video-source")}"></video>`,
  },
  { id: "audio-onerror", html: `<audio src=x onerror="${call("audio-onerror")}"></audio>` },
  { id: "input-autofocus", html: `<input autofocus onfocus="${call("input-autofocus")}">` },
  { id: "marquee-onstart", html: `<marquee onstart="${call("marquee-onstart")}">m</marquee>` },
  {
    id: "div-onmouseover",
    html: `<div onmouseover="${call("div-onmouseover")}" onclick="${call("div-onclick")}">hover me</div>`,
  },
  {
    id: "a-onclick",
    html: `<a href="https://appgrove.example/" onclick="${call("a-onclick")};return false">click link</a>`,
  },
  { id: "a-javascript", html: `<a href="javascript:${call("a-javascript")}">js link</a>` },
  {
    id: "a-javascript-entities",
    html: `<a href="${entities("javascript:")}${call("a-javascript-entities")}">entity link</a>`,
  },
  {
    id: "a-javascript-tab",
    html: `<a href="jav&#x09;ascript:${call("a-javascript-tab")}">tab link</a>`,
  },
  {
    id: "a-javascript-case",
    html: `<a href=" JaVaScRiPt:${call("a-javascript-case")}">case link</a>`,
  },
  {
    id: "a-javascript-colon",
    html: `<a href="javascript&colon;${call("a-javascript-colon")}">colon link</a>`,
  },
  {
    id: "a-data",
    html: `<a href="data:text/html;base64,${base64(`<script>${frameCall("a-data")}</script>`)}">data link</a>`,
  },
  { id: "a-vbscript", html: `<a href="vbscript:${call("a-vbscript")}">vb link</a>` },
  {
    id: "iframe-javascript",
    html: `<iframe src="javascript:${frameCall("iframe-javascript")}"></iframe>`,
  },
  {
    id: "iframe-srcdoc",
    html: `<iframe srcdoc="<script>${frameCall("iframe-srcdoc")}</script>"></iframe>`,
  },
  {
    id: "iframe-data",
    html: `<iframe src="data:text/html,<script>${frameCall("iframe-data")}</script>"></iframe>`,
  },
  {
    id: "object-data",
    html: `<object data="data:text/html;base64,${base64(`<script>${frameCall("object-data")}</script>`)}"></object>`,
  },
  {
    id: "embed-src",
    html: `<embed src="data:text/html;base64,${base64(`<script>${frameCall("embed-src")}</script>`)}">`,
  },
  {
    id: "form-action",
    html: `<form action="javascript:${call("form-action")}"><button>form submit</button></form>`,
  },
  {
    id: "button-formaction",
    html: `<form><button formaction="javascript:${call("button-formaction")}">formaction</button></form>`,
  },
  {
    id: "meta-refresh",
    html: `<meta http-equiv="refresh" content="0;url=javascript:${call("meta-refresh")}">`,
  },
  { id: "base-href", alone: true, html: `<base href="javascript:${call("base-href")}//">` },
  {
    id: "link-stylesheet",
    html: `<link rel="stylesheet" href="data:text/css,*{background:url(javascript:${call("link-stylesheet")})}">`,
  },
  {
    id: "css-expression",
    html: `<p style="width:expression(${call("css-expression")})">expr</p>`,
  },
  {
    id: "css-url-javascript",
    html: `<div style="background:url(javascript:${call("css-url-javascript")})">bg</div>`,
  },
  {
    id: "style-import",
    html: `<style>@import "javascript:${call("style-import")}";</style>`,
  },
  // DOMPurify's mutation-XSS classics: markup that parses differently the second time.
  {
    id: "mxss-noscript",
    alone: true,
    html: `<noscript><p title="</noscript><img src=x onerror=${call("mxss-noscript")}>"></noscript>`,
  },
  {
    id: "mxss-svg-style",
    alone: true,
    html: `<svg></p><style><a id="</style><img src=1 onerror=${call("mxss-svg-style")}>">`,
  },
  {
    id: "mxss-form-math",
    alone: true,
    html: `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${call("mxss-form-math")}>`,
  },
  {
    id: "mxss-math-textarea",
    alone: true,
    html: `<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=${call("mxss-math-textarea")} src=1>"></path></textarea></mtext></svg></mglyph></mi></math>`,
  },
  {
    id: "mxss-math-table",
    alone: true,
    html: `<math><mtext><table><mglyph><style><img src=x onerror=${call("mxss-math-table")}>`,
  },
  {
    id: "comment-breakout",
    alone: true,
    html: `<!--<img src="--><img src=x onerror=${call("comment-breakout")}//">`,
  },
  {
    id: "cdata-breakout",
    alone: true,
    html: `<svg><![CDATA[><image xlink:href="]]><img src=x onerror=${call("cdata-breakout")}//"></svg>`,
  },
  {
    id: "template",
    html: `<template><img src=x onerror="${call("template")}"></template>`,
  },
  { id: "xmp", alone: true, html: `<xmp><img src=x onerror=${call("xmp")}></xmp>` },
  {
    id: "title-breakout",
    alone: true,
    html: `</title><img src=x onerror=${call("title-breakout")}>`,
  },
  {
    id: "textarea-breakout",
    html: `<textarea></textarea><img src=x onerror=${call("textarea-breakout")}>`,
  },
  {
    id: "nested-script",
    alone: true,
    html: `<scr<script>ipt>${call("nested-script")}</scr</script>ipt>`,
  },
  { id: "double-lt", alone: true, html: `<<script>${call("double-lt")}//<</script>` },
  // Unclosed and malformed markup: the parser must not be talked into a handler.
  { id: "unclosed-img", alone: true, html: `<img src=x onerror=${call("unclosed-img")} ` },
  {
    id: "unclosed-a",
    alone: true,
    html: `<a href="javascript:${call("unclosed-a")}">unclosed link <b>bold`,
  },
  {
    id: "unquoted-attrs",
    alone: true,
    html: `<img/src=x/onerror=${call("unquoted-attrs")}>`,
  },
  // Template-engine strings are text in a React page: they must stay inert text.
  {
    id: "template-injection",
    html: `<p>{{constructor.constructor('${call("tpl-angular")}')()}} \${${call("tpl-literal")}} <%= ${call("tpl-erb")} %> #{${call("tpl-ruby")}}</p>`,
  },
];

/** Plain-text fields (title, excerpt, author, meta): they must show as text, never as markup. */
export const textPayloads: string[] = [
  `<script>${call("text-script")}</script>`,
  `</title><script>${call("text-title-breakout")}</script>`,
  `</script><script>${call("text-jsonld-breakout")}</script>`,
  `<img src=x onerror=${call("text-img")}>`,
  `"><svg onload=${call("text-attr-breakout")}>`,
  `{{constructor.constructor('${call("text-angular")}')()}}`,
  `\${${call("text-template-literal")}}`,
  `'--><details open ontoggle=${call("text-comment")}>`,
];

/**
 * Image addresses. The database accepts only http(s) and site-relative ones, so the script-scheme
 * spellings here are refused when stored (hardening-xss.spec.ts checks every one); the relative
 * ones that try to break out of the attribute are stored and must stay inert.
 */
export const imageUrlPayloads: string[] = [
  `javascript:${call("image-javascript")}`,
  `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="${call("image-data-svg")}"/>`,
  ` JavaScript:${call("image-space-javascript")}`,
  `/images/hero-growth.svg" onerror="${call("image-attr-breakout")}`,
  `/images/hero-growth.svg?"><img src=x onerror=${call("image-query-breakout")}>`,
  `vbscript:${call("image-vbscript")}`,
  `&#106;avascript:${call("image-entity")}`,
  `/images/hero-growth.svg#' onload='${call("image-single-quote")}`,
];

/** Video addresses: only a YouTube video id may ever reach the (privacy-enhanced) embed. */
export const videoUrlPayloads: string[] = [
  `javascript:${call("video-javascript")}`,
  `java\nscript:${call("video-newline-javascript")}`,
  `https://www.youtube.com/watch?v=dQw4w9WgXcQ&x="><script>${call("video-query")}</script>`,
  `https://youtu.be/"><svg onload=${call("video-path")}>`,
  `https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"onload="${call("video-attr")}`,
  `data:text/html,<script>${frameCall("video-data")}</script>`,
  `https://evil.example/embed/dQw4w9WgXcQ?<script>${call("video-host")}</script>`,
  `\u0001javascript:${call("video-c0-javascript")}`,
];

/** Legitimate content that must survive the sanitiser. */
export const legitimateHtml = [
  `<p>A normal paragraph about growth.</p>`,
  `<p>Read <a href="https://appgrove.example/growth">our growth guide</a> today.</p>`,
  `<img src="/images/hero-growth.svg" alt="Growth chart" width="1200" height="675">`,
].join("");
export const legitimateVideoUrl = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

/**
 * The corpus in posts of a few payloads each. A payload that is unclosed or may swallow what
 * follows comes last in its post, so it never hides another one from the sanitiser.
 */
export function groupPayloads(payloads: Payload[], size = 6): Payload[][] {
  const alone = payloads.filter((payload) => payload.alone);
  const shared = payloads.filter((payload) => !payload.alone);
  const count = Math.max(alone.length, Math.ceil(shared.length / size));
  const groups: Payload[][] = Array.from({ length: count }, () => []);
  shared.forEach((payload, index) => groups[index % count]!.push(payload));
  alone.forEach((payload, index) => groups[index]!.push(payload));
  return groups;
}

export interface TrapHit {
  id: string;
  frame: string;
}

/**
 * Arms the trap in every frame of the page: `__xss(id)` reports to the test runner, and so do
 * alert/confirm/prompt (a payload written for them still counts). Returns the live hit list.
 */
export async function armTrap(page: Page): Promise<TrapHit[]> {
  const hits: TrapHit[] = [];
  await page.exposeBinding("__xssReport", (source, id: unknown) => {
    hits.push({ id: String(id), frame: source.frame.url() });
  });
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown> & {
      __xssReport: (id: string) => void;
    };
    const report = (id: unknown) => void w.__xssReport(String(id));
    w.__xss = report;
    w.alert = (message?: unknown) => report(`alert:${String(message)}`);
    w.confirm = (message?: unknown) => (report(`confirm:${String(message)}`), false);
    w.prompt = (message?: unknown) => (report(`prompt:${String(message)}`), null);
  });
  page.on("dialog", (dialog) => {
    hits.push({ id: `dialog:${dialog.message()}`, frame: page.url() });
    void dialog.dismiss().catch(() => undefined);
  });
  return hits;
}

/**
 * The control: every payload written as it is (no sanitiser, no CSP) into a document of its
 * own, an iframe of a bare page. Returns the ids whose code ran without any interaction.
 */
export async function runUnsanitised(page: Page, payloads: Payload[]): Promise<Set<string>> {
  const hits = await armTrap(page);
  const origin = "http://xss-control.test";
  const attribute = (html: string) => html.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  const frames = payloads
    .map(
      (payload) =>
        `<iframe srcdoc="${attribute(`<script>window.__xss = parent.__xss</script><div>${payload.html}</div>`)}"></iframe>`,
    )
    .join("");
  await page.route(`${origin}/**`, (route) =>
    new URL(route.request().url()).pathname === "/"
      ? route.fulfill({ contentType: "text/html", body: `<!doctype html><body>${frames}</body>` })
      : route.fulfill({ status: 404, body: "" }),
  );
  await page.goto(`${origin}/`, { waitUntil: "domcontentloaded" });
  await page.waitForTimeout(1_500);
  return new Set(hits.map((hit) => hit.id));
}

export interface Audit {
  /** The text of the (first) audited element: shows which content was on the page. */
  text: string;
  /** Markup that could run script: handlers, script-scheme links or frames, disallowed elements. */
  dangerous: string[];
  /** Image addresses with a script scheme: never run by a browser, but should not be there. */
  inertImageAddresses: string[];
}

/**
 * What reached the DOM. In a post body (`strict`) only the sanitiser's allow-list of elements
 * may appear, without style or event-handler attributes, and the interactive handlers are
 * triggered (hover, focus, click on non-links) so one that slipped through would run. In the
 * rest of the page: no event-handler attribute, no address with a scheme other than http(s),
 * mailto or tel, no <base> or refresh, and no inline script other than the site's JSON data
 * (which no stored text may close). Then lets pending load and error events fire.
 */
export async function auditDom(page: Page, selector: string, strict: boolean): Promise<Audit> {
  return page.evaluate(
    async ({ selector, strict }) => {
      const safeTags = new Set(
        "p h1 h2 h3 strong b em i u s code pre blockquote ul ol li hr br a img label input div span"
          .toUpperCase()
          .split(" "),
      );
      const urlAttributes = ["href", "src", "action", "formaction", "xlink:href", "data", "poster"];
      const safeSchemes = new Set(["http:", "https:", "mailto:", "tel:"]);
      const audit: Audit = {
        text: document.querySelector(selector)?.textContent ?? "",
        dangerous: [],
        inertImageAddresses: [],
      };
      const describe = (element: Element, detail = "") =>
        `<${element.tagName.toLowerCase()}${detail ? ` ${detail.slice(0, 80)}` : ""}>`;
      const elements = Array.from(document.querySelectorAll(selector)).flatMap((root) => [
        ...(strict ? [] : [root]),
        ...Array.from(root.querySelectorAll("*")),
      ]);
      for (const element of elements) {
        const name = element.tagName;
        if (strict && !safeTags.has(name)) audit.dangerous.push(describe(element));
        if (name === "BASE" || (name === "META" && element.hasAttribute("http-equiv")))
          audit.dangerous.push(describe(element));
        if (name === "SCRIPT" && !(element as HTMLScriptElement).src) {
          const { type, textContent } = element as HTMLScriptElement;
          if (type !== "application/ld+json" && type !== "application/json")
            audit.dangerous.push(describe(element, textContent ?? ""));
          else if (/<\/script|<!--/i.test(textContent ?? ""))
            audit.dangerous.push(describe(element, `closable: ${textContent}`));
        }
        for (const { name: rawName, value } of Array.from(element.attributes)) {
          const attr = rawName.toLowerCase();
          if (attr.startsWith("on")) audit.dangerous.push(describe(element, `${attr}="${value}"`));
          if (attr === "srcdoc" || (strict && attr === "style"))
            audit.dangerous.push(describe(element, `${attr}="${value}"`));
          if (urlAttributes.includes(attr) && value.trim() !== "") {
            let scheme: string;
            try {
              scheme = new URL(value, document.baseURI).protocol;
            } catch {
              scheme = "unparsable";
            }
            if (safeSchemes.has(scheme)) continue;
            const finding = describe(element, `${attr}="${value}"`);
            if (name === "IMG" && attr === "src") audit.inertImageAddresses.push(finding);
            else audit.dangerous.push(finding);
          }
        }
      }
      if (strict) {
        for (const element of elements) {
          for (const type of ["mouseover", "mouseenter", "focus", "animationstart", "toggle"])
            element.dispatchEvent(new Event(type, { bubbles: true }));
          if (!element.closest("a, button, form, input, label, select, textarea"))
            (element as HTMLElement).click();
        }
      }
      // A leaked handler on a failed load or a hover would run now.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 60)));
      return audit;
    },
    { selector, strict },
  );
}
