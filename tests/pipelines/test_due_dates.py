"""Due dates (pipelines/highlights/dates.py): the date grammar people write, resolved against the
entry's date with the entry's weekday varied (Monday..Sunday around Christmas, month ends, the year
end); ambiguous words give no date; a task's text drops the words once its due date holds the day;
and the precision rules of issue 16's extraction round (what must not become a task).

Expected dates are worked out by hand from the calendar: Monday 2025-12-22 .. Sunday 2025-12-28,
Wednesday 2025-12-31, Thursday 2026-01-01."""

from __future__ import annotations

from datetime import date

import pytest

from pipelines.highlights import extract_highlights
from pipelines.highlights.dates import resolve_due_date, without_due_words

MON, TUE, WED, THU, FRI, SAT, SUN = (date(2025, 12, d) for d in range(22, 29))
NEW_YEARS_EVE = date(2025, 12, 31)


def _d(text: str) -> date:
    return date.fromisoformat(text)


@pytest.mark.parametrize(
    ("today", "expected"),
    [(MON, "2025-12-26"), (TUE, "2025-12-26"), (WED, "2025-12-26"), (THU, "2025-12-26"), (FRI, "2025-12-26"),
     (SAT, "2026-01-02"), (SUN, "2026-01-02")],
)
def test_by_a_weekday_is_the_coming_one_or_today(today, expected):
    assert resolve_due_date("by Friday", today) == _d(expected)
    assert resolve_due_date("on Friday evening", today) == _d("2026-01-02" if today == FRI else expected)


def test_before_the_weekday_written_on_that_day_is_a_week_on():
    assert resolve_due_date("before Friday", FRI) == _d("2026-01-02")
    assert resolve_due_date("before Friday", THU) == _d("2025-12-26")


def test_on_the_weekday_written_on_that_day_is_a_week_on():
    """tour_ai 2: "email Dr. Patel on Monday" written on Monday 11/23/2026 is due 11/30, not overdue
    the day it was written; "by Friday" on a Friday and "today" / "tonight" stay today."""
    monday = date(2026, 11, 23)
    [task] = [h for h in extract_highlights(
        "Busy week ahead. I need to pay rent by Friday (last month at the old place) and email Dr. Patel on Monday "
        "about my blood test results.", today=monday) if "Patel" in h.reformulation]
    assert task.metadata.due_date == "2026-11-30"
    assert resolve_due_date("on Monday", monday) == date(2026, 11, 30)
    assert resolve_due_date("on Monday", date(2026, 11, 22)) == monday
    assert resolve_due_date("on or before Monday", monday) == monday
    assert resolve_due_date("by Friday", FRI) == resolve_due_date("tonight", FRI) == resolve_due_date("today", FRI) == FRI


@pytest.mark.parametrize("today", [MON, WED, FRI, SAT, SUN])
def test_next_weekday_is_in_the_following_calendar_week(today):
    assert resolve_due_date("next Friday", today) == _d("2026-01-02")
    assert resolve_due_date("next Monday", today) == _d("2025-12-29")


@pytest.mark.parametrize(
    ("phrase", "today", "expected"),
    [
        ("a week on Friday", MON, "2026-01-02"),
        ("a week on Friday", FRI, "2026-01-02"),  # written on a Friday: a week from today
        ("a week on Friday", SAT, "2026-01-09"),
        ("Friday week", TUE, "2026-01-02"),
        ("on Saturday week", SUN, "2026-01-10"),
        ("the Friday after next", MON, "2026-01-02"),
        ("the Friday after next", FRI, "2026-01-09"),
        ("the Friday after next", SAT, "2026-01-09"),
        ("a week today", WED, "2025-12-31"),
        ("a week tomorrow", WED, "2026-01-01"),
    ],
)
def test_a_week_on_a_weekday(phrase, today, expected):
    assert resolve_due_date(phrase, today) == _d(expected)


