"""Issue 16 through the API, on the real model and database: chat answers from the entry that
answers the question (the open entry is context, not the answer), the not-found answer, questions
about moods, one task per list item, pronouns, due dates, no stray fragment tasks, goals
remembered from the first entry and entries linked to their own goals."""

from __future__ import annotations

import pytest

from tests.support.journal import wait_all_analysed, wait_until_analysed, write_entries, write_entry


# What the rule core did and the learned detector does not yet (pipelines/README.md, Known limits):
# strict, so a model that gets it right turns the test red until the mark goes.
def not_yet_learned(why: str):
    return pytest.mark.xfail(strict=True, reason=f"the learned detector: {why}")


NOT_FOUND = "I couldn't find anything in your journal about that yet."


def _analysed(client, content: str, day: str) -> dict:
    return wait_until_analysed(client, write_entry(client, content, day)["id"])


def _unlock_goals(client) -> None:
    """Goals show from the third entry, projects from the second: write neutral entries up to it."""
    for day in ("2025-11-01", "2025-11-02"):
        _analysed(client, "A quiet walk along the canal, nothing much to report.", day)


def _tasks(client) -> list[dict]:
    listed = client.get("/api/tasks")
    assert listed.status_code == 200, listed.text
    return listed.json()


@pytest.fixture
def journal(ana) -> dict[str, dict]:
    entries = {
        "consultant": _analysed(ana, "Consultant appointment is on the 23rd. The consultant recommends a hip "
                                     "replacement, probably in February. He was kind and explained everything. I am "
                                     "dreading it.",
                                "2025-10-12"),
        "garden": _analysed(ana, "Spent the afternoon in the allotment lifting potatoes and cutting back the "
                                 "raspberry canes. The soil was cold but it felt good to be outside.", "2025-10-14"),
        "library": _analysed(ana, "The council closed the village library for good. I am absolutely furious "
                                  "and I have written to the councillor.", "2025-10-16"),
        "tired": _analysed(ana, "So exhausted after the funeral, I could sleep for a week.", "2025-10-18"),
    }
    return entries


def test_chat_answers_from_the_right_entry_not_the_open_one(ana, journal):
    open_entry = journal["garden"]
    reply = ana.post(f"/api/journal/{open_entry['id']}/chat",
                     json={"message": "What did the consultant recommend?"})
    assert reply.status_code == 200, reply.text
    answer = reply.json()["response"]
    assert "Consultant" in answer and "10/12/2025" in answer  # quoted from the consultant entry, with its date
    assert "allotment" not in answer  # the open entry does not answer this question


def test_chat_still_quotes_the_open_entry_when_it_answers(ana, journal):
    reply = ana.post(f"/api/journal/{journal['garden']['id']}/chat",
                     json={"message": "What did I do at the allotment?"}).json()["response"]
    assert "potatoes" in reply and "10/14/2025" in reply


