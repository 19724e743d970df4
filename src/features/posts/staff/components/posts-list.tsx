import { Plus } from "lucide-react";
import { Link } from "react-router";
import { ListSection, type ListCopy } from "@/components/staff/list-section";
import { Button } from "@/components/ui/button";
import { staffPath } from "@/config/routes";
import { languageLabels } from "@/lib/staff/format";
import { useListState } from "@/lib/staff/use-list-state";
import { staffPostsQuery } from "../api/get-staff-posts";
import { postList } from "../lib/posts-filter";
import { PostsTable, usePostActions, type PostRowExtension } from "./posts-table";

const stateLabels = { draft: "Draft", published: "Published", scheduled: "Scheduled" } as const;

const postsCopy: ListCopy = {
  noun: ["post", "posts"],
  title: "blog posts",
  pagesLabel: "Post pages",
  searchPlaceholder: "Title",
};

/** The Posts section: every post, filtered, searched, sorted and paged on the server. */
export function PostsList({ extension }: { extension?: PostRowExtension } = {}) {
  const list = useListState(postList);
  const { actions, dialogs } = usePostActions();
  return (
    <>
      <ListSection
        query={staffPostsQuery}
        list={list}
        copy={postsCopy}
        filters={[
          {
            name: "language",
            label: "Language",
            allLabel: "All languages",
            labels: languageLabels,
          },
          { name: "category", label: "Category", allLabel: "All categories" },
        ]}
        statusLabels={stateLabels}
        actions={() => (
          <Button asChild>
            <Link to={staffPath("blogEditor", { id: "new" })}>
              <Plus aria-hidden /> New post
            </Link>
          </Button>
        )}
      >
        {(posts, sorting) => (
          <PostsTable posts={posts} {...sorting} actions={actions} extension={extension} />
        )}
      </ListSection>
      {dialogs}
    </>
  );
}