@pytest.mark.parametrize(
    ("phrase", "today", "expected"),
    [
        ("tonight", SUN, "2025-12-28"),
        ("this evening", MON, "2025-12-22"),
        ("by the end of the day", TUE, "2025-12-23"),
        ("tomorrow", NEW_YEARS_EVE, "2026-01-01"),  # the year end
        ("first thing tomorrow", SUN, "2025-12-29"),
        ("tomorrow morning first thing", SAT, "2025-12-28"),
        ("first thing", WED, "2025-12-25"),  # alone: tomorrow morning
        ("first thing Monday", THU, "2025-12-29"),
        ("the day after tomorrow", NEW_YEARS_EVE, "2026-01-02"),
    ],
)
def test_today_tonight_tomorrow_and_first_thing(phrase, today, expected):
    assert resolve_due_date(phrase, today) == _d(expected)


def test_the_first_thing_i_noticed_is_no_date():
    assert resolve_due_date("the first thing I noticed was the smell", MON) is None


@pytest.mark.parametrize(
    ("phrase", "today", "expected"),
    [
        ("this weekend", MON, "2025-12-27"),
        ("this weekend", SAT, "2025-12-27"),
        # "this week" and "before the weekend": the coming Friday, the next one at the weekend
        ("this week", MON, "2025-12-26"),
        ("this week", SAT, "2026-01-02"),
        ("before the weekend", WED, "2025-12-26"),
        ("before month end", MON, "2025-12-31"),
        ("at the weekend", THU, "2025-12-27"),
        ("next weekend", MON, "2026-01-03"),
        ("next weekend", FRI, "2026-01-03"),
        ("next weekend", SAT, "2026-01-03"),
        ("next weekend", SUN, "2026-01-03"),  # on a Sunday the next weekend is six days on
        ("by the end of the week", MON, "2025-12-26"),
        ("by the end of the week", FRI, "2025-12-26"),
        ("end of next week", MON, "2026-01-02"),
        ("end of next week", SAT, "2026-01-02"),
        ("end of next week", SUN, "2026-01-02"),
        ("before the end of the month", WED, "2025-12-31"),
        ("by the end of the month", date(2026, 1, 31), "2026-01-31"),  # a Saturday, the month's last day
        ("before the end of next month", WED, "2026-01-31"),
        ("before the end of next month", date(2026, 1, 31), "2026-02-28"),
        ("by the end of February", WED, "2026-02-28"),
        ("by the end of November", WED, "2026-11-30"),  # passed this year: next year's
    ],
)
def test_weekends_weeks_and_month_ends(phrase, today, expected):
    assert resolve_due_date(phrase, today) == _d(expected)


@pytest.mark.parametrize(
    ("phrase", "today", "expected"),
    [
        ("on the 14th", WED, "2026-01-14"),  # passed this month: next month's, over the year end
        ("on the 14th", date(2026, 1, 14), "2026-01-14"),
        ("by the 28th", MON, "2025-12-28"),
        ("the 3rd of March", SAT, "2026-03-03"),
        ("3 March", SAT, "2026-03-03"),
        ("March 3rd", SAT, "2026-03-03"),
        ("on December 1st", WED, "2026-12-01"),
        ("by the 9th of January", NEW_YEARS_EVE, "2026-01-09"),
    ],
)
def test_ordinals_and_month_names(phrase, today, expected):
    assert resolve_due_date(phrase, today) == _d(expected)


@pytest.mark.parametrize(
    ("phrase", "today", "expected"),
    [
        ("in two weeks", WED, "2026-01-07"),
        ("in 10 days", WED, "2026-01-03"),
        ("within ten days", MON, "2026-01-01"),
        ("in ten days' time", MON, "2026-01-01"),
        ("in a fortnight", SUN, "2026-01-11"),
        ("in the next fortnight", SUN, "2026-01-11"),
        ("within a week", THU, "2026-01-01"),
        ("in a couple of days", NEW_YEARS_EVE, "2026-01-02"),
    ],
)
def test_spans_of_days_and_weeks(phrase, today, expected):
    assert resolve_due_date(phrase, today) == _d(expected)


