// A post's HTML made fit for an e-mail: only the tags a post's body uses, with the styles mail
// clients need written inline (many ignore a <style> block); links and images absolute (an
// e-mail has no site to be relative to) and only http(s) or mailto; images no wider than the
// e-mail's column; a YouTube video, which no mail client plays, as its thumbnail linked to the
// video. Scripts, styles, forms, frames, event handlers and any other attribute are dropped.
import sanitizeHtml from "sanitize-html";
import { youTubeVideoId } from "@shared/youtube.ts";
import { emailStyles } from "./email-styles.ts";

/** The width of the e-mail's text column, in CSS pixels (a 600 px container, less its padding). */
export const CONTENT_WIDTH = 552;

const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);
const IMAGE_PROTOCOLS = new Set(["http:", "https:"]);

/** A video found in the content, marked so the linked thumbnail can replace it once sanitised. */
const VIDEO_MARK = "video-thumbnail";
const videoMark = new RegExp(
  `<${VIDEO_MARK} data-id="([A-Za-z0-9_-]{11})">.*?</${VIDEO_MARK}>`,
  "gs",
);

/** An absolute address with one of `protocols`, resolved against `base`, or null. */
export function absoluteUrl(
  value: string | null | undefined,
  base: string,
  protocols: Set<string>,
): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim(), base);
    return protocols.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

export const absoluteImageUrl = (value: string | null | undefined, base: string) =>
  absoluteUrl(value, base, IMAGE_PROTOCOLS);

/** A width and height that fit the column, the height scaled with the width. */
export function boundedSize(
  width: number | null | undefined,
  height: number | null | undefined,
): { width: number; height?: number } {
  const given = width && width > 0 ? width : CONTENT_WIDTH;
  const bounded = Math.min(Math.round(given), CONTENT_WIDTH);
  if (!width || width <= 0 || !height || height <= 0) return { width: bounded };
  return { width: bounded, height: Math.round((height * bounded) / width) };
}

const numberOf = (value: string | undefined) => {
  const parsed = Number.parseInt(value ?? "", 10);
  return Number.isFinite(parsed) ? parsed : null;
};

const attribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** An image at most the column's width (`src` absolute, its natural size if known). */
export function imageHtml(
  src: string,
  natural: { width?: number | null; height?: number | null },
  alt: string,
): string {
  const { width, height } = boundedSize(natural.width, natural.height);
  const heightAttribute = height ? ` height="${height}"` : "";
  return `<img src="${attribute(src)}" width="${width}"${heightAttribute} alt="${attribute(alt)}" style="${emailStyles.tags.img}">`;
}

/** A YouTube video as e-mails show one: its thumbnail, linked to the video, and a text link. */
export function videoThumbnailHtml(id: string, label: string): string {
  const watch = `https://www.youtube.com/watch?v=${id}`;
  const thumbnail = `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
  return (
    `<a href="${watch}" style="${emailStyles.imageLink}">` +
    imageHtml(thumbnail, { width: 480, height: 360 }, label) +
    `</a><p style="${emailStyles.paragraph}"><a href="${watch}" style="${emailStyles.link}">${attribute(label)}</a></p>`
  );
}

type Attributes = Record<string, string>;

/** Each kept tag with the attributes it may keep, now absolute and bounded, and its style. */
function rewrite(
  tag: string,
  given: Attributes,
  base: string,
): { tagName: string; attribs: Attributes } {
  const style = emailStyles.tags[tag as keyof typeof emailStyles.tags];
  const styled = (attribs: Attributes = {}) => ({
    tagName: tag,
    attribs: style ? { ...attribs, style } : attribs,
  });
  switch (tag) {
    case "a": {
      const href = absoluteUrl(given.href, base, LINK_PROTOCOLS);
      // A link that could run something, or leads nowhere an e-mail can go, keeps only its text.
      if (!href) return { tagName: "span", attribs: {} };
      return styled(given.title ? { href, title: given.title } : { href });
    }
    case "img": {
      const src = absoluteUrl(given.src, base, IMAGE_PROTOCOLS);
      const size = boundedSize(numberOf(given.width), numberOf(given.height));
      return styled({
        ...(src ? { src } : {}),
        alt: given.alt ?? "",
        width: String(size.width),
        ...(size.height ? { height: String(size.height) } : {}),
      });
    }
    case "iframe": {
      const id = youTubeVideoId(given.src);
      return id
        ? { tagName: VIDEO_MARK, attribs: { "data-id": id } }
        : { tagName: tag, attribs: {} };
    }
    case "ol":
      return styled(numberOf(given.start) ? { start: String(numberOf(given.start)) } : {});
    case VIDEO_MARK:
      // Only an iframe becomes a video: the same tag written in the post is plain text.
      return { tagName: "span", attribs: {} };
    default:
      return styled();
  }
}

const ALLOWED_TAGS = [...Object.keys(emailStyles.tags), "span", VIDEO_MARK];

/**
 * The post's content for the e-mail. `base` is the post's public address: relative links and
 * images resolve against it as they do on its page. `videoLabel` names a video's link.
 */
export function emailContent(html: string, base: string, videoLabel: string): string {
  const safe = sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      "*": ["style"],
      a: ["href", "title"],
      img: ["src", "alt", "width", "height"],
      ol: ["start"],
      [VIDEO_MARK]: ["data-id"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    transformTags: { "*": (tag, attribs) => rewrite(tag, attribs, base) },
    // An image with nowhere to load from is left out.
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  });
  return safe.replace(videoMark, (_, id: string) => videoThumbnailHtml(id, videoLabel));
}
