"""/api/admin/*: the admin panel's calls (spec part 2 sections 6 and 7). One router; the
`admin_only` guard on it answers 401 to a visitor and 403 to any signed-in non-admin before a
handler runs. Each change is written to the audit log with the acting admin's id."""

from __future__ import annotations

import uuid
from datetime import timedelta

from advanced_alchemy.exceptions import NotFoundError
from litestar import Controller, Request, delete, get, post

from api.admin import rules
from api.admin.schemas import (
    AdminDeletedOut,
    AdminStatsOut,
    AdminUserOut,
    AdminUserResultOut,
    AuditEntryOut,
    GeneratedCodeOut,
    GeneratePromoCodeIn,
    PremiumAccessIn,
    PromoCodeOut,
    SetAdminIn,
    WaitlistEntryOut,
)
from api.admin.services import AuditService, UserAdminService
from api.auth.access import admin_only
from api.errors import Conflict, FieldError, documented_errors, error_responses
from api.services import provide
from api.subscription import rules as promo_rules
from api.subscription import services as subscription
from api.subscription.services import PromoCodeService, WaitlistService
from api.validation import looks_blank, no_control_characters
from models import User, WaitlistEntry


def _duration(days: int | None, field: str = "durationDays") -> int:
    if days not in promo_rules.PROMO_DURATIONS_DAYS:
        raise FieldError(field, rules.MSG_DURATION)
    return days  # type: ignore[return-value]


