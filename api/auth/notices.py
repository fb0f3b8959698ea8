"""The account's security mails: the code that confirms a new e-mail address, and the notices that
the password or the address changed. They go through the app's one mailer (SMTP or the outbox).

A notice is sent after the change is committed and never undoes it: when it cannot be sent, the
change stands and the failure is logged. The code mail is different: without it the user cannot
go on, so its failure is the request's (502, `MailNotSent`)."""

from __future__ import annotations

from datetime import datetime

from litestar import Request
from litestar.exceptions import HTTPException

from api.auth import rules
from api.auth.services import now
from api.logging import get_logger

log = get_logger("reverie.auth")

MSG_MAIL_NOT_SENT = "The e-mail could not be sent. Please try again later."


class MailNotSent(HTTPException):
    status_code = 502


def _when(moment: datetime) -> str:
    return f"{moment:%a, %b %d, %Y at %H:%M} UTC"


def _if_not_you(request: Request) -> str:
    """Where a user who did not make the change gets the account back: a reset mailed to them."""
    auth = f"{request.app.state.settings.public_base_url}/auth"
    return (f"If this wasn't you, reset your password now: open {auth}, choose \"Forgot password\" "
            "and enter this e-mail address.\n")


async def _notify(request: Request, to: str, subject: str, text: str, user_id: str) -> None:
    try:
        await request.app.state.mailer.send(to, subject, text)
    except OSError as exc:  # SMTP errors are OSErrors, as are those of writing the outbox
        log.error("notice_not_sent", subject=subject, user_id=user_id, error=str(exc))


async def password_changed(request: Request, user, *, reset: bool) -> None:
    how = "reset with a link from this address" if reset else "changed in Settings"
    await _notify(
        request, user.email, "Your Reverie password was changed",
        f"Hi {user.username},\n\nThe password of your Reverie account was {how} on {_when(now())}. "
        "Any other devices you were signed in on have been signed out.\n\n" + _if_not_you(request),
        str(user.id),
    )


async def email_change_code(request: Request, user, new_email: str, code: str) -> None:
    minutes = int(rules.VERIFICATION_CODE_TTL.total_seconds() // 60)
    try:
        await request.app.state.mailer.send(
            new_email, "Confirm your new Reverie e-mail address",
            f"Hi {user.username},\n\nTo make this the e-mail address of your Reverie account, enter this "
            f"verification code in Settings: {code}\nIt expires in {minutes} minutes.\n\n"
            "If you did not ask for this, you can ignore this e-mail: nothing changes without the code.\n",
            log_fields={"verification_code": code, "user_id": str(user.id)},
        )
    except OSError as exc:  # SMTP errors are OSErrors, as are those of writing the outbox
        log.error("email_change_code_not_sent", user_id=str(user.id), error=str(exc))
        raise MailNotSent(detail=MSG_MAIL_NOT_SENT) from None


async def email_changed(request: Request, user, old_email: str) -> None:
    await _notify(
        request, old_email, "Your Reverie e-mail address was changed",
        f"Hi {user.username},\n\nThe e-mail address of your Reverie account was changed from {old_email} "
        f"to {user.email} on {_when(now())}. Codes and password reset links now go to the new address.\n\n"
        "If this wasn't you, someone who knows your password has changed it: tell whoever runs this "
        "Reverie service straight away, so they can give the account back to you.\n",
        str(user.id),
    )
