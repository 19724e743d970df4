import { useQueryClient } from "@tanstack/react-query";
import { useParams } from "react-router";
import { site } from "@/config/site";
import { useOwnDisplayName } from "@/features/staff/api/get-staff-profile";
import {
  NewsletterCard,
  NewsletterCardUnsaved,
} from "@/features/newsletter/staff/components/newsletter-card";
import { PostTranslationControl } from "@/features/posts/staff/components/post-translation";
import type { NewsletterSlot } from "@/features/posts/staff/editor/post-editor";
import { useStaffSession } from "@/features/staff/api/get-staff-session";
import { RequireStaff } from "@/features/staff/components/require-staff";
import { readStaffFlag } from "@/features/staff/lib/staff-role";
import { StaffShell } from "@/features/staff/components/staff-shell";
import { staffPostKeys } from "@/features/posts/staff/api/query-keys";
import { staffSectionPath } from "@/features/staff/lib/staff-sections";
import {
  EditorScreen,
  newPostId,
  useEditorReadAhead,
} from "@/features/posts/staff/editor/editor-screen";
import { WithQueries } from "@/lib/with-queries";

/** The editor's Newsletter card: the post as stored, and what the editor holds now. */
const newsletterCard: NewsletterSlot = (post, { draft, unsaved }) =>
  post ? (
    <NewsletterCard key={post.id} target={post} draft={draft} unsaved={unsaved} />
  ) : (
    <NewsletterCardUnsaved />
  );

function StaffEditor({ id }: { id: string }) {
  // A new post is signed with the staff member's display name, never their login e-mail.
  const author = useOwnDisplayName();
  const queryClient = useQueryClient();
  const session = useStaffSession();
  const mayEmail = session.status === "staff" && session.permissions.includes("send_newsletter");
  return (
    <EditorScreen
      key={id}
      id={id}
      defaultAuthor={author}
      // The staff area's post list shows what was just saved.
      onSaved={() => queryClient.invalidateQueries({ queryKey: staffPostKeys.all() })}
      listPath={staffSectionPath("posts")}
      translation={(post) => <PostTranslationControl post={post} />}
      newsletter={mayEmail ? newsletterCard : undefined}
    />
  );
}

function BlogEditorContent() {
  const { id = newPostId } = useParams();
  useEditorReadAhead(id, { enabled: readStaffFlag() });
  return (
    <>
      <title>{`${id === newPostId ? "Create New Post" : "Edit Post"} | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <RequireStaff permission="manage_posts">
        <StaffEditor id={id} />
      </RequireStaff>
    </>
  );
}

export default function BlogEditorPage() {
  return (
    <WithQueries>
      <StaffShell>
        <BlogEditorContent />
      </StaffShell>
    </WithQueries>
  );
}