@documented_errors
class AdminController(Controller):
    path = "/api/admin"
    tags = ["admin"]
    guards = [admin_only]
    dependencies = provide(users=UserAdminService, audit=AuditService, codes=PromoCodeService,
                           waitlist=WaitlistService)

    # -- users ---------------------------------------------------------------------------
    @get("/users", operation_id="adminListUsers")
    async def list_users(self, users: UserAdminService) -> list[AdminUserOut]:
        """Every account, newest first, with its entry and session counts and premium state."""
        return await users.rows()

    @post("/users/{user_id:uuid}/set-admin", operation_id="adminSetAdmin", status_code=200,
          responses=error_responses(409))
    async def set_admin(self, request: Request, users: UserAdminService, audit: AuditService,
                        user_id: uuid.UUID, data: SetAdminIn) -> AdminUserResultOut:
        """Grant or take away admin rights. 409 when it would leave no admin, or when the server's
        configuration (ADMIN_EMAILS) makes the account an admin: it would be one again at its next
        sign-in. Setting the value the user already has changes nothing and is not logged."""
        user = await users.target(user_id, admin_id=None if data.is_admin else request.user.id)
        if not data.is_admin and user.is_admin and user.email.lower() in request.app.state.settings.admin_emails:
            raise Conflict(detail=rules.MSG_ADMIN_BY_CONFIG, extra={"reason": "configured"})
        if await users.set_admin(user, data.is_admin):
            await audit.record(request.user, rules.ACTION_SET_ADMIN, "user", user.id,
                               rules.DETAIL_ADMIN if data.is_admin else rules.DETAIL_NOT_ADMIN, target=user)
        return AdminUserResultOut(success=True, message=rules.MSG_ADMIN_UPDATED, user=await users.row(user.id))

    @post("/users/{user_id:uuid}/premium-access", operation_id="adminSetPremiumAccess", status_code=200)
    async def set_premium_access(self, request: Request, users: UserAdminService, audit: AuditService,
                                 user_id: uuid.UUID, data: PremiumAccessIn) -> AdminUserResultOut:
        """Grant promo premium (for `durationDays`, or until revoked when null) or revoke it. A call
        that changes nothing (revoking no access, a grant shorter than the one held) is not logged."""
        user = await users.target(user_id)
        before = (user.promo_source, user.promo_expires_at, user.promo_access)
        if data.enabled:
            days = None if data.duration_days is None else _duration(data.duration_days)
            expires = None if days is None else subscription.now() + timedelta(days=days)
            subscription.grant_promo(user, promo_rules.PROMO_FROM_ADMIN, expires)
            action, detail = rules.ACTION_GRANT_PROMO, f"{days} days" if days else "until revoked"
        else:
            subscription.revoke_promo(user)
            action, detail = rules.ACTION_REVOKE_PROMO, None
        if (user.promo_source, user.promo_expires_at, user.promo_access) != before:
            await audit.record(request.user, action, "user", user.id, detail, target=user)
        await users.session.flush()
        return AdminUserResultOut(success=True, message=rules.MSG_PREMIUM_UPDATED, user=await users.row(user.id))

    @delete("/users/{user_id:uuid}", operation_id="adminDeleteUser", status_code=200,
            responses=error_responses(409))
    async def delete_user(self, request: Request, users: UserAdminService, audit: AuditService,
                          user_id: uuid.UUID) -> AdminDeletedOut:
        """Delete the account permanently with everything it owns, its files included. 409 when
        it is the last admin."""
        user = await users.target(user_id, admin_id=request.user.id)
        # The username in the line itself: it says which account went once the account is gone.
        await audit.record(request.user, rules.ACTION_DELETE_USER, "user", user.id, user.username, target=user)
        await users.delete(user, request.app.state.storage)
        return AdminDeletedOut(success=True, message=rules.MSG_USER_DELETED)

    # -- the waitlist --------------------------------------------------------------------
    @get("/waitlist", operation_id="adminListWaitlist")
    async def list_waitlist(self, waitlist: WaitlistService) -> list[WaitlistEntryOut]:
        return [WaitlistEntryOut.of(e) for e in await waitlist.listed()]

    @delete("/waitlist/{entry_id:uuid}", operation_id="adminDeleteWaitlistEntry", status_code=200)
    async def delete_waitlist_entry(self, request: Request, waitlist: WaitlistService, audit: AuditService,
                                    users: UserAdminService, entry_id: uuid.UUID) -> AdminDeletedOut:
        entry = await waitlist.get_one_or_none(WaitlistEntry.id == entry_id)
        if entry is None:
            raise NotFoundError(detail=rules.MSG_WAITLIST_NOT_FOUND)
        owner = await users.get_one_or_none(User.id == entry.user_id) if entry.user_id else None
        await audit.record(request.user, rules.ACTION_DELETE_WAITLIST, "waitlist", entry.id,
                           owner.username if owner else None, target=owner)
        await waitlist.delete(entry.id)
        return AdminDeletedOut(success=True, message=rules.MSG_WAITLIST_DELETED)

    # -- promo codes ---------------------------------------------------------------------
    @get("/promo-codes", operation_id="adminListPromoCodes")
    async def list_promo_codes(self, codes: PromoCodeService) -> list[PromoCodeOut]:
        return [PromoCodeOut.of(c) for c in await codes.listed()]

    @post("/generate-promo-code", operation_id="adminGeneratePromoCode", status_code=201)
    async def generate_promo_code(self, request: Request, codes: PromoCodeService, audit: AuditService,
                                  data: GeneratePromoCodeIn) -> GeneratedCodeOut:
        """A new unguessable code for an influencer: redeemable for `durationDays` (30 unless
        given) by up to `maxUses` users (100 unless given), each getting `durationDays` of premium."""
        name = (data.influencer_name or "").strip()
        if looks_blank(name):  # "" or only zero-width characters: a blank name in the panel
            raise FieldError("influencerName", rules.MSG_INFLUENCER_REQUIRED)
        if rules.DIRECTION_CONTROLS.intersection(name):
            raise FieldError("influencerName", rules.MSG_INFLUENCER_DIRECTION)
        no_control_characters(name, "influencerName")
        if len(name) > promo_rules.INFLUENCER_NAME_MAX_CHARS:
            raise FieldError("influencerName",
                             f"influencerName can be at most {promo_rules.INFLUENCER_NAME_MAX_CHARS} characters.")
        days = _duration(data.duration_days)
        max_uses = promo_rules.PROMO_DEFAULT_MAX_USES if data.max_uses is None else data.max_uses
        if not 1 <= max_uses <= promo_rules.PROMO_MAX_USES_LIMIT:
            raise FieldError("maxUses", rules.MSG_MAX_USES.format(limit=promo_rules.PROMO_MAX_USES_LIMIT))
        code = await codes.generate(request.user.id, name, days, max_uses)
        await audit.record(request.user, rules.ACTION_GENERATE_CODE, "promo_code", code.id,
                           f"{code.code}: {days} days, {max_uses} uses")
        return GeneratedCodeOut(code=code.code, promo_code=PromoCodeOut.of(code))

    # -- the System tab ------------------------------------------------------------------
    @get("/stats", operation_id="adminStats")
    async def stats(self, users: UserAdminService) -> AdminStatsOut:
        """Users, verified, active (with entries), premium, admins, test accounts, entries and
        entries of the last seven days, subscribed waitlist entries, promo codes."""
        return await users.stats()

    @get("/audit-log", operation_id="adminAuditLog")
    async def audit_log(self, audit: AuditService) -> list[AuditEntryOut]:
        """The latest admin actions, newest first: who did what to what, and when."""
        return await audit.latest()
