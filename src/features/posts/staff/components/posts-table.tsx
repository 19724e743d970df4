import { EyeOff, Pencil, Send, Star, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import {
  HeadCell,
  SortHeadCell,
  StaffTable,
  type TableSorting,
} from "@/components/staff/staff-table";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { staffPath } from "@/config/routes";
import { cn } from "@/lib/cn";
import { formatLocalDateTime } from "@/lib/local-date-time";
import { formatDate, formatDateTime, labelFor, languageLabels } from "@/lib/staff/format";
import {
  publicationState,
  republishedAt,
  wasPublishedBefore,
  type RepublishChoice,
} from "../../lib/post-publication";
import { useDeletePost } from "../api/delete-post";
import type { AdminPost } from "../api/get-staff-posts";
import { useUpdatePostStatus } from "../api/update-post-status";
import type { PostSortColumn } from "../lib/posts-filter";
import { PostStatusBadge } from "./post-status-badge";
import { CreateTranslationButton, TranslationLink } from "./post-translation";
import { RepublishDialog } from "./republish-dialog";

const sortLabels: Record<PostSortColumn, string> = { published: "Published", updated: "Updated" };

const cell = "px-2.5 py-2";

function DateCell({ iso }: { iso: string | null }) {
  return (
    <td className={cn(cell, "whitespace-nowrap text-muted-foreground")}>
      {iso ? (
        <time dateTime={iso} title={formatDateTime(iso)}>
          {formatDate(iso)}
        </time>
      ) : (
        "—"
      )}
    </td>
  );
}

export interface PostActions {
  onPublish: (post: AdminPost) => void;
  onUnpublish: (post: AdminPost) => void;
  onDelete: (post: AdminPost) => void;
  /** The post whose status is being changed: its buttons wait. */
  busyId: string | null;
}

/** What another feature adds to each row (the page composes it): a badge and an action. */
export interface PostRowExtension {
  /** Shown under the post's status. */
  badge: (post: AdminPost) => ReactNode;
  action: (post: AdminPost) => ReactNode;
}

/** The post a dialog asks about, and what it asks. */
type Pending = { kind: "delete" | "unpublish" | "republish"; post: AdminPost };

/**
 * What the list does to a post (publish, unpublish, delete) and the dialogs that ask first. The
 * list keeps them, not the table: a dialog and its confirmation outlive the rows they act on.
 */
export function usePostActions(): { actions: PostActions; dialogs: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const status = useUpdatePostStatus();
  const remove = useDeletePost();

  function publish(post: AdminPost, choice?: RepublishChoice) {
    const title = `“${post.title}”`;
    status.mutate(
      { id: post.id, status: "published", publishedAt: republishedAt(post.published_at, choice) },
      {
        onSuccess: (stored) => {
          const state = publicationState({
            status: stored.status,
            publishedAt: stored.published_at,
          });
          if (state === "scheduled" && stored.published_at) {
            toast.success("Post scheduled", {
              description: `${title} goes live on ${formatLocalDateTime(stored.published_at)}.`,
            });
          } else {
            toast.success("Post published", {
              description: `${title} is now live on the website.`,
            });
          }
        },
        onError: (error) => toast.error(`Failed to publish the post: ${error.message}`),
      },
    );
  }

  function confirm() {
    if (!pending) return;
    const { kind, post } = pending;
    const done = () => setPending(null);
    if (kind === "unpublish") {
      status.mutate(
        { id: post.id, status: "draft" },
        {
          onSuccess: () =>
            toast.success("Post unpublished", {
              description: `“${post.title}” is a draft again; it keeps its publication date.`,
            }),
          onError: (error) => toast.error(`Failed to unpublish the post: ${error.message}`),
          onSettled: done,
        },
      );
    } else {
      remove.mutate(post.id, {
        onSuccess: () => toast.success("Blog post deleted successfully"),
        onError: (error) => toast.error(`Failed to delete post: ${error.message}`),
        onSettled: done,
      });
    }
  }

  const actions: PostActions = {
    busyId: status.isPending ? (status.variables?.id ?? null) : null,
    onPublish: (post) => {
      if (wasPublishedBefore({ status: post.status, publishedAt: post.published_at })) {
        setPending({ kind: "republish", post });
      } else publish(post);
    },
    onUnpublish: (post) => setPending({ kind: "unpublish", post }),
    onDelete: (post) => setPending({ kind: "delete", post }),
  };
  const dialogs = (
    <>
      <RepublishDialog
        originalDate={pending?.kind === "republish" ? pending.post.published_at : null}
        onCancel={() => setPending(null)}
        onChoose={(choice) => {
          if (pending) publish(pending.post, choice);
          setPending(null);
        }}
      />
      <ConfirmDialog
        open={pending?.kind === "unpublish"}
        title="Unpublish this post?"
        description={`“${pending?.post.title}” leaves the public blog and becomes a draft again. It keeps its publication date.`}
        cancelLabel="Cancel"
        confirmLabel={status.isPending ? "Unpublishing..." : "Unpublish"}
        busy={status.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
      <ConfirmDialog
        open={pending?.kind === "delete"}
        title="Delete this post?"
        description={`“${pending?.post.title}” will be removed permanently, from the public blog too. This cannot be undone.`}
        cancelLabel="Cancel"
        confirmLabel={remove.isPending ? "Deleting..." : "Delete"}
        busy={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </>
  );
  return { actions, dialogs };
}

/** The staff list of posts: one dense row per post, its translation and what can be done to it. */
export function PostsTable({
  posts,
  sort,
  onSort,
  actions,
  extension,
}: TableSorting<PostSortColumn> & {
  posts: AdminPost[];
  actions: PostActions;
  /** A badge and a row action of another feature (the newsletter's). */
  extension?: PostRowExtension;
}) {
  const dateHeading = (column: PostSortColumn) => (
    <SortHeadCell
      className={cell}
      column={column}
      label={sortLabels[column]}
      sort={sort}
      onSort={onSort}
    />
  );
  return (
    <StaffTable
      label="Posts"
      caption={`Blog posts, by ${sortLabels[sort.column].toLowerCase()} date, ${sort.ascending ? "oldest" : "newest"} first`}
      headings={
        <>
          {["Title", "Language", "Category", "Status"].map((heading) => (
            <HeadCell key={heading} className={cell}>
              {heading}
            </HeadCell>
          ))}
          {dateHeading("published")}
          <HeadCell className={cell}>Author</HeadCell>
          {dateHeading("updated")}
          <HeadCell className={cell}>Translation</HeadCell>
          <HeadCell className={cn(cell, "text-right")}>Actions</HeadCell>
        </>
      }
    >
      {posts.map((post) => {
        const draft =
          publicationState({ status: post.status, publishedAt: post.published_at }) === "draft";
        const verb = draft ? "Publish" : "Unpublish";
        const busy = actions.busyId === post.id;
        return (
          <tr key={post.id} data-testid="post-row" className="align-top">
            <th scope="row" className={cn(cell, "min-w-44 max-w-64 font-medium")}>
              <span className="flex items-start gap-1.5">
                {post.featured ? (
                  <Star
                    className="mt-0.5 size-4 shrink-0 fill-amber-400 text-amber-500"
                    aria-label="Featured"
                    role="img"
                  />
                ) : null}
                <span className="break-words">{post.title}</span>
              </span>
              <span className="mt-0.5 block truncate text-xs font-normal text-muted-foreground">
                /{post.slug}
              </span>
            </th>
            <td className={cell}>
              <Badge variant="outline" title={labelFor(languageLabels, post.language)}>
                {post.language.toUpperCase()}
              </Badge>
            </td>
            <td className={cn(cell, "min-w-24 text-muted-foreground")}>{post.category || "—"}</td>
            <td className={cell}>
              <span className="flex flex-col items-start gap-1">
                <PostStatusBadge status={post.status} publishedAt={post.published_at} />
                {extension?.badge(post)}
              </span>
            </td>
            <DateCell iso={post.published_at} />
            <td className={cn(cell, "min-w-24")}>{post.author ? <bdi>{post.author}</bdi> : "—"}</td>
            <DateCell iso={post.updated_at} />
            <td className={cell}>
              {post.translation ? (
                <TranslationLink translation={post.translation} />
              ) : (
                <CreateTranslationButton post={post} />
              )}
            </td>
            <td className={cell}>
              <div className="flex items-center justify-end gap-1">
                <Button
                  size="sm"
                  variant="outline"
                  className="h-8 px-2.5"
                  disabled={busy}
                  onClick={() => (draft ? actions.onPublish : actions.onUnpublish)(post)}
                  aria-label={`${verb} ${post.title}`}
                >
                  {draft ? <Send aria-hidden /> : <EyeOff aria-hidden />} {verb}
                </Button>
                {extension?.action(post)}
                <Button asChild size="icon" variant="ghost" className="size-8" title="Edit">
                  <Link
                    to={staffPath("blogEditor", { id: post.id })}
                    aria-label={`Edit ${post.title}`}
                  >
                    <Pencil aria-hidden />
                  </Link>
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-8 text-destructive hover:bg-destructive/10"
                  title="Delete"
                  onClick={() => actions.onDelete(post)}
                  aria-label={`Delete ${post.title}`}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </td>
          </tr>
        );
      })}
    </StaffTable>
  );
}