@pytest.mark.parametrize(
    ("phrase", "today", "expected"),
    [
        ("before Christmas", date(2025, 12, 10), "2025-12-25"),
        ("before Christmas", FRI, "2026-12-25"),  # Boxing Day: next year's
        ("by Christmas Eve", MON, "2025-12-24"),
        ("before New Year's Eve", date(2025, 12, 19), "2025-12-31"),
        ("by New Year", NEW_YEARS_EVE, "2026-01-01"),
        ("before Halloween", date(2025, 10, 28), "2025-10-31"),
        ("in time for Bonfire Night", date(2025, 10, 28), "2025-11-05"),
        ("for Valentine's Day", date(2026, 2, 1), "2026-02-14"),
    ],
)
def test_fixed_holidays(phrase, today, expected):
    assert resolve_due_date(phrase, today) == _d(expected)


@pytest.mark.parametrize(
    "phrase",
    [
        "next week", "this month", "in March", "mid-January", "soon", "later on", "in the morning",
        "on 3/4", "last Friday", "since Monday", "every other Sunday", "on Tuesdays", "before Easter",
        "in a few days", "write the Christmas cards", "over Christmas", "the first thing",
    ],
)
def test_ambiguous_words_give_no_date(phrase):
    assert resolve_due_date(phrase, WED) is None


def test_the_earliest_phrase_wins_and_the_longest_of_overlapping_readings():
    assert resolve_due_date("call the bank on Monday, the form is due on the 14th", WED) == _d("2025-12-29")
    assert resolve_due_date("send it on the 3rd of February", WED) == _d("2026-02-03")
    assert resolve_due_date("send it on the 3rd", WED) == _d("2026-01-03")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ring the GP tomorrow morning", "Ring the GP"),
        ("Finish the proposal by Thursday", "Finish the proposal"),
        ("Resend them first thing tomorrow, recorded delivery this time", "Resend them, recorded delivery this time"),
        ("Book a table at Marco's for Saturday to celebrate", "Book a table at Marco's to celebrate"),
        ("Get the tracking checked by the end of next week", "Get the tracking checked"),
        ("Fill in the questionnaire before then", "Fill in the questionnaire"),
        ("Send the figures on Friday at the latest", "Send the figures"),
        ("Tomorrow first thing", "Tomorrow first thing"),  # nothing would be left: kept
    ],
)
def test_without_due_words(text, expected):
    assert without_due_words(text) == expected


def _found(text: str, today: date = WED) -> list[tuple[str, str, str | None]]:
    return [(h.type, h.reformulation, h.metadata.due_date) for h in extract_highlights(text, today=today)]


@pytest.mark.parametrize(
    ("text", "today", "expected"),
    [
        ("I'll ring the GP tomorrow morning.", MON, ("task", "Ring the GP", "2025-12-23")),
        ("Need to finish the proposal by Thursday.", MON, ("task", "Finish the proposal", "2025-12-25")),
        ("I need to return the parcel a week on Friday.", SAT, ("task", "Return the parcel", "2026-01-09")),
        ("I must get Mum's present before Christmas.", date(2025, 12, 10), ("task", "Get Mum's present", "2025-12-25")),
        ("Remember to renew the railcard by the end of the month.", SUN, ("task", "Renew the railcard", "2025-12-31")),
        ("Need to chase the refund within a fortnight.", NEW_YEARS_EVE, ("task", "Chase the refund", "2026-01-14")),
        ("I'll phone Gran first thing.", SUN, ("task", "Phone Gran", "2025-12-29")),
        ("Going to clear the gutters next weekend.", SUN, ("task", "Clear the gutters", "2026-01-03")),
        # a wish with a day soon is a task with that day; the timeframe follows the day
        ("I want to scan the old albums by the 14th of January.", WED, ("task", "Scan the old albums", "2026-01-14")),
        ("Quote to send by Wednesday.", MON, ("task", "Send the quote", "2025-12-24")),
        ("Idris's school trip money (£45) is due on Friday and the form has to go back with it.", MON,
         ("task", "Pay Idris's school trip money", "2025-12-26")),
    ],
)
def test_a_task_keeps_its_day_in_dueDate_not_in_its_text(text, today, expected):
    assert _found(text, today) == [expected]


def test_the_timeframe_follows_the_due_date():
    [tonight] = extract_highlights("I need to call the school tonight.", today=MON)
    [friday] = extract_highlights("I need to call the school on Friday.", today=MON)
    assert (tonight.metadata.timeframe, friday.metadata.timeframe) == ("today", "week")


