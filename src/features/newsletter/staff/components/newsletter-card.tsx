import { useQuery } from "@tanstack/react-query";
import { usePainted } from "@/lib/use-painted";
import { Ban, Eye, FlaskConical, Mail, RefreshCw, Send } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldControl } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PendingButton } from "@/components/ui/pending-button";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { formatLocalDateTime } from "@/lib/local-date-time";
import { labelFor, languageLabels, plural } from "@/lib/staff/format";
import { singleLineControlCharacters } from "@/lib/text-rules";
import { useCancelNewsletterSend } from "../api/cancel-newsletter-send";
import { newsletterAudienceQuery } from "../api/get-newsletter-audience";
import { newsletterSendResultsQuery, sendingPollMs } from "../api/get-newsletter-send-results";
import { useScheduledSendTexts } from "../api/get-scheduled-send-texts";
import type { NewsletterDraft } from "../api/newsletter-function";
import { useScheduleNewsletterSend } from "../api/schedule-newsletter-send";
import { useSendTestNewsletter } from "../api/send-test-newsletter";
import {
  defaultTexts,
  newsletterTextLimits,
  type NewsletterPost,
  type NewsletterTexts,
} from "../lib/newsletter-send";
import {
  postNewsletterState,
  sendProgress,
  sentTotals,
  type PostNewsletterState,
  type SendResult,
} from "../lib/send-state";
import { scheduledLine, sendTiming, type NewsletterTarget } from "../lib/send-timing";
import { NewsletterPreviewDialog } from "./newsletter-preview-dialog";
import { SendNewsletterDialog } from "./send-newsletter-dialog";

/** A line of counts that leaves out what is zero: "2 bounced · 1 unsubscribed". */
function countsLine(counts: Record<string, number>): string {
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([label, count]) => `${count.toLocaleString("en-US")} ${label}`)
    .join(" · ");
}

function sentLine(send: SendResult, index: number): string {
  const date = formatLocalDateTime(send.completed_at ?? send.started_at ?? send.requested_at);
  const to = plural(send.sent, "subscriber", "subscribers");
  return index === 0 ? `Sent on ${date} to ${to}.` : `Sent again on ${date} to ${to} more.`;
}

/** What the card says of the post's sends: a badge, and a line or two under the title. */
function StateSummary({
  state,
  target,
  audienceLine,
}: {
  state: PostNewsletterState;
  target: NewsletterTarget;
  audienceLine: string | null;
}) {
  const { open, sent } = state;
  if (open?.status === "sending") {
    const { done, total } = sendProgress(open);
    return (
      <div className="grid gap-2">
        <p>
          Sending: {done.toLocaleString("en-US")} of {plural(total, "subscriber", "subscribers")}.
        </p>
        <div
          role="progressbar"
          aria-label="Sending progress"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full bg-primary"
            style={{ width: `${total ? (done / total) * 100 : 100}%` }}
          />
        </div>
      </div>
    );
  }
  const totals = sentTotals(sent);
  return (
    <div className="grid gap-1">
      {open && <p>E-mail scheduled: {scheduledLine(sendTiming(target))}.</p>}
      {sent.map((send, index) => (
        <p key={send.id}>{sentLine(send, index)}</p>
      ))}
      {sent.length > 0 && (
        <p className="text-xs">
          {countsLine({
            failed: totals.failed,
            bounced: totals.bounced,
            complained: totals.complained,
            unsubscribed: totals.unsubscribed,
          }) || "No bounce, complaint or unsubscribe so far."}
        </p>
      )}
      {!open && sent.length === 0 && <p>Not sent yet.</p>}
      {!open && audienceLine && <p className="text-xs">{audienceLine}</p>}
    </div>
  );
}

const badges: Record<string, { label: string; variant: "default" | "secondary" | "outline" }> = {
  sending: { label: "Sending", variant: "default" },
  scheduled: { label: "Scheduled", variant: "outline" },
  sent: { label: "Sent", variant: "default" },
  none: { label: "Not sent", variant: "secondary" },
};

function stateBadge(state: PostNewsletterState) {
  if (state.open) return badges[state.open.status === "sending" ? "sending" : "scheduled"]!;
  return state.sent.length > 0 ? badges.sent! : badges.none!;
}

/** A text of the e-mail with its live count against the database's limit. */
function CountedText({
  id,
  label,
  description,
  value,
  limit,
  children,
}: {
  id: string;
  label: string;
  description: string;
  value: string;
  limit: number;
  children: ReactNode;
}) {
  return (
    <Field
      id={id}
      label={label}
      description={description}
      aside={
        <span className="text-xs tabular-nums text-muted-foreground">
          {value.length}/{limit}
          <span className="sr-only"> characters</span>
        </span>
      }
    >
      <FieldControl>{children}</FieldControl>
    </Field>
  );
}

