import { useSearchParams } from "react-router";
import { staffPath } from "@/config/routes";

/** The staff workspace's sections, in the order of its navigation; the first is `/admin` itself. */
export const staffSections = [
  { id: "leads", label: "Leads" },
  { id: "posts", label: "Posts" },
  { id: "subscribers", label: "Subscribers" },
  { id: "profile", label: "Profile" },
] as const;

export type StaffSection = (typeof staffSections)[number]["id"];

const sectionParam = "tab";

function isStaffSection(value: string | null): value is StaffSection {
  return staffSections.some(({ id }) => id === value);
}

/** `/admin` for the first section, `/admin?tab={id}` for the others: the section is in the URL. */
export function staffSectionPath(id: StaffSection): string {
  const admin = staffPath("admin");
  return id === staffSections[0].id ? admin : `${admin}?${sectionParam}=${id}`;
}

/** The section the URL names; an unknown or missing one is the first. */
export function useStaffSection(): StaffSection {
  const [params] = useSearchParams();
  const value = params.get(sectionParam);
  return isStaffSection(value) ? value : staffSections[0].id;
}
