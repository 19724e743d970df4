import { Link } from "react-router";
import { QueryStatus } from "@/components/query-status";
import { NumbersTable, OverviewCard } from "@/components/staff/charts/chart-card";
import { Skeleton } from "@/components/ui/skeleton";
import { staffPath } from "@/config/routes";
import { agencyCity, formatAgencyDateTime, labelFor, languageLabels } from "@/lib/staff/format";
import {
  scheduledNextCount,
  useScheduledPosts,
  type ScheduledPost,
} from "../api/get-content-overview";

const title = "Scheduled next";

function ScheduledPosts({ posts }: { posts: ScheduledPost[] }) {
  const [next] = posts;
  return (
    <>
      {next && (
        <p className="text-sm">
          Next to go live: {next.title}, {formatAgencyDateTime(next.published_at)}.
        </p>
      )}
      <ul className="divide-y">
        {posts.map((post) => (
          <li
            key={post.id}
            className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2.5"
          >
            <Link
              to={staffPath("blogEditor", { id: post.id })}
              className="break-words font-medium text-primary underline-offset-4 hover:underline"
            >
              {post.title}
            </Link>
            <span className="text-sm text-muted-foreground">
              {labelFor(languageLabels, post.language)} ·{" "}
              <time dateTime={post.published_at}>{formatAgencyDateTime(post.published_at)}</time>
            </span>
          </li>
        ))}
      </ul>
      <NumbersTable
        caption={title}
        columns={["Post", "Language", "Goes live"]}
        rows={posts.map((post) => [
          post.title,
          labelFor(languageLabels, post.language),
          formatAgencyDateTime(post.published_at),
        ])}
      />
    </>
  );
}

/** The next posts to go live, soonest first, each one click from its editor. */
export function ScheduledNextCard() {
  const query = useScheduledPosts();
  return (
    <OverviewCard
      title={title}
      description={`Up to ${scheduledNextCount} posts that go live next, in ${agencyCity} time.`}
    >
      <QueryStatus
        query={query}
        labels={{
          loading: "Loading the scheduled posts…",
          failed: () => "These figures could not be loaded.",
          retry: "Try again",
        }}
        placeholder={<Skeleton className="h-32 w-full" />}
        isEmpty={(posts) => posts.length === 0}
        empty={<span className="text-sm">Nothing scheduled.</span>}
      >
        {(posts) => <ScheduledPosts posts={posts} />}
      </QueryStatus>
    </OverviewCard>
  );
}
