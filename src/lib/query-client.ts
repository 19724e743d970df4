import { hydrate, QueryClient } from "@tanstack/react-query";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 5 * 60 * 1000, retry: 1 } },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The browser's one query cache, created when a page first needs data. It starts with the data
 * the page was prerendered with (so hydration matches), refreshed at once in the background.
 */
export function browserQueryClient(): QueryClient {
  if (browserClient) return browserClient;
  browserClient = createQueryClient();
  const prerendered = document.getElementById("query-state")?.textContent;
  if (prerendered) {
    hydrate(browserClient, JSON.parse(prerendered));
    void browserClient.invalidateQueries();
  }
  return browserClient;
}
