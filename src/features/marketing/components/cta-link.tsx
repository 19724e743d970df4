import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

// A module of its own, and small: the build bundles the arrow icon, which the blog pages load
// too, into this module's chunk (npm run size).

/** The main action on a bright or dark panel: a light button with an arrow. */
export function CtaLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button asChild variant="inverse" size="lg">
      <Link to={to}>
        {children}
        <ArrowRight aria-hidden />
      </Link>
    </Button>
  );
}
