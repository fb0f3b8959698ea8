import "@testing-library/jest-dom/vitest";

import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";

import { assertQuietConsole, watchConsole } from "@/test/console";
import { mediaQueryList } from "@/test/media";

// Screens are code-split (lib/lazy-page.ts): the first render of one waits for vitest to transform
// its module graph, which on a busy machine can take longer than the default 1 s of findBy/waitFor.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks a few browser APIs that Radix primitives use for layout and pointer handling.
if (!("ResizeObserver" in globalThis)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  globalThis.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
}

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => mediaQueryList(query);
}

Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.setPointerCapture ??= () => {};

beforeEach(() => {
  watchConsole();
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  document.documentElement.className = "";
  document.documentElement.removeAttribute("style");
  assertQuietConsole();
});
