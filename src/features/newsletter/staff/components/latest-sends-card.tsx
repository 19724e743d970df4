import { QueryStatus } from "@/components/query-status";
import { NumbersTable, OverviewCard } from "@/components/staff/charts/chart-card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatDateTime } from "@/lib/staff/format";
import { latestSendsCount, useLatestSends } from "../api/get-newsletter-overview";
import { sendDate, sendPostTitle, type SendResult } from "../lib/send-state";

const title = "Latest sends";

/** The results each send shows, as the Sends table names them. */
const counts = [
  ["recipients", "Recipients"],
  ["sent", "Sent"],
  ["bounced", "Bounced"],
  ["complained", "Complained"],
  ["unsubscribed", "Unsubscribed"],
] as const satisfies readonly (readonly [keyof SendResult, string])[];

function SendItem({ send }: { send: SendResult }) {
  return (
    <li className="grid gap-1 py-2.5" data-testid="latest-send">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="break-words font-medium">{sendPostTitle(send)}</span>
        <time
          dateTime={sendDate(send)}
          title={formatDateTime(sendDate(send))}
          className="whitespace-nowrap text-sm text-muted-foreground"
        >
          {formatDate(sendDate(send))}
        </time>
      </div>
      <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-sm">
        {counts.map(([key, label]) => (
          <div key={key} className="flex gap-1">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="tabular-nums">{send[key].toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

function LatestSends({ sends }: { sends: SendResult[] }) {
  const [latest] = sends;
  return (
    <>
      {latest && (
        <p className="text-sm">
          The latest, {sendPostTitle(latest)} ({formatDate(sendDate(latest))}), went to{" "}
          {latest.sent.toLocaleString("en-US")} of {latest.recipients.toLocaleString("en-US")}{" "}
          recipients.
        </p>
      )}
      <ul className="divide-y">
        {sends.map((send) => (
          <SendItem key={send.id} send={send} />
        ))}
      </ul>
      <NumbersTable
        caption={title}
        columns={["Post", "Date", ...counts.map(([, label]) => label)]}
        rows={sends.map((send) => [
          sendPostTitle(send),
          formatDate(sendDate(send)),
          ...counts.map(([key]) => send[key]),
        ])}
      />
    </>
  );
}

/** The newsletters sent last and what became of their e-mails (the Sends table's figures). */
export function LatestSendsCard() {
  const query = useLatestSends();
  return (
    <OverviewCard
      title={title}
      description={`The ${latestSendsCount} latest newsletters and what became of their e-mails.`}
    >
      <QueryStatus
        query={query}
        labels={{
          loading: "Loading the latest sends…",
          failed: () => "These figures could not be loaded.",
          retry: "Try again",
        }}
        placeholder={<Skeleton className="h-40 w-full" />}
        isEmpty={(sends) => sends.length === 0}
        empty={<span className="text-sm">No newsletter sent yet.</span>}
      >
        {(sends) => <LatestSends sends={sends} />}
      </QueryStatus>
    </OverviewCard>
  );
}
