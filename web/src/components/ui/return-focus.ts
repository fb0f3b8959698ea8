import { useRef } from "react";

type AutoFocusHandler = ((event: Event) => void) | undefined;

/**
 * Focus goes back to whatever had it when a dialog opened, once the dialog closes.
 *
 * Radix returns the focus to its own Trigger only; a dialog opened from state (an entry's Edit,
 * Chat or Delete button, a confirmation) has none, so the focus fell to <body> and a keyboard user
 * had to Tab from the top of the page again. A caller's own handler runs first and wins when it
 * calls `preventDefault()` (e.g. Self Analysis puts the focus in the editor after inserting);
 * an opener that is gone (the entry was just deleted) is left to Radix.
 */
export function useReturnFocus(onOpenAutoFocus: AutoFocusHandler, onCloseAutoFocus: AutoFocusHandler) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !element || !element.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
