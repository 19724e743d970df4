// Image files as the post-images bucket takes them (decision 16; its rules live in
// supabase/migrations/20261123171000_post_images_bucket.sql). Mirrored here so staff hear about a
// refused file before it is sent, in the same words as the bucket's own refusals.

export const postImagesBucket = "post-images";

/** The types the bucket takes, each with the extension its objects are named with. */
export const imageTypes = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
} as const;

export type ImageType = keyof typeof imageTypes;

/** The bucket's file_size_limit (5242880 bytes). */
export const maxImageBytes = 5 * 1024 * 1024;

/** What a file picker offers. */
export const imageAccept = Object.keys(imageTypes).join(",");

/** Staff copy (English only, decision 3). */
export const imageMessages = {
  type: "Choose a JPEG, PNG, WebP or AVIF image.",
  size: "This image is larger than 5 MB. Choose a smaller one.",
  unreadable: "This file could not be read as an image. Choose another one.",
  denied: "Your session does not allow uploads. Sign in again as staff and retry.",
  failed: "The image could not be uploaded. Check your connection and try again.",
} as const;

/** An image refused or not stored, with the message to show staff. */
export class ImageUploadError extends Error {
  override name = "ImageUploadError";
}

export interface ImageSize {
  width: number;
  height: number;
}

/** A file that passed the bucket's rules, with the type its bytes show and its natural size. */
export interface CheckedImage extends ImageSize {
  file: Blob;
  type: ImageType;
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** How many leading bytes sniffImageType reads. */
const sniffedBytes = 64;

/**
 * The image type a file's first bytes show, or null. A file's declared type comes from its name
 * (or is missing), so a renamed text file would pass for a PNG; its signature does not lie.
 */
export function sniffImageType(head: Uint8Array): ImageType | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  if (ascii(head, 0, 8) === "\x89PNG\r\n\x1a\n") return "image/png";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "image/webp";
  if (ascii(head, 4, 8) === "ftyp") {
    // An ISO media file: AVIF when its major brand (8) or a compatible brand (16 on) says so.
    const boxEnd = Math.min(new DataView(head.buffer, head.byteOffset).getUint32(0), head.length);
    for (let offset = 8; offset + 4 <= boxEnd; offset += 4) {
      if (offset === 12) continue; // the minor version
      if (["avif", "avis"].includes(ascii(head, offset, offset + 4))) return "image/avif";
    }
  }
  return null;
}

/** The natural size as an <img> shows it (EXIF rotation applied); refuses what cannot decode. */
async function readImageSize(file: Blob): Promise<ImageSize> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new ImageUploadError(imageMessages.unreadable);
  }
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

/** Checks a file against the bucket's rules and reads its size, before anything is sent. */
export async function checkImageFile(file: Blob): Promise<CheckedImage> {
  const type = sniffImageType(new Uint8Array(await file.slice(0, sniffedBytes).arrayBuffer()));
  if (!type) throw new ImageUploadError(imageMessages.type);
  if (file.size > maxImageBytes) throw new ImageUploadError(imageMessages.size);
  return { file, type, ...(await readImageSize(file)) };
}

/**
 * A new object's name: an optional folder, the month it is stored in and a random id, such as
 * `2026/11/<uuid>.webp`. A name is never reused, so its file can be cached for good.
 */
export function imageObjectPath(
  type: ImageType,
  {
    folder,
    now = new Date(),
    id = crypto.randomUUID(),
  }: { folder?: string; now?: Date; id?: string } = {},
): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  const name = `${now.getUTCFullYear()}/${month}/${id}.${imageTypes[type]}`;
  return folder ? `${folder}/${name}` : name;
}

/**
 * A refused upload in staff's words. Storage answers a refusal with HTTP 400 and the refusal's
 * own status in `statusCode`: 413 for a file over the limit, 415 for a type the bucket does not
 * take, 403 when a policy refuses the caller.
 */
export function uploadErrorMessage(error: { statusCode?: string }): string {
  switch (error.statusCode) {
    case "413":
      return imageMessages.size;
    case "415":
      return imageMessages.type;
    case "403":
      return imageMessages.denied;
    default:
      return imageMessages.failed;
  }
}

/** The first file a paste or a drop carries, if any. */
export function firstFile(transfer: DataTransfer | null): File | null {
  return transfer?.files?.[0] ?? null;
}
