import type { Ref } from "react";
import { imageAccept } from "@/lib/image-files";

/**
 * The hidden file picker behind an "Upload image" button (the button is what keyboard and
 * screen-reader users reach). Cleared after each pick, so the same file can be picked again.
 */
export function ImageFileInput({
  ref,
  onFile,
}: {
  ref: Ref<HTMLInputElement>;
  onFile: (file: File) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept={imageAccept}
      hidden
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = "";
        if (file) onFile(file);
      }}
    />
  );
}
