"""The signed-in user's own account: profile settings and deletion (spec part 2)."""

from __future__ import annotations

import shutil

from litestar import Controller, Request, Response, delete, put
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth import rules
from api.auth import services as svc
from api.auth.cookies import cleared_session_cookies
from api.auth.schemas import MessageOut, ProfileIn, UserEnvelope, UserOut
from api.errors import Conflict, FieldError, documented_errors, error_responses
from api.logging import get_logger

log = get_logger("reverie.users")

MAX_FULL_NAME_CHARS = 200  # the column's length
MSG_FULL_NAME_LONG = f"Full name can be at most {MAX_FULL_NAME_CHARS} characters."


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

    @delete("/account", operation_id="deleteAccount", status_code=200, opt={"allow_pending": True})
    async def delete_account(self, request: Request, db_session: AsyncSession) -> Response[MessageOut]:
        """Deletes the account and everything it owns: rows go by ON DELETE CASCADE, files here."""
        user = await svc.get_user(db_session, request.user.id)
        assert user is not None
        await db_session.delete(user)
        await db_session.flush()
        files = request.app.state.settings.data_dir / "files" / str(user.id)
        shutil.rmtree(files, ignore_errors=True)
        log.info("account_deleted", user_id=str(user.id))
        return Response(MessageOut(message="Account deleted"), cookies=cleared_session_cookies(request))
