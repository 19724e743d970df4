import { FunnelCard } from "./leads-overview-funnel";
import { ReplyTimesCard, type ChosenPeriod } from "./leads-overview-replies";
import { WaitingLeadsCard } from "./leads-overview-waiting";
import { LeadsPerWeekCard } from "./leads-overview-weeks";

/**
 * The Overview's lead cards (for those who read leads), for the page's grid: leads per week,
 * the chosen period's funnel, time to first reply, and the leads waiting too long.
 */
export function LeadsOverview({
  period,
  now,
  leadPath,
  newLeadsPath,
}: {
  period: ChosenPeriod;
  /** When the Overview was opened: the weeks and the last 30 days end there. */
  now: Date;
  /** The address of a lead's detail panel. */
  leadPath: (id: string) => string;
  /** The Leads section filtered to New. */
  newLeadsPath: string;
}) {
  return (
    <>
      <LeadsPerWeekCard />
      <FunnelCard {...period} />
      <ReplyTimesCard period={period} now={now} />
      <WaitingLeadsCard leadPath={leadPath} newLeadsPath={newLeadsPath} />
    </>
  );
}
