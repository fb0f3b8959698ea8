/** The /subscription screen's texts from the spec (part 1 section 8; part 2 sections 5 and 8). */

export const MISSING_INFORMATION = {
  title: "Missing information",
  description: "Please provide both your email and journaling story.",
};
export const WAITLIST_THANKS = {
  title: "Thanks for sharing!",
  description: "You're on the early-adopter waitlist. We'll be in touch.",
};
export const WAITLIST_FAILED = {
  title: "Something went wrong",
  description: "We couldn't process your submission. Please try again later.",
};
export const MISSING_CODE = { title: "Missing code", description: "Please enter a promotional code." };
export const INVALID_CODE = { title: "Invalid code", description: "The promotional code you entered is not valid." };
/** Titles the spec does not give: a code this account already holds or does not need (premium that
 * lasts longer), one it used before, too many tries. */
export const CODE_ACTIVE_TITLE = "Premium already active";
export const CODE_USED_TITLE = "Code already used";
/** A real code that no longer works says why in its title, never "Invalid code". */
export const CODE_DEACTIVATED_TITLE = "Code deactivated";
export const CODE_EXPIRED_TITLE = "Code expired";
export const CODE_USED_UP_TITLE = "Code used up";
export const TOO_MANY_TRIES_TITLE = "Too many attempts";
export const PROMO_FAILED = {
  title: "Something went wrong",
  description: "We couldn't process your promo code. Please try again later.",
};
/** The success toast's title; its text is the server's message or this fallback. */
export const PROMO_SUCCESS_TITLE = "Success!";
export const PROMO_APPLIED_FALLBACK = "Promo code applied successfully!";
export const PREMIUM_ACCESS_FAILED = "Failed to update premium access";
