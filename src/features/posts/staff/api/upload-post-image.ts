import { useMutation } from "@tanstack/react-query";
import {
  checkImageFile,
  imageObjectPath,
  ImageUploadError,
  postImagesBucket,
  uploadErrorMessage,
  type CheckedImage,
  type ImageSize,
} from "@/lib/image-files";
import { getSupabase } from "@/lib/supabase";

/** An object's name is never reused (imageObjectPath), so browsers may keep it a year. */
const cacheSeconds = 60 * 60 * 24 * 365;

export interface UploadedImage extends ImageSize {
  /** Its public URL, what posts store and pages load. */
  url: string;
  /** Its name in the bucket. */
  path: string;
}

/**
 * Stores an image in the post-images bucket under a new name and returns its public URL and
 * natural size. A plain file is checked first (type, size, readable), so a refused file is never
 * sent; the bucket's own refusals come back in the same words (ImageUploadError).
 */
export async function uploadPostImage(image: Blob | CheckedImage): Promise<UploadedImage> {
  const checked = image instanceof Blob ? await checkImageFile(image) : image;
  const supabase = await getSupabase();
  const bucket = supabase.storage.from(postImagesBucket);
  const path = imageObjectPath(checked.type);
  // The bytes as the body, so the stored type is the one the bytes show, not the file name's.
  const { error } = await bucket.upload(path, await checked.file.arrayBuffer(), {
    contentType: checked.type,
    cacheControl: String(cacheSeconds),
    upsert: false,
  });
  if (error) throw new ImageUploadError(uploadErrorMessage(error));
  return {
    url: bucket.getPublicUrl(path).data.publicUrl,
    path,
    width: checked.width,
    height: checked.height,
  };
}

/**
 * Removes an image that nothing will use (what it was uploaded for then failed). Best effort:
 * if this fails too, a file stays that no post shows.
 */
export async function removePostImage(path: string): Promise<void> {
  const supabase = await getSupabase();
  await supabase.storage.from(postImagesBucket).remove([path]);
}

export function useUploadPostImage() {
  return useMutation({ mutationFn: uploadPostImage });
}