def test_a_date_far_off_is_the_horizon_of_a_goal():
    assert _found("I want to run a half marathon by the 3rd of October.", WED)[0][0] == "goal"


@pytest.mark.parametrize(
    "text",
    [
        # someone else's plans and obligations
        "Mark is going to repaint the shed this weekend.",
        "She'll pick the kids up on Friday.",
        "My sister needs to book her flights by Friday.",
        # things already done
        "Booked the table for Saturday.",
        "I've paid the council tax.",
        "Sofia says I should enter the 10k in two weeks. Done, entered it already.",
        # wishes, questions, hypotheticals
        "I wish I could go to Lisbon.",
        "Do I really need to call him tomorrow?",
        "If the car fails its MOT I'll have to borrow Mark's.",
        "If it rains tomorrow we'll have to cancel the picnic.",
        "I'd call her if I had her number.",
        # negated or put-off intentions
        "I'm not going to chase them again.",
        "I was going to ring Dad but I ran out of time.",
        "We'll finish the wardrobe another day.",
        # fragments and turns of phrase
        "Tomorrow: dentist.",
        "Got to love Mondays.",
        "I'm working late on Friday.",
        "Cleaning the kitchen today.",
    ],
)
def test_what_must_not_become_a_task(text):
    assert _found(text) == []


def test_a_condition_that_is_a_hedge_keeps_the_task():
    [(kind, text, _)] = _found("If I have time, I'll sort the garage.")
    assert (kind, text) == ("task", "Sort the garage")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm raising it with the manager on Friday, calmly, with the rota printed out.",
         ("task", "Raise it with the manager", "2025-12-26")),
        ("Writing the incident report tonight though.", ("task", "Write the incident report", "2025-12-24")),
        ("I'm taking Mum to the airport on Friday.", ("task", "Take Mum to the airport", "2025-12-26")),
    ],
)
def test_a_plan_in_the_present_continuous_with_a_day_to_come_is_a_task(text, expected):
    assert _found(text) == [expected]


def test_a_short_label_before_one_errand_and_a_header_ending_a_line_of_prose():
    assert _found("Practical stuff: apply for the blue badge this week.") == [
        ("task", "Apply for the blue badge", "2025-12-26")]
    found = _found("Year-end. Goals for next year:\n- run the Leeds half marathon\n- learn to make bread")
    assert [(kind, text) for kind, text, _ in found] == [
        ("goal", "Run the Leeds half marathon"), ("goal", "Learn to make bread")]


def test_a_subordinate_reason_after_the_task_is_cut():
    assert _found("I need to call the council tomorrow before they send it to the bailiffs.") == [
        ("task", "Call the council", "2025-12-25")]


@pytest.mark.parametrize(
    "text",
    [
        'Bev had put a note in my sandwich box. "Drive careful, old man, I\'d miss you."',  # someone's words
        'A little boy sang "We\'ll Meet Again" and we all joined in.',  # a song's title
        "Mrs Pike says I must have mislaid them.",  # a deduction, not an obligation
        "We painted her room yellow. Paint in her hair, paint on the cat.",  # the noun, not the verb
        "The form arrived today. It is due back on the 30th.",  # which thing is in another sentence
    ],
)
def test_quotes_deductions_and_nouns_are_no_tasks(text):
    assert _found(text) == []


def test_a_note_turned_round_needs_a_thing_not_a_verb():
    assert _found("Must email Ollie's form tutor to apologise.") == [
        ("task", "Email Ollie's form tutor to apologise", None)]


