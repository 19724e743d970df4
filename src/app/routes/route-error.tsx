import { Component, useEffect, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/i18n";

function RouteError({ error }: { error: unknown }) {
  const { t } = useI18n();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <section role="alert" className="container flex flex-col items-center py-28 text-center">
      <h1 className="text-headline font-bold">{t.routeError.title}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{t.routeError.body}</p>
      <Button size="lg" className="mt-8" onClick={() => window.location.reload()}>
        {t.routeError.reload}
      </Button>
    </section>
  );
}

interface BoundaryProps {
  /** The page's path: navigating elsewhere clears the error. */
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: { error: unknown; pathname: string } | null;
}

/** Shows a localized error instead of a page that threw while rendering. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failed: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: { error, pathname: "" } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    if (!state.failed) return null;
    if (!state.failed.pathname) return { failed: { ...state.failed, pathname: props.pathname } };
    return state.failed.pathname === props.pathname ? null : { failed: null };
  }

  render() {
    return this.state.failed ? <RouteError error={this.state.failed.error} /> : this.props.children;
  }
}
