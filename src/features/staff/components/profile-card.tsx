import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";

/** One card of the Profile section: a heading (its id names the card's form), a description. */
export function ProfileCard({
  headingId,
  title,
  badge,
  description,
  children,
}: {
  headingId: string;
  title: string;
  /** Beside the heading (two-factor's On / Off). */
  badge?: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={headingId} className="text-lg font-semibold leading-tight">
      {title}
    </h2>
  );
  return (
    <Card className="w-full max-w-xl">
      <CardHeader>
        {badge === undefined ? (
          heading
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            {heading}
            {badge}
          </div>
        )}
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
