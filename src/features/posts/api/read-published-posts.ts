import type { Locale } from "@/config/routes";
import { readAllPages } from "@/lib/read-all-pages";
import { getPublicReads } from "@/lib/supabase";

/** What sitemap.xml, the feeds and the prerender know of a published post. */
export interface PublishedPost {
  slug: string;
  language: Locale;
  title: string;
  excerpt: string | null;
  published_at: string;
  updated_at: string;
  translation_group: string;
}

/**
 * Every published, due post, newest first (page by page past the project's row cap): what the
 * prerender renders and what sitemap.xml and the feeds list (src/app/site-files.ts).
 */
export async function readPublishedPosts(): Promise<PublishedPost[]> {
  const db = await getPublicReads();
  return readAllPages((from, to) =>
    db
      .from("blog_posts")
      .select("slug,language,title,excerpt,published_at,updated_at,translation_group")
      .eq("status", "published")
      .lte("published_at", new Date().toISOString())
      .order("published_at", { ascending: false })
      .order("id", { ascending: true })
      .range(from, to)
      // Due posts have a date, and a post's language is one of the site's (its column's type).
      .overrideTypes<PublishedPost[], { merge: false }>(),
  );
}
