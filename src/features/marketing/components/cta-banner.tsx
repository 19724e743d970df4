import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

interface CtaBannerProps {
  headingId: string;
  copy: { title: string; body: string };
  actions: ReactNode;
  className?: string;
}

/** A closing call to action on a bright panel. */
export function CtaBanner({
  headingId,
  copy: { title, body },
  actions,
  className,
}: CtaBannerProps) {
  return (
    <section aria-labelledby={headingId} className={cn("py-16 sm:py-24", className)}>
      <div className="container">
        <div className="relative isolate overflow-hidden rounded-3xl bg-linear-to-br from-primary to-emerald-900 px-6 py-12 text-center shadow-xl sm:px-12 sm:py-16">
          <div
            aria-hidden
            className="absolute left-1/2 top-0 -z-10 h-64 w-[40rem] -translate-x-1/2 -translate-y-1/2 rounded-full bg-white/15 blur-3xl"
          />
          <h2
            id={headingId}
            className="mx-auto max-w-2xl text-headline font-bold text-balance text-white"
          >
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-emerald-50">{body}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
        </div>
      </div>
    </section>
  );
}
