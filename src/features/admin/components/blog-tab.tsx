import { Pencil, Plus, Star, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { QueryStatus } from "@/components/query-status";
import { toast } from "@/components/ui/toaster";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { staffPath } from "@/config/routes";
import { useDeletePost } from "../api/delete-post";
import { useAdminPosts, type AdminPost } from "../api/get-admin-posts";
import { formatDate, labelFor, languageLabels, statusLabels } from "../lib/format";
import { HeadCell, StaffTable } from "./staff-table";

export function BlogTab() {
  const posts = useAdminPosts();
  const [pending, setPending] = useState<AdminPost | null>(null);
  // When the list was opened: what counts as "scheduled" (in the future) for this render.
  const [openedAt] = useState(() => Date.now());
  const remove = useDeletePost();

  function confirmDelete() {
    if (!pending) return;
    remove.mutate(pending.id, {
      onSuccess: () => {
        toast.success("Blog post deleted successfully");
        setPending(null);
      },
      onError: (error) => {
        toast.error(`Failed to delete post: ${error.message}`);
        setPending(null);
      },
    });
  }

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {posts.data ? `${posts.data.length} ${posts.data.length === 1 ? "post" : "posts"}` : ""}
        </p>
        <Button asChild>
          <Link to={staffPath("blogEditor", { id: "new" })}>
            <Plus aria-hidden /> New post
          </Link>
        </Button>
      </div>

      <QueryStatus
        query={posts}
        labels={{
          loading: "Loading blog posts...",
          failed: (message) => `Failed to fetch blog posts: ${message}`,
          retry: "Try again",
        }}
        placeholder={
          <>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </>
        }
        isEmpty={(data) => data.length === 0}
        empty="No blog posts found"
      >
        {(data) => (
          <StaffTable
            label="Blog posts"
            caption="Blog posts, newest first"
            headings={
              <>
                {["Title", "Language", "Status", "Date"].map((heading) => (
                  <HeadCell key={heading}>{heading}</HeadCell>
                ))}
                <HeadCell className="text-right">Actions</HeadCell>
              </>
            }
          >
            {data.map((post) => {
              const date = post.published_at ?? post.created_at;
              return (
                <tr key={post.id} data-testid="post-row">
                  <th scope="row" className="max-w-md px-4 py-3 font-medium">
                    <span className="flex items-start gap-2">
                      {post.featured ? (
                        <Star
                          className="mt-0.5 size-4 shrink-0 fill-amber-400 text-amber-500"
                          aria-label="Featured"
                          role="img"
                        />
                      ) : null}
                      <span className="break-words">{post.title}</span>
                    </span>
                    {post.category ? (
                      <span className="mt-0.5 block text-xs font-normal text-muted-foreground">
                        {post.category}
                      </span>
                    ) : null}
                  </th>
                  <td className="px-4 py-3">
                    <Badge variant="outline" title={labelFor(languageLabels, post.language)}>
                      {post.language.toUpperCase()}
                    </Badge>
                  </td>
                  <td className="px-4 py-3">
                    <Badge variant={post.status === "published" ? "default" : "secondary"}>
                      {labelFor(statusLabels, post.status)}
                    </Badge>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3">
                    <time dateTime={date}>{formatDate(date)}</time>
                    {post.status === "published" && Date.parse(date) > openedAt ? (
                      <span className="block text-xs text-muted-foreground">Scheduled</span>
                    ) : null}
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-2">
                      <Button asChild size="sm" variant="outline">
                        <Link
                          to={staffPath("blogEditor", { id: post.id })}
                          aria-label={`Edit ${post.title}`}
                        >
                          <Pencil aria-hidden /> Edit
                        </Link>
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-destructive hover:bg-destructive/10"
                        onClick={() => setPending(post)}
                        aria-label={`Delete ${post.title}`}
                      >
                        <Trash2 aria-hidden /> Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </StaffTable>
        )}
      </QueryStatus>

      <ConfirmDialog
        open={pending !== null}
        title="Delete this post?"
        description={`“${pending?.title}” will be removed permanently, from the public blog too. This cannot be undone.`}
        cancelLabel="Cancel"
        confirmLabel={remove.isPending ? "Deleting..." : "Delete"}
        busy={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
