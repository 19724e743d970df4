import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { readListState, writeListState } from "@/lib/staff/list-url-state";
import { renderWithProviders } from "@/test/render";
import { SubscribersList } from "../staff/components/subscribers-list";
import { subscriberList, type SubscriberFilter } from "../staff/lib/subscribers-filter";

// The list's reads, without a database: every page and count request is recorded, and answers
// one confirmed address.
const requests = vi.hoisted(() => [] as { status: string; search: string; head: boolean }[]);
vi.mock("../staff/api/get-subscribers", async () => {
  const { pagedQuery } = await import("@/lib/staff/paged-query");
  const { subscriberKeys } = await import("../staff/api/query-keys");
  const { subscriberList } = await import("../staff/lib/subscribers-filter");
  const row = {
    id: "1",
    email: "ada@example.com",
    language: "fr",
    status: "confirmed",
    created_at: "2026-03-02T09:30:00.000Z",
    confirmed_at: "2026-03-02T09:40:00.000Z",
    unsubscribed_at: null,
  };
  const answer = (head: boolean) =>
    Promise.resolve({ data: head ? null : [row], count: 1, error: null });
  return {
    getConfirmedSubscribers: async () => [row],
    subscribersQuery: pagedQuery(subscriberList, {
      keys: subscriberKeys,
      context: async () => null,
      rows: (_context: null, { status, search }: Omit<SubscriberFilter, "page">, head: boolean) => {
        requests.push({ status, search, head });
        return { then: (ok, fail) => answer(head).then(ok, fail), range: () => answer(head) };
      },
    }),
  };
});

describe("the subscribers' filters", () => {
  it("read the status, search, order and page from the URL, with defaults for the rest", () => {
    const read = (query: string) => readListState(subscriberList, new URLSearchParams(query));
    expect(read("tab=subscribers")).toEqual({
      status: "all",
      search: "",
      sort: { column: "created_at", ascending: false },
      page: 1,
    });
    expect(read("tab=subscribers&status=pending&q=ada&sort=email&page=2")).toEqual({
      status: "pending",
      search: "ada",
      sort: { column: "email", ascending: true },
      page: 2,
    });
    expect(read("status=lost&sort=language&dir=asc&page=0")).toEqual({
      status: "all",
      search: "",
      sort: { column: "created_at", ascending: true },
      page: 1,
    });
    const state = read("status=confirmed&q=%40example&sort=confirmed_at&dir=asc");
    expect(
      writeListState(subscriberList, state, new URLSearchParams("tab=subscribers")).toString(),
    ).toBe("tab=subscribers&q=%40example&status=confirmed&sort=confirmed_at&dir=asc");
  });

  it("show the list the URL names, and write each change back beside the section", async () => {
    const { router } = renderWithProviders(<SubscribersList />, {
      route: "/admin?tab=subscribers&status=confirmed&q=ada",
    });
    expect(await screen.findByText("ada@example.com")).toBeInTheDocument();
    expect(screen.getByLabelText("Search subscribers")).toHaveValue("ada");
    const status = screen.getByRole("group", { name: "Status" });
    expect(within(status).getByRole("button", { name: /^Confirmed/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(requests).toContainEqual({ status: "confirmed", search: "ada", head: false });
    // The counts follow the search, one request per status.
    expect(requests).toContainEqual({ status: "pending", search: "ada", head: true });

    fireEvent.click(within(status).getByRole("button", { name: /^Pending/ }));
    expect(router.state.location.search).toBe("?tab=subscribers&q=ada&status=pending");
    fireEvent.click(screen.getByRole("button", { name: "Email" }));
    expect(router.state.location.search).toBe("?tab=subscribers&q=ada&status=pending&sort=email");
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(router.state.location.search).toBe("?tab=subscribers&sort=email");
  });
});
