import { locales, type Locale } from "@/config/routes";
import type { Tables, TablesInsert } from "@/types/database";

/** What a translation starts from: the post it translates. */
export type TranslationSource = Pick<
  Tables<"blog_posts">,
  "title" | "excerpt" | "content" | "category" | "tags" | "image_url" | "translation_group"
>;

/** The language a post's translation is written in: the site's other one. */
export function translationLanguage(language: string): Locale {
  return locales.find((locale) => locale !== language) ?? locales[0];
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
 * start from, in the other language, in the same translation group, by the staff member who
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
