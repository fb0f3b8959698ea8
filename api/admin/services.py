"""What admins read and change: every user's row, their deletion, statistics, the audit log.

Every admin action is written to the audit log in the same transaction as the change itself, so
the log never claims a change that did not happen, nor misses one that did.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from advanced_alchemy.exceptions import NotFoundError
from advanced_alchemy.service import SQLAlchemyAsyncRepositoryService

from api.accounts.services import UserService
from api.admin import rules
from api.admin.listing import UserFilter
from api.admin.schemas import (
    AdminRedemptionOut,
    AdminSessionOut,
    AdminStatsOut,
    AdminUserDetailOut,
    AdminUserOut,
    AuditEntryOut,
)
from api.paging import Page, decode_cursor, encode_cursor
from api.services import repository_for
from api.subscription import services as subscription
from models import (
    AdminAction,
    AuthSession,
    Insight,
    JournalEntry,
    Photo,
    PromoCode,
    PromoRedemption,
    Resume,
    Task,
    User,
    VerificationCode,
    WaitlistEntry,
)


def _count_of(model: type, *where: sa.ColumnElement[bool]) -> sa.ScalarSelect[int]:
    return sa.select(sa.func.count()).select_from(model).where(*where).scalar_subquery()


class UserAdminService(UserService):
    """Every user's row as the admin panel shows and changes it; locking a user and deleting an
    account are the accounts' own (`UserService.locked`, `UserService.delete_account`)."""

    def _rows_statement(self) -> sa.Select:
        last_code = (
            sa.select(PromoCode.code).join(PromoRedemption, PromoRedemption.promo_code_id == PromoCode.id)
            .where(PromoRedemption.user_id == User.id).order_by(PromoRedemption.redeemed_at.desc()).limit(1)
            .scalar_subquery()
        )
        last_entry = (sa.select(sa.func.max(JournalEntry.created_at)).where(JournalEntry.user_id == User.id)
                      .scalar_subquery())
        last_seen = (sa.select(sa.func.max(AuthSession.last_seen_at)).where(AuthSession.user_id == User.id)
                     .scalar_subquery())
        return sa.select(
            User,
            _count_of(JournalEntry, JournalEntry.user_id == User.id).label("entries"),
            _count_of(AuthSession, AuthSession.user_id == User.id, AuthSession.expires_at > sa.func.now())
            .label("sessions"),
            last_code.label("code"),
            sa.func.greatest(User.last_login_at, last_entry, last_seen).label("last_activity"),
        )

    @staticmethod
    def _row(user: User, entries: int, sessions: int, code: str | None,
             last_activity: datetime | None = None) -> AdminUserOut:
        holds_promo = user.has_promo
        return AdminUserOut(
            id=user.id, username=user.username, email=user.email, created_at=user.created_at,
            journal_entry_count=entries, session_count=sessions,
            subscription_tier=subscription.tier_of(user),  # type: ignore[arg-type]
            subscription_status=subscription.status_of(user),  # type: ignore[arg-type]
            is_premium=user.is_premium, is_verified=user.is_verified, deleted_at=None, is_admin=user.is_admin,
            promo_source=user.promo_source if holds_promo else None,  # type: ignore[arg-type]
            promo_code_applied=code if holds_promo and user.promo_source == "code" else None,
            promo_code_expiry=user.promo_expires_at if holds_promo else None,
            last_login_at=user.last_login_at, last_activity_at=last_activity,
        )

    async def rows(self) -> list[AdminUserOut]:
        result = await self.session.execute(self._rows_statement().order_by(User.created_at.desc()))
        return [self._row(*row) for row in result.all()]

    async def row(self, user_id: uuid.UUID) -> AdminUserOut:
        found = (await self.session.execute(self._rows_statement().where(User.id == user_id))).first()
        if found is None:
            raise NotFoundError(detail=rules.MSG_USER_NOT_FOUND)
        return self._row(*found)

    async def listed(self, wanted: UserFilter) -> list[AdminUserOut]:
        """The rows `wanted` picks, in its order (the CSV export): the panel's filters and sort."""
        return wanted.apply(await self.rows())

    async def detail(self, user_id: uuid.UUID, current_session: uuid.UUID | None) -> AdminUserDetailOut:
        row = await self.row(user_id)
        session = self.session
        sessions = (await session.scalars(
            sa.select(AuthSession).where(AuthSession.user_id == user_id, AuthSession.expires_at > sa.func.now())
            .order_by(AuthSession.last_seen_at.desc()))).all()
        code = await session.get(VerificationCode, user_id) if not row.is_verified else None
        counts = (await session.execute(sa.select(
            sa.select(sa.func.max(JournalEntry.created_at)).where(JournalEntry.user_id == user_id).scalar_subquery(),
            _count_of(Task, Task.user_id == user_id), _count_of(Insight, Insight.user_id == user_id),
            _count_of(Photo, Photo.user_id == user_id),
            sa.exists().where(Resume.user_id == user_id),
            sa.select(WaitlistEntry.is_subscribed).where(WaitlistEntry.user_id == user_id).scalar_subquery(),
        ))).one()
        redemptions = (await session.execute(
            sa.select(PromoCode.code, PromoRedemption.redeemed_at, PromoRedemption.access_expires_at)
            .outerjoin(PromoCode, PromoCode.id == PromoRedemption.promo_code_id)
            .where(PromoRedemption.user_id == user_id).order_by(PromoRedemption.redeemed_at.desc()))).all()
        return AdminUserDetailOut(
            user=row,
            sessions=[AdminSessionOut(id=s.id, created_at=s.created_at, last_seen_at=s.last_seen_at,
                                      expires_at=s.expires_at, user_agent=s.user_agent, ip_address=s.ip_address,
                                      current=s.id == current_session) for s in sessions],
            verification_sent_at=code.created_at if code else None,
            verification_expires_at=code.expires_at if code else None,
            last_entry_at=counts[0], tasks=counts[1], insights=counts[2], photos=counts[3], has_resume=counts[4],
            waitlist_subscribed=counts[5],
            redemptions=[AdminRedemptionOut(code=r.code, redeemed_at=r.redeemed_at,
                                            access_expires_at=r.access_expires_at) for r in redemptions],
            audit_log=await AuditService(session=session).about(user_id),
        )

    async def end_sessions(self, user: User, keep: uuid.UUID | None) -> int:
        """Ends every session of `user` but `keep` (the acting admin's own, on their own page)."""
        query = sa.delete(AuthSession).where(AuthSession.user_id == user.id)
        if keep is not None:
            query = query.where(AuthSession.id != keep)
        return (await self.session.execute(query.execution_options(synchronize_session=False))).rowcount or 0

    async def set_admin(self, user: User, is_admin: bool) -> bool:
        """Whether anything changed: setting the value the user already has is no change."""
        if user.is_admin == is_admin:
            return False
        if not is_admin:
            await self.keep_an_admin(user)
        user.is_admin = is_admin
        await self.session.flush()
        return True

    async def stats(self) -> AdminStatsOut:
        now = datetime.now(UTC)
        has_entries = sa.exists().where(JournalEntry.user_id == User.id)
        counts = (await self.session.execute(sa.select(
            sa.select(sa.func.count()).select_from(User).scalar_subquery(),
            _count_of(User, User.is_verified),
            _count_of(User, has_entries),
            _count_of(User, subscription.is_premium_clause()),
            _count_of(User, User.is_admin),
            _count_of(User, sa.or_(~has_entries, User.created_at > now - rules.TEST_ACCOUNT_AGE)),
            sa.select(sa.func.count()).select_from(JournalEntry).scalar_subquery(),
            _count_of(JournalEntry, JournalEntry.created_at > now - rules.ENTRIES_WEEK),
            _count_of(WaitlistEntry, WaitlistEntry.is_subscribed),
            sa.select(sa.func.count()).select_from(PromoCode).scalar_subquery(),
        ))).one()
        return AdminStatsOut(
            users=counts[0], verified_users=counts[1], active_users=counts[2], premium_users=counts[3],
            admins=counts[4], test_accounts=counts[5], entries=counts[6], entries_this_week=counts[7],
            waitlist_subscribed=counts[8], promo_codes=counts[9],
        )


