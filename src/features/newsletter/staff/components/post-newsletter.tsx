import { useQuery } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDate, formatDateTime } from "@/lib/staff/format";
import { newsletterSendResultsQuery } from "../api/get-newsletter-send-results";
import { defaultTexts } from "../lib/newsletter-send";
import { postNewsletterState, sendBadge, type SendResult } from "../lib/send-state";
import type { NewsletterTarget } from "../lib/send-timing";
import { SendNewsletterDialog } from "./send-newsletter-dialog";

const ofPost = (postId: string) => (sends: SendResult[]) =>
  sendBadge(postNewsletterState(sends.filter((send) => send.post_id === postId)));

/** The e-mail's word before the state, for screen readers (the icon says it to the eye). */
function NewsletterWord() {
  return (
    <>
      <Mail className="size-3" aria-hidden />
      <span className="sr-only">Newsletter: </span>
    </>
  );
}

/**
 * A post's newsletter state under its status in a list: "Sent Mar 2, 2026", "Scheduled" or
 * "Sending"; nothing for a post never e-mailed.
 */
export function PostNewsletterBadge({ postId }: { postId: string }) {
  // Every send in one read, shared by every row.
  const { data: badge } = useQuery({
    ...newsletterSendResultsQuery(null),
    select: ofPost(postId),
  });
  if (!badge) return null;
  return (
    <Badge
      variant="outline"
      className="whitespace-nowrap font-medium"
      data-testid="post-newsletter"
    >
      <NewsletterWord />
      {badge.kind === "sent" ? (
        <>
          Sent{" "}
          <time dateTime={badge.at} title={formatDateTime(badge.at)}>
            {formatDate(badge.at)}
          </time>
        </>
      ) : badge.kind === "sending" ? (
        "Sending"
      ) : (
        "Scheduled"
      )}
    </Badge>
  );
}

/**
 * The Posts list's newsletter badge and row action ("Send as newsletter", which opens the
 * editor's confirmation with the post's title and excerpt as subject and preheader), and the
 * dialog they share; the list keeps the dialog, so it outlives the rows.
 */
export function usePostNewsletter(): {
  badge: (post: NewsletterTarget) => ReactNode;
  action: (post: NewsletterTarget) => ReactNode;
  dialog: ReactNode;
} {
  const [sending, setSending] = useState<NewsletterTarget | null>(null);
  return {
    badge: (post) => <PostNewsletterBadge postId={post.id} />,
    action: (post) => (
      <Button
        size="icon"
        variant="ghost"
        className="size-8"
        title="Send as newsletter"
        aria-label={`Send ${post.title} as newsletter`}
        onClick={() => setSending(post)}
      >
        <Mail aria-hidden />
      </Button>
    ),
    dialog: (
      <SendNewsletterDialog
        post={sending}
        texts={sending ? defaultTexts(sending) : { subject: "", preheader: "" }}
        onClose={() => setSending(null)}
      />
    ),
  };
}
