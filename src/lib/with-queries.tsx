import { QueryClientProvider } from "@tanstack/react-query";
import { useContext, type ReactNode } from "react";
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
