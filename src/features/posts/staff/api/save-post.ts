import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryRoots } from "@/lib/query-keys";
import {
  FieldSaveError,
  toSaveError,
  type CheckMessages,
  type DatabaseError,
} from "@/lib/save-errors";
import { getSupabase } from "@/lib/supabase";
import {
  authorMessages,
  type EditorPost,
  type PostField,
  type PostPayload,
} from "../lib/post-form";

export const saveFailedMessage = "Failed to save the post. Please try again.";
export const slugTakenMessage =
  "This URL slug is already used by another post in this language. Choose another slug.";
export const translationLanguageMessage =
  "This post's translation is written in that language: a post and its translation are in different languages.";

/** A save the database refused, with the field to blame when there is one. */
export class PostSaveError extends FieldSaveError<PostField> {
  override name = "PostSaveError";
}

const keepTo = (what: string, characters: number) =>
  `Keep the ${what} to ${characters} characters.`;

const checkMessages: CheckMessages<PostField> = {
  blog_posts_slug_check: {
    field: "slug",
    message:
      "Use lower-case letters, digits and single hyphens in the slug (200 characters at most).",
  },
  blog_posts_title_check: {
    field: "title",
    message: "Give the post a title of at most 300 characters, on one line.",
  },
  blog_posts_excerpt_check: { field: "excerpt", message: keepTo("excerpt", 1000) },
  blog_posts_content_check: { field: "content", message: "The content is too long to store." },
  blog_posts_author_check: {
    field: "author",
    message: "Keep the author to one line of 200 characters.",
  },
  blog_posts_author_not_email_check: { field: "author", message: authorMessages.email },
  blog_posts_meta_title_check: { field: "metaTitle", message: keepTo("meta title", 300) },
  blog_posts_meta_description_check: {
    field: "metaDescription",
    message: keepTo("meta description", 1000),
  },
  blog_posts_tags_check: { field: "tags", message: keepTo("tags", 1000) },
  blog_posts_keywords_check: { field: "keywords", message: keepTo("keywords", 1000) },
  blog_posts_video_url_check: { field: "videoUrl", message: "This video address is not allowed." },
  blog_posts_image_url_check: { field: "imageUrl", message: "This image address is not allowed." },
  blog_posts_image_size_check: {
    field: "imageUrl",
    message: "The image's size could not be stored. Upload the image again.",
  },
};

/** Turns a database refusal into words for staff (never a raw constraint name). */
export function toPostSaveError(error: DatabaseError): PostSaveError {
  const text = `${error.message ?? ""} ${error.details ?? ""}`;
  if (/blog_posts_translation_group_language_key/.test(text)) {
    return new PostSaveError(translationLanguageMessage, "language");
  }
  if (error.code === "23505" || /blog_posts_language_slug_key/.test(text)) {
    return new PostSaveError(slugTakenMessage, "slug");
  }
  return toSaveError(PostSaveError, error, {
    checks: checkMessages,
    codes: {
      PGRST116:
        "The post was not saved: it no longer exists, or your session has ended. Sign in again and retry.",
    },
    fallback: saveFailedMessage,
  });
}

export interface SavePostInput {
  /** The post's id, or null to create it. */
  id: string | null;
  payload: PostPayload;
}

/** Creates or updates a post with the editable columns only; returns the stored row. */
export async function savePost({ id, payload }: SavePostInput): Promise<EditorPost> {
  const supabase = await getSupabase();
  const request = id
    ? supabase.from("blog_posts").update(payload).eq("id", id)
    : supabase.from("blog_posts").insert(payload);
  const { data, error } = await request.select("*").single();
  if (error) throw toPostSaveError(error);
  return data;
}

export function useSavePost({ onSaved }: { onSaved?: () => unknown } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePost,
    onSuccess: () => {
      // Lists refetch when next shown; staff need not wait for them here.
      void queryClient.invalidateQueries({ queryKey: queryRoots.publishedPosts });
      void onSaved?.();
    },
  });
}
