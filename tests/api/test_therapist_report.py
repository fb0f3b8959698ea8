"""The therapist report: premium only (checked before anything else), the dialog's validation
messages, a PDF of the user's own entries in the range (never another user's) e-mailed as an
attachment, to the outbox and over a real SMTP server, and at most five a day."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from pipelines.report import ReportEntry
from tests.support.accounts import outbox_messages, register, signed_up, verification_code
from tests.support.app import app_client
from tests.support.database import set_premium
from tests.support.journal import write_entries
from tests.support.pdf import pdf_text

URL = "/api/journal/therapist-report"
RANGE = {"startDate": "2026-11-01", "endDate": "2026-11-20T00:00:00.000Z"}
ANA_ENTRIES = [
    ("11/02/2026", "I walked to the old lighthouse and felt calm for the first time in weeks. Work was quiet."),
    ("11/05/2026", "Work deadlines again. I am so anxious about the quarterly review and I barely slept."),
    ("11/12/2026", "Dinner with my sister Marguerite helped a lot. I laughed more than I expected tonight."),
]
OUTSIDE = ("10/15/2026", "An October entry about the pelican sanctuary that is outside the range.")


def report_mails(outbox):
    return [m for m in outbox_messages(outbox) if "Journal report" in m["Subject"]]


def attachment_of(message) -> tuple[str, bytes]:
    parts = list(message.iter_attachments())
    assert len(parts) == 1
    assert parts[0].get_content_type() == "application/pdf"
    return parts[0].get_filename(), parts[0].get_content()


@pytest.fixture
def ana(ana, database_url):
    """The signed-in Ana of tests/api/conftest.py, on the premium plan."""
    set_premium(database_url, "ana")
    return ana


def test_free_accounts_get_the_spec_message_and_nothing_is_sent(client, settings):
    signed_up(client, settings.outbox_dir)
    write_entries(client, ANA_ENTRIES[:1])
    # Premium is checked first: even an invalid body gets the premium answer.
    for body in ({**RANGE, "therapistEmail": "dr.lee@clinic.example"}, {}):
        response = client.post(URL, json=body)
        assert response.status_code == 403
        assert response.json()["error"] == "This feature is only available to premium subscribers."
    assert report_mails(settings.outbox_dir) == []


def test_a_visitor_is_not_let_in(client):
    assert client.post(URL, json={**RANGE, "therapistEmail": "dr.lee@clinic.example"}).status_code == 401


@pytest.mark.parametrize(("body", "status", "title", "error", "field"), [
    ({"endDate": "2026-11-20", "therapistEmail": "dr@clinic.example"}, 400,
     "Missing information", "Please fill in all fields.", "startDate"),
    ({"startDate": "2026-11-01", "endDate": "2026-11-20", "therapistEmail": "  "}, 400,
     "Missing information", "Please fill in all fields.", "therapistEmail"),
    ({"startDate": "2026-11-01", "endDate": None, "therapistEmail": "dr@clinic.example"}, 400,
     "Missing information", "Please fill in all fields.", "endDate"),
    ({**RANGE, "therapistEmail": "dr.clinic.example"}, 400,
     "Invalid email", "Please enter a valid email address.", "therapistEmail"),
    ({**RANGE, "therapistEmail": "dr@clinic"}, 400,
     "Invalid email", "Please enter a valid email address.", "therapistEmail"),
    ({**RANGE, "therapistEmail": "dr@clinic.example\r\nBcc: x@y.z"}, 400,
     "Invalid email", "Please enter a valid email address.", "therapistEmail"),
    ({"startDate": "2026-11-21", "endDate": "2026-11-20", "therapistEmail": "dr@clinic.example"}, 400,
     "Invalid date range", "Start date must be before end date.", "startDate"),
    ({"startDate": "2025-11-19", "endDate": "2026-11-20", "therapistEmail": "dr@clinic.example"}, 400,
     "Date range too long", "Please choose a range of at most 366 days.", "startDate"),
    ({"startDate": "last week", "endDate": "2026-11-20", "therapistEmail": "dr@clinic.example"}, 400,
     "Invalid date", "Dates must be ISO dates such as 2026-11-20.", "startDate"),
])
def test_validation_messages(ana, settings, body, status, title, error, field):
    response = ana.post(URL, json=body)
    assert response.status_code == status, response.text
    assert response.json() == {"error": error, "title": title, "field": field}
    assert report_mails(settings.outbox_dir) == []


def test_a_report_of_the_users_own_entries_is_mailed_as_a_pdf(ana, settings):
    write_entries(ana, [*ANA_ENTRIES, OUTSIDE])
    # Another user writes in the same range: none of it may reach Ana's report.
    with app_client(ana.app) as bo:
        signed_up(bo, settings.outbox_dir, username="bob", email_address="bob@example.com")
        write_entries(bo, [("11/06/2026", "Bob secret about the zeppelin workshop and the harbour masters.")])

    response = ana.post(URL, json={**RANGE, "therapistEmail": "Dr.Lee@clinic.example"})
    assert response.status_code == 200, response.text
    assert response.json() == {"success": True, "message": "Report sent successfully!"}

    [mail] = report_mails(settings.outbox_dir)
    assert mail["To"] == "Dr.Lee@clinic.example"
    body = mail.get_body(preferencelist=("plain",)).get_content()
    assert "ana" in body and "November 1, 2026 to November 20, 2026" in body
    assert "not a clinical assessment" in body
    filename, pdf = attachment_of(mail)
    assert filename == "reverie-report-2026-11-01-2026-11-20.pdf"
    assert pdf.startswith(b"%PDF")
    text = pdf_text(pdf)
    assert "lighthouse" in text and "quarterly review" in text and "Marguerite" in text
    assert "November 2, 2026" in text and "November 5, 2026" in text and "November 12, 2026" in text
    assert "Entries in this period: 3" in text
    assert "not a clinical assessment" in text
    assert "zeppelin" not in text and "pelican" not in text  # another user's; outside the range


def test_a_period_with_no_entries_is_refused_and_nothing_is_sent(ana, settings):
    write_entries(ana, ANA_ENTRIES[:1])
    response = ana.post(URL, json={"startDate": "2026-01-01", "endDate": "2026-01-31",
                                   "therapistEmail": "dr@clinic.example"})
    assert response.status_code == 400, response.text
    assert response.json() == {"error": "There are no journal entries in this period. Please choose dates that "
                                        "include some entries.", "title": "No entries", "field": "startDate"}
    assert report_mails(settings.outbox_dir) == []


def test_an_end_date_in_the_future_is_refused(ana, settings):
    """Entries cannot be dated where no one has reached yet, so neither can the report's end."""
    write_entries(ana, ANA_ENTRIES)
    later = (datetime.now(UTC) + timedelta(days=2)).date().isoformat()
    for start in ("2026-11-01", later):
        response = ana.post(URL, json={"startDate": start, "endDate": later, "therapistEmail": "dr@clinic.example"})
        assert response.status_code == 400, response.text
        assert response.json() == {"error": "End date cannot be in the future.", "title": "Invalid date",
                                   "field": "endDate"}
    assert report_mails(settings.outbox_dir) == []


