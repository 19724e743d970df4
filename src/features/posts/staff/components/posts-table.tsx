import {
  ArrowDownUp,
  ArrowDownWideNarrow,
  ArrowUpNarrowWide,
  EyeOff,
  Pencil,
  Send,
  Star,
  Trash2,
} from "lucide-react";
import { Link } from "react-router";
import { PostStatusBadge } from "./post-status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { staffPath } from "@/config/routes";
import { cn } from "@/lib/cn";
import { publicationState } from "../../lib/post-publication";
import type { AdminPost } from "../api/get-staff-posts";
import { formatDate, formatDateTime, labelFor, languageLabels } from "@/lib/staff/format";
import type { PostFilter, PostSortColumn } from "../lib/posts-filter";
import { CreateTranslationButton, TranslationLink } from "./post-translation";
import { HeadCell, StaffTable } from "@/components/staff/staff-table";

type Sort = Pick<PostFilter, "sort" | "direction">;

const sortLabels: Record<PostSortColumn, string> = { published: "Published", updated: "Updated" };

const cell = "px-2.5 py-2";

/** A date column's heading: a button that sorts by it, newest first, then oldest first. */
function SortHeading({
  column,
  sort,
  onSort,
}: {
  column: PostSortColumn;
  sort: Sort;
  onSort: (column: PostSortColumn) => void;
}) {
  const active = sort.sort === column;
  // Icons no public page uses: sharing one would reshuffle the public chunks.
  const Icon = !active
    ? ArrowDownUp
    : sort.direction === "desc"
      ? ArrowDownWideNarrow
      : ArrowUpNarrowWide;
  return (
    <HeadCell
      className={cell}
      sort={active ? (sort.direction === "desc" ? "descending" : "ascending") : undefined}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className="-mx-1 inline-flex items-center gap-1 rounded-sm px-1 uppercase tracking-wide hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        {sortLabels[column]}
        <Icon className="size-3.5" aria-hidden />
      </button>
    </HeadCell>
  );
}

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

/** The staff list of posts: one dense row per post, its translation and what can be done to it. */
export function PostsTable({
  posts,
  sort,
  onSort,
  actions,
}: {
  posts: AdminPost[];
  sort: Sort;
  onSort: (column: PostSortColumn) => void;
  actions: PostActions;
}) {
  return (
    <StaffTable
      label="Posts"
      caption={`Blog posts, by ${sortLabels[sort.sort].toLowerCase()} date, ${sort.direction === "desc" ? "newest" : "oldest"} first`}
      headings={
        <>
          {["Title", "Language", "Category", "Status"].map((heading) => (
            <HeadCell key={heading} className={cell}>
              {heading}
            </HeadCell>
          ))}
          <SortHeading column="published" sort={sort} onSort={onSort} />
          <HeadCell className={cell}>Author</HeadCell>
          <SortHeading column="updated" sort={sort} onSort={onSort} />
          <HeadCell className={cell}>Translation</HeadCell>
          <HeadCell className={cn(cell, "text-right")}>Actions</HeadCell>
        </>
      }
    >
      {posts.map((post) => {
        const live = publicationState({ status: post.status, publishedAt: post.published_at });
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
              <PostStatusBadge status={post.status} publishedAt={post.published_at} />
            </td>
            <DateCell iso={post.published_at} />
            <td className={cn(cell, "min-w-24")}>{post.author || "—"}</td>
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
                {live === "draft" ? (
                  <Button
                    size="sm"
                    variant="outline"
                    className="h-8 px-2.5"
                    disabled={busy}
                    onClick={() => actions.onPublish(post)}
                    aria-label={`Publish ${post.title}`}
                  >
                    <Send aria-hidden /> Publish
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    className="h-8 px-2.5"
                    disabled={busy}
                    onClick={() => actions.onUnpublish(post)}
                    aria-label={`Unpublish ${post.title}`}
                  >
                    <EyeOff aria-hidden /> Unpublish
                  </Button>
                )}
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
