import {
  ChartColumn,
  Repeat,
  Rocket,
  ShieldCheck,
  Store,
  Waypoints,
  type LucideIcon,
} from "lucide-react";
import type { ServiceId } from "@/content/services";

export const serviceIcons: Record<ServiceId, LucideIcon> = {
  userAcquisition: Rocket,
  retargeting: Repeat,
  aso: Store,
  analytics: ChartColumn,
  skan: ShieldCheck,
  attribution: Waypoints,
};
