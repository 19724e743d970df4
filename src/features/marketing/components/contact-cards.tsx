import { ArrowUpRight, CalendarDays, Mail, Network, type LucideIcon } from "lucide-react";
import { site } from "@/config/site";

interface ChannelCopy {
  title: string;
  description: string;
  action?: string;
}

interface ContactCardsProps {
  email: ChannelCopy;
  call: ChannelCopy;
  linkedIn: ChannelCopy;
  /** Said to screen readers after links that open a new tab. */
  newTab: string;
}

interface Channel extends ChannelCopy {
  key: string;
  icon: LucideIcon;
  href: string;
  label: string;
  external: boolean;
}

/** E-mail, calendar and professional-network cards, with addresses from site.ts. */
export function ContactCards({ email, call, linkedIn, newTab }: ContactCardsProps) {
  const channels: Channel[] = [
    {
      key: "email",
      icon: Mail,
      href: `mailto:${site.contactEmail}`,
      label: site.contactEmail,
      external: false,
      ...email,
    },
    {
      key: "call",
      icon: CalendarDays,
      href: site.calendarUrl,
      label: call.action ?? call.title,
      external: true,
      ...call,
    },
    {
      key: "linkedIn",
      icon: Network,
      href: site.linkedInUrl,
      label: linkedIn.action ?? linkedIn.title,
      external: true,
      ...linkedIn,
    },
  ];
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {channels.map((channel) => {
        const Icon = channel.icon;
        return (
          <li
            key={channel.key}
            className="relative flex flex-col rounded-2xl border border-border bg-card p-6 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md sm:p-7"
          >
            <span className="flex size-12 items-center justify-center rounded-xl bg-secondary text-primary">
              <Icon className="size-6" aria-hidden />
            </span>
            <h3 className="mt-5 text-lg font-bold text-ink">{channel.title}</h3>
            <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">
              {channel.description}
            </p>
            <a
              href={channel.href}
              {...(channel.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
              className="mt-5 inline-flex items-center gap-1.5 break-all font-semibold text-primary underline-offset-4 hover:underline"
            >
              {channel.label}
              {channel.external && (
                <>
                  <ArrowUpRight className="size-4 shrink-0" aria-hidden />
                  <span className="sr-only"> {newTab}</span>
                </>
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
