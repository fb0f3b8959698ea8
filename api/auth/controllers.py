"""The account calls of the spec: /api/auth/*."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.exceptions import ClientException, NotAuthorizedException, PermissionDeniedException
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth import notices, rules
from api.auth import services as svc
from api.auth.access import pending_body
from api.auth.cookies import cleared_session_cookies, session_cookies
from api.auth.schemas import (
    ForgotIn,
    JournalingPreferences,
    LoginIn,
    MessageOut,
    PendingUser,
    RegisterIn,
    RegisterOut,
    ResendIn,
    ResendOut,
    ResetIn,
    ResetOut,
    SessionOut,
    TermsIn,
    UserEnvelope,
    UserOut,
    VerifyIn,
    VerifyOut,
)
from api.errors import FieldError, documented_errors, error_responses
from api.logging import get_logger
from api.security.rate_limit import client_address

log = get_logger("reverie.auth")
PUBLIC = {"public": True}
PENDING = {"allow_pending": True}


async def start_session(request: Request, db: AsyncSession, user: Any) -> str:
    return await svc.create_session(
        db, request.app.state.settings, user, user_agent=request.headers.get("user-agent"), ip=client_address(request)
    )


async def send_verification_code(request: Request, db: AsyncSession, user: Any) -> None:
    code = await svc.issue_verification_code(db, request.app.state.settings, user)
    await db.commit()
    await request.app.state.mailer.send(
        user.email,
        "Your Reverie verification code",
        f"Hi {user.username},\n\nYour Reverie verification code is {code}.\n"
        f"It expires in {int(rules.VERIFICATION_CODE_TTL.total_seconds() // 60)} minutes.\n\n"
        "If you did not create a Reverie account, you can ignore this e-mail.\n",
        log_fields={"verification_code": code, "user_id": str(user.id)},
    )


@documented_errors
class AuthController(Controller):
    path = "/api/auth"
    tags = ["auth"]

    @get("/me", operation_id="getCurrentUser", opt=PENDING, responses=error_responses(403),
         description="The signed-in user; 403 with needsTermsAgreement / needsVerification and the user while a "
                     "step is pending. Keeps the session alive.")
    async def me(self, request: Request) -> UserOut:
        user = request.user
        if not user.is_verified or not user.agreed_to_terms:
            message = rules.MSG_VERIFY_NEEDED if not user.is_verified else rules.MSG_TERMS_NEEDED
            raise PermissionDeniedException(message, extra=pending_body(user))
        return UserOut.of(user)

    @post("/login", operation_id="login", opt=PUBLIC, status_code=200, responses=error_responses(401, 403, 429))
    async def login(self, request: Request, db_session: AsyncSession, data: LoginIn) -> Response[SessionOut]:
        login = data.username.strip()
        if not data.password:
            raise FieldError("password", rules.MSG_PASSWORD_REQUIRED)
        if len(login) < rules.USERNAME_MIN:
            raise FieldError("username", rules.MSG_LOGIN_NAME_SHORT)
        limiter = request.app.state.rate_limiter
        client = client_address(request)
        await limiter.check("login", request, account=login)
        await limiter.check_login_backoff(login.lower(), client)

        user = await svc.find_user_by_login(db_session, login)
        if not await svc.check_password(db_session, user, data.password) or user is None:
            await limiter.record_login_failure(login.lower(), client)
            raise NotAuthorizedException(rules.MSG_INVALID_LOGIN)
        await limiter.clear_login_failures(login.lower(), client)
        if not user.is_verified:
            await send_verification_code(request, db_session, user)
            raise PermissionDeniedException(
                rules.MSG_NOT_VERIFIED,
                extra={"needsVerification": True, "user": msgspec.to_builtins(PendingUser(id=user.id, username=user.username, email=user.email))},
            )
        svc.apply_admin_emails(db_session, user, request.app.state.settings)
        token = await start_session(request, db_session, user)
        return Response(SessionOut(user=UserOut.of(user), auth_token=token), cookies=session_cookies(request, token))

    @post("/register", operation_id="register", opt=PUBLIC, status_code=201, responses=error_responses(409, 429))
    async def register(self, request: Request, db_session: AsyncSession, data: RegisterIn) -> RegisterOut:
        prefs = data.journaling_preferences or JournalingPreferences()
        svc.validate_registration(
            data.username.strip(), data.email.strip(), data.password, data.confirm_password,
            prefs.status, prefs.frequency, data.journaling_experience,
        )
        await request.app.state.rate_limiter.check("register", request, account=rules.normalise_email(data.email))
        user = await svc.create_user(
            db_session, request.app.state.settings, username=data.username, email=data.email, password=data.password,
            status=prefs.status or "no", frequency=prefs.frequency, experience=data.journaling_experience,
        )
        await send_verification_code(request, db_session, user)
        log.info("user_registered", user_id=str(user.id))
        return RegisterOut(id=user.id, username=user.username, email=user.email)

    @post("/logout", operation_id="logout", opt=PUBLIC, status_code=200)
    async def logout(self, request: Request, db_session: AsyncSession) -> Response[MessageOut]:
        session_id = request.scope.get("auth")
        if session_id is not None:
            await svc.end_session(db_session, session_id)
        return Response(MessageOut(message="Logged out"), cookies=cleared_session_cookies(request))

    @post("/verify-email", operation_id="verifyEmail", opt=PUBLIC, status_code=200,
          responses=error_responses(401, 429),
          description="Verify with the six-digit code, which signs the user in. `auto-verify` only confirms an "
                      "already verified account to a caller signed in as it.")
    async def verify_email(self, request: Request, db_session: AsyncSession, data: VerifyIn) -> Response[VerifyOut]:
        code = data.verification_code.strip()
        settings = request.app.state.settings
        await request.app.state.rate_limiter.check("verify", request, account=data.user_id or None)
        user = await svc.get_user(db_session, data.user_id)
        signed_in = request.scope.get("user")

        if code == rules.AUTO_VERIFY:
            if user is None or signed_in is None or signed_in.id != user.id:
                raise NotAuthorizedException("Please log in to continue.")
            if not user.is_verified:
                raise ClientException(detail=rules.MSG_INVALID_CODE)
            return Response(VerifyOut(success=True, user=UserOut.of(user), already_verified=True,
                                       needs_terms_agreement=not user.agreed_to_terms))

        if len(code) != rules.VERIFICATION_CODE_LENGTH or not code.isdigit():
            raise FieldError("verificationCode", rules.MSG_CODE_FORMAT)
        if user is None:
            raise ClientException(detail=rules.MSG_INVALID_CODE)
        if user.is_verified:
            raise ClientException(detail="This email address is already verified. Please log in.",
                                  extra={"alreadyVerified": True})
        await svc.check_verification_code(db_session, settings, user, code)
        svc.apply_admin_emails(db_session, user, settings)
        token = await start_session(request, db_session, user)
        body = VerifyOut(success=True, user=UserOut.of(user), already_verified=False,
                         needs_terms_agreement=not user.agreed_to_terms, auth_token=token)
        return Response(body, cookies=session_cookies(request, token))

    @post("/resend-verification", operation_id="resendVerification", opt=PUBLIC, status_code=200,
          responses=error_responses(429),
          description="Answers the same whether or not the address has an account.")
    async def resend_verification(self, request: Request, db_session: AsyncSession, data: ResendIn) -> ResendOut:
        email = rules.normalise_email(data.email)
        if rules.email_problem(email):
            raise FieldError("email", rules.MSG_EMAIL_INVALID)
        await request.app.state.rate_limiter.check("resend", request, account=email)
        user = await svc.find_user_by_email(db_session, email)
        signed_in = request.scope.get("user")
        if user is not None and user.is_verified and signed_in is not None and signed_in.id == user.id:
            return ResendOut(already_verified=True, user_id=user.id, email=user.email, username=user.username)
        if user is not None and not user.is_verified:
            await send_verification_code(request, db_session, user)
        return ResendOut(message="If that address needs verifying, a new code is on its way.")

    @post("/terms-agreement", operation_id="agreeToTerms", opt=PENDING, status_code=200,
          responses=error_responses(403))
    async def terms_agreement(self, request: Request, db_session: AsyncSession, data: TermsIn) -> UserEnvelope:
        user = await svc.get_user(db_session, request.user.id)
        assert user is not None
        if data.user_id and data.user_id != str(user.id):
            raise PermissionDeniedException(rules.MSG_USER_MISMATCH)
        if not user.is_verified:
            raise PermissionDeniedException(rules.MSG_VERIFY_NEEDED, extra=pending_body(user))
        if not user.agreed_to_terms:
            user.agreed_to_terms = True
            user.terms_agreed_at = svc.now()
        return UserEnvelope(user=UserOut.of(user))

    @post("/forgot-password", operation_id="forgotPassword", opt=PUBLIC, status_code=200,
          responses=error_responses(429),
          description="Answers the same whether or not the address has an account.")
    async def forgot_password(self, request: Request, db_session: AsyncSession, data: ForgotIn) -> MessageOut:
        email = rules.normalise_email(data.email)
        if rules.email_problem(email):
            raise FieldError("email", rules.MSG_EMAIL_INVALID)
        await request.app.state.rate_limiter.check("forgot", request, account=email)
        user = await svc.find_user_by_email(db_session, email)
        if user is not None:
            token = await svc.issue_reset_token(db_session, user)
            await db_session.commit()
            # From the configured public address only: the request's Host and forwarded headers are
            # the sender's to choose, and a link built from them would mail the token to a stranger.
            link = f"{request.app.state.settings.public_base_url}/auth/reset-password/{token}"
            await request.app.state.mailer.send(
                user.email,
                "Reset your Reverie password",
                f"Hi {user.username},\n\nTo choose a new password, open this link within the hour:\n\n{link}\n\n"
                "If you did not ask for this, you can ignore this e-mail: your password stays as it is.\n",
            )
        return MessageOut(message=rules.MSG_FORGOT_SENT)

    @post("/reset-password", operation_id="resetPassword", opt=PUBLIC, status_code=200,
          responses=error_responses(429))
    async def reset_password(self, request: Request, db_session: AsyncSession, data: ResetIn) -> ResetOut:
        problem = rules.password_problem(data.new_password)
        if problem:
            raise FieldError("newPassword", problem)
        await request.app.state.rate_limiter.check("reset", request)
        if not data.token.strip():
            raise ClientException(detail=rules.MSG_RESET_INVALID, extra={"expired": True})
        user = await svc.use_reset_token(db_session, data.token.strip(), data.new_password)
        await db_session.commit()
        log.info("password_reset", user_id=str(user.id))
        await notices.password_changed(request, user, reset=True)
        return ResetOut(success=True, username=user.username)
