import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";

import { ApiError } from "@/lib/api/client";

/**
 * `meta` for a query or mutation whose 401 is an answer of its own (a wrong password, say) rather
 * than "the session has ended": the screen shows it, and the global handler leaves it alone.
 */
export const OWN_401_META = { own401: true } as const;

type SessionEndedListener = () => void;

const sessionEndedListeners = new WeakMap<QueryClient, Set<SessionEndedListener>>();

function endsSession(error: unknown, meta: Record<string, unknown> | undefined): boolean {
  return error instanceof ApiError && error.status === 401 && meta?.own401 !== true;
}

/**
 * Calls `listener` whenever a query or mutation of `client` fails with a 401 (unless it carries
 * OWN_401_META): the server no longer knows the session. The auth provider listens and signs the
 * user out once (screens do not handle 401 themselves). Returns the unsubscribe function.
 */
export function onSessionEnded(client: QueryClient, listener: SessionEndedListener): () => void {
  const listeners = sessionEndedListeners.get(client);
  if (!listeners) return () => {};
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The spec's data-fetching defaults: no retries, no refetch on window focus, no interval
 * refetch, data never stale. Individual screens override these where they need fresher data.
 * A 401 from any query or mutation reaches the `onSessionEnded` listeners.
 */
export function createQueryClient(): QueryClient {
  const listeners = new Set<SessionEndedListener>();
  const notify = (error: unknown, meta: Record<string, unknown> | undefined) => {
    if (!endsSession(error, meta)) return;
    for (const listener of [...listeners]) listener();
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => notify(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => notify(error, mutation.meta),
    }),
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
  sessionEndedListeners.set(client, listeners);
  return client;
}
