import { CalendarClock, Clock, MailCheck, type LucideIcon } from "lucide-react";
import type { Figure } from "./page-hero";

const icons: LucideIcon[] = [MailCheck, Clock, CalendarClock];

/** The reply promise: within 24 hours, 4 hours on average, business hours. */
export function ResponseTime({
  headingId,
  copy: { title, items },
}: {
  headingId: string;
  copy: { title: string; items: readonly Figure[] };
}) {
  return (
    <section aria-labelledby={headingId} className="rounded-3xl bg-secondary p-6 sm:p-10">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-ink">
        {title}
      </h2>
      <dl className="mt-6 grid gap-6 sm:grid-cols-3">
        {items.map((item, index) => {
          const Icon = icons[index] ?? Clock;
          return (
            <div key={item.label} className="flex flex-col-reverse justify-end gap-1">
              <dt className="text-sm leading-snug text-secondary-foreground">{item.label}</dt>
              <dd className="flex items-center gap-2 text-2xl font-extrabold tracking-tight text-primary sm:text-3xl">
                <Icon className="size-6 shrink-0" aria-hidden />
                {item.value}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
