"""Premium from promo codes and admins, and the waitlist: the one place these rows are written.

A code is checked here, on the server, against the codes admins generated (the spec README point
2): it must exist (compared case-insensitively), not be past its expiry, have uses left, and not
have been used by this user before. Redeeming locks the code's row, so two users racing for the
last use cannot both get it.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Literal

import sqlalchemy as sa
from advanced_alchemy.service import SQLAlchemyAsyncRepositoryService
from sqlalchemy.dialects.postgresql import insert

from api.errors import Conflict, FieldError
from api.services import repository_for
from api.subscription import rules
from api.subscription.schemas import PromoAccessOut, PromoState, WaitlistStatusOut
from models import PromoCode, PromoRedemption, User, WaitlistEntry
from models.dates import long_date


def now() -> datetime:
    return datetime.now(UTC)


# -- what the account has ------------------------------------------------------------------
def status_of(user: User) -> str:
    if user.subscription_tier == rules.TIER_PREMIUM:
        return rules.STATUS_ACTIVE
    return rules.STATUS_TRIALING if user.is_premium else rules.STATUS_FREE


def tier_of(user: User) -> str:
    return rules.TIER_PREMIUM if user.is_premium else rules.TIER_FREE


def period_end_of(user: User) -> datetime | None:
    """When premium ends by itself: the promo's end, for promo premium only."""
    return user.promo_expires_at if status_of(user) == rules.STATUS_TRIALING else None


def promo_access_of(user: User) -> PromoAccessOut:
    available = user.has_promo
    return PromoAccessOut(has_access=available and user.promo_access, enabled=user.promo_access,
                          available=available, expires_at=user.promo_expires_at if available else None)


def is_premium_clause() -> sa.ColumnElement[bool]:
    """`User.is_premium` in SQL, for counting premium users."""
    return sa.or_(
        User.subscription_tier == rules.TIER_PREMIUM,
        sa.and_(User.promo_access, User.promo_source.is_not(None),
                sa.or_(User.promo_expires_at.is_(None), User.promo_expires_at > sa.func.now())),
    )


def grant_promo(user: User, source: str, expires_at: datetime | None) -> None:
    """Give `user` promo premium until `expires_at` (never when None), switched on. Promo access
    already held is never shortened by a later grant."""
    if user.has_promo:
        if user.promo_expires_at is None:
            expires_at = None
        elif expires_at is not None:
            expires_at = max(expires_at, user.promo_expires_at)
        if user.promo_source == rules.PROMO_FROM_ADMIN and user.promo_expires_at is None:
            source = rules.PROMO_FROM_ADMIN
    user.promo_source, user.promo_expires_at, user.promo_access = source, expires_at, True


def revoke_promo(user: User) -> None:
    user.promo_source, user.promo_expires_at, user.promo_access = None, None, False


def toggle_promo(user: User, enabled: bool) -> None:
    """The user's own promo switch; disabled on the paid tier (spec part 2 section 4)."""
    if user.subscription_tier == rules.TIER_PREMIUM:
        raise FieldError("enabled", rules.MSG_PROMO_TOGGLE_PREMIUM_TIER)
    if enabled and not user.has_promo:
        raise FieldError("enabled", rules.MSG_NO_PROMO_ACCESS)
    user.promo_access = enabled


# -- promo codes ---------------------------------------------------------------------------
def normalized_code(text: str) -> str | None:
    """The code as stored (capitals), or None when `text` cannot be a code at all."""
    code = (text or "").strip().upper()
    if not code or len(code) > rules.PROMO_CODE_MAX_CHARS:
        return None
    return code


def new_code(influencer_name: str) -> str:
    prefix = "".join(ch for ch in influencer_name.upper() if ch.isascii() and ch.isalnum())[:rules.PROMO_PREFIX_CHARS]
    random_part = "".join(secrets.choice(rules.PROMO_ALPHABET) for _ in range(rules.PROMO_RANDOM_CHARS))
    return f"{prefix}-{random_part}" if prefix else random_part


