"""Account logic: users, sessions, verification codes and reset tokens. No HTTP in here except
the exceptions that carry the spec's messages and statuses."""

from __future__ import annotations

import asyncio
import uuid
import weakref
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any, TypeVar

import anyio
import anyio.to_thread
import msgspec
import sqlalchemy as sa
from litestar.exceptions import ClientException
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from api.admin import rules as admin_rules
from api.auth import rules
from api.auth.secrets import (
    hash_code,
    hash_password,
    hash_token,
    needs_rehash,
    new_token,
    new_verification_code,
    same_hash,
    verify_password,
)
from api.errors import Conflict, FieldError
from api.settings import Settings
from models import AdminAction, AuthSession, PasswordResetToken, User, VerificationCode, WaitlistEntry

T = TypeVar("T")
# A session's last-seen time is written at most this often, by whichever request comes first: a
# plain read writes nothing in between, and idle expiry is late by at most this much.
TOUCH_INTERVAL = timedelta(seconds=60)


# argon2 takes tens of milliseconds of CPU by design: on a worker thread (at most two at once), so
# a burst of sign-ins never stalls the event loop and every other request with it.
_HASHING: weakref.WeakKeyDictionary[Any, anyio.CapacityLimiter] = weakref.WeakKeyDictionary()
HASHING_THREADS = 2


async def in_worker(function: Callable[..., T], *args: Any) -> T:
    loop = asyncio.get_running_loop()
    limiter = _HASHING.get(loop)
    if limiter is None:
        limiter = _HASHING[loop] = anyio.CapacityLimiter(HASHING_THREADS)
    return await anyio.to_thread.run_sync(function, *args, limiter=limiter)


def now() -> datetime:
    return datetime.now(UTC)


# -- users ---------------------------------------------------------------------------------
async def find_user_by_login(db: AsyncSession, login: str) -> User | None:
    login = login.strip().lower()
    column = User.email if "@" in login else User.username
    return (await db.execute(sa.select(User).where(sa.func.lower(column) == login))).scalar_one_or_none()


async def find_user_by_email(db: AsyncSession, email: str) -> User | None:
    email = rules.normalise_email(email)
    return (await db.execute(sa.select(User).where(sa.func.lower(User.email) == email))).scalar_one_or_none()


async def get_user(db: AsyncSession, user_id: str | uuid.UUID) -> User | None:
    try:
        key = user_id if isinstance(user_id, uuid.UUID) else uuid.UUID(str(user_id))
    except ValueError:
        return None
    return await db.get(User, key)


def validate_registration(username: str, email: str, password: str, confirm: str | None, status: str | None,
                          frequency: str | None, experience: str | None) -> None:
    for field, problem in (
        ("username", rules.username_problem(username)),
        ("email", rules.email_problem(email)),
        ("password", rules.password_problem(password)),
    ):
        if problem:
            raise FieldError(field, problem)
    if confirm is not None and confirm != password:
        raise FieldError("confirmPassword", "Passwords do not match")
    if status not in rules.JOURNALING_STATUSES:
        raise FieldError("journalingPreferences.status", rules.MSG_STATUS_REQUIRED)
    if status != "no" and frequency not in rules.JOURNALING_FREQUENCIES:
        raise FieldError("journalingPreferences.frequency", rules.MSG_FREQUENCY_REQUIRED)
    if experience is not None and experience not in rules.JOURNALING_EXPERIENCES:
        raise FieldError("journalingExperience", rules.MSG_INVALID_EXPERIENCE)


async def create_user(db: AsyncSession, settings: Settings, *, username: str, email: str, password: str,
                      status: str, frequency: str | None, experience: str | None) -> User:
    email = rules.normalise_email(email)
    user = User(
        username=username.strip(),
        email=email,
        password_hash=await in_worker(hash_password, password),
        journaling_status=status,
        # Choosing "no" clears the frequency (spec part 1 section 5).
        journaling_frequency=None if status == "no" else frequency,
        journaling_experience=experience,
        is_admin=email in settings.admin_emails,
    )
    db.add(user)
    try:
        await db.flush()
    except IntegrityError:
        await db.rollback()
        raise Conflict(detail=rules.MSG_TAKEN) from None
    if user.is_admin:  # an address in ADMIN_EMAILS: an admin from sign-up, in the audit log as at sign-in
        _log_admin_from_config(db, user)
    return user


async def check_password(db: AsyncSession, user: User | None, password: str) -> bool:
    """Constant-time whether or not the user exists; upgrades old hash parameters on success."""
    ok = await in_worker(verify_password, user.password_hash if user else None, password)
    if ok and user is not None and needs_rehash(user.password_hash):
        user.password_hash = await in_worker(hash_password, password)
    return ok


def apply_admin_emails(db: AsyncSession, user: User, settings: Settings) -> None:
    """An address in ADMIN_EMAILS is an admin at every sign-in; rights given back this way (after
    `make-admin --remove`, or to an address added to the setting later) go into the audit log."""
    if user.email.lower() in settings.admin_emails and not user.is_admin:
        user.is_admin = True
        _log_admin_from_config(db, user)


def _log_admin_from_config(db: AsyncSession, user: User) -> None:
    db.add(AdminAction(admin_id=user.id, admin_name=user.username, action=admin_rules.ACTION_ADMIN_FROM_CONFIG,
                       target_type="user", target_id=user.id, target_name=user.username,
                       detail=admin_rules.DETAIL_ADMIN, created_at=now()))


async def username_taken(db: AsyncSession, username: str, except_id: uuid.UUID) -> bool:
    found = await db.execute(
        sa.select(User.id).where(sa.func.lower(User.username) == username.lower(), User.id != except_id)
    )
    return found.first() is not None