def test_a_sentence_start_after_a_quote_is_not_a_person():
    found = _found('Bev left a note. "Drive careful." Thirty one years. Going to take her to the Lakes in the spring.')
    assert [text for _, text, _ in found] == ["Take Bev to the Lakes in the spring"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Car insurance renewal due 3rd Jan.", [("task", "Renew the car insurance", "2026-01-03")]),
        ("Mum's birthday Sunday - get a card!!", [("task", "Get a card", "2025-12-28")]),
        ("Monday - call the bank.", [("task", "Call the bank", "2025-12-29")]),
        ("Have to get the flu jabs booked in the next couple of weeks.",
         [("task", "Get the flu jabs booked", "2026-01-07")]),
        ("I promised Jo I'd look at her CV this weekend.", [("task", "Look at her CV", "2025-12-27")]),
        ("I told Sam I'd call him back tonight.", [("task", "Call Sam back", "2025-12-24")]),
        ("I said I'd think about it.", []),
        ("Really should get round to fixing the fence.", [("task", "Fix the fence", None)]),
    ],
)
def test_notes_promises_and_dashes(text, expected):
    assert _found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Minutes to be typed up by Monday.", ("task", "Type up the minutes", "2025-12-29")),
        ("Finance form to sign and return by Friday.", ("task", "Sign the finance form", "2025-12-26")),
        ("The insurance claim form has to go in by Wednesday.",
         ("task", "Send in the insurance claim form", "2025-12-24")),
        ("The marks have to be on the system by next Friday.", ("task", "Put the marks on the system", "2026-01-02")),
        ("The kids have to be in bed by 8.", None),
        ("Raj wants the module proposal by the end of the month.",
         ("task", "Send Raj the module proposal", "2025-12-31")),
        ("Insurance want the incident form back by Friday.",
         ("task", "Return the incident form to Insurance", "2025-12-26")),
        ("Chapter four due to the editor at the end of the month.", ("task", "Finish chapter four", "2025-12-31")),
        ("I shall ask the doctor for the results in writing on Friday.",
         ("task", "Ask the doctor for the results in writing", "2025-12-26")),
        ("I should book a session with my mentor before the month is out.",
         ("task", "Book a session with your mentor", "2025-12-31")),
        ("I must ring the undertaker first thing about Friday's arrangements.",
         ("task", "Ring the undertaker about Friday's arrangements", "2025-12-25")),
        ("She asked for the last three years of pension statements. Should dig them out this weekend.",
         ("task", "Dig the last three years of pension statements out", "2025-12-27")),
        ("Agreed to split the cost of Ollie's school trip.", ("task", "Split the cost of Ollie's school trip", None)),
    ],
)
def test_deadlines_set_on_things_and_other_ways_of_saying_them(text, expected):
    assert _found(text) == ([expected] if expected else [])


def test_a_debt_of_money_is_a_payment_to_make():
    assert _found("I owe Jo £20 for the tickets.") == [("task", "Pay Jo £20 for the tickets", None)]
    assert _found("I owe her an apology.") == []  # not money: a feeling to act on, not an errand


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("need to order flour & sugar by thurs", [("task", "Order flour & sugar", "2025-12-25")]),
        ("ring supplier tmrw re: the oven", [("task", "Ring supplier about the oven", "2025-12-25")]),
        ("must remember 2 pay the electric b4 friday", [("task", "Pay the electric", "2025-12-26")]),
        ("invoices due end of month!!", [("task", "Pay the invoices", "2025-12-31")]),
        ("sort the VAT return by 31st", [("task", "Sort the VAT return", "2025-12-31")]),
        ("Parents evening tues - ask about her reading.", [("task", "Ask about her reading", "2025-12-30")]),
        ("I'll try and ring her at the weekend.", [("task", "Ring her", "2025-12-27")]),
    ],
)
def test_notes_in_shorthand(text, expected):
    assert _found(text) == expected


