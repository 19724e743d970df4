import { cn } from "@/lib/cn";
import { staffPageWidth } from "../lib/staff-layout";
import { staffSections, useStaffSection, type StaffSection } from "../lib/staff-sections";
import { BlogTab } from "./blog-tab";
import { LeadsTab } from "./leads-tab";
import { StaffProfileForm } from "./staff-profile-form";
import { SubscribersTab } from "./subscribers-tab";

const sectionContent: Record<StaffSection, () => React.JSX.Element> = {
  leads: LeadsTab,
  posts: BlogTab,
  subscribers: SubscribersTab,
  profile: StaffProfileForm,
};

/** `/admin` once signed in: the section the URL names (the staff shell's navigation). */
export function AdminPanel() {
  const section = useStaffSection();
  const { label } = staffSections.find(({ id }) => id === section)!;
  const Content = sectionContent[section];
  return (
    <div className={cn(staffPageWidth, "py-6 sm:py-8")}>
      <h1 className="mb-5 text-2xl font-bold leading-tight sm:text-3xl">{label}</h1>
      <Content />
    </div>
  );
}
