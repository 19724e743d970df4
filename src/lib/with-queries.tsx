import { QueryClientProvider } from "@tanstack/react-query";
import { useContext, type ComponentType, type ReactNode } from "react";
import { PrerenderQueryClient } from "./prerender-query-client";
import { browserQueryClient } from "./query-client";

/**
 * Gives its part of the page the query cache. Only the parts that read or write data use it,
 * so pages without data never load TanStack Query.
 */
export function WithQueries({ children }: { children: ReactNode }) {
  const client = useContext(PrerenderQueryClient) ?? browserQueryClient();
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** `Component` inside WithQueries: for parts that load on their own (deferred forms). */
export function withQueries<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function ComponentWithQueries(props: P) {
    return (
      <WithQueries>
        <Component {...props} />
      </WithQueries>
    );
  };
}