class AuditService(SQLAlchemyAsyncRepositoryService[AdminAction]):
    repository_type = repository_for(AdminAction)

    async def record(self, admin: User, action: str, target_type: str, target_id: uuid.UUID | None,
                     detail: str | None = None, *, target: User | None = None) -> None:
        """One line of the log, with the usernames the admin and the affected `target` have now."""
        await self.repository.add(AdminAction(
            admin_id=admin.id, admin_name=admin.username, action=action, target_type=target_type,
            target_id=target_id, target_name=target.username if target else None, detail=detail,
            created_at=datetime.now(UTC)))

    ORDER = ((AdminAction.created_at, True), (AdminAction.id, True))

    async def _shown(self, actions: Sequence[AdminAction]) -> list[AuditEntryOut]:
        ids = {a.admin_id for a in actions} | {a.target_id for a in actions if a.target_type == "user" and a.target_id}
        names = dict((await self.repository.session.execute(
            sa.select(User.id, User.username).where(User.id.in_(ids))
        )).tuples().all()) if ids else {}
        return [AuditEntryOut.of(a, names) for a in actions]

    async def page(self, *, limit: int, before: str | None, action: str | None = None,
                   admin_id: uuid.UUID | None = None, target_id: uuid.UUID | None = None) -> Page[AuditEntryOut]:
        """A page of the log, newest first, of one action, one admin's and/or about one user (the
        user or the promo code acted on); `before` is the previous page's cursor."""
        where = [clause for clause in (
            AdminAction.action == action if action else None,
            AdminAction.admin_id == admin_id if admin_id else None,
            AdminAction.target_id == target_id if target_id else None,
        ) if clause is not None]
        query = sa.select(AdminAction).where(*where)
        if before is not None:
            at, key = decode_cursor(before, self.ORDER)
            query = query.where(sa.tuple_(AdminAction.created_at, AdminAction.id) < sa.tuple_(
                sa.literal(at, AdminAction.created_at.type), sa.literal(key, AdminAction.id.type)))
        actions = (await self.repository.session.scalars(
            query.order_by(AdminAction.created_at.desc(), AdminAction.id.desc()).limit(limit + 1))).all()
        more = len(actions) > limit
        actions = actions[:limit]
        total = await self.repository.session.scalar(sa.select(sa.func.count()).select_from(AdminAction).where(*where))
        following = encode_cursor([actions[-1].created_at, actions[-1].id]) if more else None
        return Page(rows=await self._shown(actions), total=total or 0, next=following)

    async def about(self, user_id: uuid.UUID, limit: int = rules.USER_AUDIT_LIMIT) -> list[AuditEntryOut]:
        return (await self.page(limit=limit, before=None, target_id=user_id)).rows  # type: ignore[return-value]
