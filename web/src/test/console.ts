/**
 * Tests fail on any console.error or console.warn (React key warnings, act() warnings, Radix
 * accessibility warnings such as a dialog without a description), matching the product rule of
 * no console errors. A test that provokes one on purpose calls `allowConsoleMessages()` first.
 */
type Level = "error" | "warn";

let allowed = false;
let messages: string[] = [];
const originals: Partial<Record<Level, (...args: unknown[]) => void>> = {};

export function allowConsoleMessages(): void {
  allowed = true;
}

export function watchConsole(): void {
  allowed = false;
  messages = [];
  for (const level of ["error", "warn"] as const) {
    const original = console[level];
    originals[level] = original;
    console[level] = (...args: unknown[]) => {
      messages.push(`console.${level}: ${args.map(String).join(" ")}`);
      original(...args);
    };
  }
}

export function assertQuietConsole(): void {
  for (const level of ["error", "warn"] as const) {
    const original = originals[level];
    if (original) console[level] = original;
  }
  if (!allowed && messages.length > 0) {
    throw new Error(`Unexpected console output during the test:\n${messages.join("\n")}`);
  }
}
