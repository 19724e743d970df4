import { QueryStatus } from "@/components/query-status";
import { HeadCell, StaffTable } from "@/components/staff/staff-table";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import {
  formatDate,
  formatDateTime,
  labelFor,
  languageLabels,
  sendStatusLabels,
} from "@/lib/staff/format";
import { useNewsletterSendResults } from "../api/get-newsletter-send-results";
import { sendDate, sendPostTitle, type SendResult } from "../lib/send-state";

const cell = "px-3 py-2";
const numberCell = cn(cell, "text-right tabular-nums");

const counts = [
  ["recipients", "Recipients"],
  ["sent", "Sent"],
  ["failed", "Failed"],
  ["bounced", "Bounced"],
  ["complained", "Complained"],
  ["unsubscribed", "Unsubscribed"],
] as const satisfies readonly (readonly [keyof SendResult, string])[];

const statusBadge: Readonly<Record<string, "default" | "secondary" | "outline">> = {
  sent: "default",
  sending: "default",
  scheduled: "outline",
};

function SendsTable({ sends }: { sends: SendResult[] }) {
  return (
    <StaffTable
      label="Sends"
      caption="Newsletter sends, newest first, with what became of their e-mails"
      headings={
        <>
          <HeadCell className={cell}>Post</HeadCell>
          <HeadCell className={cell}>Language</HeadCell>
          <HeadCell className={cell}>Date</HeadCell>
          <HeadCell className={cell}>Status</HeadCell>
          {counts.map(([key, label]) => (
            <HeadCell key={key} className={cn(cell, "text-right")}>
              {label}
            </HeadCell>
          ))}
        </>
      }
    >
      {sends.map((send) => (
        <tr key={send.id} data-testid="send-row">
          <th scope="row" className={cn(cell, "min-w-44 max-w-72 font-medium")}>
            <span className="block break-words">{sendPostTitle(send)}</span>
            {(send.send_again || send.subject !== send.post_title) && (
              <span className="mt-0.5 block truncate text-xs font-normal text-muted-foreground">
                {send.send_again ? "Again to new subscribers" : ""}
                {send.send_again && send.subject !== send.post_title ? " · " : ""}
                {send.subject !== send.post_title ? `Subject: ${send.subject}` : ""}
              </span>
            )}
          </th>
          <td className={cell}>{labelFor(languageLabels, send.language)}</td>
          <td className={cn(cell, "whitespace-nowrap text-muted-foreground")}>
            <time dateTime={sendDate(send)} title={formatDateTime(sendDate(send))}>
              {formatDate(sendDate(send))}
            </time>
          </td>
          <td className={cell}>
            <Badge variant={statusBadge[send.status] ?? "secondary"}>
              {labelFor(sendStatusLabels, send.status)}
            </Badge>
          </td>
          {counts.map(([key]) => (
            <td
              key={key}
              className={cn(
                numberCell,
                (send.started_at === null || (send[key] === 0 && key !== "recipients")) &&
                  "text-muted-foreground",
              )}
            >
              {/* The recipients are written down when the send starts. */}
              {send.started_at === null ? "—" : send[key].toLocaleString("en-US")}
            </td>
          ))}
        </tr>
      ))}
    </StaffTable>
  );
}

/**
 * Every newsletter send, newest first: the post, its language, when, where it stands and what
 * became of its e-mails (sent, failed, bounced, complained, and unsubscribes that followed).
 */
export function NewsletterSends() {
  const results = useNewsletterSendResults(null);
  return (
    // Not a landmark of its own: the table's scrolling region is the one named "Sends".
    <section className="grid gap-3">
      <div>
        <h2 className="text-xl font-semibold">Sends</h2>
        <p className="text-sm text-muted-foreground">
          Posts e-mailed to subscribers, and what came back.
        </p>
      </div>
      <QueryStatus
        query={results}
        labels={{
          loading: "Loading sends...",
          failed: (message) => message,
          retry: "Try again",
        }}
        placeholder={<Skeleton className="h-32 w-full" />}
        isEmpty={(sends) => sends.length === 0}
        empty="No post has been e-mailed to subscribers yet."
      >
        {(sends) => <SendsTable sends={sends} />}
      </QueryStatus>
    </section>
  );
}
