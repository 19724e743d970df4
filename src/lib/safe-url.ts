// The link schemes posts may use (the editor's allow-list): http, https, ftp, ftps, mailto,
// tel, callto, sms, cid, xmpp. Relative links, and values that do not start with a scheme,
// are allowed too; anything else (javascript:, data:, vbscript: ...) is not.
export const allowedLinkPattern =
  /^(?:(?:(?:f|ht)tps?|mailto|tel|callto|sms|cid|xmpp):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

// Characters browsers ignore inside a scheme ("java\tscript:") are dropped before the check.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped
const ignoredInScheme = /[\u0000-\u0020\u007f-\u009f]/g;

export function isAllowedLinkUrl(url: string): boolean {
  return allowedLinkPattern.test(url.replace(ignoredInScheme, ""));
}

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Images load only over http(s) or from the site itself: never data: or blob: payloads, and no
 * control characters a browser would drop (the database's blog_posts_image_url_check).
 */
export function isAllowedImageUrl(url: string): boolean {
  return /^(?:https?:\/\/|\/(?!\/))/i.test(url) && !controlCharacters.test(url);
}

/** The address itself if an image may load from it, otherwise null (stored before the rule). */
export function allowedImageUrl(url: string | null | undefined): string | null {
  return url && isAllowedImageUrl(url) ? url : null;
}
