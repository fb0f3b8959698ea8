import { useCallback, useEffect, useState } from "react";

/**
 * Silent Mode, distraction-free writing: Ctrl+Shift+S toggles it; Escape leaves it unless the
 * browser is in full screen (there the browser takes Escape to leave full screen).
 */
export function useSilentMode() {
  const [silent, setSilent] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.shiftKey && (event.key === "S" || event.key === "s" || event.code === "KeyS")) {
        event.preventDefault();
        setSilent((on) => !on);
      } else if (event.key === "Escape" && !document.fullscreenElement) {
        setSilent(false);
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  const enter = useCallback(() => setSilent(true), []);

  /** The exit button: out of full screen too, back to the page. */
  const leave = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    setSilent(false);
  }, []);

  return { silent, enter, leave };
}
