"""Request and response bodies of the account calls (spec part 1 section 7, part 2 section 7)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated
from uuid import UUID

import msgspec

from api.validation import column_length
from models import User


class UserOut(msgspec.Struct, rename="camel", kw_only=True):
    id: UUID
    username: str
    email: str
    is_verified: bool
    agreed_to_terms: bool
    terms_agreed_at: datetime | None
    needs_terms_agreement: bool
    needs_verification: bool
    is_admin: bool
    is_premium: bool
    subscription_tier: str
    journaling_experience: str | None
    full_name: str | None
    gender: str | None
    birth_date: date | None
    dark_mode: bool
    show_dark_mode_toggle: bool
    created_at: datetime
    last_login_at: datetime | None

    @classmethod
    def of(cls, user: User) -> UserOut:
        return cls(
            id=user.id,
            username=user.username,
            email=user.email,
            is_verified=user.is_verified,
            agreed_to_terms=user.agreed_to_terms,
            terms_agreed_at=user.terms_agreed_at,
            needs_terms_agreement=not user.agreed_to_terms,
            needs_verification=not user.is_verified,
            is_admin=user.is_admin,
            is_premium=user.is_premium,
            subscription_tier=user.subscription_tier,
            journaling_experience=user.journaling_experience,
            full_name=user.full_name,
            gender=user.gender,
            birth_date=user.birth_date,
            dark_mode=user.dark_mode,
            show_dark_mode_toggle=user.show_dark_mode_toggle,
            created_at=user.created_at,
            last_login_at=user.last_login_at,
        )


class PendingUser(msgspec.Struct, rename="camel", kw_only=True):
    """What an unverified user may learn about their own account: enough to verify it."""

    id: UUID
    username: str
    email: str


class LoginIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    username: str = ""  # a username or an e-mail address
    password: str = ""


class SessionOut(msgspec.Struct, rename="camel", kw_only=True):
    user: UserOut
    auth_token: str
    success: bool = True


class JournalingPreferences(msgspec.Struct, kw_only=True):
    status: str | None = None
    frequency: str | None = None


class RegisterIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    username: str = ""
    email: str = ""
    password: str = ""
    confirm_password: str | None = None
    journaling_experience: str | None = None
    journaling_preferences: JournalingPreferences | None = None


class RegisterOut(msgspec.Struct, rename="camel", kw_only=True):
    id: UUID
    username: str
    email: str
    needs_verification: bool = True


class VerifyIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    user_id: str = ""
    verification_code: str = ""


class VerifyOut(msgspec.Struct, rename="camel", kw_only=True):
    success: bool
    user: UserOut
    already_verified: bool
    needs_terms_agreement: bool
    auth_token: str | None = None


class ResendIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    email: str = ""


class ResendOut(msgspec.Struct, rename="camel", kw_only=True, omit_defaults=True):
    success: bool = True
    message: str | None = None
    already_verified: bool = False
    user_id: UUID | None = None
    email: str | None = None
    username: str | None = None


class TermsIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    user_id: str | None = None


class UserEnvelope(msgspec.Struct, kw_only=True):
    user: UserOut
    success: bool = True


class ForgotIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    email: str = ""


class ResetIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    token: str = ""
    new_password: str = ""


class ResetOut(msgspec.Struct, kw_only=True):
    success: bool
    username: str


class ChangePasswordIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    current_password: str = ""
    new_password: str = ""


class AccountDeleteIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    """DELETE /api/users/account: the account's password, so a session left open cannot delete it."""

    current_password: str = ""


class EmailChangeIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    new_email: str = ""
    current_password: str = ""


class EmailConfirmIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    new_email: str = ""
    verification_code: str = ""


class EmailChangeOut(msgspec.Struct, rename="camel", kw_only=True):
    message: str
    email: str


class MessageOut(msgspec.Struct, kw_only=True):
    success: bool = True
    message: str = ""


# A name is one line: no line breaks or other control characters (they broke every e-mail header
# the name went into), at most as long as the column.
FullName = Annotated[str, msgspec.Meta(max_length=column_length(User.full_name), pattern=r"^[^\x00-\x1f\x7f]*$")]


class ProfileIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    username: str | None = None
    full_name: FullName | None = None
    gender: str | None = None
    birth_date: str | None = None
    journaling_experience: str | None = None
    dark_mode: bool | None = None
    show_dark_mode_toggle: bool | None = None
