"""Questions about what is left to do ("What do I need to do before Friday?") answered from the
user's open tasks, each with its due day and the entry it came from. The product tour asked that in
the chat of an entry that said "I have to pay it by Friday": retrieval quoted two unrelated days,
while the task list held the answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from models.constants import STALE_TASK_DAYS
from models.dates import format_entry_date
from pipelines.highlights.dates import resolve_due_date

MAX_LISTED = 6
NOTHING_OPEN = "I couldn't find anything still to do in your journal: no task from your entries is open."

_TASK_QUESTION = re.compile(
    r"\bwhat\b[^?]*\b(?:need|needs|have|has|got|must|should|ought)\s+to\s+(?:do|get\s+done|sort)\b"
    r"|\bto-?\s?do(?:\s+list)?\b|\b(?:my|open|any|which)\s+tasks\b"
    r"|\bwhat(?:'s|\s+is|\s+are)\s+(?:due|left\s+to\s+do|on\s+my\s+(?:plate|list)|my\s+deadlines)\b"
    r"|\b(?:any|what|which)\s+deadlines\b"
    # "What haven't I done yet?", "What's left?", "What am I behind on?", "What's outstanding?" (the tour's
    # first quoted "Finally slept 8 hours!"); not "What have I done?" nor "What's left of my savings?"
    r"|\bwhat\s+(?:haven['’]?t\s+i|have\s+i\s+not)\s+(?:yet\s+)?(?:done|finished|sorted|got\s+(?:a)?round\s+to)\b"
    r"|\bwhat(?:['’]s|\s+is|\s+are)\s+(?:still\s+)?(?:left|outstanding|pending|unfinished|undone)\b(?!\s+of\b)"
    r"|\bwhat\s+am\s+i\s+behind\s+(?:on|with)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class OpenTask:
    text: str
    due: date | None
    said_on: date | None  # the date of the entry it came from
    entry_id: str | None
    done_hint: str | None = None


def is_task_question(question: str) -> bool:
    return bool(_TASK_QUESTION.search(question))


def _day(day: date) -> str:
    return f"{day:%a}, {day:%b} {day.day}"


def compose_task_answer(question: str, tasks: list[OpenTask], today: date, focus_entry_id: str | None = None) -> str:
    """The open tasks that answer the question: those due by the day it names ("before Friday"),
    else all of them. The current ones first (the open entry's, then by due day, then newest said),
    then, under their own heading, those due (else said) more than STALE_TASK_DAYS ago (stale, as
    on the Tasks page; the latest first: the tour's "this week" list led with a six-week-old task and
    left the week's real deadline out), then those a later entry reads as done, with what it said.
    Each with its due day and the entry it came from."""
    by = resolve_due_date(question, today)
    chosen = [t for t in tasks if by is None or (t.due is not None and t.due <= by)]
    if not tasks:
        return NOTHING_OPEN
    if not chosen:
        return (f"Nothing you wrote about is due by {_day(by)}. Still open from your journal: "  # type: ignore[arg-type]
                + "; ".join(t.text for t in tasks[:MAX_LISTED]) + ".")

    def stale(task: OpenTask) -> bool:  # as the Tasks page's "Older tasks": due, else said, 14+ days ago
        day = task.due or task.said_on
        return day is not None and (today - day).days > STALE_TASK_DAYS

    chosen.sort(key=lambda t: (t.done_hint is not None, stale(t), t.entry_id != focus_entry_id,
                               -(t.due or t.said_on or date.min).toordinal() if stale(t) else (t.due or date.max).toordinal(),
                               -(t.said_on or date.min).toordinal()))
    head = f"Still to do by {_day(by)}, from your journal:" if by else "Still to do, from your journal:"
    # Each group under its own heading: a six-week-old errand is not "still to do by Friday".
    groups = {"current": head, "older": "Older, still open (no longer this week's):",
              "hinted": "Maybe done already:"}
    lines: list[str] = []
    shown_group = None
    for task in chosen[:MAX_LISTED]:
        group = "hinted" if task.done_hint else "older" if stale(task) else "current"
        if group != shown_group:
            lines.append(groups[group])
            shown_group = group
        late = ""
        if task.due and task.due < today:
            days = (today - task.due).days
            late = f", overdue by {days // 7} weeks" if days >= 14 else f", overdue by {days} days"
        where = [f"due {_day(task.due)}{late}"] if task.due else []
        if task.said_on:
            where.append(f"from your entry of {format_entry_date(task.said_on)}")
        line = f"- {task.text}" + (f" ({'; '.join(where)})" if where else "")
        if task.done_hint:
            line += f". {task.done_hint}"
        lines.append(line)
    if len(chosen) > MAX_LISTED:
        lines.append(f"...and {len(chosen) - MAX_LISTED} more on your Tasks page.")
    return "\n".join(lines)
