"""The signed-in user's own account: profile settings and deletion (spec part 2)."""

from __future__ import annotations

import shutil
import uuid

from litestar import Controller, Request, Response, delete, post, put
from sqlalchemy.ext.asyncio import AsyncSession

from api.admin.services import UserAdminService
from api.auth import notices, rules
from api.auth import services as svc
from api.auth.cookies import cleared_session_cookies
from api.auth.schemas import (
    AccountDeleteIn,
    ChangePasswordIn,
    EmailChangeIn,
    EmailChangeOut,
    EmailConfirmIn,
    MessageOut,
    ProfileIn,
    UserEnvelope,
    UserOut,
)
from api.auth.secrets import hash_password
from api.errors import Conflict, FieldError, documented_errors, error_responses
from api.logging import get_logger
from models import User

log = get_logger("reverie.users")

MAX_FULL_NAME_CHARS = 200  # the column's length
MSG_FULL_NAME_LONG = f"Full name can be at most {MAX_FULL_NAME_CHARS} characters."


async def _checked_user(db_session: AsyncSession, user_id: uuid.UUID, current_password: str) -> User:
    """The signed-in user, once `current_password` is theirs (a password or e-mail change asks it)."""
    user = await svc.get_user(db_session, user_id)
    assert user is not None
    if not current_password or not await svc.check_password(db_session, user, current_password):
        raise FieldError("currentPassword", rules.MSG_CURRENT_PASSWORD_WRONG)
    return user


