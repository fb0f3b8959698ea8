/**
 * Product constants from the specification (part 1, section 9, and the app shell sections).
 * Each number lives here once; components import it instead of repeating the literal.
 */

/** The product name shown to users. */
export const PRODUCT_NAME = "Reverie";

// Toasts: one at a time; a dismissed toast is removed 5000 ms later; default duration 5000 ms;
// swipe right past 50 px to dismiss; the viewport hotkey is F8.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 5000;
export const TOAST_SWIPE_DIRECTION = "right";
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY: readonly string[] = ["F8"];

/** Default delay before a tooltip opens. */
export const TOOLTIP_DELAY_MS = 700;

/** Default debounce helper delay. */
export const DEFAULT_DEBOUNCE_MS = 500;

/** Windows narrower than this are "mobile" (bottom bar, mobile banner). */
export const MOBILE_BREAKPOINT_PX = 768;

/** The mobile bottom bar hides once the page is scrolled down beyond this. */
export const BOTTOM_BAR_HIDE_SCROLL_PX = 50;

/** The avatar shows this many leading letters of the username, in capitals. */
export const AVATAR_INITIALS_LENGTH = 2;

// Browser storage keys named by the specification (section 3, "Local browser storage").
/** localStorage: "true" (dark) or "false" (light); dark when nothing is stored. */
export const DARK_MODE_STORAGE_KEY = "darkMode";
export const SMART_BANNER_DISMISSED_STORAGE_KEY = "smartBannerDismissed";
export const INSIGHTS_BANNER_DISMISSED_STORAGE_KEY = "insightsBannerDismissed";
/** sessionStorage: the guarded path to return to after signing in. */
export const RETURN_TO_SESSION_KEY = "returnTo";
