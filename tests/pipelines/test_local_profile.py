"""The local personal story: grounded in the entries, with exactly five Concrete Actions."""

from __future__ import annotations

import re

from pipelines.providers.base import Passage, ProfileEntry
from pipelines.providers.local_provider import (
    NO_ANSWER,
    asked_feeling,
    build_local_profile,
    compose_answer,
    compose_entry_answer,
    is_entry_question,
    is_help_question,
    is_mood_question,
)

ENTRIES = [
    "Long day at the office, the client changed the requirements again. I need to finish the proposal by Thursday.",
    "Went running before work, it cleared my head. My goal this year is to run a half marathon.",
    "Dinner with Mum and Dad; Dad's knee is worse. I should book him a physio appointment.",
    "Work was calmer today and I felt proud of the team after the launch.",
]


def profile():
    return build_local_profile([ProfileEntry(id=f"e{i}", date=f"11/0{i + 1}/2026", content=c)
                                for i, c in enumerate(ENTRIES)])


def test_concrete_actions_are_five_numbered_lines_led_by_the_users_intentions():
    draft = profile()
    section = draft.full_profile.split("**Concrete Actions**:")[1].strip().splitlines()
    assert [re.match(r"^(\d)\. ", line).group(1) for line in section] == ["1", "2", "3", "4", "5"]
    assert any("Finish the proposal (from 11/01/2026)" in line for line in section[:3])


def test_statements_point_at_entries():
    draft = profile()
    assert draft.short_summary and set(draft.source_entry_ids) <= {f"e{i}" for i in range(len(ENTRIES))}
    for quote in re.findall(r'"([^"]+)" \((\d\d/\d\d/\d{4})\)', draft.full_profile):
        assert any(quote[0] in entry for entry in ENTRIES)


def test_answers_quote_only_relevant_entries_and_never_invent():
    passages = [Passage(entry_id=f"e{i}", date=f"11/0{i + 1}/2026", text=t, score=s)
                for i, (t, s) in enumerate(zip(ENTRIES, (0.2, 0.3, 0.1, 0.6), strict=True))]
    answer = compose_answer("When did I feel proud?", passages)
    assert "11/04/2026" in answer and "proud of the team" in answer
    assert "11/03/2026" not in answer  # Dad's knee has nothing to do with pride
    assert compose_answer("Paris?", [Passage(entry_id="x", date="d", text="t", score=0.05)]) == NO_ANSWER


def test_a_person_named_in_two_entries_is_what_the_summary_says_recurs():
    """No phrase recurs here, but Sam is named in two entries: the summary says so, not that
    nothing has come back (seen in a browser tour)."""
    texts = ["Today I finally started the loft conversion plans with Sam. I need to call the builder.",
             "Rough night, barely slept. The quarterly report is due Friday.",
             "Sam and I argued about the budget. I felt unheard."]
    draft = build_local_profile([ProfileEntry(id=f"e{i}", date=f"11/1{i}/2026", content=c)
                                 for i, c in enumerate(texts)])
    assert "you come back most often to Sam" in draft.short_summary
    assert "no subject has come back" not in draft.short_summary


def test_a_person_already_named_in_a_thread_is_not_named_again_beside_it():
    """Seen on a tour: "you come back most often to the canal with Sam and Sam"."""
    texts = ["Evening walk along the canal with Sam, the light was beautiful and I felt calm.",
             "Work was a grind. I need to send the invoices by Friday.",
             "Another walk along the canal with Sam. We talked about moving to the coast.",
             "Slept badly again, the neighbours were loud."]
    draft = build_local_profile([ProfileEntry(id=f"e{i}", date=f"11/1{i}/2026", content=c)
                                 for i, c in enumerate(texts)])
    opening = draft.short_summary.split(".")[0]
    assert "you come back most often to" in opening and "Sam" in opening
    assert opening.count("Sam") == 1, opening


def test_a_question_names_one_feeling_or_moods_in_general_or_neither():
    assert asked_feeling("What was I worried about?") == "Anxious"
    assert asked_feeling("When was I exhausted?") == "Tired"
    assert asked_feeling("What made me so angry?") == "Angry"
    assert asked_feeling("How has my mood changed?") is None and is_mood_question("How has my mood changed?")
    assert asked_feeling("Have I been feeling happy lately?") is None  # a question about how moods went
    assert is_mood_question("How have I been feeling lately?")
    assert not is_mood_question("When did I feel proud?")  # a topic: retrieval answers it
    assert asked_feeling("Was I tired or angry more?") is None  # two feelings: not one to answer from


