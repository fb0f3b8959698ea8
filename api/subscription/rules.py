"""Subscription, promo codes and the waitlist: the spec's constants and messages (part 1 sections
3, 6, 8; part 2 sections 3, 4, 5, 8, 9; the spec README points 2 and 6)."""

from __future__ import annotations

from models.constants import FREE_INSIGHTS_PER_WEEK, FREE_TASK_GENERATIONS_PER_WEEK

__all__ = ["FREE_INSIGHTS_PER_WEEK", "FREE_TASK_GENERATIONS_PER_WEEK"]

TIER_FREE, TIER_PREMIUM = "free", "premium"
# GET /api/subscription `status`: a paid-tier account is active, premium through a promo code or
# an admin's grant is a trial (the admin panel's 'Premium Trial'), everyone else is free.
STATUS_ACTIVE, STATUS_TRIALING, STATUS_FREE = "active", "trialing", "free"
PROMO_FROM_CODE, PROMO_FROM_ADMIN = "code", "admin"

# Promo codes. A code is unguessable: PROMO_RANDOM_CHARS characters drawn by `secrets` from an
# alphabet without look-alikes (0/O, 1/I/L), 32 symbols: 60 bits, after a readable prefix from
# the influencer's name. Redeeming is rate limited too (api/security/rate_limit.py "promo_code").
PROMO_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
PROMO_RANDOM_CHARS = 12
PROMO_PREFIX_CHARS = 8
PROMO_CODE_MAX_CHARS = 32  # the column; a longer input is simply not a code
PROMO_DURATIONS_DAYS = (7, 14, 30, 60, 90, 365)
PROMO_DEFAULT_DURATION_DAYS = 30
# Not given by the spec: how many users one code admits unless the admin says otherwise.
PROMO_DEFAULT_MAX_USES = 100
PROMO_MAX_USES_LIMIT = 100_000
INFLUENCER_NAME_MAX_CHARS = 100

# Waitlist (part 2 sections 5 and 7).
WAITLIST_FEATURES = ("couples-journaling", "calendar-integration")
WAITLIST_MESSAGE_MAX_CHARS = 5000
WAITLIST_NAME_MAX_CHARS = 200

MSG_PROMO_APPLIED = "Promo code applied successfully!"
MSG_INVALID_PROMO = "Invalid promo code"
MSG_PROMO_ALREADY_USED = "You have already used this promo code."
# Stricter than the spec's one 'not valid' text: a code that was real says why it no longer works.
MSG_PROMO_EXPIRED = "This promotional code has expired."
MSG_PROMO_USED_UP = "This promotional code has been used as many times as it allows."
MSG_PROMO_DEACTIVATED = "This promotional code has been deactivated and can no longer be used."
MSG_PROMO_ACTIVE = "This promotional code is already active on your account."
# A code that would add nothing to the premium the account already holds is not used up for it.
MSG_PROMO_GRANTED = "You already have premium access until it is revoked, so this code was not used."
MSG_PROMO_LONGER = "Your premium access already lasts until {date}, longer than this code gives, so it was not used."
MSG_PROMO_TOGGLE_PREMIUM_TIER = "Promo access cannot be toggled on the premium tier."
MSG_NO_PROMO_ACCESS = "You have no promo access to turn on. Enter an Early Access Code first."
MSG_PROMO_ENABLED = "Promo access turned on."
MSG_PROMO_DISABLED = "Promo access turned off."
MSG_WAITLIST_MISSING = "Missing information: Please provide both your email and journaling story."
MSG_WAITLIST_JOINED = "Thanks for sharing! You're on the early-adopter waitlist."
MSG_WAITLIST_LEFT = "You have left the waitlist."
MSG_NOT_ON_WAITLIST = "You are not on the waitlist."
MSG_WAITLIST_FEATURE = "interestedFeatures may hold only " + ", ".join(WAITLIST_FEATURES) + "."
MSG_PREMIUM_ONLY = "This feature is only available to premium subscribers."
