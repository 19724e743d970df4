import { ChartCard, chartStateOf } from "@/components/staff/charts/chart-card";
import { lazyChart } from "@/components/staff/charts/lazy-chart";
import { plural } from "@/lib/staff/format";
import { useLeadFunnel } from "../api/get-leads-overview";
import { funnelStages } from "../lib/leads-overview";

const FunnelChart = lazyChart(() =>
  import("./leads-overview-charts").then((charts) => charts.FunnelChart),
);

/** The chosen period's leads by where they stand now: received, contacted, qualified. */
export function FunnelCard({ since, until, label }: { since: Date; until: Date; label: string }) {
  const query = useLeadFunnel(since, until);
  const stages = query.data ? funnelStages(query.data) : [];
  const [received, contacted, qualified] = stages;
  return (
    <ChartCard
      title="Funnel"
      description={`${label}: the leads that arrived, by where they stand now.`}
      summary={
        received &&
        contacted &&
        qualified && (
          <p>
            Of {plural(received.leads, "lead", "leads")} received, {contacted.share} contacted and{" "}
            {qualified.share} qualified.
          </p>
        )
      }
      table={{
        caption: "Funnel",
        columns: ["Stage", "Leads", "Share of received"],
        rows: stages.map(({ stage, leads, share }) => [stage, leads, share]),
      }}
      state={chartStateOf(query, (funnel) => funnel.received === 0)}
      emptyMessage="No leads arrived in this period."
      onRetry={() => void query.refetch()}
      height={180}
    >
      <FunnelChart stages={stages} />
    </ChartCard>
  );
}