def test_a_feeling_question_quotes_the_latest_entries_that_carry_that_mood():
    passages = [Passage(entry_id=f"e{i}", date=f"11/0{i + 1}/2026", text=t, score=0.0, mood=m)
                for i, (t, m) in enumerate(zip(ENTRIES, ("Anxious", "Happy", "Anxious", "Happy"), strict=True))]
    answer = compose_answer("What was I worried about?", passages)
    lines = answer.splitlines()
    assert lines[0] == "Here is what your journal says:"
    assert lines[1].startswith('On 11/03/2026 (Anxious) you wrote: "') and lines[2].startswith("On 11/01/2026 (Anxious)")
    assert len(lines) == 3  # the two Happy entries are not quoted
    assert compose_answer("When was I exhausted?", passages) == NO_ANSWER


def test_a_question_about_the_open_entry_is_told_from_one_about_the_journal():
    for about_entry in ("How did I feel?", "how did I feel then?", "What happened that day?", "Summarise this entry",
                        "What was my mood?", "How did I feel when I wrote this?", "How was I feeling?",
                        "What did I feel then?"):
        assert is_entry_question(about_entry), about_entry
    for about_journal in ("How have I been feeling lately?", "What was I worried about?", "How did I feel about Dad?",
                          "What did the consultant recommend?", "What did I do this week?"):
        assert not is_entry_question(about_journal), about_journal


def test_an_entry_answer_gives_its_date_and_mood_first_then_the_trend():
    moods = ("Anxious", "Happy", "Sad", "Happy")
    passages = [Passage(entry_id=f"e{i}", date=f"11/0{i + 1}/2026", text=t, score=0.0, mood=m)
                for i, (t, m) in enumerate(zip(ENTRIES, moods, strict=True))]
    answer = compose_entry_answer("How did I feel?", passages[2], passages)
    first, rest = answer.split("\n\n", 1)
    assert first.startswith('On 11/03/2026 your mood was Sad. You wrote: "') and first.endswith('"')
    assert rest.startswith("Here is how your moods have gone:") and "11/01/2026" in rest
    unanalysed = Passage(entry_id="n", date="11/05/2026", text="Quiet evening reading.", score=0.0)
    assert compose_entry_answer("What happened that day?", unanalysed, []) == \
        'On 11/05/2026 you wrote: "Quiet evening reading."'


def test_the_mood_trend_reads_as_words_for_a_small_journal():
    """Seen on a tour: six entries read "mostly Anxious 1, Tired 1, Happy 1"."""
    def trend(moods: list[str]) -> str:
        passages = [Passage(entry_id=f"e{i}", date=f"11/{10 + i}/2026", text="t", score=0.0, mood=m)
                    for i, m in enumerate(moods)]
        return compose_answer("How has my mood changed?", passages)

    lines = trend(["Anxious", "Tired", "Happy", "Happy", "Neutral", "Anxious"]).splitlines()
    assert lines[0] == "Here is how your moods have gone:"
    assert lines[1] == "From 11/10/2026 to 11/12/2026 your entries were a mix of Anxious, Tired and Happy, 1 each;"
    assert lines[2] == "from 11/13/2026 to 11/15/2026, a mix of Happy, Neutral and Anxious, 1 each."
    lines = trend(["Sad", "Sad", "Happy", "Happy", "Happy", "Happy"]).splitlines()
    assert lines[1] == "From 11/10/2026 to 11/12/2026 your entries were mostly Sad (2 of 3), then Happy (1);"
    assert lines[2] == "from 11/13/2026 to 11/15/2026, all Happy (3)."
    lines = trend(["Sad", "Sad", "Tired", "Tired", "Happy", "Happy", "Happy", "Happy", "Happy", "Happy"]).splitlines()
    assert lines[1] == "From 11/10/2026 to 11/14/2026 your entries were a mix of Sad and Tired (2 each), then Happy (1);"


def test_concrete_actions_never_repeat_a_line():
    """Seen on a tour: with three intentions, actions 4 and 5 were the same habit line twice."""
    draft = build_local_profile([ProfileEntry(id="e0", date="11/01/2026", content="A quiet day at home reading.")])
    section = draft.full_profile.split("**Concrete Actions**:")[1].strip().splitlines()
    assert len(section) == 5
    texts = [re.sub(r"^\d\. ", "", line) for line in section]
    assert len(set(texts)) == 5, texts


