import type { ComponentType } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { useSettled } from "@/lib/use-settled";

/**
 * A chart whose module (and Recharts with it) loads the first time one is drawn, while its card
 * already shows its title, figures and numbers: a skeleton holds the chart's place meanwhile.
 * `load` imports the feature's charts module and picks the chart.
 */
export function lazyChart<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<ComponentType<Props>> | undefined;
  return function LazyChart(props: Props) {
    const Chart = useSettled((loading ??= load()));
    if (!Chart) {
      return (
        <div role="status" className="h-full">
          <span className="sr-only">Loading the chart…</span>
          <Skeleton className="h-full w-full" aria-hidden />
        </div>
      );
    }
    return <Chart {...props} />;
  };
}
