/**
 * localStorage access for the shell's remembered flags. Storage can be unavailable (privacy
 * modes, quota, sandboxed frames); then a flag simply is not remembered and nothing throws.
 */

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not remembered across visits; the current page still behaves.
  }
}

/** A flag counts as set only when "true" is stored. */
export function readFlag(key: string): boolean {
  return readStorage(key) === "true";
}

export function setFlag(key: string): void {
  writeStorage(key, "true");
}
