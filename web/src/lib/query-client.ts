import { QueryClient } from "@tanstack/react-query";

/**
 * The spec's data-fetching defaults: no retries, no refetch on window focus, no interval
 * refetch, data never stale. Individual screens override these where they need fresher data.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
