import { CircleAlert, CircleCheck, Hourglass, MinusCircle, TriangleAlert } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import type { Lead } from "../api/get-leads";
import { useLeadEmail, useLeadNotificationHealth } from "../api/get-lead-delivery";
import { leadDelivery, notificationsWarning, type DeliveryTone } from "../lib/lead-delivery";

const toneIcons = {
  sent: CircleCheck,
  waiting: Hourglass,
  failing: CircleAlert,
  none: MinusCircle,
} as const satisfies Record<DeliveryTone, unknown>;

const toneClasses: Record<DeliveryTone, string> = {
  sent: "text-primary",
  waiting: "text-muted-foreground",
  failing: "text-destructive",
  none: "text-muted-foreground",
};

/** How the agency was told about this lead: sent, in a digest, a repeat, or retrying and why. */
export function LeadDelivery({ lead }: { lead: Lead }) {
  const email = useLeadEmail(lead.notification_email_id);
  if (email.isPending && lead.notification_email_id !== null) {
    return <Skeleton className="h-5 w-48" />;
  }
  const state = leadDelivery(lead, email.data ?? null);
  const Icon = toneIcons[state.tone];
  return (
    <span className="flex items-start gap-1.5">
      <Icon className={cn("mt-0.5 size-4 shrink-0", toneClasses[state.tone])} aria-hidden />
      <span>{state.text}</span>
    </span>
  );
}

/** Above the inbox when lead e-mails have been failing for more than 15 minutes. */
export function NotificationsBanner() {
  const warning = notificationsWarning(useLeadNotificationHealth().data);
  if (!warning) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
    >
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
      <p>
        <strong className="font-semibold">{warning.title}.</strong> {warning.detail}
      </p>
    </div>
  );
}
