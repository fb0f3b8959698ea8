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

// Insights view, journal banners and entry photos (part 2, sections 2, 4 and 9; part 1, sections 2,
// 5 and 8).
/** Patterns are looked for from this many analysed entries (pipelines/data/pattern_config.json
 * `min_entries`; tests/api/test_patterns.py keeps the two equal). */
export const PATTERNS_MIN_ENTRIES = 6;
/** A pattern is a theme shared by at least this many entries (the config's `min_cluster_size`). */
export const PATTERN_MIN_SHARED_ENTRIES = 3;
/** The personal story unlocks at this many entries. */
export const PERSONAL_STORY_UNLOCK_ENTRIES = 4;
/** From this many entries on the personal story is rewritten as entries are analysed; before, it is written once at unlock. */
export const PERSONAL_STORY_REWRITTEN_FROM = 10;
/** Meaning & Purpose unlocks at this many entries; before that a progress bar counts towards it. */
export const PURPOSE_UNLOCK_ENTRIES = 100;
/** Meaning & Purpose reads 'Low confidence' up to this many entries, 'High confidence' above. */
export const PURPOSE_HIGH_CONFIDENCE_ABOVE_ENTRIES = 200;
/** Purpose progress messages: below each bound (in entries) its message; 'Almost there!' after. */
export const PURPOSE_PROGRESS_MESSAGES: readonly { below: number; message: string }[] = [
  { below: 25, message: "Just beginning your journey..." },
  { below: 50, message: "Making good progress!" },
  { below: 75, message: "You're getting closer!" },
];
export const PURPOSE_PROGRESS_FINAL_MESSAGE = "Almost there!";
/** The insights onboarding banner shows only while the user has fewer entries than this. */
export const INSIGHTS_ONBOARDING_MAX_ENTRIES = 5;
/** The profile text the server stores when generation failed (part 1, section 8). */
export const PROFILE_FAILURE_TEXT = "Could not generate profile. Please try again later.";
/** Where the premium lock overlay's 'Upgrade to Premium' button leads. */
export const SUBSCRIPTION_PATH = "/subscription";
/** Where the smart banner's Import Journal and Upload CV buttons lead. */
export const SETTINGS_PATH = "/settings";
/** The server refuses photos larger than this (413). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

// Previous Entries list and the journal dialogs (part 1, sections 2, 5 and 9).
/** An entry's preview in the list shows this many characters of its content. */
export const ENTRY_PREVIEW_LENGTH = 100;
/** The chat dialog shows this many characters of the entry. */
export const CHAT_EXCERPT_LENGTH = 250;
/** Related goal and project chips show this many characters, then '...'. */
export const ENTRY_CHIP_LENGTH = 10;
/** Height of the Previous Entries scroll area. */
export const PREVIOUS_ENTRIES_HEIGHT_PX = 500;
/** Entries per page of GET /api/journal (the server's default first page, api/journal/rules.py
 * PAGE_SIZE); Previous Entries loads the next page as the list is scrolled to its end. */
export const ENTRIES_PAGE_SIZE = 20;
/** The largest page the server gives (MAX_PAGE_SIZE): used to read every entry (the CSV export). */
export const ENTRIES_MAX_PAGE_SIZE = 500;
/** The entry search waits this long after the last keystroke. */
export const ENTRY_SEARCH_DEBOUNCE_MS = 300;
/** The most results the entry search asks for: the server's own maximum (its default is 10). */
export const ENTRY_SEARCH_LIMIT = 50;
/** The location label used when none is known; the list hides it. */
export const LOCATION_UNKNOWN = "Location unknown";
/** Self Analysis needs at least this many entries... */
export const SELF_ANALYSIS_MIN_ENTRIES = 3;
/** ...and sends the ids of at most this many (the first ones). */
export const SELF_ANALYSIS_MAX_ENTRIES = 15;
/** The therapist report covers this many days up to today unless changed. */
export const THERAPIST_REPORT_DEFAULT_DAYS = 30;
/** The therapist report dialog closes this long after a successful send. */
export const THERAPIST_REPORT_CLOSE_DELAY_MS = 2000;