def test_what_helps_quotes_what_helped_with_context_never_the_trouble():
    """"What helps me sleep?" had quoted "Slept badly."; a sentence of under four words ("Bliss.")
    is quoted with the one before it; a question about a bad time is answered by it."""
    texts = ["Slept badly. The launch is on Monday.",
             "Read three chapters of my book on the sofa with a cup of tea. Bliss.",
             "Yoga before work. My shoulders finally loosened."]
    passages = [Passage(entry_id=f"h{i}", date=f"11/0{i + 1}/2025", text=t, score=0.4) for i, t in enumerate(texts)]
    for question in ("What helps me sleep?", "What do I do to relax?", "How do I unwind?", "What helps me when I'm anxious?"):
        assert is_help_question(question), question
        answer = compose_answer(question, passages)
        assert "Slept badly" not in answer and "11/01/2025" not in answer, (question, answer)
    assert 'On 11/02/2025 you wrote: "Read three chapters of my book on the sofa with a cup of tea. Bliss."' in (
        compose_answer("When do I feel happiest?", passages))
    for other in ("What did I do at the weekend?", "When was I exhausted?", "How has my mood changed?"):
        assert not is_help_question(other), other
    bad = compose_answer("When do I get wound up?", [Passage(entry_id="t", date="11/05/2025", score=0.4,
                                                           text="Too wound up to relax, lay awake until three.")])
    assert "wound up" in bad


def test_what_comes_back_most_often_is_listed_by_how_many_entries_it_is_in():
    # "work" alone in four entries; "sage green" and "the hardware store" in two each (a phrase of
    # two words weighs double in the themes' own order, so they came first in the tour)
    texts = [
        "Work was relentless today. Dana wants the figures by Monday.",
        "Bought sage green paint at the hardware store.",
        "Long day at work, I stumbled over the figures in front of everyone.",
        "Sage green on one wall already. The hardware store had brushes on offer.",
        "Another late night of work, the deadline moved to Friday.",
        "Work is done for the week. Relief.",
    ]
    draft = build_local_profile([ProfileEntry(id=f"k{i}", date=f"11/{i + 10}/2026", content=c)
                                 for i, c in enumerate(texts)])
    listed = draft.full_profile.split("What you keep coming back to:")[1].split("\n\n")[0].strip().splitlines()
    counts = [int(re.search(r": (\d+) entries", line).group(1)) for line in listed]
    assert counts == sorted(counts, reverse=True) and counts[0] == 4, listed


def test_the_big_threads_lead_activity_words_merge_and_other_senses_of_work_do_not_count():
    """A tour's story listed "Desk chair: 2 entries" and left out swimming (swim, swimming, swam in
    5 entries here); its "Work" counted "work with my hands" and "the date might work"."""
    texts = [("10/14/2026", "The migration at work is mine now."), ("10/15/2026", "I want to get back to swimming."),
             ("10/20/2026", "Went swimming at seven. Goal: swim twice a week."),
             ("10/21/2026", "I keep taking on more than I can carry at work."),
             ("10/25/2026", "Jo said I always sound tired when I talk about work."),
             ("10/30/2026", "Swam again, 36 lengths."), ("11/01/2026", "I feel calm when I work with my hands."),
             ("11/09/2026", "Keep swimming, says the physio. I need a proper desk chair."),
             ("11/19/2026", "Swam 40 lengths."), ("11/23/2026", "Marcus admitted the date might work."),
             ("11/24/2026", "Ordered a desk chair for my back.")]
    draft = build_local_profile([ProfileEntry(id=f"e{i}", date=d, content=c) for i, (d, c) in enumerate(texts)])
    threads = draft.full_profile.split("What you keep coming back to:")[1].split("\n\n")[0].strip().splitlines()
    assert threads[0] == "- Swimming: 5 entries (10/15/2026, 10/20/2026, 10/30/2026, 11/09/2026 and 11/19/2026)"
    assert "- Work: 3 entries (10/14/2026, 10/21/2026 and 10/25/2026)" in threads
    assert threads[-1].startswith("- Desk chair: 2 entries")


def test_work_said_as_the_subject_of_a_sentence_is_the_job():
    """"Work finally calmed down after the launch." is the job: without it the three work entries of
    the API's Self Analysis test gave no pattern at all."""
    from pipelines.themes import JOB_WORK_RE

    assert JOB_WORK_RE.search("Work finally calmed down after the launch.")
    assert JOB_WORK_RE.search("Work got busy again.")
    assert not JOB_WORK_RE.search("Work on the shed this weekend.")
    assert not JOB_WORK_RE.search("Work with my hands calms me.")
