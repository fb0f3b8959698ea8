import { Suspense } from "react";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

import { CHUNK_RELOAD_SESSION_KEY, isChunkLoadError, lazyPage, reloadOnceForNewBuild } from "@/lib/lazy-page";

function stubReload() {
  const reload = vi.fn();
  vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload });
  return reload;
}

describe("lazyPage", () => {
  it("renders the component once its chunk arrives, and preloads it only once", async () => {
    const load = vi.fn(() => Promise.resolve({ default: ({ name }: { name: string }) => <p>Hello {name}</p> }));
    const Page = lazyPage(load);
    await Page.preload();

    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Page name="Ada" />
      </Suspense>,
    );

    expect(await screen.findByText("Hello Ada")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tells chunk-load failures from other errors", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/x.css"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });

  it("reloads once for a missing chunk, then leaves it to the error screen", async () => {
    const reload = stubReload();

    expect(reloadOnceForNewBuild()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(CHUNK_RELOAD_SESSION_KEY)).not.toBeNull();

    // Right after that reload, a chunk that is still missing is an error, not another reload.
    const Page = lazyPage(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /a.js")));
    await expect(Page.preload()).resolves.toBeUndefined();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForNewBuild()).toBe(false);
  });
});
