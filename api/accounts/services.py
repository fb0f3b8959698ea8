"""The accounts' services: users, verification codes and password reset tokens, on
advanced-alchemy's repository services (sessions are in `api.accounts.sessions`). No HTTP in here
except the exceptions that carry the spec's messages and statuses.

Controllers get each per request on the request's own database session (`provide(...)`), so a
request holds one connection whatever it touches.
"""

from __future__ import annotations

import asyncio
import uuid
import weakref
from collections.abc import Callable
from datetime import date
from typing import Any, TypeVar

import anyio
import anyio.to_thread
import sqlalchemy as sa
from advanced_alchemy.exceptions import NotFoundError
from advanced_alchemy.service import SQLAlchemyAsyncRepositoryService
from litestar.exceptions import ClientException, PermissionDeniedException
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.accounts import rules
from api.accounts.notices import AccountMail
from api.accounts.schemas import ProfileIn
from api.accounts.secrets import (
    hash_code,
    hash_password,
    hash_token,
    needs_rehash,
    new_token,
    new_verification_code,
    same_hash,
    verify_password,
)
from api.accounts.sessions import now
from api.errors import Conflict, FieldError
from api.services import repository_for
from api.settings import Settings
from api.storage import FileStorage
from models import AdminAction, AuthSession, PasswordResetToken, User, VerificationCode, WaitlistEntry

T = TypeVar("T")

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


def parse_birth_date(value: str) -> date:
    try:
        parsed = date.fromisoformat(value[:10])
    except ValueError:
        raise FieldError("birthDate", rules.MSG_INVALID_BIRTH_DATE) from None
    if parsed >= now().date() or parsed.year < 1900:
        raise FieldError("birthDate", rules.MSG_INVALID_BIRTH_DATE)
    return parsed


def _log_admin_from_config(db: AsyncSession, user: User) -> None:
    db.add(AdminAction(admin_id=user.id, admin_name=user.username, action=rules.ACTION_ADMIN_FROM_CONFIG,
                       target_type="user", target_id=user.id, target_name=user.username,
                       detail=rules.DETAIL_ADMIN, created_at=now()))


