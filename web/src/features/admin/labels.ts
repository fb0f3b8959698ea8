/** The admin panel's labels, filters and texts (spec part 2, sections 4, 6, 8 and 9). */
import { format, isValid } from "date-fns";

import type { AdminUser } from "@/features/admin/queries";
import { TEST_ACCOUNT_MAX_AGE_MS } from "@/lib/constants";

export const MESSAGES = {
  accessDenied: { title: "Access Denied", description: "Failed to load users. Make sure you have admin privileges." },
  waitlistLoad: { title: "Error fetching waitlist", description: "Could not load waitlist entries." },
  waitlistDelete: { title: "Error", description: "Failed to delete waitlist entry." },
  promoLoad: { title: "Error fetching promo codes", description: "Could not load existing promo codes" },
  generateFailed: { title: "Error Generating Code", description: "Could not generate a promo code. Please try again." },
  copyFailed: { title: "Copy failed" },
  adminFailed: { title: "Error", description: "Failed to update admin status. Please try again." },
  premiumFailed: { title: "Failed to update premium access" },
  deleteFailed: { title: "Error", description: "Failed to delete user. Please try again." },
  influencerRequired: "Please enter an influencer name",
  noWaitlist: "No waitlist entries found.",
  noPromoCodes: "No promo codes have been generated yet",
  invalidDate: "Invalid date",
} as const;

/** A change was refused with 404: the user was deleted elsewhere (the lists refresh with it). */
export function userGone(username: string): string {
  return `${username} no longer exists (the account was deleted elsewhere). The list has been refreshed.`;
}

/** Before the description of deleting one's own account. */
export const ownAccountWarning = "This is your own account: you will be signed out and cannot sign in again.";

/** Deleted (deletedAt set), Active (verified), otherwise Unverified. */
export function statusLabel(user: AdminUser): "Deleted" | "Active" | "Unverified" {
  if (user.deletedAt) return "Deleted";
  return user.isVerified ? "Active" : "Unverified";
}

/** Free, Premium, or Premium Trial (status trialing). */
export function subscriptionLabel(user: AdminUser): "Free" | "Premium" | "Premium Trial" {
  if (user.subscriptionStatus === "trialing") return "Premium Trial";
  return user.subscriptionTier === "premium" ? "Premium" : "Free";
}

/** Active users have at least one entry. */
export function isActiveUser(user: AdminUser): boolean {
  return user.journalEntryCount > 0;
}

/** Test accounts have no entries, or are younger than 24 hours. */
export function isTestAccount(user: AdminUser, now: number = Date.now()): boolean {
  return user.journalEntryCount === 0 || now - new Date(user.createdAt).getTime() < TEST_ACCOUNT_MAX_AGE_MS;
}

/** A date for the panel; 'Invalid date' when it cannot be read, `empty` when there is none. */
export function shortDate(value: string | null | undefined, empty = "Never"): string {
  if (!value) return empty;
  const date = new Date(value);
  return isValid(date) ? format(date, "MMM d, yyyy") : MESSAGES.invalidDate;
}
