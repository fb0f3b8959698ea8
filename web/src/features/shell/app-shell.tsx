import { Outlet } from "react-router";

import { AppHeader } from "@/features/shell/app-header";
import { InstallPrompt } from "@/features/shell/install-prompt";
import { MobileBanner } from "@/features/shell/mobile-banner";
import { MobileBottomBar } from "@/features/shell/mobile-bottom-bar";
import { MobileHeader } from "@/features/shell/mobile-header";
import { useInactivityReminder, useLatestEntryAt } from "@/features/shell/use-inactivity-reminder";

const MAIN_CONTENT_ID = "app-content";

/**
 * The signed-in layout route (spec part 1, "Layout"): the desktop header (md and up), the mobile
 * "works best on desktop" banner and "Add to Home Screen" bar (in the page's flow on a phone, so
 * no fixed bar covers a control), the page and the mobile bottom bar; it also runs the inactivity
 * reminder. Pages render their own <main>.
 *
 * Mount it inside the session guard, as the parent of the signed-in routes.
 */
export function AppShell() {
  // From the journal's newest entries, the list the journal screens keep too: nothing is sent until
  // they are loaded, nor for an empty journal.
  useInactivityReminder(useLatestEntryAt());

  return (
    <div className="flex min-h-dvh flex-1 flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        onClick={(event) => {
          // Move focus without a hash navigation, which the router would treat as a new location.
          event.preventDefault();
          document.getElementById(MAIN_CONTENT_ID)?.focus();
        }}
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <AppHeader />
      <MobileHeader />
      <MobileBanner />
      <InstallPrompt />
      <div
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        // Room for the fixed bottom bar on small screens, as much as the scroll room it keeps
        // (SCROLL_ROOM_CLASS), so the last control on the page can scroll clear of it.
        className="flex flex-1 flex-col pb-[calc(4.5rem+env(safe-area-inset-bottom))] outline-none md:pb-0"
      >
        <Outlet />
      </div>
      <MobileBottomBar />
    </div>
  );
}
