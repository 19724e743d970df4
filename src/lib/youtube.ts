import { youTubeVideoId } from "@shared/youtube.ts";

/**
 * The privacy-enhanced embed address of a YouTube video given in any of its usual forms
 * (watch, shorts, youtu.be, embed), or null when the address is not a YouTube video.
 */
export function toYouTubeEmbedUrl(input: string | null | undefined): string | null {
  const id = youTubeVideoId(input);
  return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}
