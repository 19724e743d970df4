import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { staffPath } from "@/config/routes";
import { renderWithProviders } from "@/test/render";
import type { StaffPermission } from "../lib/staff-role";
import {
  landingSection,
  sectionOf,
  sectionsFor,
  staffSectionPath,
  useStaffSection,
} from "../lib/staff-sections";

const administrator: StaffPermission[] = [
  "read_leads",
  "manage_posts",
  "manage_subscribers",
  "manage_staff",
  "send_newsletter",
];
const sales: StaffPermission[] = ["read_leads", "manage_subscribers"];
const editor: StaffPermission[] = ["manage_posts", "send_newsletter"];

function CurrentSection({ permissions }: { permissions: StaffPermission[] }) {
  return <p>section: {useStaffSection(permissions)}</p>;
}

function renderAt(search: string, permissions: StaffPermission[]) {
  renderWithProviders(
    [{ path: staffPath("admin"), element: <CurrentSection permissions={permissions} /> }],
    { route: `${staffPath("admin")}${search}` },
  );
}

const opened = (search: string, permissions: StaffPermission[]) =>
  sectionOf(new URLSearchParams(search), permissions);

describe("the staff sections", () => {
  it("are the ones the permissions allow, in navigation order, Overview and Profile for everyone", () => {
    expect(sectionsFor(administrator).map(({ id }) => id)).toEqual([
      "overview",
      "leads",
      "posts",
      "subscribers",
      "team",
      "profile",
    ]);
    expect(sectionsFor(sales).map(({ id }) => id)).toEqual([
      "overview",
      "leads",
      "subscribers",
      "profile",
    ]);
    expect(sectionsFor(editor).map(({ id }) => id)).toEqual(["overview", "posts", "profile"]);
    expect(sectionsFor([]).map(({ id }) => id)).toEqual(["overview", "profile"]);
  });

  it("each have an address that names them", () => {
    expect(staffSectionPath("overview")).toBe(`${staffPath("admin")}?tab=overview`);
    expect(staffSectionPath("leads")).toBe(`${staffPath("admin")}?tab=leads`);
    expect(staffSectionPath("subscribers")).toBe(`${staffPath("admin")}?tab=subscribers`);
  });

  it("land Administrators and Sales on the Overview, Editors on Posts", () => {
    expect(landingSection(administrator)).toBe("overview");
    expect(landingSection(sales)).toBe("overview");
    expect(landingSection(editor)).toBe("posts");
    expect(landingSection(["manage_subscribers"])).toBe("subscribers");
    expect(landingSection([])).toBe("profile");
    expect(opened("", administrator)).toBe("overview");
    expect(opened("", editor)).toBe("posts");
  });

  it("open the section the URL names when it is allowed, the Overview included", () => {
    expect(opened("tab=leads", sales)).toBe("leads");
    expect(opened("tab=overview", editor)).toBe("overview");
    expect(opened("tab=profile&lead=7", administrator)).toBe("profile");
  });

  it("open the Leads section for a lead named without a section (older links)", () => {
    expect(opened("lead=7", administrator)).toBe("leads");
    expect(opened("lead=7&status=new", sales)).toBe("leads");
    // Not for those who may not read leads: their landing section instead.
    expect(opened("lead=7", editor)).toBe("posts");
  });

  it("never open a section the permissions do not allow, nor an unknown one", () => {
    expect(opened("tab=leads", editor)).toBe("posts");
    expect(opened("tab=team", sales)).toBe("overview");
    expect(opened("tab=reports", administrator)).toBe("overview");
  });

  it("follow the URL in the workspace", async () => {
    renderAt("?tab=subscribers", administrator);
    expect(await screen.findByText("section: subscribers")).toBeInTheDocument();
  });

  it("follow a bare /admin to the landing section in the workspace", async () => {
    renderAt("", editor);
    expect(await screen.findByText("section: posts")).toBeInTheDocument();
  });
});