// Journal editor (part 1, sections 2 "Journal editor section", 3, 4, 8 and 9).
/** A new, not yet saved entry's id begins with this. */
export const TEMP_ENTRY_ID_PREFIX = "temp-";
/** The location sent with a new entry (no geolocation request is made). */
export const DEFAULT_ENTRY_LOCATION = "Location unknown";
/** The longest entry the server takes (MAX_CONTENT_CHARS); the editor says so before saving. */
export const ENTRY_MAX_CHARS = 100_000;
/** Autosave runs this long after typing stops. */
export const AUTOSAVE_DEBOUNCE_MS = 1500;
/** While there are unsaved changes, autosave also runs this often. */
export const AUTOSAVE_INTERVAL_MS = 30000;
/** The "Saved" status goes back to idle after this long. */
export const AUTOSAVE_SAVED_INDICATOR_MS = 1500;
/** A summary is regenerated only when the content length changed by more than this. */
export const SUMMARY_REGENERATION_MIN_CHANGE = 150;
/** A stored draft is recovered only when longer than this after trimming. */
export const DRAFT_RECOVERY_MIN_LENGTH = 20;
/** How long the 'Draft Recovered' toast stays. */
export const DRAFT_RECOVERED_TOAST_MS = 5000;
/** localStorage: the draft of an entry is kept under this prefix plus the entry id. */
export const DRAFT_STORAGE_PREFIX = "draft:";
/** localStorage: the draft of the editor's new entry (stable across reloads, unlike its temp id). */
export const NEW_ENTRY_DRAFT_STORAGE_KEY = "draft:new";
/** localStorage: the texts put into the new entry by a click (prompts, templates), as a JSON list. */
export const NEW_ENTRY_INSERTED_STORAGE_KEY = "draft:new:inserted";
/** localStorage: the real id an autosave gave the editor's new entry, so a reload keeps editing it. */
export const NEW_ENTRY_ID_STORAGE_KEY = "draft:new:id";
/** localStorage: when the editor last saved to the server (milliseconds since the epoch). */
export const LAST_SAVED_STORAGE_KEY = "draft:lastSaved";
/** Insight prompts: requested only for text at least this long. */
export const INSIGHT_PROMPT_MIN_CHARS = 18;
/** Insight prompts: at least this long between two requests. */
export const INSIGHT_PROMPT_MIN_INTERVAL_MS = 8000;
/** Insight prompts: debounce after sentence-ending punctuation. */
export const INSIGHT_PROMPT_DEBOUNCE_SENTENCE_MS = 500;
/** Insight prompts: debounce otherwise. */
export const INSIGHT_PROMPT_DEBOUNCE_MS = 1200;
/** sessionStorage: texts of insight prompts dismissed in this session (JSON list). */
export const DISMISSED_INSIGHT_PROMPTS_SESSION_KEY = "dismissedInsightPrompts";
/** Characters of text each side of the cursor sent with a saved insight. */
export const INSIGHT_SURROUNDING_CHARS = 200;
/** Ask-help sends this many recent entries as context. */
export const ASK_HELP_RECENT_ENTRIES = 5;
/** Free tier: insights that can be saved per week (the server enforces it with a 403). */
export const FREE_INSIGHTS_PER_WEEK = 5;
/** The editor's greeting: morning before this hour, afternoon before AFTERNOON_END_HOUR, else evening. */
export const MORNING_END_HOUR = 12;
export const AFTERNOON_END_HOUR = 17;
/** The text area: at least this tall (or half the available space), at most this share of the window. */
export const EDITOR_MIN_HEIGHT_PX = 200;
export const EDITOR_MAX_HEIGHT_RATIO = 0.7;
/** The empty text area's placeholder rotates this often. */
export const PLACEHOLDER_ROTATE_MS = 4000;
/** Shown when leaving the editor with unsaved changes. */
export const UNSAVED_CHANGES_MESSAGE = "You have unsaved changes. Are you sure you want to leave?";

