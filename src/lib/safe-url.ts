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

/** Images load only over http(s) or from the site itself: never data: or blob: payloads. */
export function isAllowedImageUrl(url: string): boolean {
  const value = url.replace(ignoredInScheme, "");
  return /^https?:\/\//i.test(value) || (value.startsWith("/") && !value.startsWith("//"));
}