class PromoCodeService(SQLAlchemyAsyncRepositoryService[PromoCode]):
    repository_type = repository_for(PromoCode)

    async def listed(self) -> Sequence[PromoCode]:
        return await self.get_many(statement=sa.select(PromoCode).order_by(PromoCode.created_at.desc()))

    async def generate(self, admin_id: uuid.UUID, influencer_name: str, duration_days: int,
                       max_uses: int, expires_at: datetime | None | Literal["default"] = "default") -> PromoCode:
        """A new code granting `duration_days` of premium, redeemable until `expires_at` (never when
        None; by default `duration_days` from now)."""
        created = now()
        if expires_at == "default":
            expires_at = created + timedelta(days=duration_days)
        for _ in range(5):  # 60 random bits: a clash is all but impossible, but never a 500
            code = new_code(influencer_name)
            if await self.get_one_or_none(PromoCode.code == code) is None:
                break
        return await self.repository.add(PromoCode(
            code=code, influencer_name=influencer_name, duration_days=duration_days, max_uses=max_uses,
            current_uses=0, expires_at=expires_at, created_by_id=admin_id,
            created_at=created,
        ))

    async def redeem(self, user: User, text: str) -> PromoRedemption:
        """Apply a code for `user`: 400 for an unknown, deactivated, expired or used-up code
        (`reason` "unknown", "deactivated", "expired", "used_up"); 409 when this user already used it (`reason` "active"
        while the access it gave is still on the account, else "used"), and 409 without using it
        when the account's promo access already outlasts it (`reason` "granted" for access until
        revoked, else "longer")."""
        code = normalized_code(text)
        row = None
        if code is not None:
            row = await self.get_one_or_none(PromoCode.code == code, with_for_update=True)
        if row is None:
            raise FieldError("code", rules.MSG_INVALID_PROMO, reason="unknown")
        session = self.repository.session
        used = await session.scalar(sa.select(sa.func.count()).select_from(PromoRedemption).where(
            PromoRedemption.promo_code_id == row.id, PromoRedemption.user_id == user.id))
        if used:
            active = promo_access_of(user).available and await self.last_code_of(user.id) == row.code
            raise Conflict(detail=rules.MSG_PROMO_ACTIVE if active else rules.MSG_PROMO_ALREADY_USED,
                           extra={"field": "code", "reason": "active" if active else "used"})
        at = now()
        if row.deactivated_at is not None:
            raise FieldError("code", rules.MSG_PROMO_DEACTIVATED, reason="deactivated")
        if row.expires_at is not None and row.expires_at <= at:
            raise FieldError("code", rules.MSG_PROMO_EXPIRED, reason="expired")
        if row.current_uses >= row.max_uses:
            raise FieldError("code", rules.MSG_PROMO_USED_UP, reason="used_up")
        if user.has_promo and (user.promo_expires_at is None
                               or user.promo_expires_at >= at + timedelta(days=row.duration_days)):
            # The code would add nothing (an admin's grant until revoked, or longer access):
            # spending one of its uses would only take it from someone else.
            if user.promo_expires_at is None:
                raise Conflict(detail=rules.MSG_PROMO_GRANTED, extra={"field": "code", "reason": "granted"})
            raise Conflict(detail=rules.MSG_PROMO_LONGER.format(date=long_date(user.promo_expires_at)),
                           extra={"field": "code", "reason": "longer"})
        redemption = PromoRedemption(promo_code_id=row.id, user_id=user.id, redeemed_at=at,
                                     access_expires_at=at + timedelta(days=row.duration_days))
        session.add(redemption)
        row.current_uses += 1
        grant_promo(user, rules.PROMO_FROM_CODE, redemption.access_expires_at)
        await session.flush()
        return redemption

    async def last_code_of(self, user_id: uuid.UUID) -> str | None:
        """The code the user redeemed last, if any."""
        return await self.repository.session.scalar(
            sa.select(PromoCode.code).join(PromoRedemption, PromoRedemption.promo_code_id == PromoCode.id)
            .where(PromoRedemption.user_id == user_id).order_by(PromoRedemption.redeemed_at.desc()).limit(1)
        )


