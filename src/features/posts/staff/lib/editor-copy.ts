import type { FieldCopy } from "@/components/form-field";
import { seoHints } from "./post-form";

/** What the editor's fields say, beside the form's rules (post-form.ts). */
export const editorFieldCopy = {
  excerpt: { label: "Excerpt", description: "One or two sentences shown on the blog list." },
  metaTitle: {
    label: "Meta title",
    description: `Search results show about ${seoHints.metaTitle} characters; the post title is used when empty.`,
  },
  metaDescription: {
    label: "Meta description",
    description: `Search results show about ${seoHints.metaDescription} characters; the excerpt is used when empty.`,
  },
  tags: { label: "Tags", description: "Comma-separated, for example: ASO, retention, iOS" },
  keywords: {
    label: "Keywords",
    description: "Comma-separated search terms this post should rank for.",
  },
  imageUrl: {
    label: "Image address",
    description: "Or an address: https://... or a path on this site (/images/...).",
  },
  scheduledAt: { label: "Publish date and time" },
  author: {
    label: "Author",
    description:
      "The byline published with the post; a new post starts with your profile's display name.",
  },
} satisfies Record<string, FieldCopy>;
