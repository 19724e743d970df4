import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { staffPath } from "@/config/routes";
import { renderWithProviders } from "@/test/render";
import type { StaffSession } from "../api/get-staff-session";
import { StaffShell } from "../components/staff-shell";
import type { StaffPermission } from "../lib/staff-role";

const session = vi.hoisted(() => ({ current: { status: "loading" } as StaffSession }));

vi.mock("../api/get-staff-session", () => ({ useStaffSession: () => session.current }));
vi.mock("../api/get-staff-profile", () => ({
  useOwnStaffProfile: () => ({ data: { display_name: "Ada" } }),
}));
vi.mock("../api/sign-out-staff", () => ({
  useSignOutStaff: () => ({ mutate: vi.fn(), isPending: false }),
}));

function renderShell(route: string, permissions: StaffPermission[]) {
  session.current = {
    status: "staff",
    email: "ada@example.com",
    role: "admin",
    permissions,
    joined: true,
    two_factor_required: false,
    has_verified_factor: false,
  };
  renderWithProviders([{ path: "*", element: <StaffShell>page</StaffShell> }], { route });
  return screen.getByRole("navigation", { name: "Staff sections" });
}

const links = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);

describe("the staff shell's sections", () => {
  it("link each section the permissions open by its own address, the Overview first", () => {
    const nav = renderShell(staffPath("admin"), ["read_leads", "manage_subscribers"]);
    expect(links(nav)).toEqual([
      ["Overview", "/admin?tab=overview"],
      ["Leads", "/admin?tab=leads"],
      ["Subscribers", "/admin?tab=subscribers"],
      ["Profile", "/admin?tab=profile"],
    ]);
  });

  it("mark the landing section as current on a bare /admin: the Overview for Sales", () => {
    const nav = renderShell(staffPath("admin"), ["read_leads", "manage_subscribers"]);
    expect(within(nav).getByRole("link", { current: "page" })).toHaveTextContent("Overview");
  });

  it("mark Posts as current for an Editor on a bare /admin", () => {
    const nav = renderShell(staffPath("admin"), ["manage_posts", "send_newsletter"]);
    expect(links(nav).map(([label]) => label)).toEqual(["Overview", "Posts", "Profile"]);
    expect(within(nav).getByRole("link", { current: "page" })).toHaveTextContent("Posts");
  });

  it("mark Leads as current for a lead's link without a section", () => {
    const nav = renderShell(`${staffPath("admin")}?lead=7`, ["read_leads"]);
    expect(within(nav).getByRole("link", { current: "page" })).toHaveTextContent("Leads");
  });

  it("mark none as current in the editor", () => {
    const nav = renderShell("/blog-editor/new", ["manage_posts"]);
    expect(within(nav).queryByRole("link", { current: "page" })).not.toBeInTheDocument();
  });
});