class UserService(SQLAlchemyAsyncRepositoryService[User]):
    """The users' rows: finding, registering, checking passwords, the account's own changes, and
    deleting an account (the user's own, or an admin's doing)."""

    repository_type = repository_for(User)

    @property
    def session(self) -> AsyncSession:
        return self.repository.session

    # -- finding -------------------------------------------------------------------------
    async def by_login(self, login: str) -> User | None:
        """The user a username or an e-mail address names (case-insensitively)."""
        login = login.strip().lower()
        column = User.email if "@" in login else User.username
        return await self.get_one_or_none(sa.func.lower(column) == login)

    async def by_email(self, email: str) -> User | None:
        return await self.get_one_or_none(sa.func.lower(User.email) == rules.normalise_email(email))

    async def find(self, user_id: str | uuid.UUID) -> User | None:
        """The user with this id; None for an unknown id or one that is not an id."""
        try:
            key = user_id if isinstance(user_id, uuid.UUID) else uuid.UUID(str(user_id))
        except ValueError:
            return None
        return await self.session.get(User, key)

    async def me(self, user_id: uuid.UUID) -> User:
        """The signed-in user's own row, to change (a read's user is plain values)."""
        user = await self.find(user_id)
        assert user is not None  # the session that signed them in is theirs
        return user

    async def username_taken(self, username: str, except_id: uuid.UUID) -> bool:
        return await self.exists(sa.func.lower(User.username) == username.lower(), User.id != except_id)

    async def email_taken(self, email: str, except_id: uuid.UUID) -> bool:
        return await self.exists(sa.func.lower(User.email) == rules.normalise_email(email), User.id != except_id)

    # -- signing up and in ---------------------------------------------------------------
    async def register(self, settings: Settings, *, username: str, email: str, password: str, status: str,
                       frequency: str | None, experience: str | None) -> User:
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
        self.session.add(user)
        try:
            await self.session.flush()
        except IntegrityError:
            await self.session.rollback()
            raise Conflict(detail=rules.MSG_TAKEN) from None
        if user.is_admin:  # an address in ADMIN_EMAILS: an admin from sign-up, in the audit log as at sign-in
            _log_admin_from_config(self.session, user)
        return user

    async def check_password(self, user: User | None, password: str) -> bool:
        """Constant-time whether or not the user exists; upgrades old hash parameters on success."""
        ok = await in_worker(verify_password, user.password_hash if user else None, password)
        if ok and user is not None and needs_rehash(user.password_hash):
            user.password_hash = await in_worker(hash_password, password)
        return ok

    async def checked(self, user_id: uuid.UUID, current_password: str) -> User:
        """The signed-in user, once `current_password` is theirs (a password or e-mail change, or
        deleting the account, asks it)."""
        user = await self.me(user_id)
        if not current_password or not await self.check_password(user, current_password):
            raise FieldError("currentPassword", rules.MSG_CURRENT_PASSWORD_WRONG)
        return user

    def apply_admin_emails(self, user: User, settings: Settings) -> None:
        """An address in ADMIN_EMAILS is an admin at every sign-in; rights given back this way (after
        `make-admin --remove`, or to an address added to the setting later) go into the audit log."""
        if user.email.lower() in settings.admin_emails and not user.is_admin:
            user.is_admin = True
            _log_admin_from_config(self.session, user)

    def agree_to_terms(self, user: User) -> None:
        if not user.agreed_to_terms:
            user.agreed_to_terms = True
            user.terms_agreed_at = now()

    # -- the account's own changes -------------------------------------------------------
    async def update_profile(self, user: User, data: ProfileIn) -> User:
        """The profile settings sent (a field left out stays as it is), each checked first."""
        if data.username is not None and data.username.strip() and data.username.strip() != user.username:
            username = data.username.strip()
            problem = rules.username_problem(username)
            if problem:
                raise FieldError("username", problem)
            if await self.username_taken(username, user.id):
                raise Conflict(detail=rules.MSG_USERNAME_TAKEN, extra={"field": "username"})
            user.username = username
        if data.full_name is not None:
            if len(data.full_name.strip()) > rules.MAX_FULL_NAME_CHARS:
                raise FieldError("fullName", rules.MSG_FULL_NAME_LONG)
            user.full_name = data.full_name.strip() or None
        if data.gender is not None:
            if data.gender and data.gender not in rules.GENDERS:
                raise FieldError("gender", rules.MSG_INVALID_GENDER)
            user.gender = data.gender or None
        if data.birth_date is not None:
            user.birth_date = parse_birth_date(data.birth_date) if data.birth_date else None
        if data.journaling_experience is not None:
            if data.journaling_experience and data.journaling_experience not in rules.JOURNALING_EXPERIENCES:
                raise FieldError("journalingExperience", rules.MSG_INVALID_EXPERIENCE)
            user.journaling_experience = data.journaling_experience or None
        if data.dark_mode is not None:
            user.dark_mode = data.dark_mode
        if data.show_dark_mode_toggle is not None:
            user.show_dark_mode_toggle = data.show_dark_mode_toggle
        await self.session.flush()
        return user

    async def change_password(self, user: User, new_password: str, *, keep: uuid.UUID | None) -> None:
        """The new password, committed; every session of the user but `keep` (the one that asked) ends."""
        user.password_hash = await in_worker(hash_password, new_password)
        query = sa.delete(AuthSession).where(AuthSession.user_id == user.id)
        if keep is not None:
            query = query.where(AuthSession.id != keep)
        await self.session.execute(query)
        await self.session.commit()

    async def change_email(self, user: User, email: str) -> None:
        """The new address, committed, or 409 when another account took it since it was checked. The
        account's waitlist row follows it (the row is the account's, not the old address's)."""
        user.email = rules.normalise_email(email)
        try:
            await self.session.flush()
            await self.session.execute(
                sa.update(WaitlistEntry).where(WaitlistEntry.user_id == user.id).values(email=user.email))
        except IntegrityError:
            await self.session.rollback()
            raise Conflict(detail=rules.MSG_EMAIL_TAKEN, extra={"field": "newEmail"}) from None
        await self.session.commit()

    # -- deleting ------------------------------------------------------------------------
    async def locked(self, user_id: uuid.UUID, *, admin_id: uuid.UUID | None = None) -> User:
        """The user with this id, locked until the transaction ends; 404 when there is none.

        With `admin_id` (the acting admin, or the admin deleting their own account), every admin's
        row is locked with it, for a change that must leave an admin: all in one statement, in id
        order, so two admins removing each other at the same moment queue on the same first row
        instead of each holding the row the other waits for (a deadlock). The actor must still be
        among them (403 when another admin took their rights while they waited)."""
        clause = User.id == user_id if admin_id is None else sa.or_(User.id == user_id, User.is_admin)
        rows = (await self.session.scalars(
            sa.select(User).where(clause).order_by(User.id).with_for_update()
            .execution_options(populate_existing=True)
        )).all()
        if admin_id is not None and not any(u.id == admin_id and u.is_admin for u in rows):
            raise PermissionDeniedException(rules.MSG_ADMIN_ONLY)
        user = next((u for u in rows if u.id == user_id), None)
        if user is None:
            raise NotFoundError(detail=rules.MSG_USER_NOT_FOUND)
        return user

    async def keep_an_admin(self, leaving: User) -> None:
        """Refuse a change that would leave no admin. The caller locked every admin's row
        (`locked(..., admin_id=...)`), so no other admin can step down meanwhile."""
        if not leaving.is_admin:
            return
        others = await self.count(User.is_admin.is_(True), User.id != leaving.id)
        if not others:
            raise Conflict(detail=rules.MSG_LAST_ADMIN)

    async def delete_account(self, user: User, storage: FileStorage) -> None:
        """Deletes the account for good, unless it is the last admin (409; the caller locked every
        admin's row): its rows go by ON DELETE CASCADE (entries, tasks, projects, goals, insights,
        photos, profile, resume, sessions, codes redeemed, waitlist entry), then its files. The
        change is committed before the files go, so a failed commit leaves the account whole."""
        await self.keep_an_admin(user)
        user_id = user.id
        await self.session.delete(user)
        await self.session.flush()
        await self.session.commit()
        await storage.delete_prefix(str(user_id))

    async def delete_own_account(self, user_id: uuid.UUID, password: str, storage: FileStorage) -> User:
        """The signed-in user deletes their account with its password (a 400 without it or with a
        wrong one, and nothing is deleted); an admin's own deletion locks every admin's row first,
        as the admin route does, so the last admin cannot go."""
        user = await self.checked(user_id, password)
        if user.is_admin:
            user = await self.locked(user.id, admin_id=user.id)
        await self.delete_account(user, storage)
        return user


