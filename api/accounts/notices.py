"""The account's mails, through the app's one mailer (SMTP or the outbox): the verification code,
the password reset link, the code that confirms a new e-mail address, and the notices that the
password or the address changed.

A notice is sent after the change is committed and never undoes it: when it cannot be sent, the
change stands and the failure is logged. The new address's code mail is different: without it the
user cannot go on, so its failure is the request's (502, `MailNotSent`). Links are built from the
configured public address only: the request's Host and forwarded headers are the sender's to
choose, and a link built from them would mail a token to a stranger.
"""

from __future__ import annotations

from datetime import UTC, datetime

from litestar.di import Provide
from litestar.exceptions import HTTPException

from api.accounts import rules
from api.dependencies import AppMailer, AppSettings
from api.logging import get_logger
from api.mail import Mailer
from api.settings import Settings

log = get_logger("reverie.auth")

MSG_MAIL_NOT_SENT = "The e-mail could not be sent. Please try again later."


class MailNotSent(HTTPException):
    status_code = 502


def _when(moment: datetime) -> str:
    return f"{moment:%a, %b %d, %Y at %H:%M} UTC"


def _minutes(ttl) -> int:
    return int(ttl.total_seconds() // 60)


class AccountMail:
    def __init__(self, mailer: Mailer, settings: Settings) -> None:
        self.mailer = mailer
        self.base_url = settings.public_base_url

    def _if_not_you(self) -> str:
        """Where a user who did not make the change gets the account back: a reset mailed to them."""
        return (f"If this wasn't you, reset your password now: open {self.base_url}/auth, choose \"Forgot "
                "password\" and enter this e-mail address.\n")

    async def _notify(self, to: str, subject: str, text: str, user_id: str) -> None:
        try:
            await self.mailer.send(to, subject, text)
        except OSError as exc:  # SMTP errors are OSErrors, as are those of writing the outbox
            log.error("notice_not_sent", subject=subject, user_id=user_id, error=str(exc))

    async def verification_code(self, user, code: str) -> None:
        await self.mailer.send(
            user.email,
            "Your Reverie verification code",
            f"Hi {user.username},\n\nYour Reverie verification code is {code}.\n"
            f"It expires in {_minutes(rules.VERIFICATION_CODE_TTL)} minutes.\n\n"
            "If you did not create a Reverie account, you can ignore this e-mail.\n",
            log_fields={"verification_code": code, "user_id": str(user.id)},
        )

    async def reset_link(self, user, token: str) -> None:
        link = f"{self.base_url}/auth/reset-password/{token}"
        await self.mailer.send(
            user.email,
            "Reset your Reverie password",
            f"Hi {user.username},\n\nTo choose a new password, open this link within the hour:\n\n{link}\n\n"
            "If you did not ask for this, you can ignore this e-mail: your password stays as it is.\n",
        )

    async def password_changed(self, user, *, reset: bool) -> None:
        how = "reset with a link from this address" if reset else "changed in Settings"
        await self._notify(
            user.email, "Your Reverie password was changed",
            f"Hi {user.username},\n\nThe password of your Reverie account was {how} on {_when(datetime.now(UTC))}. "
            "Any other devices you were signed in on have been signed out.\n\n" + self._if_not_you(),
            str(user.id),
        )

    async def email_change_code(self, user, new_email: str, code: str) -> None:
        try:
            await self.mailer.send(
                new_email, "Confirm your new Reverie e-mail address",
                f"Hi {user.username},\n\nTo make this the e-mail address of your Reverie account, enter this "
                f"verification code in Settings: {code}\nIt expires in {_minutes(rules.VERIFICATION_CODE_TTL)} "
                "minutes.\n\nIf you did not ask for this, you can ignore this e-mail: nothing changes without the "
                "code.\n",
                log_fields={"verification_code": code, "user_id": str(user.id)},
            )
        except OSError as exc:  # SMTP errors are OSErrors, as are those of writing the outbox
            log.error("email_change_code_not_sent", user_id=str(user.id), error=str(exc))
            raise MailNotSent(detail=MSG_MAIL_NOT_SENT) from None

    async def email_changed(self, user, old_email: str) -> None:
        await self._notify(
            old_email, "Your Reverie e-mail address was changed",
            f"Hi {user.username},\n\nThe e-mail address of your Reverie account was changed from {old_email} "
            f"to {user.email} on {_when(datetime.now(UTC))}. Codes and password reset links now go to the new "
            "address.\n\nIf this wasn't you, someone who knows your password has changed it: tell whoever runs "
            "this Reverie service straight away, so they can give the account back to you.\n",
            str(user.id),
        )


def provide_account_mail(mailer: AppMailer, settings: AppSettings) -> AccountMail:
    return AccountMail(mailer, settings)


MAIL = {"mail": Provide(provide_account_mail, sync_to_thread=False)}
