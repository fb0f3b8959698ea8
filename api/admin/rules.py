"""The admin panel: its constants and messages (spec part 2 sections 2, 5, 6, 8 and 9)."""

from __future__ import annotations

from datetime import timedelta

from api.accounts.rules import (  # noqa: F401  (the admin panel's too)
    ACTION_ADMIN_FROM_CONFIG,
    DETAIL_ADMIN,
    DETAIL_NOT_ADMIN,
    MSG_LAST_ADMIN,
    MSG_USER_NOT_FOUND,
)

# Test accounts: no entries, or younger than this (part 2 section 9).
TEST_ACCOUNT_AGE = timedelta(hours=24)
# The System tab's "entries this week": entries written in the last seven days.
ENTRIES_WEEK = timedelta(days=7)
# The audit log's pages: the System tab asks AUDIT_LOG_PAGE at a time, at most AUDIT_LOG_MAX_PAGE;
# a user's page shows their latest USER_AUDIT_LIMIT lines.
AUDIT_LOG_PAGE = 50
AUDIT_LOG_MAX_PAGE = 200
USER_AUDIT_LIMIT = 20

MSG_WAITLIST_NOT_FOUND = "Waitlist entry not found"
MSG_ADMIN_BY_CONFIG = ("This account is an admin by the server's configuration (ADMIN_EMAILS) and would be an "
                       "admin again at its next sign-in. Remove its address from ADMIN_EMAILS to take the rights away.")
MSG_INFLUENCER_REQUIRED = "Please enter an influencer name"
MSG_INFLUENCER_DIRECTION = "influencerName cannot contain text direction controls."
# Overrides and isolates of the text direction: a name holding one shows its letters in another
# order than they were typed ("\u202eevil" shows as "live").
DIRECTION_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
MSG_DURATION = "durationDays must be one of 7, 14, 30, 60, 90 or 365."
MSG_MAX_USES = "maxUses must be a whole number from 1 to {limit:,}."
MSG_MAX_USES_BELOW_USED = "maxUses cannot be lower than the {used:,} uses already made."
# A code's expiry: a day from today up to MAX_CODE_YEARS ahead, or never.
MAX_CODE_YEARS = 5
MSG_EXPIRY_PAST = "expiresOn must be today or a later day."
MSG_EXPIRY_FAR = "expiresOn can be at most {years} years ahead."
MSG_EXPIRY_BOTH = "Give either expiresOn or neverExpires, not both."
MSG_CODE_NOT_FOUND = "Promo code not found"
MSG_CODE_DELETED = "Promo code deleted"
MSG_ALREADY_VERIFIED = "This account's e-mail address is already verified."
MSG_VERIFICATION_SENT = "A new verification code was sent to {email}."
MSG_ADMIN_UPDATED = "Admin Status Updated"
MSG_PREMIUM_UPDATED = "Premium Access Updated"
MSG_USER_DELETED = "User Deleted"
MSG_WAITLIST_DELETED = "Entry deleted"

# What the audit log records (`AdminAction.action`), and the details of a change of admin rights.
ACTION_SET_ADMIN = "set_admin"
ACTION_GRANT_PROMO = "grant_promo"
ACTION_REVOKE_PROMO = "revoke_promo"
ACTION_DELETE_USER = "delete_user"
ACTION_DELETE_WAITLIST = "delete_waitlist_entry"
ACTION_GENERATE_CODE = "generate_promo_code"
ACTION_CHANGE_CODE = "change_promo_code"
ACTION_DELETE_CODE = "delete_promo_code"
ACTION_END_SESSIONS = "end_sessions"
ACTION_RESEND_VERIFICATION = "resend_verification"
ACTION_EXPORT_USERS = "export_users"
# Admin rights given at sign-up or sign-in to an address in ADMIN_EMAILS (ACTION_ADMIN_FROM_CONFIG,
# the accounts' own), and by the `python -m api make-admin` command.
ACTION_ADMIN_FROM_COMMAND = "admin_from_command"
# Every action the log holds (its filter offers these).
ACTIONS = (ACTION_SET_ADMIN, ACTION_GRANT_PROMO, ACTION_REVOKE_PROMO, ACTION_DELETE_USER, ACTION_DELETE_WAITLIST,
           ACTION_GENERATE_CODE, ACTION_CHANGE_CODE, ACTION_DELETE_CODE, ACTION_END_SESSIONS,
           ACTION_RESEND_VERIFICATION, ACTION_EXPORT_USERS, ACTION_ADMIN_FROM_CONFIG, ACTION_ADMIN_FROM_COMMAND)
MSG_ACTION = "action must be one of: " + ", ".join(ACTIONS) + "."
