"""/api/subscription/* and /api/waitlist/* (spec part 1 section 7 "Subscription", part 2 section
7). Premium is decided here, on the server: promo codes are checked against the codes admins
generated, and `isPremium` on the user follows the code's duration and the user's toggle."""

from __future__ import annotations

from advanced_alchemy.exceptions import NotFoundError
from litestar import Controller, Request, get, post

from api.dependencies import Limiter
from api.errors import documented_errors, error_responses
from api.services import provide
from api.subscription import rules
from api.subscription import services as subscription
from api.subscription.schemas import (
    PromoAccessOut,
    PromoCodeAppliedOut,
    PromoCodeIn,
    SubscriptionDetailsOut,
    SubscriptionOut,
    TogglePromoIn,
    TogglePromoOut,
    WaitlistJoinIn,
    WaitlistJoinOut,
)
from api.subscription.services import PromoCodeService, WaitlistService
from api.subscription.usage import UsageService


@documented_errors
class SubscriptionController(Controller):
    path = "/api/subscription"
    tags = ["subscription"]
    dependencies = provide(usage=UsageService, codes=PromoCodeService, waitlist=WaitlistService)

    @get(operation_id="getSubscription")
    async def get_subscription(self, request: Request, usage: UsageService) -> SubscriptionOut:
        """The account's tier and status, and this week's use of the free plan's limits."""
        user = request.user
        week = await usage.weekly(user)
        return SubscriptionOut(
            tier=subscription.tier_of(user),  # type: ignore[arg-type]
            status=subscription.status_of(user),  # type: ignore[arg-type]
            period_end=subscription.period_end_of(user), is_premium=user.is_premium,
            insights_used_this_week=week.insights_used_this_week, insights_limit=week.insights_limit,
            task_generations_this_week=week.task_generations_this_week,
            task_generations_used_this_week=week.task_generations_this_week,
            task_generations_limit=week.task_generations_limit,
        )

    @get("/details", operation_id="getSubscriptionDetails")
    async def get_details(self, request: Request, codes: PromoCodeService,
                          waitlist: WaitlistService) -> SubscriptionDetailsOut:
        """What the /subscription screen shows: premium and where it comes from, the promo switch,
        and the account's waitlist entry."""
        user = request.user
        entry = await waitlist.of_account(user)
        return SubscriptionDetailsOut(
            tier=subscription.tier_of(user),  # type: ignore[arg-type]
            status=subscription.status_of(user),  # type: ignore[arg-type]
            is_premium=user.is_premium, on_premium_tier=user.subscription_tier == rules.TIER_PREMIUM,
            period_end=subscription.period_end_of(user),
            promo=subscription.promo_state(user, await codes.last_code_of(user.id)),
            waitlist=subscription.waitlist_status(entry) if entry else None,
        )

    @get("/promo-access", operation_id="getPromoAccess")
    async def get_promo_access(self, request: Request) -> PromoAccessOut:
        """`hasAccess`: promo premium that has not run out and is switched on."""
        return subscription.promo_access_of(request.user)

    @post("/promo-code", operation_id="applyPromoCode", status_code=200, responses=error_responses(409, 429))
    async def apply_promo_code(self, request: Request, codes: PromoCodeService, rate_limiter: Limiter,
                               data: PromoCodeIn) -> PromoCodeAppliedOut:
        """Redeem an Early Access Code (case-insensitive). 400 'Invalid promo code' for a code that
        is unknown, expired or used up; 409 when this account already used it; 429 after too many
        attempts."""
        await rate_limiter.check("promo_code", request, account=str(request.user.id))
        redemption = await codes.redeem(request.user, data.code)
        return PromoCodeAppliedOut(success=True, message=rules.MSG_PROMO_APPLIED,
                                   expires_at=request.user.promo_expires_at or redemption.access_expires_at)

    @post("/toggle-promo", operation_id="togglePromo", status_code=200)
    async def toggle_promo(self, request: Request, codes: PromoCodeService, data: TogglePromoIn) -> TogglePromoOut:
        """Switch promo premium on or off. 400 on the paid tier (the switch is disabled there) and
        when turning on promo access the account does not hold."""
        subscription.toggle_promo(request.user, data.enabled)
        await codes.repository.session.flush()
        access = subscription.promo_access_of(request.user)
        return TogglePromoOut(success=True, message=rules.MSG_PROMO_ENABLED if data.enabled else rules.MSG_PROMO_DISABLED,
                              has_access=access.has_access)


@documented_errors
class WaitlistController(Controller):
    path = "/api/waitlist"
    tags = ["subscription"]
    dependencies = provide(waitlist=WaitlistService)

    @post("/join", operation_id="joinWaitlist", status_code=200)
    async def join(self, request: Request, waitlist: WaitlistService, data: WaitlistJoinIn) -> WaitlistJoinOut:
        """Join the early-adopter waitlist with the account's e-mail and a journaling story (both
        required); joining again updates the story and subscribes again."""
        entry = await waitlist.join(request.user, data.message, data.name, data.interested_features)
        return WaitlistJoinOut(success=True, message=rules.MSG_WAITLIST_JOINED,
                               entry=subscription.waitlist_status(entry))

    @post("/leave", operation_id="leaveWaitlist", status_code=200, responses=error_responses(404))
    async def leave(self, request: Request, waitlist: WaitlistService) -> WaitlistJoinOut:
        """Unsubscribe the account's waitlist entry (it stays, marked Unsubscribed). 404 when the
        account has none."""
        entry = await waitlist.leave(request.user)
        if entry is None:
            raise NotFoundError(detail=rules.MSG_NOT_ON_WAITLIST)
        return WaitlistJoinOut(success=True, message=rules.MSG_WAITLIST_LEFT, entry=subscription.waitlist_status(entry))
