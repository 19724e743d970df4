import { isPostCategory, type PostCategory } from "@/config/blog";
import { locales, type Locale } from "@/config/routes";
import type { ImageSize } from "@/lib/image-files";
import { isAllowedImageUrl } from "@/lib/safe-url";
import { slugify } from "@/lib/slugify";
import { toYouTubeEmbedUrl } from "@/lib/youtube";
import type { Enums, Tables, TablesInsert } from "@/types/database";
import { fromDateTimeLocal, toDateTimeLocal } from "./schedule";

export type EditorPost = Tables<"blog_posts">;
export type PostStatus = Enums<"post_status">;
export type ScheduleMode = "now" | "later";

/** What the editor form holds: plain strings for inputs, converted to a row on save. */
export interface PostFormValues {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  category: PostCategory | "";
  language: Locale;
  imageUrl: string;
  /** The main image's natural size: known for an upload, null for an address typed by hand. */
  imageSize: ImageSize | null;
  videoUrl: string;
  featured: boolean;
  author: string;
  metaTitle: string;
  metaDescription: string;
  tags: string;
  keywords: string;
  scheduleMode: ScheduleMode;
  /** A datetime-local value in the staff's time zone; used when scheduleMode is "later". */
  scheduledAt: string;
}

/** The only columns staff may write (the table's grants); id and the dates are the database's. */
export const editableColumns = [
  "title",
  "slug",
  "excerpt",
  "content",
  "category",
  "author",
  "status",
  "featured",
  "meta_title",
  "meta_description",
  "tags",
  "keywords",
  "language",
  "video_url",
  "image_url",
  "image_width",
  "image_height",
  "published_at",
] as const satisfies readonly (keyof TablesInsert<"blog_posts">)[];

type EditableColumn = (typeof editableColumns)[number];
export type PostPayload = Required<Pick<TablesInsert<"blog_posts">, EditableColumn>>;

export type PostField = keyof PostFormValues;

export type PayloadResult =
  { ok: true; payload: PostPayload } | { ok: false; errors: Partial<Record<PostField, string>> };

export const seoHints = { metaTitle: 60, metaDescription: 160 } as const;

export const videoUrlMessage =
  "Use a YouTube video link (youtube.com/watch?v=..., youtube.com/shorts/... or youtu.be/...).";

export const imageUrlMessage =
  "Use an image address starting with https:// (or a path on this site, such as /images/...).";

export const authorMessages = {
  required: "Name the author: the byline published with the post.",
  email: "Use a name for the author, not an e-mail address: the byline is published.",
} as const;

/**
 * Whether a byline carries an e-mail address: an @ with something other than a space on either
 * side, as the database's blog_posts_author_not_email_check sees it ("@agency" is a handle).
 */
export function bylineHasEmail(author: string): boolean {
  return /\S@\S/.test(author);
}

/** The language a new post starts in; the editor lists it first. */
export const newPostLanguage: Locale = "fr";

/**
 * The form's starting values: a stored post, or a new post (in newPostLanguage) by
 * `defaultAuthor`, the staff member's display name (never their e-mail; empty without a profile).
 */
export function postToFormValues(
  post: EditorPost | null,
  { defaultAuthor = "", now = new Date() }: { defaultAuthor?: string; now?: Date } = {},
): PostFormValues {
  if (!post) {
    return {
      title: "",
      slug: "",
      excerpt: "",
      content: "",
      category: "",
      language: newPostLanguage,
      imageUrl: "",
      imageSize: null,
      videoUrl: "",
      featured: false,
      author: defaultAuthor,
      metaTitle: "",
      metaDescription: "",
      tags: "",
      keywords: "",
      scheduleMode: "now",
      scheduledAt: "",
    };
  }
  // The database holds only the site's languages (blog_posts_language_check).
  const language = locales.find((locale) => locale === post.language);
  if (!language) throw new Error(`Unknown post language: ${post.language}`);
  const scheduled = !!post.published_at && Date.parse(post.published_at) > now.getTime();
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt ?? "",
    content: post.content ?? "",
    category: isPostCategory(post.category) ? post.category : "",
    language,
    imageUrl: post.image_url ?? "",
    imageSize:
      post.image_width !== null && post.image_height !== null
        ? { width: post.image_width, height: post.image_height }
        : null,
    videoUrl: post.video_url ?? "",
    featured: post.featured,
    author: post.author ?? "",
    metaTitle: post.meta_title ?? "",
    metaDescription: post.meta_description ?? "",
    tags: post.tags ?? "",
    keywords: post.keywords ?? "",
    scheduleMode: scheduled ? "later" : "now",
    scheduledAt: scheduled ? toDateTimeLocal(post.published_at) : "",
  };
}

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

