import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/cn";

interface FeatureCardProps {
  icon: LucideIcon;
  title: string;
  description: string;
  tone?: "light" | "dark";
}

/** An icon, a short title and a sentence: reasons to choose us, values. */
export function FeatureCard({ icon: Icon, title, description, tone = "light" }: FeatureCardProps) {
  const dark = tone === "dark";
  return (
    <div
      className={cn(
        "h-full rounded-2xl p-6 sm:p-7",
        dark ? "bg-white/5 ring-1 ring-white/10" : "border border-border bg-card shadow-sm",
      )}
    >
      <span
        className={cn(
          "flex size-11 items-center justify-center rounded-xl",
          dark ? "bg-emerald-400/15 text-emerald-300" : "bg-secondary text-primary",
        )}
      >
        <Icon className="size-5" aria-hidden />
      </span>
      <h3 className={cn("mt-5 text-lg font-bold", dark ? "text-white" : "text-ink")}>{title}</h3>
      <p
        className={cn(
          "mt-2 leading-relaxed",
          dark ? "text-ink-foreground/80" : "text-muted-foreground",
        )}
      >
        {description}
      </p>
    </div>
  );
}
