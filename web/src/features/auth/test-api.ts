/**
 * Test-only. The app's `api` client takes `fetch` once, when its module loads, and calls relative
 * URLs (which Node's Request cannot parse). For `vi.mock("@/lib/api/client", ...)`: the real module
 * with an `api` that resolves against the test page's origin and calls whichever `fetch` is
 * stubbed (vi.stubGlobal) at the time of each call.
 *
 * Kept free of app imports so a mock factory can load it without a cycle.
 */
import type * as ClientModule from "@/lib/api/client";

export function withStubbableFetch(actual: typeof ClientModule): typeof ClientModule {
  const previous = globalThis.fetch;
  const callCurrentFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);
  globalThis.fetch = callCurrentFetch;
  try {
    return { ...actual, api: actual.createApiClient(window.location.origin) };
  } finally {
    globalThis.fetch = previous;
  }
}