class CodeService(SQLAlchemyAsyncRepositoryService[VerificationCode]):
    """The six-digit codes that verify an account's address, or a verified user's new one."""

    repository_type = repository_for(VerificationCode)

    @property
    def session(self) -> AsyncSession:
        return self.repository.session

    @staticmethod
    def _hash(settings: Settings, code: str, new_email: str | None) -> str:
        """A code that confirms a new address is bound to it: the same digits for another address,
        or for signing up, do not match."""
        return hash_code(settings.secret_key, code if new_email is None else f"{code} {new_email}")

    async def issue(self, settings: Settings, user: User, new_email: str | None = None) -> str:
        """A fresh six-digit code, replacing any earlier one (and its count of wrong tries): for
        verifying the account's address, or, for a verified user, a `new_email` to change it to."""
        code = new_verification_code()
        await self.session.execute(sa.delete(VerificationCode).where(VerificationCode.user_id == user.id))
        self.session.add(
            VerificationCode(
                user_id=user.id,
                code_hash=self._hash(settings, code, new_email),
                expires_at=now() + rules.VERIFICATION_CODE_TTL,
                failed_attempts=0,
            )
        )
        await self.session.flush()
        return code

    async def send(self, settings: Settings, mail: AccountMail, user: User) -> None:
        """A fresh code for the account's address, committed before it is mailed (the outbox's log
        line carries it)."""
        code = await self.issue(settings, user)
        await self.session.commit()
        await mail.verification_code(user, code)

    async def send_to_new_email(self, settings: Settings, mail: AccountMail, user: User, new_email: str) -> None:
        """A code bound to `new_email`, committed before it is mailed there (nothing changes until it
        comes back)."""
        code = await self.issue(settings, user, new_email=new_email)
        await self.session.commit()
        await mail.email_change_code(user, new_email, code)

    async def check(self, settings: Settings, user: User, code: str, new_email: str | None = None) -> None:
        """Raise with the spec's message unless `code` is the user's live code (for `new_email`, when
        given); count wrong tries. A right code verifies the account."""
        record = await self.session.get(VerificationCode, user.id)
        if record is None:
            raise ClientException(detail=rules.MSG_INVALID_CODE, extra={"needsNewCode": True})
        if now() >= record.expires_at:
            raise ClientException(detail=rules.MSG_CODE_EXPIRED, extra={"needsNewCode": True})
        if record.failed_attempts >= rules.VERIFICATION_MAX_ATTEMPTS:
            raise ClientException(detail=rules.MSG_CODE_LOCKED, extra={"needsNewCode": True})
        if not same_hash(record.code_hash, self._hash(settings, code, new_email)):
            record.failed_attempts += 1
            left = rules.VERIFICATION_MAX_ATTEMPTS - record.failed_attempts
            await self.session.commit()
            if left <= 0:
                raise ClientException(detail=rules.MSG_CODE_LOCKED, extra={"needsNewCode": True})
            raise ClientException(detail=rules.MSG_INVALID_CODE, extra={"attemptsLeft": left})
        await self.session.delete(record)
        user.is_verified = True


