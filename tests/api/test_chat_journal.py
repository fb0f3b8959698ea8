"""Chat and "Ask AI for Help" on a realistic journal (the AI tour's 21 entries, 10/12-11/24/2026,
moved by whole weeks to end before today): questions naming a day or a period, what is left to do,
topics spread over several entries, feelings named in words, and the search's floor."""

from __future__ import annotations

import json
import re
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from api.journal.dates import extract_date_range
from tests.support.journal import ask_help, wait_all_analysed, write_entry

NOT_FOUND = "I couldn't find anything in your journal about that yet."
TOUR_TODAY = date(2026, 11, 25)
JOURNAL = [
    ('10/12/2026', "First day back after the long weekend and the inbox was a disaster. Greg moved the Q4 launch up by two weeks without asking anyone. I stayed until 7:30 fixing the migration scripts. Head is pounding. I need to finish the vendor report by Wednesday. Didn't even eat lunch."),
    ('10/14/2026', 'Signed up for the Riverside Half Marathon on March 14th. Slightly terrified. My goal: run three times a week and get my long run up to 10 miles by Christmas. Did 3 miles after work tonight, slow, but it felt good to be outside. Sent the vendor report at 4:55, made it.'),
    ('10/17/2026', "Brunch with Maya at Lula's. We laughed so much about her disastrous date that the waiter came over to check on us. She's thinking about moving to Lisbon for a year. I'll miss her if she goes but she deserves it. Walked home along the canal in the sun. Great day."),
    ('10/19/2026', "Long call with my sister Hannah tonight. Mum's hip surgery is booked for November 12th and Hannah just assumes I'll take the week off to help. I can't, not with the launch. We ended up snapping at each other. I hate that we always fall into the same roles - she's the responsible one, I'm the one who 'lives far away'. I feel guilty and annoyed at the same time."),
    ('10/21/2026', "The landlord confirmed he's selling, so we have to be out by November 30th. Started looking at flats. Saw two today: one tiny with no light at all, one lovely but £200 more a month than we pay now. I need to book the movers by Friday. Tom says we should just take the expensive one."),
    ('10/23/2026', "Couldn't sleep again, up at 3am running through the budget in my head. Maybe 4 hours. Skipped my run."),
    ('10/25/2026', "Sat down and did the numbers properly. If we take the flat on Elm Street, rent goes from £1,150 to £1,350 and the deposit is £1,500, which wipes out most of my savings. Car insurance renewal is due soon too. I've been spending too much on takeaways - £140 this month alone. Going to cook at home and cancel the gym membership I never use. Money is tight but it's doable if I'm careful."),
    ('10/27/2026', 'Booked the movers (Swift Removals, for November 28th). One thing off the list. We signed the lease on Elm Street. Work was fine today, quiet for once.'),
    ('10/30/2026', 'Terrible day. The launch demo crashed in front of the client and Greg blamed my team in the meeting. I kept calm but I wanted to cry in the toilets afterwards. Is this job worth it? Applying elsewhere has been in the back of my mind for months.'),
    ('11/01/2026', "Ran 6 miles along the river, my longest so far! Maya came along for the last two on her bike and cheered like an idiot. Coffee afterwards. Told her about Greg and she said I should update my CV. Maybe she's right."),
    ('11/04/2026', 'Exhausted. Third night of bad sleep. Dragging myself through meetings. Ate cereal for dinner.'),
    ('11/05/2026', "Still tired. Fell asleep on the sofa at 9. Didn't run. Hannah texted a photo of Mum's pre-op letter with no message. I know exactly what she's doing."),
    ('11/07/2026', "Finally slept 8 hours! Feel like a person again. Packed three boxes of books. Found old photos of me and Hannah as kids on the beach in Cornwall and sent her one. She replied with a heart. Maybe we're okay."),
    ('11/10/2026', 'Updated my CV tonight and applied for a product manager role at Fernwood. Nervous. Greg was actually nice today, which makes me feel weirdly guilty about applying.'),
    ('11/12/2026', "Mum's surgery went well. Hannah called from the hospital and she sounded so tired. I've taken Friday off and I'm driving up tomorrow morning. Should have done this from the start."),
    ('11/14/2026', "At Mum's. Hannah and I cooked dinner together and actually talked properly, about Dad, about everything. She admitted she's been overwhelmed for months. I promised to come up every other weekend until Mum is walking again. Best conversation we've had in years."),
    ('11/17/2026', "Car insurance went up to £780. Ugh. Paid it, but that's my savings buffer basically gone until payday. Trying not to panic. Moving costs are still to come."),
    ('11/19/2026', 'Ran 8 miles this morning before work! Legs like jelly but so proud of myself. And Fernwood invited me to a first interview next Wednesday.'),
    ('11/21/2026', 'Lovely lazy Saturday. Tom made pancakes, we walked to the market and bought a plant for the new flat. No work email all day. I felt genuinely happy and calm for the first time in weeks.'),
    ('11/23/2026', 'Busy week ahead. I need to pay rent by Friday (last month at the old place) and email Dr. Patel on Monday about my blood test results. Also have to confirm the movers for Saturday and prep for the Fernwood interview on Wednesday. Slept badly again, worried about everything at once.'),
    ('11/24/2026', 'Prepped interview answers for two hours. Maya called to wish me luck. Confirmed the movers. Feeling more ready than I expected.')
]


