import { useEffect } from "react";
import { NavLink } from "react-router";

import { BOTTOM_BAR_ITEMS } from "@/features/shell/nav-items";
import { useHideOnScroll } from "@/features/shell/use-hide-on-scroll";
import { BOTTOM_BAR_HIDE_SCROLL_PX } from "@/lib/constants";
import { cn } from "@/lib/utils";

/**
 * Put on <html> (the page's scroller) while the bar is shown: focus that moves by keyboard, and
 * anything scrolled into view, stops this far above the bottom edge (the bar's 4rem, its border,
 * the focus ring and the safe area), not under the bar. AppShell ends the page with the same room.
 */
export const SCROLL_ROOM_CLASS = "max-md:scroll-pb-[calc(4.5rem+env(safe-area-inset-bottom))]";

/**
 * The signed-in tab bar for small screens (hidden from the md breakpoint up): Journal, Tasks,
 * Patterns, Profile and Settings, the current one highlighted and marked aria-current="page".
 * It slides away while the page is scrolled down past 50 px and comes back on any scroll up
 * (instantly for users who prefer reduced motion), and whenever keyboard focus enters it.
 */
export function MobileBottomBar() {
  const [hidden, reveal] = useHideOnScroll(BOTTOM_BAR_HIDE_SCROLL_PX);

  useEffect(() => {
    document.documentElement.classList.add(SCROLL_ROOM_CLASS);
    return () => document.documentElement.classList.remove(SCROLL_ROOM_CLASS);
  }, []);

  return (
    <nav
      aria-label="Mobile navigation"
      data-state={hidden ? "hidden" : "visible"}
      onFocus={reveal}
      className={cn(
        "fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-background/80 md:hidden",
        "transition-transform duration-300 ease-out will-change-transform motion-reduce:transition-none",
        hidden ? "translate-y-full" : "translate-y-0",
      )}
    >
      {/* h-16: AppShell pads the page by 4.5rem (plus the safe area), room for it and a focus ring. */}
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-5">
        {BOTTOM_BAR_ITEMS.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.to} className="flex">
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  cn(
                    "group flex flex-1 flex-col items-center justify-center gap-1 text-[0.6875rem] font-medium transition-colors outline-none",
                    "focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset",
                    isActive ? "text-primary" : "text-muted-foreground hover:text-foreground",
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    <span
                      className={cn(
                        "flex h-7 w-12 items-center justify-center rounded-full transition-colors",
                        isActive && "bg-primary/15",
                      )}
                    >
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    {item.label}
                  </>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
