import { ExportButton } from "@/components/staff/export-button";
import { ListSection, type ListCopy } from "@/components/staff/list-section";
import {
  HeadCell,
  SortHeadCell,
  StaffTable,
  type TableSorting,
} from "@/components/staff/staff-table";
import { Badge } from "@/components/ui/badge";
import { subscribersToCsv } from "@/lib/staff/csv";
import {
  formatDateTime,
  labelFor,
  languageLabels,
  subscriberStatusLabels,
} from "@/lib/staff/format";
import { useListState } from "@/lib/staff/use-list-state";
import { getConfirmedSubscribers, subscribersQuery, type Subscriber } from "../api/get-subscribers";
import { subscriberList, type SubscriberSortColumn } from "../lib/subscribers-filter";

// Addresses never mailed again stand out.
const statusBadge: Readonly<Record<string, "default" | "secondary" | "destructive">> = {
  confirmed: "default",
  pending: "secondary",
  bounced: "destructive",
  complained: "destructive",
};

const sortLabels: Record<SubscriberSortColumn, string> = {
  email: "Email",
  created_at: "Signed up",
  confirmed_at: "Confirmed",
};

function SubscribersTable({
  subscribers,
  sort,
  onSort,
}: TableSorting<SubscriberSortColumn> & { subscribers: Subscriber[] }) {
  const heading = (column: SubscriberSortColumn) => (
    <SortHeadCell column={column} label={sortLabels[column]} sort={sort} onSort={onSort} />
  );
  return (
    <StaffTable
      label="Subscribers"
      caption={`Newsletter sign-ups, sorted by ${sortLabels[sort.column].toLowerCase()}, ${sort.ascending ? "ascending" : "descending"}`}
      headings={
        <>
          {heading("email")}
          <HeadCell>Language</HeadCell>
          <HeadCell>Status</HeadCell>
          {heading("created_at")}
          {heading("confirmed_at")}
        </>
      }
    >
      {subscribers.map((subscriber) => (
        <tr key={subscriber.id}>
          <td className="max-w-72 truncate px-4 py-3 font-medium">
            <bdi>{subscriber.email}</bdi>
          </td>
          <td className="px-4 py-3">{labelFor(languageLabels, subscriber.language)}</td>
          <td className="px-4 py-3">
            <Badge variant={statusBadge[subscriber.status] ?? "outline"}>
              {labelFor(subscriberStatusLabels, subscriber.status)}
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

const subscribersCopy: ListCopy = {
  noun: ["subscriber", "subscribers"],
  pagesLabel: "Subscriber pages",
  searchPlaceholder: "Email address",
};

/** The newsletter's sign-ups: counts by status, search, sorting, pages and the confirmed list. */
export function SubscribersList() {
  const list = useListState(subscriberList);
  return (
    <ListSection
      query={subscribersQuery}
      list={list}
      copy={subscribersCopy}
      statusLabels={subscriberStatusLabels}
      actions={() => (
        <ExportButton
          label="Export confirmed (CSV)"
          read={getConfirmedSubscribers}
          toCsv={subscribersToCsv}
          fileName="subscribers-confirmed"
          noun={["confirmed address", "confirmed addresses"]}
        />
      )}
    >
      {(subscribers, sorting) => <SubscribersTable subscribers={subscribers} {...sorting} />}
    </ListSection>
  );
}
