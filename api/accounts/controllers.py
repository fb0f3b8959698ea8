"""The account calls of the spec: /api/auth/* (signing up, verifying, signing in and out, resetting
a password) and /api/users/* (the signed-in user's own account: profile settings, password, e-mail
address, deletion). Thin handlers: check the input, call the accounts' services, answer."""

from __future__ import annotations

import msgspec
from litestar import Controller, Request, Response, delete, get, post, put
from litestar.exceptions import ClientException, NotAuthorizedException, PermissionDeniedException

from api.accounts import rules
from api.accounts.access import pending_body
from api.accounts.notices import MAIL, AccountMail
from api.accounts.schemas import (
    AccountDeleteIn,
    ChangePasswordIn,
    EmailChangeIn,
    EmailChangeOut,
    EmailConfirmIn,
    ForgotIn,
    JournalingPreferences,
    LoginIn,
    MessageOut,
    PendingUser,
    ProfileIn,
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
from api.accounts.services import CodeService, ResetService, UserService, validate_registration
from api.accounts.sessions import SessionService
from api.dependencies import AppSettings, Limiter, Storage
from api.errors import Conflict, FieldError, documented_errors, error_responses
from api.logging import get_logger
from api.security.cookies import cleared_session_cookies, session_cookies
from api.security.rate_limit import client_address
from api.services import provide

log = get_logger("reverie.auth")
PUBLIC = {"public": True}
PENDING = {"allow_pending": True}
SERVICES = {**provide(users=UserService, sessions=SessionService, codes=CodeService, resets=ResetService), **MAIL}


@documented_errors
class AuthController(Controller):
    path = "/api/auth"
    tags = ["auth"]
    dependencies = SERVICES

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
    async def login(self, request: Request, users: UserService, sessions: SessionService, codes: CodeService,
                    mail: AccountMail, settings: AppSettings, rate_limiter: Limiter,
                    data: LoginIn) -> Response[SessionOut]:
        login = data.username.strip()
        if not data.password:
            raise FieldError("password", rules.MSG_PASSWORD_REQUIRED)
        if len(login) < rules.USERNAME_MIN:
            raise FieldError("username", rules.MSG_LOGIN_NAME_SHORT)
        client = client_address(request)
        await rate_limiter.check("login", request, account=login)
        await rate_limiter.check_login_backoff(login.lower(), client)

        user = await users.by_login(login)
        if not await users.check_password(user, data.password) or user is None:
            await rate_limiter.record_login_failure(login.lower(), client)
            raise NotAuthorizedException(rules.MSG_INVALID_LOGIN)
        await rate_limiter.clear_login_failures(login.lower(), client)
        if not user.is_verified:
            await codes.send(settings, mail, user)
            raise PermissionDeniedException(
                rules.MSG_NOT_VERIFIED,
                extra={"needsVerification": True, "user": msgspec.to_builtins(PendingUser(id=user.id, username=user.username, email=user.email))},
            )
        users.apply_admin_emails(user, settings)
        token = await sessions.start(settings, user, user_agent=request.headers.get("user-agent"), ip=client)
        return Response(SessionOut(user=UserOut.of(user), auth_token=token), cookies=session_cookies(settings, token))

    @post("/register", operation_id="register", opt=PUBLIC, status_code=201, responses=error_responses(409, 429))
    async def register(self, request: Request, users: UserService, codes: CodeService, mail: AccountMail,
                       settings: AppSettings, rate_limiter: Limiter, data: RegisterIn) -> RegisterOut:
        prefs = data.journaling_preferences or JournalingPreferences()
        validate_registration(
            data.username.strip(), data.email.strip(), data.password, data.confirm_password,
            prefs.status, prefs.frequency, data.journaling_experience,
        )
        await rate_limiter.check("register", request, account=rules.normalise_email(data.email))
        user = await users.register(
            settings, username=data.username, email=data.email, password=data.password,
            status=prefs.status or "no", frequency=prefs.frequency, experience=data.journaling_experience,
        )
        await codes.send(settings, mail, user)
        log.info("user_registered", user_id=str(user.id))
        return RegisterOut(id=user.id, username=user.username, email=user.email)

    @post("/logout", operation_id="logout", opt=PUBLIC, status_code=200)
    async def logout(self, request: Request, sessions: SessionService, settings: AppSettings) -> Response[MessageOut]:
        session_id = request.scope.get("auth")
        if session_id is not None:
            await sessions.end(session_id)
        return Response(MessageOut(message=rules.MSG_LOGGED_OUT), cookies=cleared_session_cookies(settings))

    @post("/verify-email", operation_id="verifyEmail", opt=PUBLIC, status_code=200,
          responses=error_responses(401, 429),
          description="Verify with the six-digit code, which signs the user in. `auto-verify` only confirms an "
                      "already verified account to a caller signed in as it.")
    async def verify_email(self, request: Request, users: UserService, sessions: SessionService, codes: CodeService,
                           settings: AppSettings, rate_limiter: Limiter, data: VerifyIn) -> Response[VerifyOut]:
        code = data.verification_code.strip()
        await rate_limiter.check("verify", request, account=data.user_id or None)
        user = await users.find(data.user_id)
        signed_in = request.scope.get("user")

        if code == rules.AUTO_VERIFY:
            if user is None or signed_in is None or signed_in.id != user.id:
                raise NotAuthorizedException(rules.MSG_SIGN_IN_FIRST)
            if not user.is_verified:
                raise ClientException(detail=rules.MSG_INVALID_CODE)
            return Response(VerifyOut(success=True, user=UserOut.of(user), already_verified=True,
                                      needs_terms_agreement=not user.agreed_to_terms))

        if len(code) != rules.VERIFICATION_CODE_LENGTH or not code.isdigit():
            raise FieldError("verificationCode", rules.MSG_CODE_FORMAT)
        if user is None:
            raise ClientException(detail=rules.MSG_INVALID_CODE)
        if user.is_verified:
            raise ClientException(detail=rules.MSG_ALREADY_VERIFIED, extra={"alreadyVerified": True})
        await codes.check(settings, user, code)
        users.apply_admin_emails(user, settings)
        token = await sessions.start(settings, user, user_agent=request.headers.get("user-agent"),
                                     ip=client_address(request))
        body = VerifyOut(success=True, user=UserOut.of(user), already_verified=False,
                         needs_terms_agreement=not user.agreed_to_terms, auth_token=token)
        return Response(body, cookies=session_cookies(settings, token))

    @post("/resend-verification", operation_id="resendVerification", opt=PUBLIC, status_code=200,
          responses=error_responses(429),
          description="Answers the same whether or not the address has an account.")
    async def resend_verification(self, request: Request, users: UserService, codes: CodeService, mail: AccountMail,
                                  settings: AppSettings, rate_limiter: Limiter, data: ResendIn) -> ResendOut:
        email = rules.normalise_email(data.email)
        if rules.email_problem(email):
            raise FieldError("email", rules.MSG_EMAIL_INVALID)
        await rate_limiter.check("resend", request, account=email)
        user = await users.by_email(email)
        signed_in = request.scope.get("user")
        if user is not None and user.is_verified and signed_in is not None and signed_in.id == user.id:
            return ResendOut(already_verified=True, user_id=user.id, email=user.email, username=user.username)
        if user is not None and not user.is_verified:
            await codes.send(settings, mail, user)
        return ResendOut(message=rules.MSG_RESEND_SENT)

    @post("/terms-agreement", operation_id="agreeToTerms", opt=PENDING, status_code=200,
          responses=error_responses(403))
    async def terms_agreement(self, request: Request, users: UserService, data: TermsIn) -> UserEnvelope:
        user = await users.me(request.user.id)
        if data.user_id and data.user_id != str(user.id):
            raise PermissionDeniedException(rules.MSG_USER_MISMATCH)
        if not user.is_verified:
            raise PermissionDeniedException(rules.MSG_VERIFY_NEEDED, extra=pending_body(user))
        users.agree_to_terms(user)
        return UserEnvelope(user=UserOut.of(user))

    @post("/forgot-password", operation_id="forgotPassword", opt=PUBLIC, status_code=200,
          responses=error_responses(429),
          description="Answers the same whether or not the address has an account.")
    async def forgot_password(self, request: Request, users: UserService, resets: ResetService, mail: AccountMail,
                              rate_limiter: Limiter, data: ForgotIn) -> MessageOut:
        email = rules.normalise_email(data.email)
        if rules.email_problem(email):
            raise FieldError("email", rules.MSG_EMAIL_INVALID)
        await rate_limiter.check("forgot", request, account=email)
        user = await users.by_email(email)
        if user is not None:
            await mail.reset_link(user, await resets.issue(user))
        return MessageOut(message=rules.MSG_FORGOT_SENT)

    @post("/reset-password", operation_id="resetPassword", opt=PUBLIC, status_code=200,
          responses=error_responses(429))
    async def reset_password(self, request: Request, resets: ResetService, mail: AccountMail,
                             rate_limiter: Limiter, data: ResetIn) -> ResetOut:
        problem = rules.password_problem(data.new_password)
        if problem:
            raise FieldError("newPassword", problem)
        await rate_limiter.check("reset", request)
        user = await resets.use(data.token.strip(), data.new_password)
        log.info("password_reset", user_id=str(user.id))
        await mail.password_changed(user, reset=True)
        return ResetOut(success=True, username=user.username)


@documented_errors
class UsersController(Controller):
    path = "/api/users"
    tags = ["users"]
    dependencies = SERVICES

    @put("/profile", operation_id="updateProfile", responses=error_responses(409))
    async def update_profile(self, request: Request, users: UserService, data: ProfileIn) -> UserEnvelope:
        user = await users.update_profile(await users.me(request.user.id), data)
        return UserEnvelope(user=UserOut.of(user))

    @post("/password", operation_id="changePassword", status_code=200, responses=error_responses(429),
          description="Change the signed-in user's password: the current one is checked; every other session "
                      "of the user ends (this one stays signed in).")
    async def change_password(self, request: Request, users: UserService, mail: AccountMail, rate_limiter: Limiter,
                              data: ChangePasswordIn) -> MessageOut:
        problem = rules.password_problem(data.new_password)
        if problem:
            raise FieldError("newPassword", problem)
        if len(data.current_password) > rules.PASSWORD_MAX:
            raise FieldError("currentPassword", rules.MSG_CURRENT_PASSWORD_WRONG)
        await rate_limiter.check("change_password", request, account=str(request.user.id))
        user = await users.checked(request.user.id, data.current_password)
        if data.new_password == data.current_password:
            raise FieldError("newPassword", rules.MSG_PASSWORD_UNCHANGED)
        await users.change_password(user, data.new_password, keep=request.scope.get("auth"))
        log.info("password_changed", user_id=str(user.id))
        await mail.password_changed(user, reset=False)
        return MessageOut(message=rules.MSG_PASSWORD_CHANGED)

    @post("/email", operation_id="requestEmailChange", status_code=200,
          responses=error_responses(409, 429, 502),
          description="Start changing the signed-in user's e-mail address: the current password is checked "
                      "and a code is mailed to the new address. Nothing changes until the code is confirmed.")
    async def request_email_change(self, request: Request, users: UserService, codes: CodeService, mail: AccountMail,
                                   settings: AppSettings, rate_limiter: Limiter,
                                   data: EmailChangeIn) -> EmailChangeOut:
        email = rules.normalise_email(data.new_email)
        if rules.email_problem(email):
            raise FieldError("newEmail", rules.MSG_EMAIL_INVALID)
        if len(data.current_password) > rules.PASSWORD_MAX:
            raise FieldError("currentPassword", rules.MSG_CURRENT_PASSWORD_WRONG)
        await rate_limiter.check("email_change", request, account=str(request.user.id))
        user = await users.checked(request.user.id, data.current_password)
        if email == user.email.lower():
            raise FieldError("newEmail", rules.MSG_EMAIL_UNCHANGED)
        if await users.email_taken(email, user.id):
            raise Conflict(detail=rules.MSG_EMAIL_TAKEN, extra={"field": "newEmail"})
        await codes.send_to_new_email(settings, mail, user, email)
        return EmailChangeOut(message=rules.MSG_EMAIL_CODE_SENT.format(email=email), email=email)

    @post("/email/confirm", operation_id="confirmEmailChange", status_code=200,
          responses=error_responses(409, 429),
          description="Finish changing the e-mail address with the code mailed to the new one; a notice "
                      "goes to the old address.")
    async def confirm_email_change(self, request: Request, users: UserService, codes: CodeService, mail: AccountMail,
                                   settings: AppSettings, rate_limiter: Limiter,
                                   data: EmailConfirmIn) -> UserEnvelope:
        email = rules.normalise_email(data.new_email)
        code = data.verification_code.strip()
        await rate_limiter.check("verify", request, account=str(request.user.id))
        if rules.email_problem(email):
            raise FieldError("newEmail", rules.MSG_EMAIL_INVALID)
        if len(code) != rules.VERIFICATION_CODE_LENGTH or not code.isdigit():
            raise FieldError("verificationCode", rules.MSG_CODE_FORMAT)
        user = await users.me(request.user.id)
        if await users.email_taken(email, user.id):
            raise Conflict(detail=rules.MSG_EMAIL_TAKEN, extra={"field": "newEmail"})
        await codes.check(settings, user, code, new_email=email)
        old_email = user.email
        await users.change_email(user, email)
        log.info("email_changed", user_id=str(user.id))
        await mail.email_changed(user, old_email)
        return UserEnvelope(user=UserOut.of(user))

    @delete("/account", operation_id="deleteAccount", status_code=200, opt={"allow_pending": True},
            responses=error_responses(409, 429),
            description="Deletes the signed-in account and everything it owns (rows by ON DELETE CASCADE, then "
                        "its files). The body carries the account's password (`currentPassword`): a 400 without "
                        "it or with a wrong one, and nothing is deleted. 409 for the last admin, as on the admin "
                        "route: make another user an admin first.")
    async def delete_account(self, request: Request, users: UserService, settings: AppSettings, storage: Storage,
                             rate_limiter: Limiter, data: AccountDeleteIn | None = None) -> Response[MessageOut]:
        password = data.current_password if data is not None else ""
        if not password or len(password) > rules.PASSWORD_MAX:
            raise FieldError("currentPassword", rules.MSG_DELETE_PASSWORD if not password
                             else rules.MSG_CURRENT_PASSWORD_WRONG)
        await rate_limiter.check("delete_account", request, account=str(request.user.id))
        user = await users.delete_own_account(request.user.id, password, storage)
        log.info("account_deleted", user_id=str(user.id))
        return Response(MessageOut(message=rules.MSG_ACCOUNT_DELETED), cookies=cleared_session_cookies(settings))