def promo_state(user: User, code: str | None) -> PromoState:
    """The promo switch's state; `code` is the one the user redeemed last. Access that ran out
    keeps its source and end date on the account, so the plan card can say that it ended."""
    access = promo_access_of(user)
    from_code = user.promo_source == rules.PROMO_FROM_CODE
    ended = user.promo_source is not None and not access.available
    return PromoState(available=access.available, enabled=access.enabled, has_access=access.has_access,
                      source=user.promo_source if access.available else None,  # type: ignore[arg-type]
                      code=code if from_code and access.available else None,
                      expires_at=access.expires_at,
                      ended_at=user.promo_expires_at if ended else None,
                      ended_code=code if from_code and ended else None)


# -- the waitlist --------------------------------------------------------------------------
def waitlist_status(entry: WaitlistEntry) -> WaitlistStatusOut:
    return WaitlistStatusOut(id=entry.id, email=entry.email, is_subscribed=entry.is_subscribed,
                             interested_features=list(entry.interested_features or []), created_at=entry.created_at,
                             message=entry.message)


class WaitlistService(SQLAlchemyAsyncRepositoryService[WaitlistEntry]):
    repository_type = repository_for(WaitlistEntry)

    async def join(self, user: User, message: str, name: str | None, features: list[str]) -> WaitlistEntry:
        """One row per account: joining again updates the story and subscribes again. The row is
        found by the account, never by the address (an address the account gave up may belong to
        someone else by now)."""
        story = (message or "").strip()
        if not story:
            raise FieldError("message", rules.MSG_WAITLIST_MISSING)
        if len(story) > rules.WAITLIST_MESSAGE_MAX_CHARS:
            raise FieldError("message", f"message can be at most {rules.WAITLIST_MESSAGE_MAX_CHARS:,} characters.")
        clean_name = (name or "").strip() or None
        if clean_name and len(clean_name) > rules.WAITLIST_NAME_MAX_CHARS:
            raise FieldError("name", f"name can be at most {rules.WAITLIST_NAME_MAX_CHARS} characters.")
        unknown = [f for f in features if f not in rules.WAITLIST_FEATURES]
        if unknown:
            raise FieldError("interestedFeatures", rules.MSG_WAITLIST_FEATURE)
        chosen = [f for f in rules.WAITLIST_FEATURES if f in features]
        session = self.repository.session
        # Insert or update in one statement: two joins at once make one row, never a 500.
        statement = (
            insert(WaitlistEntry)
            .values(id=uuid.uuid4(), user_id=user.id, name=clean_name or user.full_name, email=user.email,
                    message=story, interested_features=chosen, is_subscribed=True, created_at=now(),
                    updated_at=now())
            .on_conflict_do_update(
                index_elements=[WaitlistEntry.user_id],
                set_={"email": user.email, "message": story, "interested_features": chosen, "is_subscribed": True,
                      "name": sa.func.coalesce(clean_name, WaitlistEntry.name), "updated_at": now()},
            )
            .returning(WaitlistEntry.id)
        )
        entry_id = await session.scalar(statement)
        entry = await session.get(WaitlistEntry, entry_id, populate_existing=True)
        assert entry is not None
        return entry

    async def of_account(self, user: User) -> WaitlistEntry | None:
        return await self.get_one_or_none(WaitlistEntry.user_id == user.id)

    async def leave(self, user: User) -> WaitlistEntry | None:
        entry = await self.of_account(user)
        if entry is not None:
            entry.is_subscribed = False
            await self.repository.session.flush()
        return entry

    async def listed(self) -> Sequence[WaitlistEntry]:
        return await self.get_many(statement=sa.select(WaitlistEntry).order_by(WaitlistEntry.created_at.desc()))
