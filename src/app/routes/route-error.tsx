import { useEffect } from "react";
import { useRouteError } from "react-router";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/i18n";

export function RouteError() {
  const error = useRouteError();
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
