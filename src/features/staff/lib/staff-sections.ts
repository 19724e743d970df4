import { useSearchParams } from "react-router";
import { staffPath } from "@/config/routes";
import type { StaffPermission } from "./staff-role";

/**
 * The staff workspace's sections, in the order of its navigation, each with the permission it
 * needs (null: every staff member). The Overview is everyone's, its cards follow the
 * permissions (decision 20).
 */
export const staffSections = [
  { id: "overview", label: "Overview", permission: null },
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

export const staffSectionParam = "tab";
// The inbox's open lead: a link with it and no section (older links) opens the Leads section.
const leadParam = "lead";

/** The sections a staff member with these permissions may open, in navigation order. */
export function sectionsFor(permissions: readonly StaffPermission[]): StaffSectionEntry[] {
  return staffSections.filter(
    ({ permission }) => permission === null || permissions.includes(permission),
  );
}

/**
 * Where `/admin` alone lands: the Overview for those who read leads (its first cards are
 * theirs), else the first section of their own work (an Editor's Posts), else Profile.
 */
export function landingSection(permissions: readonly StaffPermission[]): StaffSection {
  if (permissions.includes("read_leads")) return "overview";
  return sectionsFor(permissions).find(({ permission }) => permission !== null)?.id ?? "profile";
}

/** `/admin?tab={id}`: every section's address names it. */
export function staffSectionPath(id: StaffSection): string {
  return `${staffPath("admin")}?${staffSectionParam}=${id}`;
}

/** The section a URL's parameters open for a staff member with these permissions. */
export function sectionOf(
  params: URLSearchParams,
  permissions: readonly StaffPermission[],
): StaffSection {
  const named = params.get(staffSectionParam) ?? (params.has(leadParam) ? "leads" : null);
  const allowed = sectionsFor(permissions).find(({ id }) => id === named);
  return allowed?.id ?? landingSection(permissions);
}

/**
 * The section the URL names when the staff member may open it; otherwise (none named, unknown
 * or not allowed) their landing section.
 */
export function useStaffSection(permissions: readonly StaffPermission[]): StaffSection {
  const [params] = useSearchParams();
  return sectionOf(params, permissions);
}