@documented_errors
class UsersController(Controller):
    path = "/api/users"
    tags = ["users"]

    @put("/profile", operation_id="updateProfile", responses=error_responses(409))
    async def update_profile(self, request: Request, db_session: AsyncSession, data: ProfileIn) -> UserEnvelope:
        user = await svc.get_user(db_session, request.user.id)
        assert user is not None
        if data.username is not None and data.username.strip() and data.username.strip() != user.username:
            username = data.username.strip()
            problem = rules.username_problem(username)
            if problem:
                raise FieldError("username", problem)
            if await svc.username_taken(db_session, username, user.id):
                raise Conflict(detail="That username is already taken.", extra={"field": "username"})
            user.username = username
        if data.full_name is not None:
            if len(data.full_name.strip()) > MAX_FULL_NAME_CHARS:
                raise FieldError("fullName", MSG_FULL_NAME_LONG)
            user.full_name = data.full_name.strip() or None
        if data.gender is not None:
            if data.gender and data.gender not in rules.GENDERS:
                raise FieldError("gender", rules.MSG_INVALID_GENDER)
            user.gender = data.gender or None
        if data.birth_date is not None:
            user.birth_date = svc.parse_birth_date(data.birth_date) if data.birth_date else None
        if data.journaling_experience is not None:
            if data.journaling_experience and data.journaling_experience not in rules.JOURNALING_EXPERIENCES:
                raise FieldError("journalingExperience", rules.MSG_INVALID_EXPERIENCE)
            user.journaling_experience = data.journaling_experience or None
        if data.dark_mode is not None:
            user.dark_mode = data.dark_mode
        if data.show_dark_mode_toggle is not None:
            user.show_dark_mode_toggle = data.show_dark_mode_toggle
        await db_session.flush()
        return UserEnvelope(user=UserOut.of(user))

    @post("/password", operation_id="changePassword", status_code=200, responses=error_responses(429),
          description="Change the signed-in user's password: the current one is checked; every other session "
                      "of the user ends (this one stays signed in).")
    async def change_password(self, request: Request, db_session: AsyncSession, data: ChangePasswordIn) -> MessageOut:
        problem = rules.password_problem(data.new_password)
        if problem:
            raise FieldError("newPassword", problem)
        if len(data.current_password) > rules.PASSWORD_MAX:
            raise FieldError("currentPassword", rules.MSG_CURRENT_PASSWORD_WRONG)
        await request.app.state.rate_limiter.check("change_password", request, account=str(request.user.id))
        user = await _checked_user(db_session, request.user.id, data.current_password)
        if data.new_password == data.current_password:
            raise FieldError("newPassword", rules.MSG_PASSWORD_UNCHANGED)
        user.password_hash = await svc.in_worker(hash_password, data.new_password)
        await svc.end_other_sessions(db_session, user.id, request.scope.get("auth"))
        await db_session.commit()
        log.info("password_changed", user_id=str(user.id))
        await notices.password_changed(request, user, reset=False)
        return MessageOut(message=rules.MSG_PASSWORD_CHANGED)

    @post("/email", operation_id="requestEmailChange", status_code=200,
          responses=error_responses(409, 429, 502),
          description="Start changing the signed-in user's e-mail address: the current password is checked "
                      "and a code is mailed to the new address. Nothing changes until the code is confirmed.")
    async def request_email_change(self, request: Request, db_session: AsyncSession,
                                   data: EmailChangeIn) -> EmailChangeOut:
        email = rules.normalise_email(data.new_email)
        if rules.email_problem(email):
            raise FieldError("newEmail", rules.MSG_EMAIL_INVALID)
        if len(data.current_password) > rules.PASSWORD_MAX:
            raise FieldError("currentPassword", rules.MSG_CURRENT_PASSWORD_WRONG)
        await request.app.state.rate_limiter.check("email_change", request, account=str(request.user.id))
        user = await _checked_user(db_session, request.user.id, data.current_password)
        if email == user.email.lower():
            raise FieldError("newEmail", rules.MSG_EMAIL_UNCHANGED)
        if await svc.email_taken(db_session, email, user.id):
            raise Conflict(detail=rules.MSG_EMAIL_TAKEN, extra={"field": "newEmail"})
        settings = request.app.state.settings
        code = await svc.issue_verification_code(db_session, settings, user, new_email=email)
        await db_session.commit()
        await notices.email_change_code(request, user, email, code)
        return EmailChangeOut(message=rules.MSG_EMAIL_CODE_SENT.format(email=email), email=email)

    @post("/email/confirm", operation_id="confirmEmailChange", status_code=200,
          responses=error_responses(409, 429),
          description="Finish changing the e-mail address with the code mailed to the new one; a notice "
                      "goes to the old address.")
    async def confirm_email_change(self, request: Request, db_session: AsyncSession,
                                   data: EmailConfirmIn) -> UserEnvelope:
        email = rules.normalise_email(data.new_email)
        code = data.verification_code.strip()
        await request.app.state.rate_limiter.check("verify", request, account=str(request.user.id))
        if rules.email_problem(email):
            raise FieldError("newEmail", rules.MSG_EMAIL_INVALID)
        if len(code) != rules.VERIFICATION_CODE_LENGTH or not code.isdigit():
            raise FieldError("verificationCode", rules.MSG_CODE_FORMAT)
        user = await svc.get_user(db_session, request.user.id)
        assert user is not None
        if await svc.email_taken(db_session, email, user.id):
            raise Conflict(detail=rules.MSG_EMAIL_TAKEN, extra={"field": "newEmail"})
        await svc.check_verification_code(db_session, request.app.state.settings, user, code, new_email=email)
        old_email = user.email
        await svc.change_email(db_session, user, email)
        await db_session.commit()
        log.info("email_changed", user_id=str(user.id))
        await notices.email_changed(request, user, old_email)
        return UserEnvelope(user=UserOut.of(user))

    @delete("/account", operation_id="deleteAccount", status_code=200, opt={"allow_pending": True},
            responses=error_responses(409, 429),
            description="Deletes the signed-in account and everything it owns (rows by ON DELETE CASCADE, then "
                        "its files). The body carries the account's password (`currentPassword`): a 400 without "
                        "it or with a wrong one, and nothing is deleted. 409 for the last admin, as on the admin "
                        "route: make another user an admin first.")
    async def delete_account(self, request: Request, db_session: AsyncSession,
                             data: AccountDeleteIn | None = None) -> Response[MessageOut]:
        password = data.current_password if data is not None else ""
        if not password or len(password) > rules.PASSWORD_MAX:
            raise FieldError("currentPassword", rules.MSG_DELETE_PASSWORD if not password
                             else rules.MSG_CURRENT_PASSWORD_WRONG)
        await request.app.state.rate_limiter.check("delete_account", request, account=str(request.user.id))
        user = await _checked_user(db_session, request.user.id, password)
        if user.is_admin:
            admins = UserAdminService(session=db_session)
            user = await admins.target(user.id, admin_id=user.id)  # every admin's row locked until the commit
            await admins.keep_an_admin(user)
        await db_session.delete(user)
        await db_session.flush()
        files = request.app.state.settings.data_dir / "files" / str(user.id)
        shutil.rmtree(files, ignore_errors=True)
        log.info("account_deleted", user_id=str(user.id))
        return Response(MessageOut(message="Account deleted"), cookies=cleared_session_cookies(request))
