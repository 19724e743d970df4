// A YouTube video's id from any of its usual addresses. The site embeds it through the
// privacy-enhanced player (src/lib/youtube.ts); the newsletter e-mail shows its thumbnail
// linked to the video (supabase/functions/send-newsletter).
const videoId = /^[A-Za-z0-9_-]{11}$/;

/**
 * The id of the YouTube video at `input` (watch, shorts, live, youtu.be, embed, the
 * privacy-enhanced embed), or null when the address is not a YouTube video.
 */
export function youTubeVideoId(input: string | null | undefined): string | null {
  if (!input) return null;
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^(www|m)\./, "");
  const segments = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined = null;
  if (host === "youtu.be") id = segments[0];
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (segments[0] === "watch") id = url.searchParams.get("v");
    else if (segments[0] === "shorts" || segments[0] === "embed" || segments[0] === "live")
      id = segments[1];
  }
  return id && videoId.test(id) ? id : null;
}