// Settings (part 2, sections 2, 3, 4, 5, 8 and 9).
/** localStorage: the AI Smart Prompts frequency, 0 to 100 in steps of 25. */
export const AUTO_PROMPT_FREQUENCY_STORAGE_KEY = "autoPromptFrequency";
export const AUTO_PROMPT_FREQUENCY_DEFAULT = 50;
export const AUTO_PROMPT_FREQUENCY_STEP = 25;
/** localStorage: Privacy Mode, "true" or "false"; on when nothing is stored. */
export const PRIVACY_MODE_STORAGE_KEY = "privacyMode";
/** Privacy Mode blurs the app after this long without a key press, click, touch or scroll. */
export const PRIVACY_IDLE_MS = 2 * 60 * 1000;
/** The settings footer's version text. */
export const APP_VERSION_TEXT = "1.4.2-auth-update";
/** After an account is deleted, the logout follows this long after the toast. */
export const ACCOUNT_DELETE_LOGOUT_DELAY_MS = 2000;
/** After a successful import, the journal is refreshed and the success card shown this long later. */
export const POST_IMPORT_REFRESH_DELAY_MS = 500;
/** The four export CSV files are downloaded this far apart. */
export const EXPORT_DOWNLOAD_SPACING_MS = 300;
/** The server's import limit (the text as UTF-8), checked before sending. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The server's resume file limit. */
export const RESUME_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** The long-operation overlay's text (section 9). */
export const LONG_OPERATION_TEXT = "This might take a minute. Please don't close the browser.";

// Patterns & Self-Exploration (spec part 2, sections 2, 4 and 9).
/** Insights and patterns are fresh for 5 minutes. */
export const PATTERNS_STALE_MS = 5 * 60 * 1000;
/** Up to 3 Emerging Patterns cards, up to 5 insights on each. */
export const MAX_PATTERNS_SHOWN = 3;
export const MAX_INSIGHTS_PER_PATTERN = 5;
/** Insight titles are cut at 50 characters. */
export const INSIGHT_TITLE_MAX_CHARS = 50;
/** How often a running pattern refresh is polled. */
export const PATTERN_REFRESH_POLL_MS = 1000;

// Subscription, promo codes and the admin panel (part 2, sections 2, 5, 8 and 9).
/** Early-adopter pricing: the price now, the price it replaces, and the discount. */
export const PRICING = {
  monthly: { price: "$9.90", was: "$12.40", per: "month" },
  annual: { price: "$95.04", was: "$118.80", per: "year" },
} as const;
export const PRICING_DISCOUNT = "20% off";
/** What the waitlist form offers as features of interest (values sent to POST /api/waitlist/join). */
export const WAITLIST_FEATURES: readonly { value: string; label: string }[] = [
  { value: "couples-journaling", label: "Couples journaling" },
  { value: "calendar-integration", label: "Calendar integration" },
];
/** Promo code durations the admin generator offers, in days, and its default. */
export const PROMO_DURATIONS_DAYS: readonly number[] = [7, 14, 30, 60, 90, 365];
export const PROMO_DEFAULT_DURATION_DAYS = 30;
/** How many people may redeem a new code unless the admin says otherwise (the server's default). */
export const PROMO_DEFAULT_MAX_USES = 100;
/** A copied code shows its "Copied" state this long. */
export const COPIED_STATE_MS = 2000;
/** Test accounts: users with no entries, or created less than this long ago. */
export const TEST_ACCOUNT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

// Tasks and Weekly Focus (part 2, sections 2, 4, 5, 8 and 9).
/** The task list is re-read this often while the Tasks screen is open... */
export const TASKS_POLL_MS = 30_000;
/** ...and is fresh for this long. */
export const TASKS_STALE_MS = 15_000;
/** The Weekly Focus domains, in the order of the screen's columns. */
export const TASK_DOMAINS = ["personal", "professional", "administrative"] as const;
/** Free tier: task generations per week (the server enforces it with a 429). */
export const FREE_TASK_GENERATIONS_PER_WEEK = 30;

// Journal home in daily use (issue 15): stray entries, backdating, the journal over time.
/** Autosave creates an entry only once the writer typed this many characters of their own (a prompt
 * or template inserted alone is not an entry; a manual Save still saves any non-blank text). */
export const AUTOSAVE_CREATE_MIN_OWN_CHARS = 20;
/** The calendar and mood trend: the journal stats are fresh for this long. */
export const JOURNAL_STATS_STALE_MS = 60_000;
/** Photos shown on an entry of the Previous Entries list before '+n'. */
export const ENTRY_PHOTO_THUMBNAILS = 4;
/** A loading state or save that lasts this long adds 'This might take a minute. Please don't close the browser.' */
export const LONG_OPERATION_HINT_MS = 3000;
