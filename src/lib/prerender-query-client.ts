import { createContext } from "react";
import type { QueryClient } from "@tanstack/react-query";

/** The query cache a page is prerendered with; in the browser there is none (see query-client). */
export const PrerenderQueryClient = createContext<QueryClient | null>(null);
