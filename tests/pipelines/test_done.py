"""Which open tasks a new entry reads as done (`pipelines.highlights.done`), on the product tour's
week and on the labelled pairs of `completions.jsonl`: tuned on dev, held out on test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pipelines.highlights.done import completed_by

PAIRS = Path(__file__).resolve().parents[2] / "pipelines" / "data" / "journal_corpus" / "completions.jsonl"

TASKS = ["Book train tickets to Leeds", "Pay the electricity bill", "Finish the slides for the review", "Send Dana the slides",
         "Call the landlord about the dripping tap", "Renew the car insurance", "Call the council"]


@pytest.mark.parametrize(("entry", "done"), [
    ("Booked the train tickets to Leeds! Feeling lighter.", ["Book train tickets to Leeds"]),
    ("Finished the slides for Dana's review at last.", ["Finish the slides for the review"]),
    ("Rang the landlord about the tap, a plumber comes Thursday.", ["Call the landlord about the dripping tap"]),
    ("Got a letter from the council. Finally called them about it.", ["Call the council"]),
    ("Electricity bill paid, phew.", ["Pay the electricity bill"]),
    # not done, or not this one
    ("Still haven't paid the electricity bill.", []),
    ("Paid the gas bill this morning.", []),
    ("Renewed the home insurance; the car one is due next month.", []),
    ("Meant to call the landlord but ran out of time.", []),
    ("Tom booked his train tickets to Leeds.", []),
    ("I'll book the train tickets to Leeds tomorrow.", []),
    ("Finished half of the slides for the review.", []),
    # finishing is its own errand: the tour's "Send Dana the slides" was no more done for it
    ("Finished the slides for Dana's review.", ["Finish the slides for the review"]),
    ("Did I pay the electricity bill?", []),
])
def test_what_the_week_says_is_done(entry, done):
    assert [TASKS[i] for i in sorted(completed_by(entry, TASKS))] == done


# The premium tour: "Renewed ... cheaper than last year. Crossed that off." and "Told Dev ..." left
# both tasks open, one shown Overdue ("last year" read as another occasion, "crossed" as "cros",
# and "Told" before "Dev" as a kind of Dev that "Tell" disagreed with).
TOUR_TASKS = ["Renew the car insurance", "Tell Dev you need help on Atlas"]


@pytest.mark.parametrize(("entry", "done"), [
    ("Renewed the car insurance online, 40 pounds cheaper than last year. Crossed that off.",
     ["Renew the car insurance"]),
    ("Crossed the car insurance off my list this morning.", ["Renew the car insurance"]),
    ("Car insurance renewal came through, so I crossed it off.", ["Renew the car insurance"]),
    ("Told Dev I need another analyst on Atlas. He agreed to lend me Priya.", ["Tell Dev you need help on Atlas"]),
    ("Dev came by at lunch. Told him I need help on Atlas.", ["Tell Dev you need help on Atlas"]),
    # not done, or not this one
    ("Need to renew the car insurance again next year.", []),
    ("Haven't renewed the car insurance yet, it runs out on Friday.", []),
    ("Renewed the car insurance last year, so it is due again.", []),
    ("Renewed the home insurance, cheaper than last year.", []),
    ("Told Jo I need help on Atlas.", []),
])
def test_what_the_tour_said_is_done(entry, done):
    assert [TOUR_TASKS[i] for i in sorted(completed_by(entry, TOUR_TASKS))] == done


def _figures(split: str) -> tuple[float, float]:
    rows = [json.loads(line) for line in PAIRS.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = [r for r in rows if r["split"] == split]
    said = [(bool(completed_by(r["entry"], [r["task"]])), r["done"]) for r in rows]
    tp = sum(got and gold for got, gold in said)
    return tp / max(1, sum(got for got, _ in said)), tp / max(1, sum(gold for _, gold in said))


def test_the_labelled_pairs_hold_their_measured_figures():
    """Dev (tuned on): precision 1.000, recall 0.486; test (read three times: 0.824 / 0.378 twice,
    then 0.933 / 0.378 after the matching was tightened on dev journals, below). Floors a little
    under them, so a change that costs precision shows."""
    rows = [json.loads(line) for line in PAIRS.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(rows) == 160 and {r["split"] for r in rows} == {"dev", "test"}
    dev, test = _figures("dev"), _figures("test")
    assert dev[0] >= 0.95 and dev[1] >= 0.45, dev
    assert test[0] >= 0.90 and test[1] >= 0.35, test


def test_on_whole_dev_journals_hints_stay_rare_and_need_more_than_a_name():
    """Every dev voice's entries in order, each read against the tasks the labels give its previous
    30 days: the pairs alone overstated precision (one task against an entry written about it).
    Before the matching asked for half of the task's object and a thing, not only a person, this
    gave 58 hints, about a third of them right in a sample of 25 read by eye ("I got Tony a fish
    supper" for "Pick up Tony's repeat prescription"); then 9, of which 7 or 8 read right; 11 since
    "crossed" and "told Dev" read right (the two new ones right: "Helped Sipho with the CV", "Moved
    Mum into Ashcroft")."""
    from collections import defaultdict
    from datetime import date, timedelta

    rows = [json.loads(line) for line in (PAIRS.parent / "dev.jsonl").read_text(encoding="utf-8").splitlines() if line]
    voices: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        voices[row["voice"]].append(row)
    hints = []
    for entries in voices.values():
        said: list[tuple[str, date]] = []
        for row in sorted(entries, key=lambda r: r["date"]):
            day = date.fromisoformat(row["date"])
            said = [(t, d) for t, d in said if day - d <= timedelta(days=30)]
            hints += [(said[i][0], clause) for i, clause in completed_by(row["text"], [t for t, _ in said]).items()]
            said += [(h["text"], day) for h in row["highlights"] if h["type"] == "task"]
    assert len(hints) <= 15, hints
    assert not any(task.startswith(("Pick up Tony", "Buy the new amlodipine", "Bring Kayla")) for task, _ in hints)


def test_a_task_an_entry_reads_as_done_is_no_concrete_action():
    from datetime import date
    from types import SimpleNamespace

    from pipelines.analysis import open_actions

    day = date(2026, 11, 21)
    rows = [SimpleNamespace(entry_id="e1", completed=False, timeframe="week", due_date=None, text=text, done_hint=hint)
            for text, hint in (("Book train tickets to Leeds", 'On 11/21/2026 you wrote: "Booked them!"'),
                               ("Pay the electricity bill", None))]
    tasks, _ = open_actions(rows, [], {"e1": day}, day)
    assert tasks == {"e1": ["Pay the electricity bill"]}
