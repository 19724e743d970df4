import { type Locale } from "./site";
import { serviceClient } from "./stack";

/** The slugs of the posts visitors see in `locale` (published and due), newest first. */
export async function visiblePostSlugs(locale: Locale): Promise<string[]> {
  const { data, error } = await serviceClient()
    .from("blog_posts")
    .select("slug")
    .eq("language", locale)
    .eq("status", "published")
    .lte("published_at", new Date().toISOString())
    .order("published_at", { ascending: false });
  if (error) throw error;
  return data.map((row) => row.slug);
}

/** The newest post visitors see in `locale`: a page that needs a real slug. */
export async function newestPostSlug(locale: Locale): Promise<string> {
  const [slug] = await visiblePostSlugs(locale);
  if (!slug) throw new Error(`no published post in ${locale}`);
  return slug;
}
