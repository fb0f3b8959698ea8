"""POST /api/journal/therapist-report: a PDF of the signed-in user's entries over a date range,
e-mailed to their therapist as an attachment. Premium only.

Errors are `{"error": <description>, "title": <title>, "field": <field>}`: `error` is the spec's
description ("Please fill in all fields."), which is what the dialog's toast shows after
'Failed to generate report'; `title` is the spec's short heading ("Missing information") and
`field` the body field at fault (camelCase), for a client that wants to mark it.

Dates are ISO strings; only the calendar day is read ("2026-11-20" and
"2026-11-20T00:00:00.000Z" are the same day), as the journal's own entry dates are. The end date
may not be a day no one has reached yet (entries cannot be dated there either), and a period with
no entries is refused: a report saying nothing would still reach the therapist.
"""

from __future__ import annotations

import functools
import re
from datetime import date

import anyio
import msgspec
from litestar import Controller, Request, post
from litestar.exceptions import ClientException, HTTPException, PermissionDeniedException

from api.dependencies import AppMailer, Limiter
from api.entries import rules as entry_rules
from api.entries.services import EntryService
from api.errors import documented_errors, error_responses
from api.logging import get_logger
from api.mail import Attachment
from api.security.rate_limit import TooManyRequests
from api.services import provide
from models.constants import EMAIL_PATTERN, MAX_EMAIL_CHARS
from models.dates import long_date
from pipelines.public import ReportEntry, build_therapist_report, shown_date

log = get_logger("reverie.reports")

MAX_RANGE_DAYS = 366
REPORTS_PER_DAY = 5
MSG_PREMIUM_ONLY = "This feature is only available to premium subscribers."
MSG_SENT = "Report sent successfully!"
TITLE_MISSING, MSG_MISSING = "Missing information", "Please fill in all fields."
TITLE_EMAIL, MSG_EMAIL = "Invalid email", "Please enter a valid email address."
TITLE_RANGE, MSG_RANGE = "Invalid date range", "Start date must be before end date."
TITLE_DATE, MSG_DATE = "Invalid date", "Dates must be ISO dates such as 2026-11-20."
MSG_FUTURE = "End date cannot be in the future."
TITLE_EMPTY = "No entries"
MSG_EMPTY = "There are no journal entries in this period. Please choose dates that include some entries."
TITLE_TOO_LONG = "Date range too long"
MSG_TOO_LONG = f"Please choose a range of at most {MAX_RANGE_DAYS} days."
MSG_DAILY_LIMIT = f"You can send at most {REPORTS_PER_DAY} reports a day. Please try again tomorrow."
MSG_SEND_FAILED = "The report could not be sent. Please try again later."
_ISO_DAY = re.compile(r"^(\d{4}-\d{2}-\d{2})(?:$|T)")


class ReportError(ClientException):
    """400 with the dialog's title and description and the field at fault."""

    def __init__(self, title: str, message: str, field: str) -> None:
        super().__init__(detail=message, extra={"title": title, "field": field})


class TooManyReports(HTTPException):
    status_code = 429


class SendFailed(HTTPException):
    status_code = 502


class TherapistReportIn(msgspec.Struct, rename="camel", kw_only=True):
    """All three are required; they are optional here so a missing one gets the spec's message."""

    start_date: str | None = None
    end_date: str | None = None
    therapist_email: str | None = None


class TherapistReportOut(msgspec.Struct, kw_only=True):
    success: bool
    message: str


def parse_day(value: str, field: str) -> date:
    match = _ISO_DAY.match(value.strip())
    try:
        if match:
            return date.fromisoformat(match.group(1))
    except ValueError:
        pass
    raise ReportError(TITLE_DATE, MSG_DATE, field)


