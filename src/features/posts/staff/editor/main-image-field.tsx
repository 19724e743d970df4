import { ImagePlus, Loader2, Trash2, Upload } from "lucide-react";
import { useRef, useState, type ClipboardEvent, type DragEvent } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { firstFile, imageMessages, ImageUploadError } from "@/lib/image-files";
import { allowedImageUrl } from "@/lib/safe-url";
import { useUploadPostImage } from "../api/upload-post-image";
import type { PostFormValues } from "../lib/post-form";
import { ImageFileInput } from "./image-file-input";
import { editorFieldCopy } from "../lib/editor-copy";

const mainImageHint = "JPEG, PNG, WebP or AVIF, up to 5 MB. You can also drop or paste one.";

const carriesFiles = (transfer: DataTransfer) => transfer.types.includes("Files");

/**
 * The post's main image: uploaded (picked, dropped or pasted) or given by its address. An upload
 * records the image's size with its address, so the post page reserves its box; an address typed
 * by hand has no known size. The form points at an upload only once it is stored.
 */
export function MainImageField() {
  const { register, control, setValue, setError, clearErrors } = useFormContext<PostFormValues>();
  const [imageUrl, imageSize] = useWatch({ control, name: ["imageUrl", "imageSize"] });
  const upload = useUploadPostImage();
  const picker = useRef<HTMLInputElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const [dragging, setDragging] = useState(false);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const preview = allowedImageUrl(imageUrl.trim());
  const uploading = upload.isPending;

  async function take(file: File) {
    if (uploading) return;
    clearErrors("imageUrl");
    try {
      const image = await upload.mutateAsync(file);
      setValue("imageUrl", image.url, { shouldDirty: true });
      setValue("imageSize", { width: image.width, height: image.height }, { shouldDirty: true });
    } catch (error) {
      if (!(error instanceof ImageUploadError)) console.error("Failed to upload an image:", error);
      const message = error instanceof ImageUploadError ? error.message : imageMessages.failed;
      setError("imageUrl", { type: "upload", message });
    }
  }

  function remove() {
    setValue("imageUrl", "", { shouldDirty: true });
    setValue("imageSize", null, { shouldDirty: true });
    clearErrors("imageUrl");
    uploadButton.current?.focus();
  }

  function onPaste(event: ClipboardEvent) {
    const file = firstFile(event.clipboardData);
    if (!file) return;
    event.preventDefault();
    void take(file);
  }

  function onDragOver(event: DragEvent) {
    if (!carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  }

  function onDrop(event: DragEvent) {
    setDragging(false);
    const file = firstFile(event.dataTransfer);
    if (!file) return;
    event.preventDefault();
    void take(file);
  }

  const status = uploading
    ? "Uploading the image..."
    : upload.isSuccess && upload.data.url === imageUrl
      ? "Image uploaded."
      : "";

  return (
    <fieldset className="grid gap-3" onPaste={onPaste}>
      <legend className="mb-2 text-sm font-medium leading-none">Main image</legend>
      <div
        data-testid="main-image-drop-zone"
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "relative flex aspect-[16/9] items-center justify-center overflow-hidden rounded-md border border-dashed border-input bg-muted/40 transition-colors",
          dragging && "border-primary bg-primary/5",
        )}
      >
        {preview && brokenUrl !== preview ? (
          <img
            src={preview}
            alt="Main image preview"
            width={imageSize?.width ?? 1200}
            height={imageSize?.height ?? 675}
            className="size-full object-contain"
            onError={() => setBrokenUrl(preview)}
          />
        ) : (
          <p className="flex flex-col items-center gap-2 px-4 text-center text-sm text-muted-foreground">
            <ImagePlus className="size-6" aria-hidden />
            {preview ? "No image loads from this address." : "Drop or paste an image here"}
          </p>
        )}
        {uploading && (
          <div className="absolute inset-0 flex items-center justify-center gap-2 bg-background/80 text-sm font-medium">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            Uploading...
          </div>
        )}
      </div>
      <p className="sr-only" role="status">
        {status}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          ref={uploadButton}
          type="button"
          variant="outline"
          size="sm"
          aria-disabled={uploading || undefined}
          aria-describedby="post-image-hint"
          onClick={() => {
            if (!uploading) picker.current?.click();
          }}
        >
          <Upload aria-hidden />
          Upload image
        </Button>
        {preview && (
          <Button type="button" variant="ghost" size="sm" onClick={remove} disabled={uploading}>
            <Trash2 aria-hidden />
            Remove image
          </Button>
        )}
      </div>
      <p id="post-image-hint" className="text-xs text-muted-foreground">
        {mainImageHint}
      </p>
      <ImageFileInput ref={picker} onFile={(file) => void take(file)} />
      <FormField name="imageUrl" id="post-image-url" {...editorFieldCopy.imageUrl}>
        <Input
          type="url"
          inputMode="url"
          placeholder="https://"
          {...register("imageUrl", {
            onChange: () => {
              clearErrors("imageUrl");
              // A size belongs to the uploaded file, not to an address typed by hand.
              setValue("imageSize", null, { shouldDirty: true });
            },
          })}
        />
      </FormField>
    </fieldset>
  );
}
