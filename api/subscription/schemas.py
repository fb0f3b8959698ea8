"""Subscription, promo code and waitlist bodies (spec part 1 sections 3 and 7, part 2 sections 3
and 7)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal
from uuid import UUID

import msgspec

Tier = Literal["free", "premium"]
Status = Literal["active", "trialing", "free"]


class WaitlistStatusOut(msgspec.Struct, rename="camel", kw_only=True):
    id: UUID
    email: str
    is_subscribed: bool
    interested_features: list[str]
    created_at: datetime
    # The story the user sent, shown back in the form so sending it again updates it.
    message: str = ""


class SubscriptionOut(msgspec.Struct, rename="camel", kw_only=True):
    """GET /api/subscription. No payments yet (the spec README point 6), so the Stripe ids of
    part 1 are always null; `periodEnd` is when promo premium ends by itself."""

    tier: Tier
    status: Status
    period_end: datetime | None
    is_premium: bool
    stripe_customer_id: str | None = None
    stripe_subscription_id: str | None = None
    insights_used_this_week: int
    # The free plan's weekly limits (5 insights, 30 task generations); null: no limit (premium).
    insights_limit: int | None
    task_generations_this_week: int
    task_generations_used_this_week: int  # the same count, by the name part 2 also uses
    task_generations_limit: int | None


class PromoState(msgspec.Struct, rename="camel", kw_only=True):
    # Promo premium the user holds and that has not run out, switched on or not.
    available: bool
    enabled: bool
    # Whether it grants premium right now (available and enabled).
    has_access: bool
    source: Literal["code", "admin"] | None
    code: str | None
    expires_at: datetime | None
    # Promo premium that ran out by itself (a revoke leaves nothing to tell): when it ended, and
    # the code it came from (null for an admin's grant). Both null while promo premium is held.
    ended_at: datetime | None
    ended_code: str | None


class SubscriptionDetailsOut(msgspec.Struct, rename="camel", kw_only=True):
    """GET /api/subscription/details: what the /subscription screen shows about the account."""

    tier: Tier
    status: Status
    is_premium: bool
    # The paid tier (not promo): the promo toggle is disabled for these users.
    on_premium_tier: bool
    period_end: datetime | None
    promo: PromoState
    waitlist: WaitlistStatusOut | None


class PromoAccessOut(msgspec.Struct, rename="camel", kw_only=True):
    has_access: bool
    enabled: bool
    available: bool
    expires_at: datetime | None


class PromoCodeIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    code: str


class PromoCodeAppliedOut(msgspec.Struct, rename="camel", kw_only=True):
    success: bool
    message: str
    expires_at: datetime | None


class TogglePromoIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    enabled: bool


class TogglePromoOut(msgspec.Struct, rename="camel", kw_only=True):
    success: bool
    message: str
    has_access: bool


class WaitlistJoinIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    # The signed-in account's address is used; a different one here is ignored (the form shows
    # the account's, disabled).
    email: str | None = None
    message: str = ""
    name: str | None = None
    interested_features: list[str] = msgspec.field(default_factory=list)


class WaitlistJoinOut(msgspec.Struct, rename="camel", kw_only=True):
    success: bool
    message: str
    entry: WaitlistStatusOut