def _moved(day: str) -> date:
    """The tour's date, moved by the whole weeks between the tour's today and this one (weekdays kept)."""
    weeks = (date.today() - TOUR_TODAY).days // 7
    return datetime.strptime(day, "%m/%d/%Y").date() + timedelta(weeks=weeks)


def _us(day: date) -> str:
    return day.strftime("%m/%d/%Y")


@pytest.fixture
def lena(ana):
    for day, text in JOURNAL:
        write_entry(ana, text, _us(_moved(day)))
    wait_all_analysed(ana)
    return ana


def _quoted_days(answer: str) -> list[str]:
    return re.findall(r"On (\d\d/\d\d/\d{4})", answer)


def test_a_day_or_a_period_is_answered_from_its_entries_only(lena):
    day = _moved("11/14/2026")
    answer = ask_help(lena, f"What did I do on {day.month}/{day.day}?")
    assert _quoted_days(answer) == [_us(day)]
    assert "Hannah and I cooked dinner together" in answer
    for question in ("Tell me about last week", "What happened in October?"):
        _, window = extract_date_range(question, date.today())
        expected = [_us(_moved(d)) for d, _ in JOURNAL if window.start <= _moved(d) <= window.end]
        answer = ask_help(lena, question)
        listed = _quoted_days(answer)
        assert listed and all(d in expected for d in listed), (question, answer)
        assert listed == expected[:len(listed)]
    empty = ask_help(lena, f"What did I do on {_us(_moved('11/15/2026'))}?")
    assert empty == f"I couldn't find any entry on {_us(_moved('11/15/2026'))} in your journal."


@pytest.mark.xfail(strict=True, reason="the learned detector: the done hints of the tasks it finds leave 'Maybe done "
                   "already' empty on this journal (pipelines/README.md, Known limits)")
def test_this_weeks_tasks_lead_with_the_current_deadlines(lena):
    lines = ask_help(lena, "What do I need to do this week?").splitlines()
    # Three groups, each under its heading: this week's, the older ones, those read as done.
    current = lines[1:lines.index("Older, still open (no longer this week's):")]
    older = lines[lines.index("Older, still open (no longer this week's):") + 1:lines.index("Maybe done already:")]
    hinted = lines[lines.index("Maybe done already:") + 1:]
    assert any(line.startswith("- Pay rent") for line in current), lines
    assert not any(re.search(r"overdue by \d+ weeks", line) for line in current), lines
    assert older and all(re.search(r"overdue by \d+ weeks", line) for line in older), lines
    assert hinted and all("you wrote" in line for line in hinted if line.startswith("- ")), lines


