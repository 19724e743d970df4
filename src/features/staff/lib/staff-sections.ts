import { useSearchParams } from "react-router";
import { staffPath } from "@/config/routes";
import type { StaffPermission } from "./staff-role";

/**
 * The staff workspace's sections, in the order of its navigation, each with the permission it
 * needs (null: every staff member). A staff member sees the sections their permissions allow
 * and lands on the first of them.
 */
export const staffSections = [
  { id: "leads", label: "Leads", permission: "read_leads" },
  { id: "posts", label: "Posts", permission: "manage_posts" },
  { id: "subscribers", label: "Subscribers", permission: "manage_subscribers" },
  { id: "team", label: "Team", permission: "manage_staff" },
  { id: "profile", label: "Profile", permission: null },
] as const satisfies readonly {
  id: string;
  label: string;
  permission: StaffPermission | null;
}[];

export type StaffSection = (typeof staffSections)[number]["id"];
type StaffSectionEntry = (typeof staffSections)[number];

const sectionParam = "tab";

/** The sections a staff member with these permissions may open, in navigation order. */
export function sectionsFor(permissions: readonly StaffPermission[]): StaffSectionEntry[] {
  return staffSections.filter(
    ({ permission }) => permission === null || permissions.includes(permission),
  );
}

/** `/admin` for the first section, `/admin?tab={id}` for the others: the section is in the URL. */
export function staffSectionPath(id: StaffSection): string {
  const admin = staffPath("admin");
  return id === staffSections[0].id ? admin : `${admin}?${sectionParam}=${id}`;
}

/**
 * The section the URL names when the staff member may open it; otherwise (none named, unknown
 * or not allowed) the first one they may open, their landing section.
 */
export function useStaffSection(permissions: readonly StaffPermission[]): StaffSection {
  const [params] = useSearchParams();
  const value = params.get(sectionParam);
  const allowed = sectionsFor(permissions);
  // Profile needs no permission: every staff member has at least that section.
  return (allowed.find(({ id }) => id === value) ?? allowed[0])?.id ?? "profile";
}
