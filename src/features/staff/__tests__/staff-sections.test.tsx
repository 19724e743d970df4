import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { staffPath } from "@/config/routes";
import { renderWithProviders } from "@/test/render";
import type { StaffPermission } from "../lib/staff-role";
import { sectionsFor, staffSectionPath, useStaffSection } from "../lib/staff-sections";

const everything: StaffPermission[] = [
  "read_leads",
  "manage_posts",
  "manage_subscribers",
  "manage_staff",
];

function CurrentSection({ permissions }: { permissions: StaffPermission[] }) {
  return <p>section: {useStaffSection(permissions)}</p>;
}

function renderAt(search: string, permissions: StaffPermission[]) {
  renderWithProviders(
    [{ path: staffPath("admin"), element: <CurrentSection permissions={permissions} /> }],
    { route: `${staffPath("admin")}${search}` },
  );
}

describe("the staff sections", () => {
  it("are the ones the permissions allow, in navigation order, Profile for everyone", () => {
    expect(sectionsFor(everything).map(({ id }) => id)).toEqual([
      "leads",
      "posts",
      "subscribers",
      "team",
      "profile",
    ]);
    expect(sectionsFor(["manage_posts"]).map(({ id }) => id)).toEqual(["posts", "profile"]);
    expect(sectionsFor([]).map(({ id }) => id)).toEqual(["profile"]);
  });

  it("keep the section in the URL", () => {
    expect(staffSectionPath("leads")).toBe(staffPath("admin"));
    expect(staffSectionPath("subscribers")).toBe(`${staffPath("admin")}?tab=subscribers`);
  });

  it("open the section the URL names when it is allowed", async () => {
    renderAt("?tab=subscribers", everything);
    expect(await screen.findByText("section: subscribers")).toBeInTheDocument();
  });

  it("land on the first allowed section when none, an unknown or a forbidden one is named", async () => {
    renderAt("", ["manage_posts", "manage_subscribers"]);
    expect(await screen.findByText("section: posts")).toBeInTheDocument();
  });

  it("never open a section the permissions do not allow", async () => {
    renderAt("?tab=leads", ["manage_posts"]);
    expect(await screen.findByText("section: posts")).toBeInTheDocument();
  });
});
