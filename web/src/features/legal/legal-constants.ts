/** Dates and addresses shared by the legal pages, the terms screen and the landing footer. */

/** "Last updated" date of the terms of service (spec part 2, section 2, static pages). */
export const TERMS_LAST_UPDATED = "April 23, 2025";

/** "Last updated" date of the privacy policy (the spec gives both pages the same date). */
export const PRIVACY_POLICY_LAST_UPDATED = "April 23, 2025";

/** Where users write for help; used by the footer's support mailto and the legal pages. */
export const SUPPORT_EMAIL = "support@reverie.app";
