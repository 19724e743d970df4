import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { useFocusOnMount } from "./use-focus-on-mount";

/**
 * One step of a page that stands alone (an e-mail link's page, the sign-in's code): an icon, a
 * heading that takes the focus, and its content.
 */
export function StepCard({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <div className="mb-2 flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Icon className="size-5" aria-hidden />
        </div>
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold leading-tight focus:outline-none"
        >
          {title}
        </h1>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {children && <CardContent>{children}</CardContent>}
    </Card>
  );
}
