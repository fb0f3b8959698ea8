/**
 * The typed client is the app's only way to the server: outside `src/lib/api` no code calls
 * `fetch` (or `globalThis.fetch`, `window.fetch`). Tests and test-only helpers may stub it.
 */
import { describe, expect, it } from "vitest";

/** A call of `fetch`, bare or as a property (`globalThis.fetch(`); not `refetch(` or `prefetch(`. */
const FETCH_CALL = /\bfetch\s*\(/;

const sources = import.meta.glob<string>(
  [
    "/src/**/*.{ts,tsx}",
    "!/src/lib/api/**",
    "!/src/test/**",
    "!/src/**/*.test.{ts,tsx}",
    // Test-only helpers (test-api.ts, test-support.tsx, test-utils.tsx, test-fixtures.tsx).
    "!/src/**/test-*.{ts,tsx}",
  ],
  { query: "?raw", import: "default", eager: true },
);

function offendingLines(text: string): string[] {
  return text
    .split("\n")
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => FETCH_CALL.test(line))
    .map(({ line, number }) => `${number}: ${line.trim()}`);
}

describe("no fetch outside lib/api", () => {
  it("reads the app's sources", () => {
    const paths = Object.keys(sources);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths).toContain("/src/features/journal/queries.ts");
    expect(paths).toContain("/src/features/journal/editor/journal-editor.tsx");
    expect(paths.some((path) => path.startsWith("/src/lib/api/") || path.endsWith(".test.ts"))).toBe(false);
  });

  it("tells a fetch call from a refetch", () => {
    for (const call of ["fetch(url)", "await fetch (url)", "globalThis.fetch(request)", "window\n  .fetch(url)"]) {
      expect(offendingLines(call), call).not.toEqual([]);
    }
    for (const other of ["analysis.refetch()", "refetch()", "queryClient.prefetchQuery(options)", "fetchHasResume()"]) {
      expect(offendingLines(other), other).toEqual([]);
    }
  });

  it("finds no fetch call in src outside lib/api (use `api` from @/lib/api/client)", () => {
    const offenders = Object.entries(sources).flatMap(([path, text]) =>
      offendingLines(text).map((line) => `${path}:${line}`),
    );
    expect(offenders).toEqual([]);
  });
});
