import { QueryStatus } from "@/components/query-status";
import { ActingAccountName } from "@/components/staff/staff-name";
import { PendingButton } from "@/components/ui/pending-button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/staff/format";
import { useStaffDirectory } from "@/lib/staff/staff-directory";
import { useStaffAudit } from "../api/get-staff-audit";
import { auditSentence, type AuditEntry } from "../lib/audit-entry";

function AuditRow({ entry }: { entry: AuditEntry }) {
  const directory = useStaffDirectory();
  return (
    <li className="grid gap-0.5 px-4 py-3 text-sm sm:grid-cols-[12rem_1fr] sm:gap-4">
      <time className="text-muted-foreground" dateTime={entry.created_at}>
        {formatDateTime(entry.created_at)}
      </time>
      <p className="min-w-0 break-words">
        {auditSentence(entry, directory.data).map((part, index) =>
          typeof part === "string" ? (
            part
          ) : (
            <ActingAccountName key={index} account={part.account} />
          ),
        )}
      </p>
    </li>
  );
}

/** Every staff change, newest first: who did what to whom, and when. */
export function AuditLog() {
  const { query, hasMore, loadingMore, loadMore } = useStaffAudit();
  return (
    <section aria-labelledby="team-audit-heading" className="grid gap-3">
      <h2 id="team-audit-heading" className="text-lg font-semibold">
        Audit log
      </h2>
      <QueryStatus
        query={query}
        labels={{
          loading: "Loading the audit log...",
          failed: (message) => `The audit log could not be loaded: ${message}`,
          retry: "Try again",
        }}
        placeholder={<Skeleton className="h-32 w-full" />}
        isEmpty={(data) => data.length === 0}
        empty="No staff changes yet."
      >
        {(data) => (
          <>
            <ol
              aria-label="Staff changes, newest first"
              className="divide-y rounded-lg border bg-card"
            >
              {data.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </ol>
            {hasMore && (
              <PendingButton
                variant="outline"
                className="justify-self-start"
                pending={loadingMore}
                onClick={loadMore}
              >
                Load more
              </PendingButton>
            )}
          </>
        )}
      </QueryStatus>
    </section>
  );
}
