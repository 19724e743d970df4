import type { ComponentProps } from "react";
import { allowedImageUrl } from "@/lib/safe-url";

/**
 * A post's main image at its stored size, so the page reserves its box before it loads; an
 * image without a known size (an address typed by hand) is sized as the 16:9 cover box it is
 * shown in (1200 × 675). Nothing when the post has none or its address is not one the site shows.
 */
export function PostCover({
  url,
  width,
  height,
  ...props
}: {
  url: string | null;
  width?: number | null;
  height?: number | null;
} & Omit<ComponentProps<"img">, "width" | "height">) {
  const image = allowedImageUrl(url);
  // The database stores both sizes or neither.
  return image ? (
    <img src={image} alt="" width={width || 1200} height={height || 675} {...props} />
  ) : null;
}