def test_a_topic_is_answered_from_every_entry_about_it_in_date_order(lena):
    sleep = ask_help(lena, "Am I sleeping better?")
    assert _quoted_days(sleep) == [_us(_moved(d)) for d in ("10/23/2026", "11/04/2026", "11/05/2026",
                                                             "11/07/2026", "11/23/2026")]
    assert "Finally slept 8 hours!" in sleep and "Slept badly again" in sleep
    goals = ask_help(lena, "What are my goals?")  # the stored goals, or the sentence stating them
    assert "run three times a week" in goals.lower() and _us(_moved("10/14/2026")) in goals
    sister = ask_help(lena, "What did I say about my sister?")
    assert len(_quoted_days(sister)) >= 4 and _quoted_days(sister) == sorted(
        _quoted_days(sister), key=lambda d: datetime.strptime(d, "%m/%d/%Y"))
    assert "Hannah and I cooked dinner" in sister
    greg = ask_help(lena, "What's going on with Greg?")
    assert "Greg blamed my team" in greg and "Greg was actually nice today" in greg
    assert "Sent the vendor report at 4:55" in ask_help(lena, "Did I finish the vendor report?")
    running = ask_help(lena, "Have I been running much?")
    assert "Ran 6 miles" in running and "Ran 8 miles" in running
    for nothing in ("Did I walk my dog?", "Did I feed the cat?", "When did I go to the dentist?", "asdfgh"):
        assert ask_help(lena, nothing) == NOT_FOUND, nothing


def test_the_open_entrys_sentences_answer_questions_about_it(lena):
    day = _us(_moved("11/14/2026"))
    entry = next(e for e in lena.get("/api/journal").json() if e["date"] == day)
    promised = lena.post(f"/api/journal/{entry['id']}/chat", json={"message": "What did I promise?"}).json()
    assert "I promised to come up every other weekend" in promised["response"]
    there = lena.post(f"/api/journal/{entry['id']}/chat", json={"message": "Who was there?"}).json()
    assert day in there["response"] and "Hannah and I cooked dinner" in there["response"]


def test_a_feeling_is_read_in_the_entries_words_and_mostly_means_more_than_half(lena):
    worried = ask_help(lena, "What was I worried about?")
    assert "worried about everything at once" in worried.splitlines()[1]
    assert "Best conversation" not in worried and "cooked dinner" not in worried
    trend = ask_help(lena, "How has my mood changed?")
    for share in re.findall(r"mostly \w+ \((\d+) of (\d+)\)", trend):
        assert 2 * int(share[0]) > int(share[1]), trend


def test_search_drops_hits_with_only_some_words_and_no_meaning_in_common(lena):
    found = lena.get("/api/journal/search", params={"q": "feeling overwhelmed at work"}).json()["results"]
    assert found and "Work was fine today" not in " ".join(hit["entry"]["content"] for hit in found), found
    report = lena.get("/api/journal/search", params={"q": "vendor report"}).json()["results"]
    # Every word found: a hit whatever its score.
    assert {hit["entry"]["date"] for hit in report} == {_us(_moved("10/12/2026")), _us(_moved("10/14/2026"))}


def test_last_time_says_the_latest_date_and_this_week_stays_in_the_week(lena):
    last = ask_help(lena, "When did I last see Maya?")
    # the latest first, its date said plainly, and a phone call told from a meeting
    assert last.startswith(f"The last time you wrote about Maya was {_us(_moved('11/24/2026'))} (a call or message): "
                           '"Maya called to wish me luck."'), last
    assert _quoted_days(last)[0] == _us(_moved("11/01/2026")), last
    _, week = extract_date_range("this week", date.today())
    answer = ask_help(lena, "Did I see Maya this week?")
    assert all(week.start <= datetime.strptime(d, "%m/%d/%Y").date() <= week.end for d in _quoted_days(answer)), answer
    if week.start <= _moved("11/24/2026") <= week.end:
        assert "Maya called to wish me luck" in answer and "Brunch with Maya" not in answer, answer


def test_what_is_not_done_yet_is_a_task_question(lena):
    for question in ("What haven't I done yet?", "What's left?", "What am I behind on?"):
        answer = ask_help(lena, question)
        assert answer.startswith("Still to do, from your journal:"), (question, answer)
        assert "slept" not in answer, answer


def test_a_day_ahead_is_answered_from_its_plans_never_from_a_day_gone(lena):
    answer = ask_help(lena, "What will I be doing next Saturday?")
    assert "Lovely lazy Saturday" not in answer, answer
    assert all(datetime.strptime(d, "%m/%d/%Y").date() < date.today() for d in _quoted_days(answer))
    saturday = _moved("11/28/2026")  # the movers come then ("confirm the movers for Saturday", on 11/23)
    if saturday > date.today():
        assert f"For {saturday:%a}, {saturday:%b} {saturday.day}, from your journal:" in answer, answer
        assert "movers" in answer.split("For ", 1)[1].split("\n\n")[0].lower(), answer
    far = ask_help(lena, "What am I doing on Boxing Day?")
    assert far.startswith("Nothing you wrote about is planned for") and not _quoted_days(far), far


