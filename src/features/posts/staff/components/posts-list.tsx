import { Plus } from "lucide-react";
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyState, QueryStatus } from "@/components/query-status";
import { RepublishDialog } from "./republish-dialog";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { postCategories } from "@/config/blog";
import { locales, staffPath } from "@/config/routes";
import { cn } from "@/lib/cn";
import { formatLocalDateTime } from "@/lib/local-date-time";
import {
  publicationState,
  republishedAt,
  wasPublishedBefore,
  type RepublishChoice,
} from "../../lib/post-publication";
import { useDeletePost } from "../api/delete-post";
import {
  postsPageSize,
  useAdminPostCounts,
  useAdminPosts,
  type AdminPost,
} from "../api/get-staff-posts";
import { useUpdatePostStatus } from "../api/update-post-status";
import { languageLabels, pageSummary } from "@/lib/staff/format";
import {
  defaultPostFilter,
  nextSort,
  postFilterFromParams,
  postStates,
  withPostFilter,
  type PostFilter,
} from "../lib/posts-filter";
import { FilterSelect } from "@/components/staff/filter-select";
import { PagesNav } from "@/components/staff/pages-nav";
import { PostsTable } from "./posts-table";
import { SearchField } from "@/components/staff/search-field";
import { StatusFilter } from "@/components/staff/status-filter";

const stateLabels = { draft: "Draft", published: "Published", scheduled: "Scheduled" } as const;

/** The list's filter, kept in the URL beside the section (`?tab=posts&status=draft&…`). */
function usePostFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => postFilterFromParams(params), [params]);
  /** A new filter starts on its first page; typing replaces the history entry it is writing. */
  const update = useCallback(
    (change: Partial<PostFilter>, { replace = false }: { replace?: boolean } = {}) =>
      setParams(
        (current) =>
          withPostFilter(current, { ...postFilterFromParams(current), page: 1, ...change }),
        { replace },
      ),
    [setParams],
  );
  return [filter, update] as const;
}

/** The post a dialog asks about, and what it asks. */
type Pending = { kind: "delete" | "unpublish" | "republish"; post: AdminPost };

/** The Posts section: every post, filtered, searched, sorted and paged on the server. */
export function PostsList() {
  const [filter, update] = usePostFilter();
  const search = useDeferredValue(filter.search);
  const list = useAdminPosts({ ...filter, search });
  const counts = useAdminPostCounts({ ...filter, search });
  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / postsPageSize));
  const filtered = (["status", "language", "category", "search"] as const).some(
    (key) => filter[key] !== defaultPostFilter[key],
  );

  // A page emptied by a change (the last post of the last page unpublished under a filter, say)
  // gives way to the last page that has posts.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && filter.page > pageCount) {
      update({ page: pageCount }, { replace: true });
    }
  }, [list.data, list.isPlaceholderData, filter.page, pageCount, update]);

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

  return (
    <div className="grid gap-5">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end">
        <div className="grid gap-2 sm:col-span-2 lg:col-span-1">
          <SearchField
            id="post-search"
            label="Search posts"
            placeholder="Title"
            value={filter.search}
            onChange={(next) => update({ search: next }, { replace: true })}
          />
        </div>
        <FilterSelect
          id="post-language"
          label="Language"
          allLabel="All languages"
          value={filter.language}
          onChange={(value) =>
            update({ language: locales.find((locale) => locale === value) ?? "all" })
          }
          options={locales}
          labels={languageLabels}
        />
        <FilterSelect
          id="post-category"
          label="Category"
          allLabel="All categories"
          value={filter.category}
          onChange={(value) =>
            update({ category: postCategories.find((category) => category === value) ?? "all" })
          }
          options={postCategories}
        />
        <Button asChild className="sm:col-span-2 lg:col-span-1">
          <Link to={staffPath("blogEditor", { id: "new" })}>
            <Plus aria-hidden /> New post
          </Link>
        </Button>
      </div>

      <StatusFilter
        value={filter.status}
        onChange={(next) => update({ status: next })}
        options={[
          {
            id: "all",
            label: "All",
            count: counts.data ? Object.values(counts.data).reduce((sum, n) => sum + n, 0) : null,
          },
          ...postStates.map((state) => ({
            id: state,
            label: stateLabels[state],
            count: counts.data?.[state] ?? null,
          })),
        ]}
      />

      <QueryStatus
        query={list}
        labels={{
          loading: "Loading blog posts...",
          failed: (message) => `Failed to fetch blog posts: ${message}`,
          retry: "Try again",
        }}
        placeholder={
          <>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </>
        }
      >
        {({ posts }) => (
          <div className="grid gap-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {pageSummary(
                  { page: filter.page, pageSize: postsPageSize, shown: posts.length, total },
                  "post",
                  "posts",
                )}
              </p>
              {filtered ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    update({
                      status: "all",
                      language: "all",
                      category: "all",
                      search: "",
                    })
                  }
                >
                  Clear filters
                </Button>
              ) : null}
            </div>
            {posts.length === 0 ? (
              <EmptyState>No blog posts found</EmptyState>
            ) : (
              <div
                aria-busy={list.isPlaceholderData}
                className={cn("min-w-0", list.isPlaceholderData && "opacity-60 transition-opacity")}
              >
                <PostsTable
                  posts={posts}
                  sort={filter}
                  onSort={(column) => update(nextSort(filter, column))}
                  actions={{
                    busyId: status.isPending ? (status.variables?.id ?? null) : null,
                    onPublish: (post) => {
                      if (
                        wasPublishedBefore({ status: post.status, publishedAt: post.published_at })
                      ) {
                        setPending({ kind: "republish", post });
                      } else publish(post);
                    },
                    onUnpublish: (post) => setPending({ kind: "unpublish", post }),
                    onDelete: (post) => setPending({ kind: "delete", post }),
                  }}
                />
              </div>
            )}
            <PagesNav
              label="Post pages"
              page={filter.page}
              pageCount={pageCount}
              onPage={(page) => update({ page })}
            />
          </div>
        )}
      </QueryStatus>

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
    </div>
  );
}