def test_an_unrelated_question_is_not_answered_with_loose_quotes(ana, journal):
    answer = ana.post("/api/openai/ask-help", json={"question": "What is my favourite pizza topping?"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["response"] == NOT_FOUND
    chat = ana.post(f"/api/journal/{journal['library']['id']}/chat", json={"message": "Did I go to Japan?"})
    assert chat.json()["response"] == NOT_FOUND


def test_a_question_about_moods_is_answered_from_the_moods_with_dates(ana, journal):
    answer = ana.post("/api/openai/ask-help", json={"question": "How has my mood changed?"}).json()["response"]
    assert answer.startswith("Here is how your moods have gone:")
    assert "10/12/2025" in answer and "10/18/2025" in answer
    assert "Tired" in answer and "Angry" in answer
    assert "allotment" not in answer  # no loosely related quotes


def test_a_question_about_one_feeling_quotes_the_entries_that_carry_it(ana, journal):
    """Seen on a tour: "What was I worried about?" got "I couldn't find anything" (no entry says
    "worried"); a feeling no entry carries is still not found; and "When did I feel ...?" is a topic,
    not a question about moods in general. (The consultant entry says "dreading it" since round 10:
    without it the entry is news told plainly, and the simpler mood model reads it Neutral.)"""
    moods = {name: entry["mood"]["text"] for name, entry in journal.items()}
    assert moods["library"] == "Angry" and moods["tired"] == "Tired", moods
    reply = ana.post(f"/api/journal/{journal['garden']['id']}/chat",
                     json={"message": "What made me so angry?"}).json()["response"]
    assert reply.startswith("Here is what your journal says:")
    assert "On 10/16/2025 (Angry) you wrote:" in reply and "furious" in reply
    assert "10/14/2025" not in reply and "10/18/2025" not in reply
    tired = ana.post("/api/openai/ask-help", json={"question": "When was I exhausted?"}).json()["response"]
    assert "On 10/18/2025 (Tired) you wrote:" in tired and "funeral" in tired
    worried = ana.post("/api/openai/ask-help", json={"question": "What was I worried about?"}).json()["response"]
    assert moods["consultant"] == "Anxious" and "On 10/12/2025 (Anxious) you wrote:" in worried
    assert "Sad" not in moods.values()
    assert ana.post("/api/openai/ask-help", json={"question": "When was I lonely?"}).json()["response"] == NOT_FOUND
    topic = ana.post("/api/openai/ask-help", json={"question": "When did I feel good outside?"}).json()["response"]
    assert not topic.startswith("Here is how your moods have gone:")


# Ten ordinary days: what the writer does to unwind (yoga, reading, a walk and a talk) and two bad nights.
UNWINDING = [
    ("2025-11-01", "Slept badly. Too wound up to relax, lay awake until three going over the meeting."),
    ("2025-11-02", "Walked the dog round the park after work and looked at the sky for a while. Nice to be out."),
    ("2025-11-03", "Had a long bath with a candle and a magazine. Felt human again afterwards."),
    ("2025-11-04", "Read three chapters of my book on the sofa with a cup of tea. Bliss."),
    ("2025-11-05", "Meeting ran over again and the client changed the brief for the third time."),
    ("2025-11-06", "Phoned Mum. Her knee is still bad but she sounded cheerful."),
    ("2025-11-07", "Slept badly. The launch is on Monday."),
    ("2025-11-08", "Cleaned the kitchen and did the big shop. Pasta bake for tea."),
    ("2025-11-09", "Argued with Dad about the car again. He never lets it go."),
    ("2025-11-10", "Long walk on the beach with Jess. We talked for hours and I came home calm."),
    ("2025-11-11", "Yoga before work. My shoulders finally loosened."),
]


def test_what_helps_is_answered_from_what_helped_not_from_the_trouble(ana):
    """Seen on a tour: "What do I do to relax?" answered "Slept badly.". A question about what works
    for the writer quotes sentences that speak to it, never the report of the trouble itself ("What
    helps me sleep?" had quoted "Slept badly."; "What do I do to relax?" the night "too wound up to
    relax"); one that names a feeling ("...when I'm anxious?") still asks what helps."""
    write_entries(ana, UNWINDING)
    wait_all_analysed(ana)

    def ask(question: str) -> str:
        reply = ana.post("/api/openai/ask-help", json={"question": question})
        assert reply.status_code == 200, reply.text
        return reply.json()["response"]

    for question in ("What do I do to relax?", "What helps me relax?", "What helps me sleep?",
                     "What helps me when I'm anxious?"):
        answer = ask(question)
        assert answer.startswith("Here is what your journal says:"), (question, answer)
        assert 'On 11/11/2025 you wrote: "Yoga before work."' in answer, (question, answer)
        assert "Read three chapters of my book" in answer, (question, answer)
        assert "Slept badly" not in answer and "wound up" not in answer, (question, answer)
    assert 'On 11/10/2025 you wrote: "We talked for hours and I came home calm."' in ask("When do I feel calm?")
    happy = ask("What makes me happy?")  # a feeling the moods carry: answered from the Happy entries
    assert "(Happy) you wrote:" in happy and "Slept badly" not in happy, happy
    assert ask("What is my favourite pizza topping?") == NOT_FOUND


def test_one_task_per_list_item_with_the_lists_due_date(ana):
    # Tuesday 18 November 2025: "Before Friday" is Friday 21 November.
    _analysed(ana, "Plasterers started. Before Friday: pay the council tax, email Jo, and pick up the "
                   "prescription.", "2025-11-18")
    tasks = {t["text"]: t for t in _tasks(ana)}
    assert set(tasks) == {"Pay the council tax", "Email Jo", "Pick up the prescription"}
    assert {t["dueDate"] for t in tasks.values()} == {"2025-11-21"}


@not_yet_learned("two tasks from one 'ring her back'")
def test_a_pronoun_is_resolved_to_the_last_named_person(ana):
    _analysed(ana, "Inset day. Jo from Year 4 rang about sharing the coach for the museum trip; ring her "
                   "back tomorrow.", "2025-09-19")
    [task] = _tasks(ana)
    assert task["text"] == "Ring Jo back"
    assert task["dueDate"] == "2025-09-20"


@pytest.mark.parametrize(
    ("content", "day", "text", "due"),
    [
        pytest.param("Performance review is next Monday. I should write down what I shipped before then.",
                     "2025-09-09", "Write down what you shipped", "2025-09-15",
                     marks=not_yet_learned("'before then' is not read as the day said before")),
        ("I must call the bank on Monday about extending the mortgage.", "2025-09-05",
         "Call the bank about extending the mortgage", "2025-09-08"),
        ("Need to renew the car insurance before the end of the month.", "2025-10-13",
         "Renew the car insurance", "2025-10-31"),
        pytest.param("The school photos money is due soon. I need to pay it by the 17th.", "2025-10-13",
                     "Pay the school photos money", "2025-10-17",
                     marks=not_yet_learned("two tasks where the entry names one")),
        # the date grammar of the second extraction round: the text keeps no time words
        ("I want to take Idris to the climbing wall a week on Saturday.", "2025-09-12",
         "Take Idris to the climbing wall", "2025-09-20"),
        ("I'm going to frame the photo of the two of them before Christmas.", "2025-10-29",
         "Frame the photo of the two of them", "2025-12-25"),
        ("Must email the December rota to the locums within 10 days.", "2025-10-20",
         "Email the December rota to the locums", "2025-10-30"),
    ],
)
def test_relative_dates_become_due_dates(ana, content, day, text, due):
    _analysed(ana, content, day)
    # An appointment noted with its day ("Performance review is next Monday.") is a
    # task of its own too ("Go to the performance review"), with the same day.
    [task] = [t for t in _tasks(ana) if not t["text"].startswith("Go to ")]
    assert (task["text"], task["dueDate"]) == (text, due)
    assert all(t["dueDate"] == due for t in _tasks(ana))


def test_a_task_past_its_due_date_leaves_this_week(ana):
    _analysed(ana, "I need to call the plumber tomorrow.", "2025-01-06")
    [task] = _tasks(ana)
    assert task["dueDate"] == "2025-01-07"
    assert task["timeframe"] == "later"  # not today's, not this week's: the day has passed


def test_no_stray_fragment_tasks(ana):
    _analysed(ana, "We argued about the car again. He said we should leave it, and I said I will stay here "
                   "whatever happens. Going to sleep on the sofa.", "2025-10-20")
    assert _tasks(ana) == []


@not_yet_learned("someone else's advice, done already, becomes a task")
def test_no_task_from_others_plans_things_done_conditions_or_deferrals(ana):
    _analysed(ana, "Mark is going to repaint the shed this weekend. If the car fails its MOT I'll have to borrow "
                   "his. We'll finish the wardrobe another day. Sofia says I should enter the 10k in two weeks. "
                   "Done, entered it already.", "2025-10-20")
    assert _tasks(ana) == []
    assert ana.get("/api/goals").json() == []


@not_yet_learned("advice keeps its reported speech")
def test_advice_to_the_writer_is_kept(ana):
    _analysed(ana, "My coach from the running club says I should stretch every morning.", "2025-10-07")
    assert ana.get("/api/goals").json() == []  # remembered, shown at the unlock
    _unlock_goals(ana)
    goals = ana.get("/api/goals").json()
    assert [g["text"] for g in goals] == ["Stretch every morning"]


@not_yet_learned("'Our main goal this year is to ...' is missed")
def test_goals_and_projects_are_remembered_from_the_first_entry_and_linked(ana):
    entry = _analysed(ana, "Our main goal this year is to finish the workshop in the garden before winter. "
                           "The loft conversion starts on the 29th.", "2025-09-05")
    assert ana.get("/api/goals").json() == [] and ana.get("/api/projects").json() == []
    _unlock_goals(ana)
    goals = [g["text"] for g in ana.get("/api/goals").json()]
    projects = [p["name"] for p in ana.get("/api/projects").json()]
    assert goals == ["Finish the workshop in the garden before winter"]
    assert "Loft conversion" in projects
    assert entry["relatedGoals"] == goals
    assert "Loft conversion" in entry["relatedProjects"]
    # A later entry about the same project is linked to it.
    later = _analysed(ana, "Builders started on the loft conversion this morning, the noise is unbelievable.",
                      "2025-09-29")
    assert "Loft conversion" in later["relatedProjects"]


@not_yet_learned("goals such as 'Get better at saying no' are missed")
def test_the_browser_tour_entries_give_the_right_goals_people_and_types(ana):
    """The tour's bugs: "Goal:" glued to the sentence before, "her" (Mum) resolved to Dad, "him"
    left unresolved, the council typed personal; each entry as the tour wrote it."""
    _analysed(ana, "Lovely dinner with Mum. We talked about Dad's garden and laughed a lot. I should visit her "
                   "more often.", "2025-11-14")
    _analysed(ana, "Rough night, barely slept. I want to get better at saying no. Goal: run a half marathon "
                   "this year.", "2025-11-15")
    _analysed(ana, "Sam and I argued about the loft budget. Tomorrow I will sit down with him. Need to email "
                   "the council about permits.", "2025-11-16")
    goals = sorted(g["text"] for g in ana.get("/api/goals").json())
    assert goals == ["Get better at saying no", "Run a half marathon this year", "Visit Mum more often"]
    tasks = {t["text"]: t for t in _tasks(ana)}
    assert set(tasks) == {"Sit down with Sam", "Email the council about permits"}
    assert tasks["Sit down with Sam"]["dueDate"] == "2025-11-17"
    assert tasks["Email the council about permits"]["type"] == "administrative"
    assert tasks["Sit down with Sam"]["type"] == "personal"


@not_yet_learned("the appointment's day is not carried to the task after it")
def test_a_task_after_a_dated_event_takes_its_day(ana):
    _analysed(ana, "Consultant appointment is on the 23rd. Remember to take the list of my tablets.", "2025-10-12")
    assert sorted((t["text"], t["dueDate"]) for t in _tasks(ana)) == [
        ("Go to the consultant appointment", "2025-10-23"), ("Take the list of your tablets", "2025-10-23")]


def test_a_question_about_the_open_entry_is_answered_from_that_entry_first(ana, journal):
    """Seen on a tour: "How did I feel?" in one entry's chat answered with the whole journal's mood
    trend and never said how the writer felt that day. The entry comes first (its date and its
    mood, quoted), the trend after; the same question with no open entry (ask-help) is still the
    trend, and a question about the journal as a whole still retrieves over all entries."""
    library = journal["library"]
    assert library["mood"]["text"] == "Angry"
    reply = ana.post(f"/api/journal/{library['id']}/chat", json={"message": "How did I feel?"})
    assert reply.status_code == 200, reply.text
    answer = reply.json()["response"]
    assert answer.startswith('On 10/16/2025 your mood was Angry. You wrote: "'), answer
    assert "furious" in answer.split("\n")[0]
    assert "Here is how your moods have gone:" in answer  # the trend after, with its dates
    assert answer.index("10/16/2025") < answer.index("Here is how your moods have gone:")
    assert "10/12/2025" in answer and "10/18/2025" in answer

    day = ana.post(f"/api/journal/{journal['garden']['id']}/chat",
                   json={"message": "What happened that day?"}).json()["response"]
    assert day.startswith("On 10/14/2025") and "allotment" in day
    assert "Here is how your moods have gone:" not in day and "furious" not in day

    trend = ana.post("/api/openai/ask-help", json={"question": "How did I feel?"}).json()["response"]
    assert trend.startswith("Here is how your moods have gone:")
    lately = ana.post(f"/api/journal/{library['id']}/chat",
                      json={"message": "How have I been feeling lately?"}).json()["response"]
    assert lately.startswith("Here is how your moods have gone:")
    elsewhere = ana.post(f"/api/journal/{library['id']}/chat",
                         json={"message": "What did the consultant recommend?"}).json()["response"]
    assert "10/12/2025" in elsewhere and "furious" not in elsewhere
