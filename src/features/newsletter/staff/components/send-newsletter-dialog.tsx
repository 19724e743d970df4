import { RefreshCw, Send } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import {
  DialogContent,
  DialogFooter,
  DialogHeading,
  DismissibleDialog,
} from "@/components/ui/dialog";
import { PendingButton } from "@/components/ui/pending-button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { formatLocalDateTime } from "@/lib/local-date-time";
import { labelFor, languageLabels, plural } from "@/lib/staff/format";
import { useNewsletterAudience, type NewsletterAudience } from "../api/get-newsletter-audience";
import { scheduleFailedMessage, useScheduleNewsletterSend } from "../api/schedule-newsletter-send";
import type { NewsletterTexts } from "../lib/newsletter-send";
import { sendTiming, timingPhrase, type NewsletterTarget } from "../lib/send-timing";

/** What the confirmation says and offers for the post's audience. */
export function sendQuestion(post: NewsletterTarget, audience: NewsletterAudience, now?: Date) {
  const language = labelFor(languageLabels, audience.language);
  const again = audience.already_sent;
  const who = again
    ? `${plural(audience.recipients, `confirmed ${language} subscriber`, `confirmed ${language} subscribers`)} who ${audience.recipients === 1 ? "has" : "have"} not received it`
    : plural(
        audience.recipients,
        `confirmed ${language} subscriber`,
        `confirmed ${language} subscribers`,
      );
  const timing = sendTiming(post, now);
  // A send waits or is under way already: the editor's card updates or cancels it.
  const waiting =
    audience.pending?.status === "sending"
      ? "This post is being sent now."
      : audience.pending
        ? "An e-mail of this post is already scheduled. Open the post in the editor to change its subject or cancel it."
        : null;
  return {
    again,
    waiting,
    title: again ? "Send again to new subscribers?" : "Send to subscribers?",
    sentence: `E-mail this post ${again ? "again " : ""}to ${who} ${timingPhrase(timing)}.`,
    confirmLabel: timing.kind === "now" ? "Send now" : "Schedule e-mail",
    timing,
  };
}

/** A line of the confirmation's summary: what, then its value. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <dt className="w-24 shrink-0 text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function AudienceQuestion({
  post,
  texts,
  audience,
  onClose,
}: {
  post: NewsletterTarget;
  texts: NewsletterTexts;
  audience: NewsletterAudience;
  onClose: () => void;
}) {
  const schedule = useScheduleNewsletterSend();
  const [refusal, setRefusal] = useState<string | null>(null);
  const question = sendQuestion(post, audience);
  const subject = texts.subject.trim();

  function confirm() {
    setRefusal(null);
    schedule.mutate(
      { postId: post.id, ...texts, sendAgain: question.again },
      {
        onSuccess: () => {
          toast.success(question.timing.kind === "now" ? "E-mail on its way" : "E-mail scheduled", {
            description: `“${post.title}” goes to ${plural(audience.recipients, "subscriber", "subscribers")} ${timingPhrase(question.timing)}.`,
          });
          onClose();
        },
        onError: (error) => setRefusal(error.message || scheduleFailedMessage),
      },
    );
  }

  return (
    <>
      <DialogHeading
        title={question.title}
        description={
          <span data-testid="send-question">{question.waiting ?? question.sentence}</span>
        }
      />
      <dl className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm">
        <Fact term="Subject">
          <span className="font-medium">{subject || "—"}</span>
        </Fact>
        <Fact term="Recipients">
          <span data-testid="send-recipients" className="tabular-nums">
            {audience.recipients.toLocaleString("en-US")}
          </span>
        </Fact>
        {audience.last_sent_at && (
          <Fact term="Last sent">{formatLocalDateTime(audience.last_sent_at)}</Fact>
        )}
      </dl>
      {!question.waiting && (
        <p className="text-sm text-muted-foreground">
          {question.timing.kind === "now"
            ? "Subscribers get the post as it is saved."
            : "Subscribers who confirm before then get it too. You can cancel until it goes out."}
        </p>
      )}
      {refusal && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {refusal}
        </p>
      )}
      <DialogFooter>
        <Button variant="outline" disabled={schedule.isPending} onClick={onClose}>
          Cancel
        </Button>
        {!question.waiting && (
          <PendingButton
            pending={schedule.isPending}
            disabled={!subject}
            icon={<Send aria-hidden />}
            pendingLabel="Scheduling..."
            onClick={confirm}
          >
            {question.confirmLabel}
          </PendingButton>
        )}
      </DialogFooter>
    </>
  );
}

function DialogBody({
  post,
  texts,
  onClose,
}: {
  post: NewsletterTarget;
  texts: NewsletterTexts;
  onClose: () => void;
}) {
  const audience = useNewsletterAudience(post.id);
  if (audience.data) {
    return (
      <AudienceQuestion post={post} texts={texts} audience={audience.data} onClose={onClose} />
    );
  }
  return (
    <>
      <DialogHeading title="Send to subscribers?" description={`“${post.title}”`} />
      {audience.isError ? (
        <div role="alert" className="grid gap-3 rounded-md border border-destructive/40 p-3">
          <p className="text-sm text-destructive">{audience.error.message}</p>
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => void audience.refetch()}
          >
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      ) : (
        <div role="status" className="grid gap-2">
          <span className="sr-only">Counting subscribers…</span>
          <Skeleton className="h-[4.75rem] w-full" />
          <Skeleton className="h-5 w-2/3" />
        </div>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </DialogFooter>
    </>
  );
}

/**
 * "Send to subscribers…": the recipient count in the post's language, when the e-mail goes out,
 * and one button that schedules it. A post already sent is sent again only to those who have
 * not received it.
 */
export function SendNewsletterDialog({
  post,
  texts,
  onClose,
}: {
  /** The post to send; the dialog is open while there is one. */
  post: NewsletterTarget | null;
  texts: NewsletterTexts;
  onClose: () => void;
}) {
  return (
    <DismissibleDialog open={post !== null} onDismiss={onClose}>
      <DialogContent>
        {post && <DialogBody post={post} texts={texts} onClose={onClose} />}
      </DialogContent>
    </DismissibleDialog>
  );
}