class ResetService(SQLAlchemyAsyncRepositoryService[PasswordResetToken]):
    """Password reset links: a token mailed to the account's address, good for an hour, once."""

    repository_type = repository_for(PasswordResetToken)

    @property
    def session(self) -> AsyncSession:
        return self.repository.session

    async def issue(self, user: User) -> str:
        """A new token, committed (it is mailed next)."""
        token = new_token()
        self.session.add(PasswordResetToken(user_id=user.id, token_hash=hash_token(token),
                                            expires_at=now() + rules.RESET_TOKEN_TTL))
        await self.session.commit()
        return token

    async def use(self, token: str, new_password: str) -> User:
        """Single use: the token, and every other reset token of the user, stop working; so do all
        of the user's sessions. Committed."""
        if not token:
            raise ClientException(detail=rules.MSG_RESET_INVALID, extra={"expired": True})
        record = (
            await self.session.execute(
                sa.select(PasswordResetToken).where(PasswordResetToken.token_hash == hash_token(token))
                .with_for_update()
            )
        ).scalar_one_or_none()
        if record is None or record.used_at is not None or now() >= record.expires_at:
            raise ClientException(detail=rules.MSG_RESET_INVALID, extra={"expired": True})
        user = await self.session.get(User, record.user_id)
        assert user is not None  # the FK cascades
        user.password_hash = await in_worker(hash_password, new_password)
        await self.session.execute(
            sa.update(PasswordResetToken)
            .where(PasswordResetToken.user_id == user.id, PasswordResetToken.used_at.is_(None))
            .values(used_at=now())
        )
        await self.session.execute(sa.delete(AuthSession).where(AuthSession.user_id == user.id))
        await self.session.commit()
        return user
