// Where Auth may send a browser: GoTrue's IsRedirectURLValid and GetReferrer. A redirect_to
// that is neither the site (scheme, host and port; any port on a loopback host) nor matched by
// [auth] additional_redirect_urls is replaced by the site URL.
import net from "node:net";
import type { AppContext } from "../app-env.ts";

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);
const DECIMAL_ADDRESS = /^[0-9]+$/;
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;

/** GoTrue's glob (gobwas/glob with separators . and /): `*` stops at them, `**` does not. */
function globPattern(glob: string): RegExp {
  const source = glob
    .split("**")
    .map((part) =>
      part
        .replace(/[.+^${}()|[\]\\]/g, "\\$&")
        .replace(/\*/g, "[^./]*")
        .replace(/\?/g, "[^./]"),
    )
    .join(".*");
  return new RegExp(`^${source}$`);
}

export function isRedirectUrlValid(
  siteUrl: string,
  allowList: readonly string[],
  redirectUrl: string,
): boolean {
  if (!redirectUrl || !URL.canParse(redirectUrl) || !URL.canParse(siteUrl)) return false;
  const base = new URL(siteUrl);
  const target = new URL(redirectUrl);
  if (
    base.hostname === target.hostname &&
    base.protocol === target.protocol &&
    (base.port === target.port || LOOPBACK_NAMES.has(target.hostname))
  ) {
    return true;
  }
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (DECIMAL_ADDRESS.test(host)) return false;
  if (net.isIP(host)) return host === "::1" || host.startsWith("127.");
  if (/^https?:$/.test(target.protocol) && !REGULAR_HOSTNAME.test(host)) return false;
  const withoutFragment = redirectUrl.split("#")[0]!;
  return allowList.some((glob) => globPattern(glob).test(withoutFragment));
}

/** GoTrue's GetReferrer: a valid redirect_to, else a valid Referer, else the site URL. */
export function referrer(context: AppContext, redirectTo?: string): string {
  const { siteUrl, config } = context.var.dependencies;
  const candidates = [
    redirectTo ?? context.req.header("redirect_to") ?? context.req.query("redirect_to"),
    context.req.header("referer"),
  ];
  const valid = candidates.find(
    (candidate) =>
      candidate && isRedirectUrlValid(siteUrl, config.additionalRedirectUrls, candidate),
  );
  return valid ?? siteUrl;
}
