import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/**
 * Code splitting for screens that are not needed for the first paint: `lazyPage(() =>
 * import("./x").then((m) => ({ default: m.X })))` gives a component to render inside a
 * <Suspense>, and `.preload()` to start fetching its chunk early (it is fetched only once).
 *
 * After a deploy, the chunks an open tab knows about are gone: the import fails. Then the page is
 * reloaded once, which fetches the new build; if that already happened very recently (the chunk is
 * really missing, or the network is down), the error goes to the route's error screen instead,
 * which offers a reload (see `isChunkLoadError`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's
export type PreloadableComponent<T extends ComponentType<any>> = LazyExoticComponent<T> & {
  preload: () => Promise<unknown>;
};

export const CHUNK_RELOAD_SESSION_KEY = "reverie.chunkReloadAt";
/** A second chunk failure within this long after the automatic reload is not retried again. */
const CHUNK_RELOAD_WINDOW_MS = 30_000;

/** Whether `error` is the browser failing to fetch a code-split chunk (wording varies by browser). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "ChunkLoadError") return true;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|module script|error loading dynamically imported/i.test(
    error.message,
  );
}

/**
 * Reloads the page to pick up a new build, unless it did so less than CHUNK_RELOAD_WINDOW_MS ago.
 * Returns whether it is reloading.
 */
export function reloadOnceForNewBuild(): boolean {
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_SESSION_KEY) ?? 0);
    if (Date.now() - last < CHUNK_RELOAD_WINDOW_MS) return false;
    sessionStorage.setItem(CHUNK_RELOAD_SESSION_KEY, String(Date.now()));
  } catch {
    return false; // No storage: we could not tell a reload loop from a first try.
  }
  window.location.reload();
  return true;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): PreloadableComponent<T> {
  let loading: Promise<{ default: T }> | undefined;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown): Promise<{ default: T }> => {
      loading = undefined; // A later render may try again.
      if (isChunkLoadError(error) && reloadOnceForNewBuild()) {
        return new Promise<never>(() => {}); // Keep the fallback up while the page reloads.
      }
      throw error;
    });
    return loading;
  };
  const component = lazy(loadOnce) as PreloadableComponent<T>;
  component.preload = () => loadOnce().catch(() => undefined);
  return component;
}