/** Control characters cannot be stored (the database's checks): line breaks become spaces. */
const controlCharacters = new RegExp(`${singleLineControlCharacters.source}+`, "g");
const oneLine = (value: string) => value.replace(controlCharacters, " ");

export interface NewsletterCardProps {
  /** The post as stored. */
  target: NewsletterTarget;
  /** The post as the editor holds it now: what the preview and the test are made from. */
  draft: NewsletterPost;
  /** The editor holds changes that are not saved: subscribers would get the saved post. */
  unsaved: boolean;
}

/**
 * The editor's Newsletter card: whether the post was e-mailed to subscribers (and what came
 * back), the e-mail's subject and preheader, a preview and a test to oneself from the editor's
 * current values, and the send itself (asked in a dialog with the recipient count), which waits
 * for the post's publication; a send that waits can be cancelled.
 */
export function NewsletterCard({ target, draft, unsaved }: NewsletterCardProps) {
  const timing = sendTiming(target);
  const poll = (sends: readonly SendResult[] | undefined) => {
    const open = sends && postNewsletterState(sends).open;
    return open && (open.status === "sending" || timing.kind === "now") ? sendingPollMs : false;
  };
  const painted = usePainted();
  const results = useQuery({
    ...newsletterSendResultsQuery(target.id),
    enabled: painted,
    refetchInterval: (query) => poll(query.state.data),
  });
  const state = results.data ? postNewsletterState(results.data) : null;
  const audience = useQuery({
    ...newsletterAudienceQuery(target.id),
    enabled: painted,
    refetchInterval: () => poll(results.data),
  });
  // A send that starts or ends changes who has received the post: the count is read again.
  const stage = state ? `${state.open?.status ?? "none"}:${state.sent.length}` : null;
  const { refetch: recount } = audience;
  const counted = useRef(stage);
  useEffect(() => {
    if (stage === null || counted.current === stage) return;
    if (counted.current !== null) void recount();
    counted.current = stage;
  }, [stage, recount]);
  const scheduled = useScheduledSendTexts(target.id, {
    enabled: state?.open?.status === "scheduled",
  });

  const [edited, setEdited] = useState<Partial<NewsletterTexts>>({});
  const startingTexts =
    (state?.open?.status === "scheduled" && scheduled.data) || defaultTexts(draft);
  const texts: NewsletterTexts = { ...startingTexts, ...edited };
  const subjectMissing = texts.subject.trim() === "";

  const [previewing, setPreviewing] = useState<NewsletterDraft | null>(null);
  const [asking, setAsking] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const test = useSendTestNewsletter();
  const update = useScheduleNewsletterSend();
  const cancel = useCancelNewsletterSend();

  const language = labelFor(languageLabels, target.language);
  const nobodyNew = audience.data?.already_sent === true && audience.data.recipients === 0;
  const audienceLine = !audience.data
    ? null
    : nobodyNew
      ? `Every confirmed ${language} subscriber has received it.`
      : audience.data.already_sent
        ? `${plural(audience.data.recipients, `confirmed ${language} subscriber has`, `confirmed ${language} subscribers have`)} not received it.`
        : `${plural(audience.data.recipients, `confirmed ${language} subscriber`, `confirmed ${language} subscribers`)} would get it.`;

  function sendTest() {
    test.mutate(
      { post: draft, ...texts },
      {
        onSuccess: (to) =>
          toast.success("Test e-mail sent", { description: `Sent to ${to}. Check your inbox.` }),
        onError: (error) => toast.error("Test e-mail not sent", { description: error.message }),
      },
    );
  }

  function updateScheduled(open: SendResult) {
    update.mutate(
      { postId: target.id, ...texts, sendAgain: open.send_again },
      {
        onSuccess: () => {
          setEdited({});
          toast.success("Scheduled e-mail updated", {
            description: "It goes out with this subject and preheader.",
          });
        },
        onError: (error) => toast.error("E-mail not updated", { description: error.message }),
      },
    );
  }

  function confirmCancel(open: SendResult) {
    cancel.mutate(open.id, {
      onSuccess: () => toast.success("Send cancelled", { description: "No subscriber gets it." }),
      onError: (error) => toast.error("Send not cancelled", { description: error.message }),
      onSettled: () => setCancelling(false),
    });
  }

  const open = state?.open ?? null;
  const badge = state ? stateBadge(state) : null;
  const textsChanged =
    open?.status === "scheduled" &&
    scheduled.data != null &&
    (texts.subject.trim() !== scheduled.data.subject ||
      texts.preheader.trim() !== scheduled.data.preheader);
  const sentBefore = (state?.sent.length ?? 0) > 0;

  return (
    <Card data-testid="newsletter-card" aria-labelledby="newsletter-card-title">
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle id="newsletter-card-title" className="flex items-center gap-2">
            <Mail className="size-5 text-muted-foreground" aria-hidden />
            Newsletter
          </CardTitle>
          {badge ? (
            <Badge variant={badge.variant} data-testid="newsletter-state">
              {badge.label}
            </Badge>
          ) : (
            <Skeleton className="h-5 w-24 rounded-full" />
          )}
        </div>
        <div
          role="status"
          className="min-h-9 text-sm text-muted-foreground"
          data-testid="newsletter-summary"
          aria-busy={results.isPending}
        >
          {state ? (
            <StateSummary state={state} target={target} audienceLine={audienceLine} />
          ) : results.isError ? null : (
            <>
              <span className="sr-only">Loading the newsletter state…</span>
              <Skeleton className="mt-1 h-4 w-4/5" />
              <Skeleton className="mt-2 h-4 w-2/3" />
            </>
          )}
        </div>
        {results.isError && (
          <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-destructive">{results.error.message}</span>
            <Button variant="outline" size="sm" onClick={() => void results.refetch()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        <CountedText
          id="newsletter-subject"
          label="Subject"
          description="The post's title unless you change it."
          value={texts.subject}
          limit={newsletterTextLimits.subject}
        >
          <Input
            value={texts.subject}
            maxLength={newsletterTextLimits.subject}
            aria-invalid={subjectMissing || undefined}
            onChange={(event) => setEdited({ ...edited, subject: oneLine(event.target.value) })}
          />
        </CountedText>
        <CountedText
          id="newsletter-preheader"
          label="Preheader"
          description="The line inboxes show after the subject; the excerpt unless you change it."
          value={texts.preheader}
          limit={newsletterTextLimits.preheader}
        >
          <Textarea
            rows={3}
            className="min-h-20"
            value={texts.preheader}
            maxLength={newsletterTextLimits.preheader}
            onChange={(event) => setEdited({ ...edited, preheader: oneLine(event.target.value) })}
          />
        </CountedText>
        {subjectMissing && (
          <p role="alert" className="text-sm font-medium text-destructive">
            Give the e-mail a subject.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            className="flex-1"
            disabled={subjectMissing}
            onClick={() => setPreviewing({ post: draft, ...texts })}
          >
            <Eye aria-hidden /> Preview e-mail
          </Button>
          <PendingButton
            type="button"
            variant="outline"
            className="flex-1"
            pending={test.isPending}
            disabled={subjectMissing}
            icon={<FlaskConical aria-hidden />}
            pendingLabel="Sending..."
            onClick={sendTest}
          >
            Send a test to me
          </PendingButton>
        </div>
        {unsaved && open?.status !== "sending" && (
          <p
            className="rounded-md bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="newsletter-unsaved"
          >
            Save your changes before sending: subscribers get the post as it is saved. The preview
            and the test show your changes.
          </p>
        )}
        {state && open?.status === "scheduled" && (
          <div className="grid gap-2">
            {textsChanged && (
              <PendingButton
                type="button"
                pending={update.isPending}
                disabled={subjectMissing}
                icon={<Send aria-hidden />}
                pendingLabel="Updating..."
                onClick={() => updateScheduled(open)}
              >
                Update the scheduled e-mail
              </PendingButton>
            )}
            <Button
              type="button"
              variant="outline"
              className="text-destructive hover:bg-destructive/10"
              onClick={() => setCancelling(true)}
            >
              <Ban aria-hidden /> Cancel send
            </Button>
          </div>
        )}
        {state && !open && (
          <Button
            type="button"
            className="w-full"
            variant={sentBefore ? "outline" : "default"}
            disabled={unsaved || subjectMissing || nobodyNew}
            onClick={() => setAsking(true)}
          >
            <Send aria-hidden />
            {sentBefore ? "Send again to new subscribers…" : "Send to subscribers…"}
          </Button>
        )}
      </CardContent>
      <NewsletterPreviewDialog draft={previewing} onClose={() => setPreviewing(null)} />
      <SendNewsletterDialog
        post={asking ? target : null}
        texts={texts}
        onClose={() => setAsking(false)}
      />
      <ConfirmDialog
        open={cancelling && open !== null}
        title="Cancel this e-mail?"
        description="It will not go out: no subscriber gets it. The post itself does not change."
        cancelLabel="Keep it scheduled"
        confirmLabel={cancel.isPending ? "Cancelling..." : "Cancel send"}
        busy={cancel.isPending}
        onCancel={() => setCancelling(false)}
        onConfirm={() => open && confirmCancel(open)}
      />
    </Card>
  );
}

/** The card's place for a post not saved yet: sending needs a stored post. */
export function NewsletterCardUnsaved() {
  return (
    <Card data-testid="newsletter-card" aria-labelledby="newsletter-card-title">
      <CardHeader>
        <CardTitle id="newsletter-card-title" className="flex items-center gap-2">
          <Mail className="size-5 text-muted-foreground" aria-hidden />
          Newsletter
        </CardTitle>
        <CardDescription>
          Save the post first; then preview it as an e-mail and send it to subscribers from here.
        </CardDescription>
      </CardHeader>
    </Card>
  );
}