def test_an_area_of_life_is_read_through_its_words_and_the_journals(lena):
    work = ask_help(lena, "How's work been?")
    assert "Greg blamed my team" in work and _us(_moved("10/12/2026")) in work, work
    assert "No work email" in work and "Work was fine today" in work
    assert "after work tonight" not in work and "Ran 8 miles" not in work, work  # a run after work is a run


def test_a_feeling_about_a_person_is_answered_from_the_entries_about_them(lena):
    answer = ask_help(lena, "How did I feel after talking to Hannah at Mum's?")
    assert _quoted_days(answer) == [_us(_moved("11/14/2026"))], answer
    assert "talked properly" in answer and "Best conversation we've had in years." in answer
    assert not answer.startswith("Here is how your moods have gone:")


def test_next_week_is_answered_from_its_tasks_and_plans(lena):
    answer = ask_help(lena, "What did I plan for next week?")
    monday = date.today() + timedelta(days=7 - date.today().weekday())
    sunday = monday + timedelta(days=6)
    week = f"next week ({monday:%a}, {monday:%b} {monday.day} to {sunday:%a}, {sunday:%b} {sunday.day})"
    if monday <= _moved("11/30/2026") <= sunday:  # "email Dr. Patel on Monday", written on 11/23
        assert answer.startswith(f"For {week}, from your journal:"), answer
        assert "Dr. Patel" in answer, answer
    else:
        assert answer == f"Nothing you wrote about is planned for {week}.", answer
    assert all(datetime.strptime(d, "%m/%d/%Y").date() <= date.today() for d in _quoted_days(answer))


# -- the retired farmer's journal (pipelines/data/eval/chat_journals.jsonl): a number, a role, an outcome --

FARMER = [json.loads(line) for line in (Path(__file__).resolve().parents[2] / "pipelines" / "data" / "eval"
                                        / "chat_journals.jsonl").read_text().splitlines()]


@pytest.fixture
def wilf(ana):
    """The farmer's twelve entries, moved to end two days before today (their order and gaps kept).
    Returns each entry's date as answers write it, by its id in the file."""
    entries = [row for row in FARMER if row["voice"] == "wilf"]
    shift = date.today() - timedelta(days=2) - date.fromisoformat(entries[-1]["date"])
    dates = {}
    for row in entries:
        day = date.fromisoformat(row["date"]) + shift
        write_entry(ana, row["text"], _us(day))
        dates[row["id"]] = _us(day)
    wait_all_analysed(ana)
    return dates


def test_a_number_is_answered_with_the_sentence_that_states_it(ana, wilf):
    answer = ask_help(ana, "How many ewes were empty at scanning?")
    assert _quoted_days(answer) == [wilf["wilf-10"]], answer
    assert "62 scanned, 9 of them empty" in answer, answer


def test_a_role_is_answered_as_the_journal_states_it(ana, wilf):
    answer = ask_help(ana, "Who is Pritchard?")
    assert answer.startswith(f"Pritchard is your accountant, from your entry of {wilf['wilf-02']}"), answer
    assert '"Rang Pritchard, our accountant, about the tax return."' in answer, answer


def test_an_outcome_is_answered_from_the_day_it_came_not_the_day_it_was_announced(ana, wilf):
    answer = ask_help(ana, "When did June get her scan results, and what were they?")
    assert _quoted_days(answer) == [wilf["wilf-04"]], answer  # not 08/21's "the results come back in ten days"
    assert "June's scan is clear" in answer, answer


def test_a_feeling_about_a_topic_is_read_from_the_entries_about_it_only(ana, wilf):
    answer = ask_help(ana, "How have I been feeling about the bank?")
    assert not answer.startswith("Here is how your moods have gone"), answer
    assert set(_quoted_days(answer)) == {wilf["wilf-05"], wilf["wilf-09"]}, answer
