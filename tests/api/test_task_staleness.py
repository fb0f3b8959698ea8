"""One window for a stale task (models.constants.STALE_TASK_DAYS): the analysis moves to "later"
exactly the tasks the Tasks page lists under "Older tasks", and the story's Concrete Actions and the
chat's task list draw the line on the same day. Before, the analysis used 7 days, the page 14: a
task said ten days ago was put away at the next entry although the page still called it this week's."""

from __future__ import annotations

from datetime import date, timedelta
from types import SimpleNamespace

from api.tasks.rules import is_older
from models.constants import STALE_TASK_DAYS
from pipelines.analysis import open_actions
from pipelines.task_answers import OpenTask, compose_task_answer
from tests.support.journal import wait_until_analysed, write_entry


def test_the_analysis_puts_away_what_the_tasks_page_calls_older(ana):
    today = date.today()
    recent, old = today - timedelta(days=STALE_TASK_DAYS - 4), today - timedelta(days=STALE_TASK_DAYS + 6)
    for day, content in ((old, "I need to book the dentist tomorrow."),
                         (recent, "I need to call the plumber tomorrow. I need to clean out the garage.")):
        wait_until_analysed(ana, write_entry(ana, content, day.strftime("%m/%d/%Y"))["id"])
    tasks = {t["text"]: (t["timeframe"], t["older"], t["dueDate"]) for t in ana.get("/api/tasks").json()}
    assert tasks == {
        "Call the plumber": ("week", False, (recent + timedelta(days=1)).isoformat()),  # overdue, still this week's
        "Clean out the garage": ("week", False, None),
        "Book the dentist": ("later", True, (old + timedelta(days=1)).isoformat()),
    }


def test_the_story_the_page_and_the_chat_draw_the_line_on_the_same_day():
    today = date(2026, 11, 25)
    for age in range(STALE_TASK_DAYS - 2, STALE_TASK_DAYS + 3):
        said = today - timedelta(days=age)
        row = SimpleNamespace(entry_id="e", text="Clean out the garage", completed=False, is_selected=False,
                              timeframe="week", due_date=None, done_hint=None, created_at=None)
        in_story = bool(open_actions([row], [], {"e": said}, today)[0])
        assert in_story is not is_older(row, said, today), age
        # The chat: a task this many days overdue comes after one due later only when it is stale.
        overdue = OpenTask("Pay the electricity bill", said, said, "e1")
        ahead = OpenTask("Renew the passport", today + timedelta(days=3), today, "e2")
        lines = compose_task_answer("What's on my to-do list?", [ahead, overdue], today).splitlines()
        stale = lines[1].startswith("- Renew the passport")
        assert stale is is_older(SimpleNamespace(**{**vars(row), "due_date": said}), said, today), age
