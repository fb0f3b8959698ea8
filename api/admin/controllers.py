"""/api/admin/*: the admin panel's calls (spec part 2 sections 6 and 7). One router; the
`admin_only` guard on it answers 401 to a visitor and 403 to any signed-in non-admin before a
handler runs. Each change is written to the audit log with the acting admin's id."""

from __future__ import annotations

import uuid
from datetime import timedelta

from advanced_alchemy.exceptions import NotFoundError
from litestar import Controller, Request, Response, delete, get, post
from litestar.datastructures import ResponseHeader
from litestar.params import Parameter

from api.accounts.access import admin_only
from api.accounts.notices import MAIL, AccountMail
from api.accounts.services import CodeService
from api.admin import rules
from api.admin.codes import duration
from api.admin.listing import SORT_KEYS, UserFilter, users_csv
from api.admin.schemas import (
    AdminDeletedOut,
    AdminMessageOut,
    AdminStatsOut,
    AdminUserDetailOut,
    AdminUserOut,
    AdminUserResultOut,
    AuditEntryOut,
    EndSessionsOut,
    PremiumAccessIn,
    SetAdminIn,
    WaitlistEntryOut,
)
from api.admin.services import AuditService, UserAdminService
from api.dependencies import AppSettings, Limiter, Storage
from api.errors import Conflict, FieldError, documented_errors, error_responses
from api.paging import PAGE_HEADERS
from api.services import provide
from api.subscription import rules as promo_rules
from api.subscription import services as subscription
from api.subscription.services import WaitlistService
from models import User, WaitlistEntry

SERVICES = {**provide(users=UserAdminService, audit=AuditService, waitlist=WaitlistService, codes=CodeService), **MAIL}


