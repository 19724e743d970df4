import { useEffect, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { toast } from "@/components/ui/toaster";
import { Skeleton } from "@/components/ui/skeleton";
import { useEditorPost, useEditorPostReadAhead } from "../api/get-editor-post";
import { loadRichTextEditor } from "./content-fields";
import type { EditorPost } from "../lib/post-form";
import { PostEditor, type NewsletterSlot } from "./post-editor";

export const newPostId = "new";

/**
 * Loads the post and the rich-text editor while the page still checks the staff session, so the
 * editor opens with both at hand. Only for a browser flagged as staff: the database answers each
 * token with what it may read, and a visitor is sent to the login form with nothing loaded.
 */
export function useEditorReadAhead(id: string, { enabled }: { enabled: boolean }) {
  useEditorPostReadAhead(id, { enabled: enabled && id !== newPostId });
  useEffect(() => {
    if (enabled) void loadRichTextEditor();
  }, [enabled]);
}

function EditorSkeleton() {
  return (
    <div className="container grid gap-6 py-8 lg:grid-cols-[minmax(0,1fr)_22rem]" aria-busy="true">
      <span className="sr-only" role="status">
        Loading the post...
      </span>
      <div className="space-y-4">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-80 w-full" />
      </div>
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

/**
 * `/blog-editor/{id}`: a new post once the staff member's display name is known (it is the new
 * post's author), or the stored post once it has loaded.
 */
export function EditorScreen({
  id,
  defaultAuthor,
  onSaved,
  listPath,
  translation,
  newsletter,
}: {
  id: string;
  /** The new post's author: undefined while it loads, "" when the staff member has no profile. */
  defaultAuthor: string | undefined;
  onSaved?: () => unknown;
  /** The staff list of posts: the way back, also when the post cannot be loaded. */
  listPath: string;
  /** What the editor's header shows of a stored post's translation. */
  translation?: (post: EditorPost) => ReactNode;
  /** The post as a newsletter, for staff who may send one. */
  newsletter?: NewsletterSlot;
}) {
  const isNew = id === newPostId;
  const post = useEditorPost(id, { enabled: !isNew });
  const navigate = useNavigate();

  useEffect(() => {
    if (!post.isError) return;
    console.error("Failed to load blog post:", post.error);
    toast.error("Error", { id: "editor-load-error", description: "Failed to load blog post" });
    navigate(listPath, { replace: true });
  }, [post.isError, post.error, navigate, listPath]);

  if (isNew && defaultAuthor !== undefined) {
    return (
      <PostEditor
        post={null}
        defaultAuthor={defaultAuthor}
        onSaved={onSaved}
        listPath={listPath}
        newsletter={newsletter}
      />
    );
  }
  if (!isNew && post.data) {
    return (
      <PostEditor
        key={post.data.id}
        post={post.data}
        defaultAuthor=""
        onSaved={onSaved}
        listPath={listPath}
        translation={translation}
        newsletter={newsletter}
      />
    );
  }
  return <EditorSkeleton />;
}
