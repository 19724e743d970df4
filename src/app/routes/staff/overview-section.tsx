import { PeriodPicker } from "@/components/staff/charts/period-picker";
import { LeadsOverview } from "@/features/leads/staff/components/leads-overview";
import { ReplyPromiseWarning } from "@/features/leads/staff/components/leads-overview-replies";
import { NewsletterOverview } from "@/features/newsletter/staff/components/newsletter-overview";
import { ContentOverview } from "@/features/posts/staff/components/content-overview";
import type { StaffPermission } from "@/features/staff/lib/staff-role";
import { staffSectionPath } from "@/features/staff/lib/staff-sections";
import { useOverviewPeriod } from "@/lib/staff/overview-period";

const leadsPath = staffSectionPath("leads");
const leadPath = (id: string) => `${leadsPath}&${new URLSearchParams({ lead: id })}`;
const newLeadsPath = `${leadsPath}&status=new`;

/**
 * The Overview section (decision 20), loaded on its own so its charts stay out of the other
 * sections' chunk: the cards each permission opens, in one grid. The period only changes lead
 * figures, so only those who read leads choose it.
 */
export default function OverviewSection({
  permissions,
}: {
  permissions: readonly StaffPermission[];
}) {
  const { period, since, until, label, setPeriod, now, today } = useOverviewPeriod();
  const leads = permissions.includes("read_leads");
  const newsletter = permissions.includes("manage_subscribers");
  const content = permissions.includes("manage_posts");
  if (!leads && !newsletter && !content) {
    return <p className="text-muted-foreground">Your role has no figures to show here.</p>;
  }
  return (
    <div className="grid gap-4">
      {leads && (
        <>
          <PeriodPicker period={period} since={since} today={today} setPeriod={setPeriod} />
          <ReplyPromiseWarning now={now} />
        </>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        {leads && (
          <LeadsOverview
            period={{ since, until, label }}
            now={now}
            leadPath={leadPath}
            newLeadsPath={newLeadsPath}
          />
        )}
        {newsletter && <NewsletterOverview />}
        {content && <ContentOverview />}
      </div>
    </div>
  );
}
