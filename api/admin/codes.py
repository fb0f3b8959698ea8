"""/api/admin/promo-codes and /api/admin/generate-promo-code: the System tab's Generate Code and
Manage Codes (spec part 2 sections 2, 3, 6 and 7), behind the same `admin_only` guard as the rest
of the admin router. A code's use limit, expiry and grant length are set when it is made and can be
changed later; a code can be deactivated (refused from then on, with its own message), reactivated
and deleted. Premium already granted by a code keeps its end whatever happens to the code (an admin
revokes a person's access on their row). Every change is in the audit log."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, time, timedelta

from advanced_alchemy.exceptions import NotFoundError
from litestar import Controller, Request, delete, get, patch, post

from api.accounts.access import admin_only
from api.admin import rules
from api.admin.schemas import (
    AdminDeletedOut,
    GeneratedCodeOut,
    GeneratePromoCodeIn,
    PromoCodeChangeIn,
    PromoCodeOut,
    last_day,
)
from api.admin.services import AuditService
from api.errors import FieldError, documented_errors
from api.services import provide
from api.subscription import rules as promo_rules
from api.subscription import services as subscription
from api.subscription.services import PromoCodeService
from api.validation import looks_blank, no_control_characters
from models import PromoCode
from models.dates import long_date


def duration(days: int | None, field: str = "durationDays") -> int:
    if days not in promo_rules.PROMO_DURATIONS_DAYS:
        raise FieldError(field, rules.MSG_DURATION)
    return days  # type: ignore[return-value]


def _max_uses(value: int, used: int = 0) -> int:
    if not 1 <= value <= promo_rules.PROMO_MAX_USES_LIMIT:
        raise FieldError("maxUses", rules.MSG_MAX_USES.format(limit=promo_rules.PROMO_MAX_USES_LIMIT))
    if value < used:
        raise FieldError("maxUses", rules.MSG_MAX_USES_BELOW_USED.format(used=used))
    return value


def _expiry(expires_on: date | None, never: bool | None, today: date) -> datetime | None:
    """The end of `expires_on` (UTC), checked: not past, at most MAX_CODE_YEARS ahead; None for never."""
    if never and expires_on is not None:
        raise FieldError("expiresOn", rules.MSG_EXPIRY_BOTH)
    if never:
        return None
    assert expires_on is not None
    if expires_on < today:
        raise FieldError("expiresOn", rules.MSG_EXPIRY_PAST)
    if expires_on > today + timedelta(days=365 * rules.MAX_CODE_YEARS):
        raise FieldError("expiresOn", rules.MSG_EXPIRY_FAR.format(years=rules.MAX_CODE_YEARS))
    return datetime.combine(expires_on + timedelta(days=1), time(), UTC)


def _uses(n: int) -> str:
    return f"{n:,} use" if n == 1 else f"{n:,} uses"


def _ends(expires_at: datetime | None) -> str:
    return "never expires" if expires_at is None else f"redeemable until {long_date(last_day(expires_at))}"


@documented_errors
class PromoCodesAdminController(Controller):
    path = "/api/admin"
    tags = ["admin"]
    guards = [admin_only]
    dependencies = provide(codes=PromoCodeService, audit=AuditService)

    @get("/promo-codes", operation_id="adminListPromoCodes")
    async def list_promo_codes(self, codes: PromoCodeService) -> list[PromoCodeOut]:
        """Every code, newest first, with its state: active, deactivated, expired or used up."""
        at = subscription.now()
        return [PromoCodeOut.of(c, at) for c in await codes.listed()]

    @post("/generate-promo-code", operation_id="adminGeneratePromoCode", status_code=201)
    async def generate_promo_code(self, request: Request, codes: PromoCodeService, audit: AuditService,
                                  data: GeneratePromoCodeIn) -> GeneratedCodeOut:
        """A new unguessable code for an influencer: each of up to `maxUses` users (100 unless given)
        gets `durationDays` of premium (30 unless given); redeemable until the end of `expiresOn`
        (UTC), never with `neverExpires`, otherwise for `durationDays` from now."""
        name = (data.influencer_name or "").strip()
        if looks_blank(name):  # "" or only zero-width characters: a blank name in the panel
            raise FieldError("influencerName", rules.MSG_INFLUENCER_REQUIRED)
        if rules.DIRECTION_CONTROLS.intersection(name):
            raise FieldError("influencerName", rules.MSG_INFLUENCER_DIRECTION)
        no_control_characters(name, "influencerName")
        if len(name) > promo_rules.INFLUENCER_NAME_MAX_CHARS:
            raise FieldError("influencerName",
                             f"influencerName can be at most {promo_rules.INFLUENCER_NAME_MAX_CHARS} characters.")
        days = duration(data.duration_days)
        max_uses = _max_uses(promo_rules.PROMO_DEFAULT_MAX_USES if data.max_uses is None else data.max_uses)
        at = subscription.now()
        given = data.never_expires or data.expires_on is not None
        expires = _expiry(data.expires_on, data.never_expires, at.date()) if given else "default"
        code = await codes.generate(request.user.id, name, days, max_uses, expires)
        await audit.record(request.user, rules.ACTION_GENERATE_CODE, "promo_code", code.id,
                           f"{code.code}: {days} days, {_uses(max_uses)}, {_ends(code.expires_at)}")
        return GeneratedCodeOut(code=code.code, promo_code=PromoCodeOut.of(code, at))

    @patch("/promo-codes/{code_id:uuid}", operation_id="adminChangePromoCode")
    async def change_promo_code(self, request: Request, codes: PromoCodeService, audit: AuditService,
                                code_id: uuid.UUID, data: PromoCodeChangeIn) -> PromoCodeOut:
        """Deactivate (`active` false) or reactivate a code, or change its use limit (not below the
        uses made), its expiry (`expiresOn`, `neverExpires`) or the premium a redemption grants from
        now on (`durationDays`). A change to what the code already has is no change and not logged."""
        code = await self._code(codes, code_id)
        at = subscription.now()
        changes: list[str] = []
        if data.active is not None and data.active == (code.deactivated_at is not None):
            code.deactivated_at = None if data.active else at
            changes.append("reactivated" if data.active else "deactivated")
        if data.max_uses is not None and data.max_uses != code.max_uses:
            code.max_uses = _max_uses(data.max_uses, code.current_uses)
            changes.append(f"limit {_uses(code.max_uses)}")
        if data.duration_days is not None and data.duration_days != code.duration_days:
            code.duration_days = duration(data.duration_days)
            changes.append(f"grants {code.duration_days} days")
        if data.never_expires or data.expires_on is not None:
            expires = _expiry(data.expires_on, data.never_expires, at.date())
            if expires != code.expires_at:
                code.expires_at = expires
                changes.append(_ends(expires))
        if changes:
            await codes.repository.session.flush()
            await audit.record(request.user, rules.ACTION_CHANGE_CODE, "promo_code", code.id,
                               f"{code.code}: {', '.join(changes)}")
        return PromoCodeOut.of(code, at)

    @delete("/promo-codes/{code_id:uuid}", operation_id="adminDeletePromoCode", status_code=200)
    async def delete_promo_code(self, request: Request, codes: PromoCodeService, audit: AuditService,
                                code_id: uuid.UUID) -> AdminDeletedOut:
        """Delete a code for good. Those who redeemed it keep the premium it gave until it ends."""
        code = await self._code(codes, code_id)
        await audit.record(request.user, rules.ACTION_DELETE_CODE, "promo_code", code.id,
                           f"{code.code}: redeemed by {code.current_uses:,} "
                           f"{'person' if code.current_uses == 1 else 'people'}")
        await codes.delete(code.id)
        return AdminDeletedOut(success=True, message=rules.MSG_CODE_DELETED)

    @staticmethod
    async def _code(codes: PromoCodeService, code_id: uuid.UUID) -> PromoCode:
        code = await codes.get_one_or_none(PromoCode.id == code_id, with_for_update=True)
        if code is None:
            raise NotFoundError(detail=rules.MSG_CODE_NOT_FOUND)
        return code
