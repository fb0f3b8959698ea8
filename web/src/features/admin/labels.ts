/** The admin panel's labels, filters and texts (spec part 2, sections 4, 6, 8 and 9). */
import { format, isValid, parseISO } from "date-fns";

import type { AdminUser, AuditEntry } from "@/features/admin/queries";
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

/** A calendar day ("2026-12-31", no time zone) for the panel. */
export function shortDay(value: string): string {
  const day = parseISO(value);
  return isValid(day) ? format(day, "MMM d, yyyy") : MESSAGES.invalidDate;
}

/** The per-user page's address. */
export function adminUserPath(id: string): string {
  return `/admin/users/${id}`;
}

/** Where a user's promo premium came from: the code they redeemed, or an admin's grant. */
export function promoOrigin(user: AdminUser): string {
  if (user.promoSource === "code") return user.promoCodeApplied ?? "a deleted code";
  return "admin grant";
}

/** What each action of the audit log says, after the admin's name. */
export const ACTION_TEXT: Record<string, string> = {
  set_admin: "changed admin rights of",
  grant_promo: "granted premium to",
  revoke_promo: "revoked premium of",
  delete_user: "deleted a user",
  delete_waitlist_entry: "deleted a waitlist entry",
  generate_promo_code: "generated a promo code",
  change_promo_code: "changed a promo code",
  delete_promo_code: "deleted a promo code",
  end_sessions: "ended the sessions of",
  resend_verification: "sent a new verification code to",
  export_users: "exported users as CSV",
};

/** The audit log's filter: every action by name. */
export const ACTION_FILTERS: { value: string; label: string }[] = [
  { value: "set_admin", label: "Admin rights" },
  { value: "grant_promo", label: "Premium granted" },
  { value: "revoke_promo", label: "Premium revoked" },
  { value: "delete_user", label: "Users deleted" },
  { value: "delete_waitlist_entry", label: "Waitlist entries deleted" },
  { value: "generate_promo_code", label: "Codes generated" },
  { value: "change_promo_code", label: "Codes changed" },
  { value: "delete_promo_code", label: "Codes deleted" },
  { value: "end_sessions", label: "Sessions ended" },
  { value: "resend_verification", label: "Verification codes sent" },
  { value: "export_users", label: "User exports" },
  { value: "admin_from_config", label: "Admins by ADMIN_EMAILS" },
  { value: "admin_from_command", label: "Admins by make-admin" },
];

/** Actions whose line names the user they were about. */
const NAMES_TARGET = new Set(["set_admin", "grant_promo", "revoke_promo", "end_sessions", "resend_verification"]);

export function auditLine(entry: AuditEntry): string {
  const target = entry.targetUsername ?? "a deleted user";
  if (entry.action === "admin_from_config") {
    return `${target} was made an admin by the server's configuration (ADMIN_EMAILS)`;
  }
  if (entry.action === "admin_from_command") {
    return entry.detail === "no longer an admin"
      ? `${target} lost admin rights by the make-admin command`
      : `${target} was made an admin by the make-admin command`;
  }
  const who = entry.adminUsername ?? "a former admin";
  const what = ACTION_TEXT[entry.action] ?? entry.action;
  const named = entry.targetType === "user" && NAMES_TARGET.has(entry.action) ? ` ${target}` : "";
  return `${who} ${what}${named}${entry.detail ? ` (${entry.detail})` : ""}`;
}
