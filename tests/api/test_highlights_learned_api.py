"""The learned highlight core and the mood model through the API, as a journaler meets them: an
analysed entry adds the tasks it implies (a broken thing, a bill) and the projects it runs over
weeks, keeps a pronoun the entry leaves open, gives a task a due date only when the text states a
time, and a loving entry in a sad week reads Loving while the sad ones read Sad."""

from __future__ import annotations

import pytest

from tests.support.journal import wait_until_analysed, write_entry


def _analysed(client, content: str, day: str) -> dict:
    return wait_until_analysed(client, write_entry(client, content, day)["id"])


def _tasks(client) -> list[dict]:
    listed = client.get("/api/tasks")
    assert listed.status_code == 200, listed.text
    return listed.json()


def test_an_implied_task_is_added_without_a_due_date(ana):
    _analysed(ana, "Long shift at the depot. The washing machine is broken again.", "2026-03-03")
    [task] = [t for t in _tasks(ana) if "washing machine" in t["text"].lower()]
    assert task["dueDate"] is None  # the entry states no time for it: none is invented
    assert task["entryId"]


def test_a_bill_implied_by_the_entry_becomes_a_task_to_pay_it(ana):
    _analysed(ana, "Hydro bill came, 236.40, due the 24th. Kids at their gran's.", "2026-03-03")
    [task] = [t for t in _tasks(ana) if "hydro bill" in t["text"].lower()]
    assert task["text"].lower().startswith("pay ") and task["dueDate"] == "2026-03-24"


def test_a_task_with_no_stated_time_has_no_date_and_one_with_a_day_has_it(ana):
    _analysed(ana, "Need to renew my passport at some point. I also need to ring the vet on Friday about Bo.",
              "2026-03-03")  # a Tuesday
    tasks = {t["text"]: t["dueDate"] for t in _tasks(ana)}
    [passport] = [d for text, d in tasks.items() if "passport" in text.lower()]
    [vet] = [d for text, d in tasks.items() if "vet" in text.lower()]
    assert passport is None and vet == "2026-03-06"


def test_a_pronoun_the_entry_leaves_open_is_kept(ana):
    _analysed(ana, "Deb and Carol came round for coffee. I need to drop the ladder back to her on Saturday.",
              "2026-03-03")
    [task] = [t for t in _tasks(ana) if "ladder" in t["text"].lower()]
    assert " her" in task["text"] and "Deb" not in task["text"] and "Carol" not in task["text"]
    assert task["dueDate"] == "2026-03-07"


@pytest.mark.xfail(strict=True, reason="the learned detector finds few projects (leave one author out on dev: 10 of 82; "
                   "pipelines/README.md, Known limits): a shed built over weekends is not found yet")
def test_a_project_run_over_weeks_is_remembered_and_shown_from_the_second_entry(ana):
    _analysed(ana, "Started building a shed at the bottom of the garden. Doing a bit every weekend till it's done.",
              "2026-03-01")
    _analysed(ana, "Shed: the frame is up, roof felt next weekend. Rain all afternoon.", "2026-03-08")
    projects = [p["name"].lower() for p in ana.get("/api/projects").json()]
    assert any("shed" in name for name in projects), projects


def test_a_loving_entry_in_a_sad_week_reads_loving(ana):
    sad = [_analysed(ana, "Dad's funeral was today. I loved him so much and I never once said it. The house is so "
                          "quiet.", "2026-02-02"),
           _analysed(ana, "Can't stop crying. Put his coat back on the hook and sat on the stairs for an hour.",
                     "2026-02-03")]
    loving = _analysed(ana, "Mum's back in hospital. I sat with her all afternoon, held her hand and told her how "
                            "much I love her.", "2026-02-05")
    assert [e["mood"]["text"] for e in sad] == ["Sad", "Sad"]
    assert loving["mood"]["text"] == "Loving"
