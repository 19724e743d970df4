import { Download, Loader2 } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { EmptyState, QueryStatus } from "@/components/query-status";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import {
  getConfirmedSubscribers,
  subscriberStatuses,
  subscribersPageSize,
  useSubscriberCounts,
  useSubscribers,
  type Subscriber,
  type SubscriberFilter,
  type SubscriberStatus,
} from "../api/get-subscribers";
import { csvBlob, csvFileName, downloadBlob, subscribersToCsv } from "@/lib/staff/csv";
import { formatDateTime, labelFor, languageLabels, pageSummary, plural } from "@/lib/staff/format";
import { PagesNav } from "@/components/staff/pages-nav";
import { SearchField } from "@/components/staff/search-field";
import { StatusFilter } from "@/components/staff/status-filter";
import { HeadCell, StaffTable } from "@/components/staff/staff-table";

const statusLabels: Record<SubscriberStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
};

const statusBadge: Readonly<Record<string, "default" | "secondary">> = {
  confirmed: "default",
  pending: "secondary",
};

/** The status filter, with how many sign-ups each status holds. */
function SubscriberStatusFilter({
  value,
  onChange,
}: {
  value: SubscriberFilter["status"];
  onChange: (value: SubscriberFilter["status"]) => void;
}) {
  const counts = useSubscriberCounts();
  const total = counts.data ? Object.values(counts.data).reduce((sum, n) => sum + n, 0) : null;
  return (
    <StatusFilter
      value={value}
      onChange={onChange}
      options={[
        { id: "all", label: "All", count: total },
        ...subscriberStatuses.map((status) => ({
          id: status,
          label: statusLabels[status],
          count: counts.data?.[status] ?? null,
        })),
      ]}
    />
  );
}

function ExportConfirmedButton() {
  const [exporting, setExporting] = useState(false);
  async function exportConfirmed() {
    setExporting(true);
    try {
      const confirmed = await getConfirmedSubscribers();
      downloadBlob(csvBlob(subscribersToCsv(confirmed)), csvFileName("subscribers-confirmed"));
      toast.success("Export ready", {
        description: `${plural(confirmed.length, "confirmed address", "confirmed addresses")} exported to CSV`,
      });
    } catch (error) {
      toast.error(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setExporting(false);
    }
  }
  return (
    <Button variant="outline" onClick={() => void exportConfirmed()} disabled={exporting}>
      {exporting ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
      Export confirmed (CSV)
    </Button>
  );
}

function SubscribersTable({ subscribers }: { subscribers: Subscriber[] }) {
  return (
    <StaffTable
      label="Subscribers"
      caption="Newsletter sign-ups, newest first"
      headings={["Email", "Language", "Status", "Signed up", "Confirmed"].map((heading) => (
        <HeadCell key={heading}>{heading}</HeadCell>
      ))}
    >
      {subscribers.map((subscriber) => (
        <tr key={subscriber.id}>
          <td className="max-w-72 truncate px-4 py-3 font-medium">{subscriber.email}</td>
          <td className="px-4 py-3">{labelFor(languageLabels, subscriber.language)}</td>
          <td className="px-4 py-3">
            <Badge variant={statusBadge[subscriber.status] ?? "outline"}>
              {labelFor(statusLabels, subscriber.status)}
            </Badge>
          </td>
          <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
            {formatDateTime(subscriber.created_at)}
          </td>
          <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
            {subscriber.confirmed_at ? formatDateTime(subscriber.confirmed_at) : "—"}
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}

/** The newsletter's sign-ups: counts by status, search, pages of 50 and the confirmed list. */
export function SubscribersList() {
  const [status, setStatus] = useState<SubscriberFilter["status"]>("all");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const deferredSearch = useDeferredValue(search);
  const list = useSubscribers({ status, search: deferredSearch, page });
  const pageCount = Math.max(1, Math.ceil((list.data?.total ?? 0) / subscribersPageSize));

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid w-full gap-2 sm:w-80">
          <SearchField
            id="subscriber-search"
            label="Search subscribers"
            placeholder="Email address"
            value={search}
            onChange={(next) => {
              setSearch(next);
              setPage(1);
            }}
          />
        </div>
        <ExportConfirmedButton />
      </div>
      <SubscriberStatusFilter
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
      />

      <QueryStatus
        query={list}
        labels={{
          loading: "Loading subscribers...",
          failed: (message) => `Failed to fetch subscribers: ${message}`,
          retry: "Try again",
        }}
        placeholder={
          <>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </>
        }
      >
        {({ subscribers, total }) => (
          <div className="grid gap-4">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {pageSummary(
                { page, pageSize: subscribersPageSize, shown: subscribers.length, total },
                "subscriber",
                "subscribers",
              )}
            </p>
            {subscribers.length === 0 ? (
              <EmptyState>No subscribers found</EmptyState>
            ) : (
              <SubscribersTable subscribers={subscribers} />
            )}
            <PagesNav label="Subscriber pages" page={page} pageCount={pageCount} onPage={setPage} />
          </div>
        )}
      </QueryStatus>
    </div>
  );
}
