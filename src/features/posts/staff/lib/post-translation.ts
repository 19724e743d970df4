import { locales, type Locale } from "@/config/routes";
import type { Tables, TablesInsert } from "@/types/database";

/** What a translation starts from: the post it translates. */
export type TranslationSource = Pick<
  Tables<"blog_posts">,
  "title" | "excerpt" | "content" | "category" | "tags" | "image_url" | "translation_group"
>;

/**
 * The languages a translation group has no post in yet, given those it has (`present`): a
 * translation may be made in each.
 */
export function missingLanguages(present: readonly string[]): Locale[] {
  return locales.filter((locale) => !present.includes(locale));
}

/**
 * The language a translation of a post in `language` is made in when none is named: the first
 * one its group (`language` and `others`) does not have yet. With two languages, the other one.
 */
export function translationLanguage(language: string, others: readonly string[] = []): Locale {
  const [next] = missingLanguages([language, ...others]);
  if (!next) throw new Error("This post already has a version in every language.");
  return next;
}

const slugLimit = 200;

/**
 * `base`, or `base-2`, `base-3`, … : the first that `taken` does not hold, within the slug's
 * 200 characters (blog_posts_slug_check).
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "" : `-${n}`;
    const slug = `${base.slice(0, slugLimit - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(slug)) return slug;
  }
}

/**
 * The draft of a post's translation: its title, excerpt, content, category, tags and image to
 * start from, in `language`, in the same translation group, by the staff member who
 * makes it (no author without a profile: the editor asks for one).
 */
export function translationDraft(
  source: TranslationSource,
  { language, slug, author }: { language: Locale; slug: string; author: string | null },
): TablesInsert<"blog_posts"> {
  return {
    title: source.title,
    excerpt: source.excerpt,
    content: source.content,
    category: source.category,
    tags: source.tags,
    image_url: source.image_url,
    translation_group: source.translation_group,
    language,
    slug,
    author,
    status: "draft",
  };
}