async def email_taken(db: AsyncSession, email: str, except_id: uuid.UUID) -> bool:
    email = rules.normalise_email(email)
    found = await db.execute(sa.select(User.id).where(sa.func.lower(User.email) == email, User.id != except_id))
    return found.first() is not None


async def change_email(db: AsyncSession, user: User, email: str) -> None:
    """The new address, or 409 when another account took it since it was checked. The account's
    waitlist row follows it (the row is the account's, not the old address's)."""
    user.email = rules.normalise_email(email)
    try:
        await db.flush()
        await db.execute(sa.update(WaitlistEntry).where(WaitlistEntry.user_id == user.id).values(email=user.email))
    except IntegrityError:
        await db.rollback()
        raise Conflict(detail=rules.MSG_EMAIL_TAKEN, extra={"field": "newEmail"}) from None


def parse_birth_date(value: str) -> date:
    try:
        parsed = date.fromisoformat(value[:10])
    except ValueError:
        raise FieldError("birthDate", rules.MSG_INVALID_BIRTH_DATE) from None
    if parsed >= now().date() or parsed.year < 1900:
        raise FieldError("birthDate", rules.MSG_INVALID_BIRTH_DATE)
    return parsed


# -- sessions ------------------------------------------------------------------------------
async def create_session(db: AsyncSession, settings: Settings, user: User, *, user_agent: str | None,
                         ip: str | None) -> str:
    """A new random token for every sign-in; only its hash is stored."""
    token = new_token()
    moment = now()
    db.add(
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
    await db.flush()
    return token


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


async def end_session(db: AsyncSession, session_id: uuid.UUID) -> None:
    await db.execute(sa.delete(AuthSession).where(AuthSession.id == session_id))


async def end_all_sessions(db: AsyncSession, user_id: uuid.UUID) -> None:
    await db.execute(sa.delete(AuthSession).where(AuthSession.user_id == user_id))


async def end_other_sessions(db: AsyncSession, user_id: uuid.UUID, keep: uuid.UUID | None) -> None:
    """Every session of the user but `keep` (the one that asked)."""
    query = sa.delete(AuthSession).where(AuthSession.user_id == user_id)
    if keep is not None:
        query = query.where(AuthSession.id != keep)
    await db.execute(query)


# -- verification codes --------------------------------------------------------------------
def _code_hash(settings: Settings, code: str, new_email: str | None) -> str:
    """A code that confirms a new address is bound to it: the same digits for another address, or
    for signing up, do not match."""
    return hash_code(settings.secret_key, code if new_email is None else f"{code} {new_email}")


async def issue_verification_code(db: AsyncSession, settings: Settings, user: User,
                                  new_email: str | None = None) -> str:
    """A fresh six-digit code, replacing any earlier one (and its count of wrong tries): for
    verifying the account's address, or, for a verified user, a `new_email` to change it to."""
    code = new_verification_code()
    await db.execute(sa.delete(VerificationCode).where(VerificationCode.user_id == user.id))
    db.add(
        VerificationCode(
            user_id=user.id,
            code_hash=_code_hash(settings, code, new_email),
            expires_at=now() + rules.VERIFICATION_CODE_TTL,
            failed_attempts=0,
        )
    )
    await db.flush()
    return code


async def check_verification_code(db: AsyncSession, settings: Settings, user: User, code: str,
                                  new_email: str | None = None) -> None:
    """Raise with the spec's message unless `code` is the user's live code (for `new_email`, when
    given); count wrong tries."""
    record = await db.get(VerificationCode, user.id)
    if record is None:
        raise ClientException(detail=rules.MSG_INVALID_CODE, extra={"needsNewCode": True})
    if now() >= record.expires_at:
        raise ClientException(detail=rules.MSG_CODE_EXPIRED, extra={"needsNewCode": True})
    if record.failed_attempts >= rules.VERIFICATION_MAX_ATTEMPTS:
        raise ClientException(detail=rules.MSG_CODE_LOCKED, extra={"needsNewCode": True})
    if not same_hash(record.code_hash, _code_hash(settings, code, new_email)):
        record.failed_attempts += 1
        left = rules.VERIFICATION_MAX_ATTEMPTS - record.failed_attempts
        await db.commit()
        if left <= 0:
            raise ClientException(detail=rules.MSG_CODE_LOCKED, extra={"needsNewCode": True})
        raise ClientException(detail=rules.MSG_INVALID_CODE, extra={"attemptsLeft": left})
    await db.delete(record)
    user.is_verified = True


# -- password reset ------------------------------------------------------------------------
async def issue_reset_token(db: AsyncSession, user: User) -> str:
    token = new_token()
    db.add(PasswordResetToken(user_id=user.id, token_hash=hash_token(token), expires_at=now() + rules.RESET_TOKEN_TTL))
    await db.flush()
    return token


async def use_reset_token(db: AsyncSession, token: str, new_password: str) -> User:
    """Single use: the token, and every other reset token of the user, stop working; so do all
    of the user's sessions."""
    record = (
        await db.execute(
            sa.select(PasswordResetToken).where(PasswordResetToken.token_hash == hash_token(token)).with_for_update()
        )
    ).scalar_one_or_none()
    if record is None or record.used_at is not None or now() >= record.expires_at:
        raise ClientException(detail=rules.MSG_RESET_INVALID, extra={"expired": True})
    user = await db.get(User, record.user_id)
    assert user is not None  # the FK cascades
    user.password_hash = await in_worker(hash_password, new_password)
    moment = now()
    await db.execute(
        sa.update(PasswordResetToken)
        .where(PasswordResetToken.user_id == user.id, PasswordResetToken.used_at.is_(None))
        .values(used_at=moment)
    )
    await end_all_sessions(db, user.id)
    return user
