import { act, screen } from "@testing-library/react";
import { useEffect } from "react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { defineList } from "../list-url-state";
import { useListState, type ListUrlState } from "../use-list-state";

const notes = defineList({
  filters: { status: ["open", "done"] },
  sortColumns: ["created", "title"],
  defaultSort: { column: "created", ascending: false },
  startsAscending: (column) => column === "title",
  pageSize: 20,
});

let list: ListUrlState<typeof notes.filters, "created" | "title">;
function Probe({ onRender }: { onRender: (current: typeof list) => void }) {
  const current = useListState(notes);
  useEffect(() => {
    onRender(current);
  });
  return <p>{JSON.stringify(current.state)}</p>;
}

function renderAt(route: string) {
  const { router } = renderWithProviders(
    <Probe
      onRender={(current) => {
        list = current;
      }}
    />,
    {
      route,
    },
  );
  return { router, url: () => router.state.location.search };
}

describe("useListState", () => {
  it("reads the list from the URL and writes changes back, keeping the section", () => {
    const { url } = renderAt("/admin?tab=notes&status=done&page=3");
    expect(list.state).toMatchObject({ status: "done", page: 3 });
    expect(screen.getByText(/"status":"done"/)).toBeInTheDocument();

    // A filter starts again from the first page.
    act(() => list.update({ status: "open" }));
    expect(url()).toBe("?tab=notes&status=open");
    act(() => list.update({ page: 2 }));
    expect(url()).toBe("?tab=notes&status=open&page=2");
    // So does a new order.
    act(() => list.sortBy("title"));
    expect(url()).toBe("?tab=notes&status=open&sort=title");
    act(() => list.sortBy("title"));
    expect(url()).toBe("?tab=notes&status=open&sort=title&dir=desc");
    act(() => list.update({ status: "all" }));
    expect(url()).toBe("?tab=notes&sort=title&dir=desc");
  });

  it("replaces the history entry while the search is typed, and adds one for other changes", () => {
    const { router } = renderAt("/admin?tab=notes");
    act(() => list.update({ search: "a" }));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(router.state.location.search).toBe("?tab=notes&q=a");
    act(() => list.update({ status: "done" }));
    expect(router.state.historyAction).toBe("PUSH");
    act(() => void router.navigate(-1));
    expect(list.state.status).toBe("all");
    expect(list.state.search).toBe("a");
  });

  it("reads a URL with unknown values as the plain list", () => {
    renderAt("/admin?tab=notes&status=%3Cscript%3E&sort=password&dir=sideways&page=NaN");
    expect(list.state).toEqual({
      status: "all",
      search: "",
      sort: { column: "created", ascending: false },
      page: 1,
    });
  });
});