/** An editor body with no text and no media counts as empty. */
function contentOrNull(html: string): string | null {
  const bare = html.replace(/<p>(?:<br\s*\/?>)?<\/p>/g, "").trim();
  return bare === "" ? null : html;
}

/**
 * When the post goes live. "Publish now" keeps a date that has already passed (re-saving a
 * live post keeps its date) and otherwise sends null, which the database turns into now() on
 * publication. "Later" sends the chosen time: a published post stays hidden until then.
 */
function publishedAtFor(
  values: PostFormValues,
  previousPublishedAt: string | null,
  now: Date,
): { ok: true; value: string | null } | { ok: false } {
  if (values.scheduleMode === "later") {
    const iso = fromDateTimeLocal(values.scheduledAt);
    return iso ? { ok: true, value: iso } : { ok: false };
  }
  const past =
    previousPublishedAt !== null && Date.parse(previousPublishedAt) <= now.getTime()
      ? previousPublishedAt
      : null;
  return { ok: true, value: past };
}

/**
 * The row to store for the form, with the status the staff member chose: only the editable
 * columns, empty texts as null, the slug normalised and video links in their embed form.
 */
export function buildPostPayload(
  values: PostFormValues,
  status: PostStatus,
  {
    previousPublishedAt = null,
    now = new Date(),
  }: { previousPublishedAt?: string | null; now?: Date } = {},
): PayloadResult {
  const errors: Partial<Record<PostField, string>> = {};

  const title = values.title.trim();
  if (!title) errors.title = "Give the post a title.";

  const slug = slugify(values.slug) || slugify(values.title);
  if (!slug) errors.slug = "The URL slug needs at least one letter or digit.";

  let videoUrl: string | null = null;
  if (values.videoUrl.trim()) {
    videoUrl = toYouTubeEmbedUrl(values.videoUrl);
    if (!videoUrl) errors.videoUrl = videoUrlMessage;
  }

  const author = values.author.trim();
  if (!author) errors.author = authorMessages.required;
  else if (bylineHasEmail(author)) errors.author = authorMessages.email;

  const imageUrl = orNull(values.imageUrl);
  if (imageUrl && !isAllowedImageUrl(imageUrl)) errors.imageUrl = imageUrlMessage;
  const imageSize = imageUrl ? values.imageSize : null;

  const publishedAt = publishedAtFor(values, previousPublishedAt, now);
  if (!publishedAt.ok) errors.scheduledAt = "Pick a date and a time to schedule the post.";

  if (Object.keys(errors).length > 0 || !publishedAt.ok) return { ok: false, errors };

  return {
    ok: true,
    payload: {
      title,
      slug,
      excerpt: orNull(values.excerpt),
      content: contentOrNull(values.content),
      category: values.category || null,
      author,
      status,
      featured: values.featured,
      meta_title: orNull(values.metaTitle),
      meta_description: orNull(values.metaDescription),
      tags: orNull(values.tags),
      keywords: orNull(values.keywords),
      language: values.language,
      video_url: videoUrl,
      image_url: imageUrl,
      image_width: imageSize?.width ?? null,
      image_height: imageSize?.height ?? null,
      published_at: publishedAt.value,
    },
  };
}

/** The post as the editor holds it now, saved or not, in the row's shape (an e-mail preview's). */
export interface PostDraft {
  title: string;
  slug: string;
  excerpt: string | null;
  content: string | null;
  language: Locale;
  image_url: string | null;
  image_width: number | null;
  image_height: number | null;
  video_url: string | null;
}

/** The form's values a draft is made of. */
export type DraftField =
  "title" | "slug" | "excerpt" | "content" | "language" | "imageUrl" | "imageSize" | "videoUrl";

export const draftFields = [
  "title",
  "slug",
  "excerpt",
  "content",
  "language",
  "imageUrl",
  "imageSize",
  "videoUrl",
] as const satisfies readonly DraftField[];

export function postDraft(values: Pick<PostFormValues, DraftField>): PostDraft {
  const imageUrl = orNull(values.imageUrl);
  return {
    title: values.title.trim(),
    slug: slugify(values.slug) || slugify(values.title),
    excerpt: orNull(values.excerpt),
    content: contentOrNull(values.content),
    language: values.language,
    image_url: imageUrl,
    image_width: imageUrl ? (values.imageSize?.width ?? null) : null,
    image_height: imageUrl ? (values.imageSize?.height ?? null) : null,
    video_url: toYouTubeEmbedUrl(values.videoUrl),
  };
}
