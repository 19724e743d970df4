import { ArrowLeft, Eye, Loader2, PenLine, Save, Search, Send } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { FormProvider, useForm, useFormState, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "@/components/ui/toaster";
import { PostHtml } from "../../components/post-html";
import { PostStatusBadge } from "../components/post-status-badge";
import { RepublishDialog } from "../components/republish-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useNavigationBlocker } from "@/lib/navigation-blocker";
import {
  republishedAt,
  wasPublishedBefore,
  type RepublishChoice,
} from "../../lib/post-publication";
import { PostSaveError, saveFailedMessage, useSavePost } from "../api/save-post";
import {
  buildPostPayload,
  draftFields,
  postDraft,
  postToFormValues,
  type EditorPost,
  type PostDraft,
  type PostField,
  type PostFormValues,
  type PostStatus,
} from "../lib/post-form";
import { ContentFields } from "./content-fields";
import { PublicPageStatusLine } from "./public-page-status";
import { ScheduleCard } from "./schedule-card";
import { SeoFields } from "./seo-fields";
import { SettingsCard } from "./settings-card";
import { UnsavedChangesDialog } from "./unsaved-changes-dialog";

type EditorTab = "content" | "preview" | "seo";

const fieldTab: Partial<Record<PostField, EditorTab>> = {
  title: "content",
  slug: "content",
  excerpt: "content",
  content: "content",
  metaTitle: "seo",
  metaDescription: "seo",
  tags: "seo",
  keywords: "seo",
};

const fieldOrder: PostField[] = [
  "title",
  "slug",
  "excerpt",
  "content",
  "metaTitle",
  "metaDescription",
  "tags",
  "keywords",
  "category",
  "language",
  "imageUrl",
  "videoUrl",
  "author",
  "scheduledAt",
];

export const savedMessages: Record<PostStatus, { title: string; description: string }> = {
  published: {
    title: "Post published!",
    description: "Your blog post is now live on the website.",
  },
  draft: { title: "Draft saved!", description: "Your changes have been saved as a draft." },
};

function Preview() {
  const [title, excerpt, content] = useWatch<PostFormValues, ["title", "excerpt", "content"]>({
    name: ["title", "excerpt", "content"],
  });
  return (
    <Card>
      <CardContent className="p-6 sm:p-10">
        <article className="mx-auto max-w-3xl" data-testid="post-preview">
          <header className="space-y-4">
            <h1 className="text-headline font-bold">
              {title || <span className="text-muted-foreground">Untitled post</span>}
            </h1>
            {excerpt && <p className="text-lg text-muted-foreground sm:text-xl">{excerpt}</p>}
          </header>
          <PostHtml html={content} className="mt-10" />
        </article>
      </CardContent>
    </Card>
  );
}

/** A tab of form fields, kept mounted so the editor (and its undo history) survives switching tabs. */
function FieldsTab({
  value,
  current,
  children,
}: {
  value: string;
  current: string;
  children: ReactNode;
}) {
  return (
    <TabsContent value={value} forceMount hidden={current !== value}>
      <Card>
        <CardContent className="p-4 sm:p-6">{children}</CardContent>
      </Card>
    </TabsContent>
  );
}

/** What the settings column shows of the post as a newsletter (the page composes it). */
export type NewsletterSlot = (
  /** The stored post, or null for a new one. */
  post: EditorPost | null,
  editing: {
    /** The post as the editor holds it now, saved or not. */
    draft: PostDraft;
    /** The editor holds changes that are not saved (or the post is new). */
    unsaved: boolean;
  },
) => ReactNode;

/** The slot, given the editor's current values (only it renders again as they change). */
function NewsletterPlace({ post, render }: { post: EditorPost | null; render: NewsletterSlot }) {
  const watched = useWatch<PostFormValues, typeof draftFields>({ name: draftFields });
  const { isDirty } = useFormState<PostFormValues>();
  const [title, slug, excerpt, content, language, imageUrl, imageSize, videoUrl] = watched;
  const draft = postDraft({
    title,
    slug,
    excerpt,
    content,
    language,
    imageUrl,
    imageSize,
    videoUrl,
  });
  return render(post, { draft, unsaved: isDirty || post === null });
}

interface PostEditorProps {
  /** The stored post, or null for a new one. */
  post: EditorPost | null;
  /** Who a new post is by: the signed-in staff member's display name ("" without a profile). */
  defaultAuthor: string;
  /** Called after a successful save (the page refreshes what it composes, such as staff lists). */
  onSaved?: () => unknown;
  /** The staff list of posts: the way back, and where a saved post leads. */
  listPath: string;
  /** What the header shows of a stored post's translation (the page composes it). */
  translation?: (post: EditorPost) => ReactNode;
  newsletter?: NewsletterSlot;
}

export function PostEditor({
  post,
  defaultAuthor,
  onSaved,
  listPath,
  translation,
  newsletter,
}: PostEditorProps) {
  const navigate = useNavigate();
  const form = useForm<PostFormValues>({
    defaultValues: postToFormValues(post, { defaultAuthor }),
  });
  const { control, getValues, setError, clearErrors, formState } = form;
  const featured = useWatch({ control, name: "featured" });
  const save = useSavePost({ onSaved });
  const [tab, setTab] = useState<EditorTab>("content");
  const [savingAs, setSavingAs] = useState<PostStatus | null>(null);
  const saving = save.isPending;

  const status = post?.status ?? "draft";
  const publishedAt = post?.published_at ?? null;

  // Unsaved changes: ask before leaving, in the app (router blocker) and the browser (unload).
  const isDirty = formState.isDirty;
  const dirty = useRef(false);
  const leaving = useRef(false);
  useEffect(() => {
    dirty.current = isDirty;
  }, [isDirty]);
  const blocker = useNavigationBlocker(useCallback(() => dirty.current && !leaving.current, []));
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [isDirty]);

  function showFieldErrors(errors: Partial<Record<PostField, string>>) {
    const fields = fieldOrder.filter((field) => errors[field]);
    for (const field of fields) setError(field, { type: "validate", message: errors[field] });
    const first = fields[0];
    if (!first) return;
    const target = fieldTab[first];
    if (target) setTab(target);
    // After the tab has rendered, bring the first problem into view.
    requestAnimationFrame(() => {
      if (first !== "content") form.setFocus(first);
    });
  }

  const [askingRepublish, setAskingRepublish] = useState(false);
  function publish() {
    if (wasPublishedBefore({ status, publishedAt }) && getValues("scheduleMode") === "now") {
      setAskingRepublish(true);
    } else void submit("published");
  }

  async function submit(nextStatus: PostStatus, republish?: RepublishChoice) {
    if (saving) return;
    clearErrors();
    const result = buildPostPayload(getValues(), nextStatus, {
      previousPublishedAt: republishedAt(publishedAt, republish),
    });
    if (!result.ok) {
      showFieldErrors(result.errors);
      toast.error("Error", { description: "Please check the highlighted fields." });
      return;
    }
    setSavingAs(nextStatus);
    try {
      await save.mutateAsync({ id: post?.id ?? null, payload: result.payload });
      leaving.current = true;
      toast.success(savedMessages[nextStatus].title, {
        description: savedMessages[nextStatus].description,
      });
      navigate(listPath);
    } catch (error) {
      const field = error instanceof PostSaveError ? error.field : null;
      if (!field) console.error("Failed to save blog post:", error);
      const message = error instanceof Error && error.message ? error.message : saveFailedMessage;
      if (field) showFieldErrors({ [field]: message });
      toast.error("Error", { description: message });
    } finally {
      setSavingAs(null);
    }
  }

  const isNew = post === null;
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-labelledby="editor-title"
        onSubmit={(event) => event.preventDefault()}
        className="pb-16"
      >
        <div className="sticky top-[var(--header-height)] z-30 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
          <div className="container flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="flex min-w-0 flex-wrap items-center gap-3">
              <Button asChild variant="ghost" size="sm" className="-ml-2">
                <Link to={listPath}>
                  <ArrowLeft aria-hidden />
                  Back to admin
                </Link>
              </Button>
              <h1 id="editor-title" className="text-xl font-bold sm:text-2xl">
                {isNew ? "Create New Post" : "Edit Post"}
              </h1>
              <PostStatusBadge status={status} publishedAt={publishedAt} />
              {featured && <Badge variant="default">Featured</Badge>}
              {post && <PublicPageStatusLine postId={post.id} />}
              {post && translation?.(post)}
            </div>
            <div className="flex items-center gap-2">
              <Button
                type="button"
                variant="outline"
                disabled={saving}
                onClick={() => void submit("draft")}
              >
                {savingAs === "draft" ? (
                  <Loader2 className="animate-spin" aria-hidden />
                ) : (
                  <Save aria-hidden />
                )}
                Save Draft
              </Button>
              <Button type="button" disabled={saving} onClick={publish}>
                {savingAs === "published" ? (
                  <Loader2 className="animate-spin" aria-hidden />
                ) : (
                  <Send aria-hidden />
                )}
                Publish
              </Button>
            </div>
          </div>
          <p className="sr-only" role="status" aria-live="polite">
            {saving ? "Saving..." : ""}
          </p>
        </div>

        <div className="container grid gap-6 pt-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <Tabs
            value={tab}
            onValueChange={(value) => setTab(value as EditorTab)}
            className="min-w-0"
          >
            <TabsList aria-label="Editor sections">
              <TabsTrigger value="content">
                <PenLine className="size-4" aria-hidden />
                Content
              </TabsTrigger>
              <TabsTrigger value="preview">
                <Eye className="size-4" aria-hidden />
                Preview
              </TabsTrigger>
              <TabsTrigger value="seo">
                <Search className="size-4" aria-hidden />
                SEO
              </TabsTrigger>
            </TabsList>
            <FieldsTab value="content" current={tab}>
              <ContentFields />
            </FieldsTab>
            <TabsContent value="preview">
              <Preview />
            </TabsContent>
            <FieldsTab value="seo" current={tab}>
              <SeoFields />
            </FieldsTab>
          </Tabs>

          <aside
            // Taller than the window with its cards, it scrolls on its own while it sticks.
            className="space-y-6 lg:sticky lg:top-[calc(var(--header-height)+5.5rem)] lg:max-h-[calc(100dvh-var(--header-height)-6.5rem)] lg:overflow-y-auto"
            aria-label="Post settings"
          >
            <SettingsCard status={status} publishedAt={publishedAt} />
            <ScheduleCard status={status} publishedAt={publishedAt} />
            {newsletter && <NewsletterPlace post={post} render={newsletter} />}
          </aside>
        </div>
      </form>
      <UnsavedChangesDialog blocker={blocker} />
      <RepublishDialog
        originalDate={askingRepublish ? publishedAt : null}
        onCancel={() => setAskingRepublish(false)}
        onChoose={(choice) => {
          setAskingRepublish(false);
          void submit("published", choice);
        }}
      />
    </FormProvider>
  );
}