def test_recurring_words_are_counted_as_whole_words():
    """'Tomorrow' is not Tom; 'Tom's' and 'works' are Tom and work."""
    from pipelines.report import _themes

    entries = [ReportEntry(date=date(2026, 11, d), content=text) for d, text in [
        (19, "Review at work with Dana and Tom."), (23, "Tom's slides were good; work felt lighter."),
        (24, "Lunch with Tom after the works outing."), (25, "Tomorrow the first coat goes on. Workshop later."),
    ]]
    counts = dict(_themes(entries))
    assert counts["Tom"] == 3 and counts["work"] == 3


def test_the_reports_areas_of_life_do_not_speak_to_the_writer():
    """The report is read by the therapist: an area is "Feelings", never the story's "Your feelings"."""
    from pipelines.report import _themes

    entries = [ReportEntry(date=date(2026, 11, d), content=text) for d, text in [
        (19, "So anxious and stressed today, I cried twice and felt awful."),
        (20, "Worried sick all evening, the anxiety would not stop."),
        (21, "Angry and sad, I do not know how I feel any more."),
    ]]
    names = [name for name, _ in _themes(entries)]
    assert "Feelings" in names and not any(name.lower().startswith("your ") for name in names), names


def test_at_most_five_reports_a_day(ana, settings):
    write_entries(ana, [("01/02/2026", "A quiet start to the year.")])
    body = {"startDate": "2026-01-01", "endDate": "2026-01-02", "therapistEmail": "dr@clinic.example"}
    for _ in range(5):
        assert ana.post(URL, json=body).status_code == 200
    refused = ana.post(URL, json=body)
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) > 0
    assert "at most 5 reports a day" in refused.json()["error"]
    assert len(report_mails(settings.outbox_dir)) == 5


def test_the_report_goes_over_smtp_as_an_attachment(smtp, settings, database_url):
    app, sink = smtp
    with app_client(app) as client:
        user_id = register(client).json()["id"]
        code = verification_code(sink.messages[0])
        assert client.post("/api/auth/verify-email", json={"userId": user_id, "verificationCode": code}).status_code == 200
        assert client.post("/api/auth/terms-agreement", json={"userId": user_id}).status_code == 200
        set_premium(database_url, "ana")
        write_entries(client, ANA_ENTRIES)
        response = client.post(URL, json={**RANGE, "therapistEmail": "dr.lee@clinic.example"})
        assert response.status_code == 200, response.text
    mail = sink.messages[-1]
    assert mail["To"] == "dr.lee@clinic.example" and mail["From"] == "Reverie <hello@reverie.test>"
    filename, pdf = attachment_of(mail)
    assert filename == "reverie-report-2026-11-01-2026-11-20.pdf" and pdf.startswith(b"%PDF")
    assert "lighthouse" in pdf_text(pdf)
    assert not settings.outbox_dir.exists() or not list(settings.outbox_dir.glob("*.eml"))


def test_the_report_builder_handles_long_ranges():
    from pipelines.report import build_therapist_report

    start = date(2025, 11, 20)
    entries = [ReportEntry(date=start + timedelta(days=i), content=f"Day {i}: I felt tired at work but the walk helped.",
                           mood=("Happy", "Sad", "Tired")[i % 3]) for i in range(0, 366, 2)]
    pdf = build_therapist_report("Ana", start, date(2026, 11, 20), entries, compress=False)
    assert pdf.startswith(b"%PDF") and pdf.rstrip().endswith(b"%%EOF")
    assert "Entries in this period: 183" in pdf_text(pdf)
