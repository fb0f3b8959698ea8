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

// App shell (spec part 1, sections 1 and 2, "Layout"; section 9).
/** localStorage: "true" once the signed-in user dismissed the mobile "works best on desktop" banner. */
export const MOBILE_BANNER_SEEN_STORAGE_KEY = "mobileBannerSeen";
/** localStorage: "true" once the user installed the app or dismissed the "Add to Home Screen" bar. */
export const INSTALL_PROMPTED_STORAGE_KEY = "installPrompted";
/**
 * localStorage: the "Enable notifications" preference (spec part 2, settings), "true" or "false";
 * on when nothing is stored.
 */
export const NOTIFICATIONS_PREFERENCE_STORAGE_KEY = "notifications";
/** localStorage: when the inactivity reminder last went out (milliseconds since the epoch). */
export const INACTIVITY_REMINDER_LAST_SENT_STORAGE_KEY = "inactivityReminderLastSent";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The inactivity reminder goes out once the most recent entry is at least this old (3 days). */
export const INACTIVITY_THRESHOLD_MS = 3 * DAY_MS;
/** At most one inactivity reminder per this period (24 hours). */
export const INACTIVITY_REMINDER_MIN_INTERVAL_MS = DAY_MS;
/** How often an open app re-runs the inactivity check (daily). */
export const INACTIVITY_CHECK_INTERVAL_MS = DAY_MS;

// Accounts and session (part 1, sections 4, 5 and 9).
/** The sign-in screen; also where an expired session or a logout ends up. */
export const AUTH_PATH = "/auth";
/** The session is re-read this often while signed in. */
export const SESSION_REFRESH_INTERVAL_MS = 5 * 60 * 1000;
/** The session is re-read this long after a sign-in. */
export const POST_LOGIN_REFRESH_DELAY_MS = 1000;
/** The session is re-read this long after the terms are agreed. */
export const POST_TERMS_REFRESH_DELAY_MS = 500;
/** A session call that answered 500 is retried once, after this delay. */
export const SESSION_RETRY_DELAY_MS = 1000;
/** After a successful e-mail verification the user is taken in after this delay. */
export const VERIFIED_REDIRECT_DELAY_MS = 1000;
/** After a resend reports the address already verified (auto-verify), the delay before going in. */
export const ALREADY_VERIFIED_REDIRECT_DELAY_MS = 2000;
export const USERNAME_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 6;
/** Verification codes are exactly this many digits; the input accepts no more. */
export const VERIFICATION_CODE_LENGTH = 6;
/** A password reset link works for this long (part 2, section 9). */
export const RESET_LINK_VALIDITY_HOURS = 1;

/** A readable cookie the server sets beside the HttpOnly session cookie: "a session exists". */
export const SIGNED_IN_COOKIE = "reverie_signed_in";
