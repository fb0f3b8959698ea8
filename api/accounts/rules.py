"""The account rules of the spec (part 1 sections 5 and 9, part 2 section 5), with their messages,
in one place. The server enforces every one of them, whatever the browser did."""

from __future__ import annotations

import re
from datetime import timedelta

from models.constants import EMAIL_PATTERN, MAX_EMAIL_CHARS

USERNAME_MIN = 3
USERNAME_MAX = 64
PASSWORD_MIN = 6
# Long passphrases are accepted whole (never truncated); the cap only bounds hashing work.
PASSWORD_MAX = 1024
VERIFICATION_CODE_LENGTH = 6
VERIFICATION_CODE_TTL = timedelta(minutes=15)
VERIFICATION_MAX_ATTEMPTS = 5
RESET_TOKEN_TTL = timedelta(hours=1)
AUTO_VERIFY = "auto-verify"

JOURNALING_STATUSES = ("yes", "used-to", "want-to", "no")
# The frequency question ("How often do you journal?" / "...plan to journal?"): not listed by the
# spec, so these are ours.
JOURNALING_FREQUENCIES = ("daily", "few-times-a-week", "weekly", "few-times-a-month", "rarely")
JOURNALING_EXPERIENCES = ("beginner", "intermediate", "experienced", "expert")
GENDERS = ("male", "female", "non-binary", "prefer-not-to-say")
MAX_FULL_NAME_CHARS = 200  # the column's length

MSG_USERNAME_SHORT = "Username must be at least 3 characters"
MSG_USERNAME_LONG = "Username must be at most 64 characters"
MSG_USERNAME_CHARS = "Username can only contain letters, numbers, dots, dashes and underscores"
MSG_EMAIL_INVALID = "Please enter a valid email address"
MSG_PASSWORD_SHORT = "Password must be at least 6 characters"
MSG_PASSWORD_LONG = "Password must be at most 1024 characters"
MSG_PASSWORD_REQUIRED = "Password is required for login"
MSG_CURRENT_PASSWORD_WRONG = "Your current password is incorrect."
MSG_DELETE_PASSWORD = "Please enter your password to delete your account."
MSG_PASSWORD_UNCHANGED = "The new password must be different from the current one."
MSG_PASSWORD_CHANGED = "Password changed"
MSG_EMAIL_UNCHANGED = "That is already your e-mail address."
MSG_EMAIL_TAKEN = "That e-mail address belongs to another account."
MSG_EMAIL_CODE_SENT = "We sent a 6-digit code to {email}. Enter it here to confirm the change."
MSG_EMAIL_CHANGED = "Your e-mail address is now {email}."
MSG_LOGIN_NAME_SHORT = "Username or email must be at least 3 characters"
MSG_STATUS_REQUIRED = "Please select your journaling status"
MSG_FREQUENCY_REQUIRED = "Please select how often you journal"
MSG_CODE_FORMAT = "Verification code must be 6 digits"
MSG_INVALID_LOGIN = "Invalid username/email or password"
MSG_TAKEN = "Username or email may already be taken."
MSG_NOT_VERIFIED = "Please verify your email address. A new verification code has been sent."
MSG_INVALID_CODE = "Invalid verification code"
MSG_CODE_EXPIRED = "This verification code has expired. Please request a new code."
MSG_CODE_LOCKED = "Too many wrong codes. Please request a new code."
MSG_RESET_INVALID = "This password reset link is invalid or has expired."
MSG_FORGOT_SENT = "If an account exists for that email, we've sent a link to reset your password."
MSG_TERMS_NEEDED = "You must agree to the Terms of Service to continue."
MSG_VERIFY_NEEDED = "Please verify your email address to continue."
MSG_NOT_SIGNED_IN = "Not authenticated. Please log in."
MSG_SESSION_EXPIRED = "Your session has expired. Please log in again."
MSG_ADMIN_ONLY = "Admin access required"
MSG_USER_MISMATCH = "You can only do this for your own account"
MSG_INVALID_GENDER = "Please choose one of: male, female, non-binary, prefer-not-to-say"
MSG_INVALID_EXPERIENCE = "Please choose one of: beginner, intermediate, experienced, expert"
MSG_INVALID_BIRTH_DATE = "Birth date must be a date (YYYY-MM-DD) in the past"
MSG_USERNAME_TAKEN = "That username is already taken."
MSG_FULL_NAME_LONG = f"Full name can be at most {MAX_FULL_NAME_CHARS} characters."
MSG_ACCOUNT_DELETED = "Account deleted"
MSG_LOGGED_OUT = "Logged out"
MSG_ALREADY_VERIFIED = "This email address is already verified. Please log in."
MSG_SIGN_IN_FIRST = "Please log in to continue."
MSG_RESEND_SENT = "If that address needs verifying, a new code is on its way."
# Deleting an account (the user's own, or an admin's doing) must leave an admin.
MSG_USER_NOT_FOUND = "User not found"
MSG_LAST_ADMIN = "At least one admin must remain: make another user an admin first."

# What the admins' audit log records when an address in ADMIN_EMAILS (the server's configuration)
# makes an account an admin at sign-up or sign-in, and the detail of a change of admin rights.
ACTION_ADMIN_FROM_CONFIG = "admin_from_config"
DETAIL_ADMIN, DETAIL_NOT_ADMIN = "now an admin", "no longer an admin"

_USERNAME_CHARS = re.compile(r"^[A-Za-z0-9._-]+$")


def username_problem(username: str) -> str | None:
    if len(username) < USERNAME_MIN:
        return MSG_USERNAME_SHORT
    if len(username) > USERNAME_MAX:
        return MSG_USERNAME_LONG
    if not _USERNAME_CHARS.match(username):
        return MSG_USERNAME_CHARS
    return None


def email_problem(email: str) -> str | None:
    return None if len(email) <= MAX_EMAIL_CHARS and EMAIL_PATTERN.match(email) else MSG_EMAIL_INVALID


def password_problem(password: str) -> str | None:
    if len(password) < PASSWORD_MIN:
        return MSG_PASSWORD_SHORT
    if len(password) > PASSWORD_MAX:
        return MSG_PASSWORD_LONG
    return None


def normalise_email(email: str) -> str:
    return email.strip().lower()
