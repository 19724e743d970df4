import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { site } from "@/config/site";
import { LeadsList } from "@/features/leads/staff/components/leads-list";
import { usePostNewsletter } from "@/features/newsletter/staff/components/post-newsletter";
import { SubscribersSection } from "@/features/newsletter/staff/components/subscribers-section";
import { PostsList } from "@/features/posts/staff/components/posts-list";
import { StaffArea } from "@/features/staff/components/staff-area";
import { StaffProfileForm } from "@/features/staff/components/staff-profile-form";
import { StaffLoading } from "@/features/staff/components/staff-loading";
import { StaffShell } from "@/features/staff/components/staff-shell";
import { TeamSection } from "@/features/team/staff/components/team-section";
import type { StaffPermission } from "@/features/staff/lib/staff-role";
import {
  staffSectionParam,
  staffSections,
  useStaffSection,
  type StaffSection,
} from "@/features/staff/lib/staff-sections";
import { cn } from "@/lib/cn";
import { staffPageWidth } from "@/lib/staff/staff-layout";
import { useSettled } from "@/lib/use-settled";
import { WithQueries } from "@/lib/with-queries";

/** The Posts list, with the newsletter's column and action for staff who may send one. */
function PostsSection({ permissions }: { permissions: readonly StaffPermission[] }) {
  const newsletter = usePostNewsletter();
  if (!permissions.includes("send_newsletter")) return <PostsList />;
  return (
    <>
      <PostsList extension={newsletter} />
      {newsletter.dialog}
    </>
  );
}

// Its own chunk, loaded only when the Overview is opened (its charts then load apart).
let overviewSection: Promise<typeof import("./overview-section")> | undefined;
const loadOverviewSection = () => (overviewSection ??= import("./overview-section"));

function Overview({ permissions }: { permissions: readonly StaffPermission[] }) {
  const loaded = useSettled(loadOverviewSection());
  if (!loaded) return <StaffLoading label="Loading the overview..." />;
  return <loaded.default permissions={permissions} />;
}

/**
 * An address naming the Overview has its chunk load while the session is checked, not after.
 * (A bare `/admin` waits: an Editor lands on Posts, with no use for the charts.)
 */
function usePreloadedSection() {
  const [params] = useSearchParams();
  const named = params.get(staffSectionParam);
  useEffect(() => {
    if (named === "overview") void loadOverviewSection();
  }, [named]);
}

const sectionContent: Record<
  StaffSection,
  (props: { permissions: readonly StaffPermission[] }) => React.JSX.Element
> = {
  overview: Overview,
  leads: LeadsList,
  posts: PostsSection,
  subscribers: SubscribersSection,
  team: TeamSection,
  profile: StaffProfileForm,
};

/**
 * `/admin` once signed in: the section the URL names (the staff shell's navigation) when the
 * staff member's permissions allow it, else their landing section.
 */
function StaffSectionPanel({ permissions }: { permissions: readonly StaffPermission[] }) {
  const section = useStaffSection(permissions);
  const { label } = staffSections.find(({ id }) => id === section)!;
  const Content = sectionContent[section];
  return (
    <div className={cn(staffPageWidth, "py-6 sm:py-8")}>
      <h1 className="mb-5 text-2xl font-bold leading-tight sm:text-3xl">{label}</h1>
      <Content permissions={permissions} />
    </div>
  );
}

export default function AdminPage() {
  usePreloadedSection();
  return (
    <WithQueries>
      <StaffShell>
        <title>{`Admin | ${site.name}`}</title>
        <meta name="robots" content="noindex" />
        <StaffArea>{(staff) => <StaffSectionPanel permissions={staff.permissions} />}</StaffArea>
      </StaffShell>
    </WithQueries>
  );
}
