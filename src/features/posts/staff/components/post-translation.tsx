import { Languages, Loader2 } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { PostStatusBadge } from "./post-status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { staffPath } from "@/config/routes";
import { cn } from "@/lib/cn";
import { useCreatePostTranslation } from "../api/create-post-translation";
import type { PostTranslation } from "../api/get-staff-posts";
import { usePostTranslation } from "../api/get-post-translation";
import type { Locale } from "@/config/routes";
import { labelFor, languageLabels } from "@/lib/staff/format";
import { missingLanguages, translationLanguage } from "../lib/post-translation";

/**
 * Makes the draft of a post's translation in `language` (by default the first language the post
 * is not in), then opens it in the editor.
 */
export function CreateTranslationButton({
  post,
  language: target = translationLanguage(post.language),
  className,
}: {
  post: { id: string; title: string; language: string };
  language?: Locale;
  className?: string;
}) {
  const create = useCreatePostTranslation();
  const navigate = useNavigate();
  const language = languageLabels[target];
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      className={className}
      disabled={create.isPending}
      aria-label={`Translate “${post.title}” into ${language}`}
      title={`Create the ${language} translation, linked to this post`}
      onClick={async () => {
        // createPostTranslation writes the draft in translationLanguage(post.language): `target`
        // while the site has two languages; with more it has to be told `target`.
        // Awaited rather than mutate's own callbacks: the refreshed list replaces this button
        // with the new translation's link, and an unmounted caller's callbacks never run.
        let id: string;
        try {
          id = await create.mutateAsync(post.id);
        } catch (error) {
          toast.error(`Failed to create the translation: ${(error as Error).message}`);
          return;
        }
        toast.success("Translation created", {
          description: `A ${language} draft to translate, linked to “${post.title}”.`,
        });
        navigate(staffPath("blogEditor", { id }));
      }}
    >
      {create.isPending ? (
        <Loader2 className="animate-spin" aria-hidden />
      ) : (
        <Languages aria-hidden />
      )}
      Translate
    </Button>
  );
}

/**
 * A link to a post's translation in the editor: its language, title and status, stacked (a
 * table's cell) or in a line (the editor's header).
 */
export function TranslationLink({
  translation,
  layout = "stacked",
}: {
  translation: PostTranslation;
  layout?: "stacked" | "inline";
}) {
  const language = labelFor(languageLabels, translation.language);
  return (
    <span
      className={cn(
        "flex min-w-0 gap-1.5",
        layout === "stacked" ? "flex-col items-start" : "items-center",
      )}
    >
      <Link
        to={staffPath("blogEditor", { id: translation.id })}
        title={translation.title}
        className={cn(
          "flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline",
          layout === "stacked" ? "max-w-36" : "max-w-72",
        )}
      >
        <Badge variant="outline" aria-hidden>
          {translation.language.toUpperCase()}
        </Badge>
        <span className="sr-only">{language} translation: </span>
        <span className="truncate">{translation.title}</span>
      </Link>
      <PostStatusBadge status={translation.status} publishedAt={translation.published_at} />
    </span>
  );
}

/**
 * In the editor's header: the post's translation, and a button that makes one in each language
 * the post does not have yet.
 */
export function PostTranslationControl({
  post,
}: {
  post: { id: string; title: string; language: string; translation_group: string };
}) {
  const translation = usePostTranslation(post);
  if (translation.isPending || translation.isError) return null;
  const present = translation.data ? [post.language, translation.data.language] : [post.language];
  return (
    <span className="flex min-w-0 items-center gap-2 text-sm">
      <span className="text-muted-foreground">Translation</span>
      {translation.data && <TranslationLink translation={translation.data} layout="inline" />}
      {missingLanguages(present).map((language) => (
        <CreateTranslationButton key={language} post={post} language={language} />
      ))}
    </span>
  );
}