@documented_errors
class AdminController(Controller):
    path = "/api/admin"
    tags = ["admin"]
    guards = [admin_only]
    dependencies = SERVICES

    # -- users ---------------------------------------------------------------------------
    @get("/users", operation_id="adminListUsers")
    async def list_users(self, users: UserAdminService) -> list[AdminUserOut]:
        """Every account, newest first, with its entry and session counts, premium state and last
        activity."""
        return await users.rows()

    @get("/users/export", operation_id="adminExportUsers", media_type="text/csv",
         response_headers=[ResponseHeader(name="Content-Disposition", documentation_only=True,
                                          description="attachment; filename=reverie-users-<date>.csv")])
    async def export_users(
        self, request: Request, users: UserAdminService, audit: AuditService,
        premium: bool | None = Parameter(default=None, description="Only premium (true) or free (false) users."),
        admin: bool | None = Parameter(default=None, description="Only admins (true) or non-admins (false)."),
        verified: bool | None = Parameter(default=None, description="Only verified (true) or unverified (false)."),
        q: str = Parameter(default="", max_length=200, description="Username or e-mail contains this."),
        sort: str = Parameter(default="createdAt", description="One of " + ", ".join(SORT_KEYS) + "."),
        descending: bool = Parameter(default=True),
    ) -> Response[str]:
        """The users the panel shows (its filters, search and order) as a CSV file for a spreadsheet;
        a cell a spreadsheet would read as a formula is written as text. The export is logged."""
        if sort not in SORT_KEYS:
            raise FieldError("sort", "sort must be one of " + ", ".join(SORT_KEYS) + ".")
        wanted = UserFilter(premium=premium, admin=admin, verified=verified, query=q, sort=sort,
                            descending=descending)
        rows = await users.listed(wanted)
        await audit.record(request.user, rules.ACTION_EXPORT_USERS, "user", None,
                           f"{len(rows):,} {'user' if len(rows) == 1 else 'users'}")
        day = subscription.now().date().isoformat()
        return Response(users_csv(rows), media_type="text/csv; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="reverie-users-{day}.csv"'})

    @get("/users/{user_id:uuid}", operation_id="adminGetUser")
    async def get_user(self, request: Request, users: UserAdminService, user_id: uuid.UUID) -> AdminUserDetailOut:
        """One user's page: their row, live sessions, verification, what they keep (entries, tasks,
        insights, photos, resume), the codes they redeemed, the waitlist, and the admin actions about
        them."""
        return await users.detail(user_id, request.scope.get("auth"))

    @post("/users/{user_id:uuid}/end-sessions", operation_id="adminEndSessions", status_code=200)
    async def end_sessions(self, request: Request, users: UserAdminService, audit: AuditService,
                           user_id: uuid.UUID) -> EndSessionsOut:
        """Sign the user out everywhere: every session of theirs ends (on one's own account, every
        other one: this one stays). Ending none is no change and is not logged."""
        user = await users.locked(user_id)
        keep = request.scope.get("auth") if user.id == request.user.id else None
        ended = await users.end_sessions(user, keep)
        if ended:
            await audit.record(request.user, rules.ACTION_END_SESSIONS, "user", user.id,
                               f"{ended} {'session' if ended == 1 else 'sessions'}", target=user)
        return EndSessionsOut(success=True, ended=ended,
                              message=f"{ended} {'session' if ended == 1 else 'sessions'} ended.")

    @post("/users/{user_id:uuid}/resend-verification", operation_id="adminResendVerification", status_code=200,
          responses=error_responses(409, 429))
    async def resend_verification(self, request: Request, users: UserAdminService, audit: AuditService,
                                  codes: CodeService, mail: AccountMail, settings: AppSettings, rate_limiter: Limiter,
                                  user_id: uuid.UUID) -> AdminMessageOut:
        """Mail an unverified user a new verification code (the earlier one stops working). 409 when
        the address is already verified; limited as the sign-up page's resend is, per address."""
        user = await users.locked(user_id)
        if user.is_verified:
            raise Conflict(detail=rules.MSG_ALREADY_VERIFIED)
        await rate_limiter.check("resend", request, account=user.email.lower())
        await audit.record(request.user, rules.ACTION_RESEND_VERIFICATION, "user", user.id, target=user)
        await codes.send(settings, mail, user)  # commits the log line with the code
        return AdminMessageOut(success=True, message=rules.MSG_VERIFICATION_SENT.format(email=user.email))

    @post("/users/{user_id:uuid}/set-admin", operation_id="adminSetAdmin", status_code=200,
          responses=error_responses(409))
    async def set_admin(self, request: Request, users: UserAdminService, audit: AuditService, settings: AppSettings,
                        user_id: uuid.UUID, data: SetAdminIn) -> AdminUserResultOut:
        """Grant or take away admin rights. 409 when it would leave no admin, or when the server's
        configuration (ADMIN_EMAILS) makes the account an admin: it would be one again at its next
        sign-in. Setting the value the user already has changes nothing and is not logged."""
        user = await users.locked(user_id, admin_id=None if data.is_admin else request.user.id)
        if not data.is_admin and user.is_admin and user.email.lower() in settings.admin_emails:
            raise Conflict(detail=rules.MSG_ADMIN_BY_CONFIG, extra={"reason": "configured"})
        if await users.set_admin(user, data.is_admin):
            await audit.record(request.user, rules.ACTION_SET_ADMIN, "user", user.id,
                               rules.DETAIL_ADMIN if data.is_admin else rules.DETAIL_NOT_ADMIN, target=user)
        return AdminUserResultOut(success=True, message=rules.MSG_ADMIN_UPDATED, user=await users.row(user.id))

    @post("/users/{user_id:uuid}/premium-access", operation_id="adminSetPremiumAccess", status_code=200)
    async def set_premium_access(self, request: Request, users: UserAdminService, audit: AuditService,
                                 user_id: uuid.UUID, data: PremiumAccessIn) -> AdminUserResultOut:
        """Grant promo premium (for `durationDays`, or until revoked when null) or revoke it. A call
        that changes nothing (revoking no access, a grant shorter than the one held) is not logged."""
        user = await users.locked(user_id)
        before = (user.promo_source, user.promo_expires_at, user.promo_access)
        if data.enabled:
            days = None if data.duration_days is None else duration(data.duration_days)
            expires = None if days is None else subscription.now() + timedelta(days=days)
            subscription.grant_promo(user, promo_rules.PROMO_FROM_ADMIN, expires)
            action, detail = rules.ACTION_GRANT_PROMO, f"{days} days" if days else "until revoked"
        else:
            subscription.revoke_promo(user)
            action, detail = rules.ACTION_REVOKE_PROMO, None
        if (user.promo_source, user.promo_expires_at, user.promo_access) != before:
            await audit.record(request.user, action, "user", user.id, detail, target=user)
        await users.session.flush()
        return AdminUserResultOut(success=True, message=rules.MSG_PREMIUM_UPDATED, user=await users.row(user.id))

    @delete("/users/{user_id:uuid}", operation_id="adminDeleteUser", status_code=200,
            responses=error_responses(409))
    async def delete_user(self, request: Request, users: UserAdminService, audit: AuditService, storage: Storage,
                          user_id: uuid.UUID) -> AdminDeletedOut:
        """Delete the account permanently with everything it owns, its files included. 409 when
        it is the last admin."""
        user = await users.locked(user_id, admin_id=request.user.id)
        # The username in the line itself: it says which account went once the account is gone.
        await audit.record(request.user, rules.ACTION_DELETE_USER, "user", user.id, user.username, target=user)
        await users.delete_account(user, storage)
        return AdminDeletedOut(success=True, message=rules.MSG_USER_DELETED)

    # -- the waitlist --------------------------------------------------------------------
    @get("/waitlist", operation_id="adminListWaitlist")
    async def list_waitlist(self, waitlist: WaitlistService) -> list[WaitlistEntryOut]:
        return [WaitlistEntryOut.of(e) for e in await waitlist.listed()]

    @delete("/waitlist/{entry_id:uuid}", operation_id="adminDeleteWaitlistEntry", status_code=200)
    async def delete_waitlist_entry(self, request: Request, waitlist: WaitlistService, audit: AuditService,
                                    users: UserAdminService, entry_id: uuid.UUID) -> AdminDeletedOut:
        entry = await waitlist.get_one_or_none(WaitlistEntry.id == entry_id)
        if entry is None:
            raise NotFoundError(detail=rules.MSG_WAITLIST_NOT_FOUND)
        owner = await users.get_one_or_none(User.id == entry.user_id) if entry.user_id else None
        await audit.record(request.user, rules.ACTION_DELETE_WAITLIST, "waitlist", entry.id,
                           owner.username if owner else None, target=owner)
        await waitlist.delete(entry.id)
        return AdminDeletedOut(success=True, message=rules.MSG_WAITLIST_DELETED)

    # -- the System tab ------------------------------------------------------------------
    @get("/stats", operation_id="adminStats")
    async def stats(self, users: UserAdminService) -> AdminStatsOut:
        """Users, verified, active (with entries), premium, admins, test accounts, entries and
        entries of the last seven days, subscribed waitlist entries, promo codes."""
        return await users.stats()

    @get("/audit-log", operation_id="adminAuditLog", response_headers=PAGE_HEADERS)
    async def audit_log(
        self, audit: AuditService,
        action: str | None = Parameter(default=None, max_length=40, description="Only this action."),
        admin_id: uuid.UUID | None = Parameter(default=None, query="adminId", description="Only this admin's."),  # noqa: B008
        target_id: uuid.UUID | None = Parameter(default=None, query="targetId",  # noqa: B008
                                                description="Only those about this user or promo code."),
        limit: int = Parameter(default=rules.AUDIT_LOG_PAGE, ge=1, le=rules.AUDIT_LOG_MAX_PAGE,
                               description="At most this many lines."),
        before: str | None = Parameter(default=None, min_length=1, max_length=300,
                                       description="X-Next-Cursor of the previous page: the lines after it."),
    ) -> Response[list[AuditEntryOut]]:
        """Every admin action, newest first: who did what to what, and when; a page at a time
        (`limit`, then `before` = X-Next-Cursor), filtered by action, admin and who it was about.
        X-Total-Count is the number of lines the filters keep."""
        if action is not None and action not in rules.ACTIONS:
            raise FieldError("action", rules.MSG_ACTION)
        page = await audit.page(limit=limit, before=before, action=action, admin_id=admin_id, target_id=target_id)
        return Response(list(page.rows), headers=page.headers)
