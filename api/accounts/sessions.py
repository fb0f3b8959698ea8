"""Sessions: a random token per sign-in (only its hash is stored), alive until it idles out or
reaches its absolute lifetime.

`SessionService` is what handlers use (start one, end one, end the others); the session
middleware resolves the caller's token with `resolve_session` (a write: the ORM user it may
change) or `resolve_session_for_read` (a read: the user's columns as plain values, one Core
statement), on the request's own database session.
"""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta

import msgspec
import sqlalchemy as sa
from advanced_alchemy.service import SQLAlchemyAsyncRepositoryService
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from api.accounts.secrets import hash_token, new_token
from api.services import repository_for
from api.settings import Settings
from models import AuthSession, User

# A session's last-seen time is written at most this often, by whichever request comes first: a
# plain read writes nothing in between, and idle expiry is late by at most this much.
TOUCH_INTERVAL = timedelta(seconds=60)


def now() -> datetime:
    return datetime.now(UTC)


class SessionService(SQLAlchemyAsyncRepositoryService[AuthSession]):
    repository_type = repository_for(AuthSession)

    @property
    def session(self) -> AsyncSession:
        return self.repository.session

    async def start(self, settings: Settings, user: User, *, user_agent: str | None, ip: str | None) -> str:
        """A new random token for every sign-in; only its hash is stored."""
        token = new_token()
        moment = now()
        self.session.add(
            AuthSession(
                user_id=user.id,
                token_hash=hash_token(token),
                created_at=moment,
                last_seen_at=moment,
                expires_at=moment + timedelta(hours=settings.session_max_age_hours),
                user_agent=(user_agent or "")[:300] or None,
                ip_address=ip,
            )
        )
        user.last_login_at = moment
        await self.session.flush()
        return token

    async def end(self, session_id: uuid.UUID) -> None:
        await self.session.execute(sa.delete(AuthSession).where(AuthSession.id == session_id))

    async def end_others(self, user_id: uuid.UUID, keep: uuid.UUID | None) -> int:
        """Every session of the user but `keep` (the one that asked); how many ended."""
        query = sa.delete(AuthSession).where(AuthSession.user_id == user_id)
        if keep is not None:
            query = query.where(AuthSession.id != keep)
        return (await self.session.execute(query.execution_options(synchronize_session=False))).rowcount or 0


async def resolve_session(db: AsyncSession, settings: Settings, token: str, *, touch: bool = False
                          ) -> tuple[User, AuthSession] | None:
    """The user and session of a token that is still alive (idle timeout and absolute lifetime)."""
    row = (
        await db.execute(
            sa.select(AuthSession, User).join(User, User.id == AuthSession.user_id)
            .where(AuthSession.token_hash == hash_token(token))
        )
    ).first()
    if row is None:
        return None
    session, user = row
    seen = await _keep_alive(db, settings, session.id, session.last_seen_at, session.expires_at, touch=touch)
    if seen is None:
        return None
    if seen != session.last_seen_at:
        set_committed_value(session, "last_seen_at", seen)
    return user, session


class SignedInUser(msgspec.Struct, frozen=True):
    """The caller of a read (GET/HEAD), as the session check found them: the user's columns as plain
    values (no ORM instance, no password hash), read by one Core statement. A read never changes
    its user; a write's handlers get the ORM `User` they may change (`resolve_session`)."""

    id: uuid.UUID
    username: str
    email: str
    is_verified: bool
    agreed_to_terms: bool
    terms_agreed_at: datetime | None
    is_admin: bool
    journaling_experience: str | None
    journaling_status: str | None
    journaling_frequency: str | None
    full_name: str | None
    gender: str | None
    birth_date: date | None
    dark_mode: bool
    show_dark_mode_toggle: bool
    subscription_tier: str
    promo_access: bool
    promo_source: str | None
    promo_expires_at: datetime | None
    created_at: datetime
    updated_at: datetime
    last_login_at: datetime | None

    # The same rules as the model's, not a copy of them.
    has_promo = User.has_promo
    is_premium = User.is_premium


_SESSION = AuthSession.__table__.c
_USER = User.__table__.c
# Compiled once and cached by SQLAlchemy: the session's three columns the check needs, then the
# user's columns in SignedInUser's order.
_READ_SESSION = (
    sa.select(_SESSION.id, _SESSION.last_seen_at, _SESSION.expires_at,
              *(_USER[name] for name in SignedInUser.__struct_fields__))
    .select_from(AuthSession.__table__.join(User.__table__, _USER.id == _SESSION.user_id))
    .where(_SESSION.token_hash == sa.bindparam("token_hash"))
)


async def resolve_session_for_read(db: AsyncSession, settings: Settings, token: str
                                   ) -> tuple[SignedInUser, uuid.UUID] | None:
    """`resolve_session` for a read: the same expiry and once-a-minute touch, one Core statement of
    the columns a read uses, and the user as a `SignedInUser`."""
    conn = await db.connection()
    row = (await conn.execute(_READ_SESSION, {"token_hash": hash_token(token)})).first()
    if row is None:
        return None
    session_id, last_seen_at, expires_at = row[0], row[1], row[2]
    if not await _keep_alive(db, settings, session_id, last_seen_at, expires_at, touch=False):
        return None
    return SignedInUser(*row[3:]), session_id


async def _keep_alive(db: AsyncSession, settings: Settings, session_id: uuid.UUID, last_seen_at: datetime,
                      expires_at: datetime, *, touch: bool) -> datetime | None:
    """The session's last-seen time after this request, or None when the session is over (then
    its row is deleted)."""
    moment = now()
    idle_deadline = last_seen_at + timedelta(minutes=settings.session_idle_minutes)
    # Plain statements, not ORM flushes: a logout may delete this row at the same moment, and a
    # vanished row must simply mean "no session", never a stale-data error.
    if moment >= expires_at or moment >= idle_deadline:
        await db.execute(sa.delete(AuthSession).where(AuthSession.id == session_id))
        await db.commit()
        return None
    if touch or moment - last_seen_at >= TOUCH_INTERVAL:
        touched = await db.execute(
            sa.update(AuthSession).where(AuthSession.id == session_id).values(last_seen_at=moment))
        await db.commit()
        if touched.rowcount == 0:
            return None
        return moment
    return last_seen_at