def check_request(data: TherapistReportIn) -> tuple[date, date, str]:
    values = {"startDate": data.start_date, "endDate": data.end_date, "therapistEmail": data.therapist_email}
    for field, value in values.items():
        if value is None or not value.strip():
            raise ReportError(TITLE_MISSING, MSG_MISSING, field)
    email = data.therapist_email.strip()  # type: ignore[union-attr]
    if len(email) > MAX_EMAIL_CHARS or not EMAIL_PATTERN.match(email):
        raise ReportError(TITLE_EMAIL, MSG_EMAIL, "therapistEmail")
    start = parse_day(data.start_date, "startDate")  # type: ignore[arg-type]
    end = parse_day(data.end_date, "endDate")  # type: ignore[arg-type]
    if start > end:
        raise ReportError(TITLE_RANGE, MSG_RANGE, "startDate")
    if end > entry_rules.latest_day():
        raise ReportError(TITLE_DATE, MSG_FUTURE, "endDate")
    if (end - start).days + 1 > MAX_RANGE_DAYS:
        raise ReportError(TITLE_TOO_LONG, MSG_TOO_LONG, "startDate")
    return start, end, email


def mail_text(user_name: str, start: date, end: date, count: int) -> str:
    return (
        "Hello,\n\n"
        f"{user_name} asked Reverie, their private journal, to send you a report of their journal from "
        f"{long_date(start)} to {long_date(end)} ({count} {'entry' if count == 1 else 'entries'}). "
        "It is attached as a PDF.\n\n"
        "The report is prepared from the writer's own journal entries: moods, themes and summaries are "
        "derived automatically, and the quotations are their own words. It is not a clinical assessment.\n\n"
        "Please treat it as confidential. If you were not expecting it, you can simply delete this message.\n\n"
        "Reverie\n"
    )


@documented_errors
class TherapistReportController(Controller):
    path = "/api/journal/therapist-report"
    tags = ["journal"]
    dependencies = provide(journal=EntryService)

    @post(operation_id="sendTherapistReport", status_code=200, responses=error_responses(429, 502),
          description="Premium only. Build a PDF report of the user's entries from startDate to endDate "
                      "(ISO dates, at most 366 days, not in the future) and e-mail it to therapistEmail. Errors: "
                      "403 for free accounts; 400 {error, title, field} with the dialog's messages, or when the "
                      f"period has no entries; 429 after {REPORTS_PER_DAY} reports in a day.")
    async def send_report(self, request: Request, journal: EntryService, rate_limiter: Limiter, mailer: AppMailer,
                          data: TherapistReportIn) -> TherapistReportOut:
        user = request.user
        if not user.is_premium:  # first, before any work
            raise PermissionDeniedException(MSG_PREMIUM_ONLY)
        start, end, therapist = check_request(data)
        entries = [
            ReportEntry(date=e.entry_date, content=e.content, summary=e.summary,
                        mood=(e.mood or {}).get("text") if isinstance(e.mood, dict) else None)
            for e in await journal.between(user.id, start, end)
            if start <= shown_date(e.content, e.entry_date) <= end  # the day the report shows it on
        ]
        if not entries:
            raise ReportError(TITLE_EMPTY, MSG_EMPTY, "startDate")
        try:
            await rate_limiter.check("therapist_report", request, account=str(user.id))
        except TooManyRequests as exc:
            raise TooManyReports(detail=MSG_DAILY_LIMIT, headers=exc.headers, extra=exc.extra) from None

        user_name = (user.full_name or "").strip() or user.username
        pdf = await anyio.to_thread.run_sync(
            functools.partial(build_therapist_report, user_name, start, end, entries)
        )
        filename = f"reverie-report-{start.isoformat()}-{end.isoformat()}.pdf"
        try:
            await mailer.send(
                therapist,
                f"Journal report from {user_name} ({long_date(start)} to {long_date(end)})",
                mail_text(user_name, start, end, len(entries)),
                attachments=[Attachment(filename, "application/pdf", pdf)],
            )
        except Exception as exc:
            log.error("therapist_report_not_sent", user_id=str(user.id), error=str(exc))
            raise SendFailed(detail=MSG_SEND_FAILED) from None
        log.info("therapist_report_sent", user_id=str(user.id), entries=len(entries), bytes=len(pdf))
        return TherapistReportOut(success=True, message=MSG_SENT)
