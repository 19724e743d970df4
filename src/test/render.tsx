// Renders a component or a route tree as the app does: inside a router (in memory) and a
// TanStack Query cache of the test's own.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";

export interface RenderWithProvidersOptions {
  /** Where the memory router starts: "/" unless given. */
  route?: string;
  /** The query cache; a fresh one (createTestQueryClient) unless given. */
  queryClient?: QueryClient;
}

/** A query cache that fails at once: no retries, so an error shows in the first render. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/**
 * Renders `ui` (one element, matched at every path) or `routes` (a route tree) at `route`.
 * Returns Testing Library's result with the router (to navigate, or read `router.state`) and
 * the query cache.
 */
export function renderWithProviders(
  ui: ReactElement | RouteObject[],
  { route = "/", queryClient = createTestQueryClient() }: RenderWithProvidersOptions = {},
) {
  const routes = Array.isArray(ui) ? ui : [{ path: "*", element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
