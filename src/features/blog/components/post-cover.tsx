import type { ComponentProps } from "react";
import { allowedImageUrl } from "@/lib/safe-url";

/**
 * A post's main image, sized as every cover is stored (16:9, 1200 × 675) so nothing moves when
 * it loads; nothing when the post has none or its address is not one the site shows.
 */
export function PostCover({ url, ...props }: { url: string | null } & ComponentProps<"img">) {
  const image = allowedImageUrl(url);
  return image ? <img src={image} alt="" width={1200} height={675} {...props} /> : null;
}
