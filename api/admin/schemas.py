"""Admin panel bodies (spec part 2 section 3: waitlist entry, promo code, admin user row)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Literal
from uuid import UUID

import msgspec

from api.subscription.rules import PROMO_DEFAULT_DURATION_DAYS
from models import AdminAction, PromoCode, WaitlistEntry


class AdminUserOut(msgspec.Struct, rename="camel", kw_only=True):
    id: UUID
    username: str
    email: str
    created_at: datetime
    journal_entry_count: int
    # Sessions that have not ended (signed-in browsers and devices).
    session_count: int
    # The effective tier: premium through the paid tier or promo access.
    subscription_tier: Literal["free", "premium"]
    # 'trialing' (shown as Premium Trial) for premium through promo access.
    subscription_status: Literal["active", "trialing", "free"]
    is_premium: bool
    is_verified: bool
    # Deletion is permanent (no soft delete), so this is always null; kept for the panel's labels.
    deleted_at: datetime | None
    is_admin: bool
    # Promo access the user holds: from a code or an admin; its end, if it has one.
    promo_source: Literal["code", "admin"] | None
    promo_code_applied: str | None
    promo_code_expiry: datetime | None
    last_login_at: datetime | None
    # The latest of: a sign-in, a request on one of their sessions, an entry written.
    last_activity_at: datetime | None = None


class SetAdminIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    is_admin: bool


class PremiumAccessIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    """Grant (enabled) or revoke promo premium. Granted access lasts `durationDays` (one of the
    promo durations) or, when null, until revoked."""

    enabled: bool
    duration_days: int | None = None


class AdminUserResultOut(msgspec.Struct, kw_only=True):
    success: bool
    message: str
    user: AdminUserOut


class AdminDeletedOut(msgspec.Struct, kw_only=True):
    success: bool
    message: str


class WaitlistEntryOut(msgspec.Struct, rename="camel", kw_only=True):
    id: UUID
    user_id: UUID | None
    name: str | None
    email: str
    message: str
    created_at: datetime
    interested_features: list[str]
    is_subscribed: bool

    @classmethod
    def of(cls, e: WaitlistEntry) -> WaitlistEntryOut:
        return cls(id=e.id, user_id=e.user_id, name=e.name, email=e.email, message=e.message,
                   created_at=e.created_at, interested_features=list(e.interested_features or []),
                   is_subscribed=e.is_subscribed)


CodeState = Literal["active", "deactivated", "expired", "used_up"]


class PromoCodeOut(msgspec.Struct, rename="camel", kw_only=True):
    id: UUID
    code: str
    influencer_name: str
    created_at: datetime
    # Null means the code never expires (shown as 'Never').
    expires_at: datetime | None
    # The last day (UTC) it can be redeemed: what the panel shows and edits.
    expires_on: date | None
    # How many days of premium each redemption grants.
    duration_days: int
    current_uses: int
    max_uses: int
    deactivated_at: datetime | None
    # Whether it can be redeemed now, or why not: deactivated (an admin stopped it), expired, used up.
    state: CodeState

    @classmethod
    def of(cls, p: PromoCode, now: datetime) -> PromoCodeOut:
        return cls(id=p.id, code=p.code, influencer_name=p.influencer_name, created_at=p.created_at,
                   expires_at=p.expires_at, expires_on=last_day(p.expires_at), duration_days=p.duration_days,
                   current_uses=p.current_uses, max_uses=p.max_uses, deactivated_at=p.deactivated_at,
                   state=code_state(p, now))


def last_day(expires_at: datetime | None) -> date | None:
    """The last UTC day before `expires_at` (an expiry at midnight ends the day before)."""
    return None if expires_at is None else (expires_at.astimezone(UTC) - timedelta(microseconds=1)).date()


def code_state(p: PromoCode, now: datetime) -> CodeState:
    if p.deactivated_at is not None:
        return "deactivated"
    if p.expires_at is not None and p.expires_at <= now:
        return "expired"
    if p.current_uses >= p.max_uses:
        return "used_up"
    return "active"


class GeneratePromoCodeIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    influencer_name: str
    # One of 7, 14, 30, 60, 90, 365: how long the premium each redemption grants lasts.
    duration_days: int = PROMO_DEFAULT_DURATION_DAYS
    # How many users may redeem it (100 unless given).
    max_uses: int | None = None
    # The last day (UTC) it can be redeemed; unless given (or `neverExpires`), `durationDays` from now.
    expires_on: date | None = None
    never_expires: bool = False


class PromoCodeChangeIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    """PATCH /api/admin/promo-codes/{id}: what to change (anything left out stays). `active` false
    deactivates the code (refused from then on), true reactivates it. A new `durationDays` applies
    to the redemptions after it; premium already granted keeps its end."""

    active: bool | None = None
    max_uses: int | None = None
    duration_days: int | None = None
    expires_on: date | None = None
    never_expires: bool | None = None


class GeneratedCodeOut(msgspec.Struct, rename="camel", kw_only=True):
    code: str
    promo_code: PromoCodeOut


class AdminStatsOut(msgspec.Struct, rename="camel", kw_only=True):
    users: int
    verified_users: int
    # Users with at least one entry (the Active Users tab).
    active_users: int
    premium_users: int
    admins: int
    # Users with no entries or younger than 24 hours (the Test Accounts tab).
    test_accounts: int
    entries: int
    # Entries written in the last seven days.
    entries_this_week: int
    waitlist_subscribed: int
    promo_codes: int


class AuditEntryOut(msgspec.Struct, rename="camel", kw_only=True):
    id: UUID
    admin_id: UUID
    # The admin's current username, or the one they had then once that account is gone.
    admin_username: str | None
    action: str
    target_type: str
    target_id: UUID | None
    # The affected user's current username, or the one they had then once that account is gone.
    target_username: str | None
    detail: str | None
    created_at: datetime

    @classmethod
    def of(cls, a: AdminAction, names: dict[UUID, str]) -> AuditEntryOut:
        target = None
        if a.target_type == "user" and a.target_id:
            target = names.get(a.target_id, a.target_name)
        return cls(id=a.id, admin_id=a.admin_id, admin_username=names.get(a.admin_id, a.admin_name),
                   action=a.action, target_type=a.target_type, target_id=a.target_id, target_username=target,
                   detail=a.detail, created_at=a.created_at)


class AdminSessionOut(msgspec.Struct, rename="camel", kw_only=True):
    """One signed-in browser or device of a user."""

    id: UUID
    created_at: datetime
    last_seen_at: datetime
    expires_at: datetime
    user_agent: str | None
    ip_address: str | None
    # The session this admin is using right now (on their own page).
    current: bool


class AdminRedemptionOut(msgspec.Struct, rename="camel", kw_only=True):
    code: str | None  # None once the code was deleted
    redeemed_at: datetime
    access_expires_at: datetime


class AdminUserDetailOut(msgspec.Struct, rename="camel", kw_only=True):
    """GET /api/admin/users/{id}: the row and the facts behind it."""

    user: AdminUserOut
    sessions: list[AdminSessionOut]
    # An unverified account's live verification code: when it was sent and when it stops working.
    verification_sent_at: datetime | None
    verification_expires_at: datetime | None
    last_entry_at: datetime | None
    tasks: int
    insights: int
    photos: int
    has_resume: bool
    # On the waitlist: subscribed (True) or unsubscribed (False); None when never joined.
    waitlist_subscribed: bool | None
    redemptions: list[AdminRedemptionOut]
    # The latest admin actions about this user, newest first.
    audit_log: list[AuditEntryOut]


class EndSessionsOut(msgspec.Struct, kw_only=True):
    success: bool
    message: str
    ended: int


class AdminMessageOut(msgspec.Struct, kw_only=True):
    success: bool
    message: str
