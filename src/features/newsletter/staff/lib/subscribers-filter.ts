import { Constants, type Enums } from "@/types/database";
import { defineList, type ListStateOf } from "@/lib/staff/list-url-state";

export type SubscriberStatus = Enums<"newsletter_status">;

/**
 * The newsletter's sign-ups: filtered by status, searched by address, newest first unless a
 * heading sorts them otherwise, 50 a page; all of it in the URL (`?tab=subscribers&status=pending`).
 */
export const subscriberList = defineList({
  filters: { status: Constants.public.Enums.newsletter_status },
  sortColumns: ["created_at", "email", "confirmed_at"],
  defaultSort: { column: "created_at", ascending: false },
  // Addresses A to Z; dates newest first.
  startsAscending: (column) => column === "email",
  pageSize: 50,
});

export type SubscriberFilter = ListStateOf<typeof subscriberList>;
export type SubscriberSortColumn = SubscriberFilter["sort"]["column"];
