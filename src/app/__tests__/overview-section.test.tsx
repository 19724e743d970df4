import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { StaffPermission } from "@/features/staff/lib/staff-role";
import { renderWithProviders } from "@/test/render";
import OverviewSection from "../routes/staff/overview-section";

// The feature cards stand in as their names and what they were given: this is the page's part.
vi.mock("@/features/leads/staff/components/leads-overview", () => ({
  LeadsOverview: ({
    period,
    leadPath,
    newLeadsPath,
  }: {
    period: { label: string };
    leadPath: (id: string) => string;
    newLeadsPath: string;
  }) => (
    <p>
      lead cards: {period.label}, {leadPath("lead-1")}, {newLeadsPath}
    </p>
  ),
}));
vi.mock("@/features/leads/staff/components/leads-overview-replies", () => ({
  ReplyPromiseWarning: () => <p>promise warning</p>,
}));
vi.mock("@/features/newsletter/staff/components/newsletter-overview", () => ({
  NewsletterOverview: () => <p>newsletter cards</p>,
}));
vi.mock("@/features/posts/staff/components/content-overview", () => ({
  ContentOverview: () => <p>content cards</p>,
}));

function renderOverview(permissions: StaffPermission[], search = "?tab=overview") {
  return renderWithProviders(<OverviewSection permissions={permissions} />, {
    route: `/admin${search}`,
  });
}

describe("the Overview section", () => {
  it("gives an Administrator every card, the period and the promise", () => {
    renderOverview(["read_leads", "manage_posts", "manage_subscribers", "manage_staff"]);
    expect(screen.getByRole("combobox", { name: "Period" })).toHaveTextContent("Last 30 days");
    expect(screen.getByText("promise warning")).toBeInTheDocument();
    expect(screen.getByText(/^lead cards/)).toHaveTextContent(
      "lead cards: Last 30 days, /admin?tab=leads&lead=lead-1, /admin?tab=leads&status=new",
    );
    expect(screen.getByText("newsletter cards")).toBeInTheDocument();
    expect(screen.getByText("content cards")).toBeInTheDocument();
  });

  it("gives Sales the lead and newsletter cards, not the content ones", () => {
    renderOverview(["read_leads", "manage_subscribers"], "?tab=overview&period=90d");
    expect(screen.getByText(/^lead cards/)).toHaveTextContent("Last 90 days");
    expect(screen.getByText("newsletter cards")).toBeInTheDocument();
    expect(screen.queryByText("content cards")).not.toBeInTheDocument();
  });

  it("gives an Editor the content cards only, without a period (it changes only lead figures)", () => {
    renderOverview(["manage_posts", "send_newsletter"]);
    expect(screen.getByText("content cards")).toBeInTheDocument();
    expect(screen.queryByText(/^lead cards/)).not.toBeInTheDocument();
    expect(screen.queryByText("promise warning")).not.toBeInTheDocument();
    expect(screen.queryByText("newsletter cards")).not.toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Period" })).not.toBeInTheDocument();
  });

  it("shows the From and To of a custom range from the URL", () => {
    renderOverview(["read_leads"], "?tab=overview&from=2026-09-01&to=2026-09-30");
    expect(screen.getByRole("combobox", { name: "Period" })).toHaveTextContent("Custom range");
    expect(screen.getByLabelText("From")).toHaveValue("2026-09-01");
    expect(screen.getByLabelText("To")).toHaveValue("2026-09-30");
  });

  it("writes a custom range's ends to the URL, moving the other end when one passes it", () => {
    const { router } = renderOverview(
      ["read_leads"],
      "?tab=overview&from=2026-09-01&to=2026-09-30",
    );
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-09-10" } });
    expect(router.state.location.search).toBe("?tab=overview&from=2026-09-10&to=2026-09-30");
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-10-05" } });
    expect(router.state.location.search).toBe("?tab=overview&from=2026-10-05&to=2026-10-05");
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-10-01" } });
    expect(router.state.location.search).toBe("?tab=overview&from=2026-10-01&to=2026-10-01");
    expect(screen.getByLabelText("From")).toHaveValue("2026-10-01");
  });
});
