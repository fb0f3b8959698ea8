/**
 * The guarded path to come back to after signing in (session storage key `returnTo`, spec part 1
 * section 2, "Guard behaviour").
 */
import { AUTH_PATH, RETURN_TO_SESSION_KEY } from "@/lib/constants";

function isAuthPath(path: string): boolean {
  return path === AUTH_PATH || path.startsWith(`${AUTH_PATH}/`) || path.startsWith(`${AUTH_PATH}?`);
}

/** Only same-app paths: "/x", never "//host" or "/\host" (which browsers treat as another origin). */
function isAppPath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}

/** Remembers `path` (pathname + search) unless it is the auth screen itself. */
export function rememberReturnTo(path: string): void {
  if (!isAppPath(path) || isAuthPath(path)) return;
  try {
    window.sessionStorage.setItem(RETURN_TO_SESSION_KEY, path);
  } catch {
    // Storage unavailable (privacy modes): the user lands on / instead.
  }
}

/** The remembered path, removed as it is read; null when there is none (or it is not ours). */
export function takeReturnTo(): string | null {
  try {
    const path = window.sessionStorage.getItem(RETURN_TO_SESSION_KEY);
    window.sessionStorage.removeItem(RETURN_TO_SESSION_KEY);
    return path && isAppPath(path) && !isAuthPath(path) ? path : null;
  } catch {
    return null;
  }
}