def test_shorthand_is_spelled_out_for_extraction_only():
    from pipelines.highlights import split_sentences

    assert split_sentences("ring supplier re: the oven") == ["ring supplier re: the oven"]  # summaries quote as written


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Going to take Bev to the Lakes in the spring.", "goal"),  # a season: the horizon of a goal
        ("I'm going to cut down to four days a week when my back's better.", "goal"),  # a new rhythm
        ("I should email the two agencies that contacted me in the summer.", "task"),  # their summer, not mine
    ],
)
def test_seasons_and_rhythms_make_goals_a_relative_clause_does_not(text, kind):
    [(found_kind, _, _)] = _found(text)
    assert found_kind == kind


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I mean to visit Harold's grave on Sunday.", [("task", "Visit Harold's grave", "2025-12-28")]),
        ("Better ring the vet tomorrow.", [("task", "Ring the vet", "2025-12-25")]),
        ("Better late than never.", []),
        ("The electric bill needs paying by the 5th.", [("task", "Pay the electric bill", "2026-01-05")]),
        ("My plan is to finish the quilt by Easter.", [("goal", "Finish the quilt by Easter", None)]),
    ],
)
def test_other_ways_of_meaning_to(text, expected):
    assert _found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I shall have to get used to it.",
        "I'll just have to wait and see.",
        "I'll have to take their word for it.",
        "I'll give it a go.",
        "I suppose I'll have to learn to live with it.",
        "I need to get a grip.",
        "Got to keep going.",
        "I'll cross that bridge when I come to it.",
    ],
)
def test_ways_of_coping_are_no_tasks(text):
    assert _found(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Mum wants me to ring her tomorrow.", [("task", "Ring Mum", "2025-12-25")]),
        ("My boss asked me to prepare the slides for Monday.", [("task", "Prepare the slides", "2025-12-29")]),
        ("I've been asked to give a reading at the funeral on Friday.",
         [("task", "Give a reading at the funeral", "2025-12-26")]),
        ("Jo reminded me to send the photos.", []),  # a past request without a day: maybe done already
        ("Mum told me to ring the council tomorrow, but I'm not going to.", []),  # taken back
        ("The doctor wants me to come back in two weeks.", []),  # no object: an appointment, not an errand
    ],
)
def test_what_is_asked_of_the_writer(text, expected):
    assert _found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The library book is overdue. I'll return it tomorrow.", [("task", "Return the library book", "2025-12-25")]),
        ("The car's making a funny noise again. I'll take it to the garage on Monday.",
         [("task", "Take the car to the garage", "2025-12-29")]),
        ("The washing machine broke. We need to replace it.", [("task", "Replace the washing machine", None)]),
        ("The fence blew down in the storm. Tom says he'll fix it at the weekend.", []),
    ],
)
def test_it_after_an_errand_is_the_last_thing_named(text, expected):
    assert _found(text) == expected


@pytest.mark.parametrize(
    ("text", "due"),
    [
        ("I need to call Sue back, she rang on Monday.", None),  # the day she rang, not the day to call
        ("Need to thank Jo for the lift she gave me on Friday.", None),
        ("Need to chase the parcel that was sent on Monday.", None),
        ("Need to get the form signed on Friday.", "2025-12-26"),  # something to have done: still a deadline
    ],
)
def test_the_day_something_happened_is_no_due_date(text, due):
    [(_, _, found)] = _found(text)
    assert found == due


@pytest.mark.parametrize(
    ("text", "today", "expected"),
    [
        ("must be paid before the tenth", date(2025, 9, 2), "2025-09-10"),
        ("due on the twenty-first", MON, "2026-01-21"),
        ("by the twenty first", date(2025, 9, 2), "2025-09-21"),
        ("by the fifth", NEW_YEARS_EVE, "2026-01-05"),
        # an ordinal word that is not a day of the month, or a month named after it, gives no date
        ("on the second floor", MON, None),
        ("before the third time", MON, None),
        ("by the first of the month", MON, None),
        ("on the third of December", date(2025, 9, 2), None),
    ],
)
def test_a_day_of_the_month_spelled_out_after_a_deadline_word(text, today, expected):
    due = resolve_due_date(text, today)
    assert (due.isoformat() if due else None) == expected


def test_a_thing_that_must_be_done_by_a_day_is_a_task():
    (task,) = extract_highlights("The electricity bill must also be paid before the tenth, otherwise there is a "
                                 "surcharge.", today=date(2025, 9, 2))
    assert (task.reformulation, task.metadata.due_date) == ("Pay the electricity bill", "2025-09-10")
    (task,) = extract_highlights("The forms must be signed by Friday.", today=MON)
    assert (task.reformulation, task.metadata.due_date) == ("Sign the forms", "2025-12-26")
    # a state to be in is no task of the writer's
    assert extract_highlights("Everything must be perfect by Friday.", today=MON) == []


def test_a_thing_that_has_to_go_in_keeps_its_article_in_lower_case():
    texts = [h.reformulation for h in extract_highlights("The car needs to go in for its MOT.", today=MON)]
    assert texts == ["Send the car in for its MOT"]
