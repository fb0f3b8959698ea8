import { useEffect, useState } from "react";
import { EyeOffIcon } from "lucide-react";

import { PREFERENCES_CHANGED_EVENT, readPrivacyMode } from "@/features/settings/preferences";
import { PRIVACY_IDLE_MS, PRIVACY_MODE_STORAGE_KEY } from "@/lib/constants";

// Scrolling by hand comes with wheel, touch or key events; a "scroll" event alone can be the page's
// own doing (a smooth scroll to a card), which is no sign of a person.
const ACTIVITY_EVENTS = ["pointerdown", "pointermove", "keydown", "wheel", "touchstart"] as const;

/** Privacy Mode's on/off, following Save Settings in this tab and changes made in other tabs. */
function usePrivacyModeEnabled(): boolean {
  const [enabled, setEnabled] = useState(readPrivacyMode);
  useEffect(() => {
    const reread = () => setEnabled(readPrivacyMode());
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === PRIVACY_MODE_STORAGE_KEY) reread();
    };
    window.addEventListener(PREFERENCES_CHANGED_EVENT, reread);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener(PREFERENCES_CHANGED_EVENT, reread);
      window.removeEventListener("storage", onStorage);
    };
  }, []);
  return enabled;
}

/** True once there has been no activity for `idleMs`, or the page was hidden; any activity ends it. */
export function useInactive(enabled: boolean, idleMs: number = PRIVACY_IDLE_MS): boolean {
  const [inactive, setInactive] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setInactive(false);
      return;
    }
    let timer = window.setTimeout(() => setInactive(true), idleMs);
    const onActivity = () => {
      setInactive(false);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setInactive(true), idleMs);
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") setInactive(true);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [enabled, idleMs]);
  return inactive;
}

/**
 * Privacy Mode (spec part 2, "Privacy Mode: Blur content when inactive"): while it is on, the
 * signed-in app is blurred behind a veil after PRIVACY_IDLE_MS without activity (or as soon as the
 * tab is hidden), so journal text is not readable over the writer's shoulder. Moving the mouse,
 * touching or pressing a key shows it again. The veil lets pointer events through, so the first
 * click both reveals the page and lands where it was aimed.
 */
export function PrivacyMode() {
  const enabled = usePrivacyModeEnabled();
  const inactive = useInactive(enabled);
  if (!enabled || !inactive) return null;
  return (
    <div
      data-testid="privacy-veil"
      role="status"
      className="pointer-events-none fixed inset-0 z-[100] flex items-center justify-center bg-background/40 backdrop-blur-xl"
    >
      <p className="flex items-center gap-2 rounded-full border bg-card/90 px-4 py-2 text-sm text-muted-foreground shadow-sm">
        <EyeOffIcon className="size-4" aria-hidden="true" />
        Privacy Mode: move the mouse or press a key to show your journal
      </p>
    </div>
  );
}
