"""The labelled journal corpus (pipelines/data/journal_corpus): big enough, every mood and voice,
the built files match the hand-written sources, the split is the id hash's, dates resolve."""

from __future__ import annotations

from collections import Counter
from datetime import date

import pytest

from pipelines.corpus import CORPUS_DIR, MOODS, load_source, load_split, parse_source, resolve_due, split_of


@pytest.fixture(scope="module")
def source() -> list[dict]:
    return load_source()


def test_the_corpus_has_at_least_300_entries_in_several_voices(source):
    assert len(source) >= 300
    voices = Counter(e["voice"] for e in source if e["split"] != "train")
    assert len(voices) >= 5 and min(voices.values()) >= 40


def test_every_mood_is_well_represented(source):
    moods = Counter(e["mood"] for e in source)
    assert set(moods) == set(MOODS)
    assert min(moods.values()) >= 35


def test_the_built_splits_are_the_sources_split_by_id_hash(source):
    dev, test, train = load_split("dev"), load_split("test"), load_split("train")
    assert {e["id"] for e in dev} | {e["id"] for e in test} | {e["id"] for e in train} == {e["id"] for e in source}
    assert not {e["id"] for e in dev} & {e["id"] for e in test}
    assert not ({e["id"] for e in dev} | {e["id"] for e in test}) & {e["id"] for e in train}
    forced = {e["id"] for e in source if _forced(e)}
    assert all(split_of(e["id"]) == "dev" for e in dev if e["id"] not in forced)
    assert all(split_of(e["id"]) == "test" for e in test if e["id"] not in forced)
    by_id = {e["id"]: e for e in source}
    assert all(e == by_id[e["id"]] for e in dev + test)  # rebuilt files are up to date
    assert len(test) >= 100  # enough to measure on


def test_the_corpus_command_has_help_and_writes_only_what_changed():
    """`--help` is usage and writes nothing (it once rebuilt both files); a rebuild whose output is
    the same leaves the files alone; `--check` writes nothing and says whether they are up to date."""
    import subprocess
    import sys

    files = [CORPUS_DIR / "dev.jsonl", CORPUS_DIR / "test.jsonl"]
    before = [f.stat().st_mtime_ns for f in files]

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "pipelines.corpus", *args], cwd=CORPUS_DIR.parents[2],
                              capture_output=True, text=True, timeout=120)

    done = run("--help")
    assert done.returncode == 0 and done.stdout.startswith("usage: python -m pipelines.corpus")
    assert run("--frobnicate").returncode == 2
    done = run("--check")
    assert done.returncode == 0, done.stdout
    assert '"stale": false' in done.stdout and '"stale": true' not in done.stdout
    assert run().returncode == 0
    assert [f.stat().st_mtime_ns for f in files] == before


def _forced(entry: dict) -> bool:
    return entry["split"] != split_of(entry["id"])


def test_a_file_can_put_all_its_entries_in_one_split(tmp_path):
    body = "=== a-01 09-02 neutral\nSome text.\n\n=== a-02 09-03 happy\nMore text.\n"
    (tmp_path / "a.txt").write_text("# Voice: A\n# split: test\n\n" + body, encoding="utf-8")
    (tmp_path / "b.txt").write_text(body.replace("a-0", "b-0"), encoding="utf-8")
    forced = parse_source(tmp_path / "a.txt")
    assert [e["split"] for e in forced] == ["test", "test"]
    assert all("split" not in e for e in parse_source(tmp_path / "b.txt"))  # the id hash decides


def test_labels_are_well_formed(source):
    for entry in source:
        assert entry["text"].strip() and date.fromisoformat(entry["date"])
        for h in entry["highlights"]:
            assert h["type"] in ("task", "goal", "project") and h["text"].strip()
            if "dueDate" in h:
                assert h["type"] == "task" and date.fromisoformat(h["dueDate"]) >= date.fromisoformat(entry["date"])
    dated = sum(1 for e in source for h in e["highlights"] if "dueDate" in h)
    assert dated >= 50


@pytest.mark.parametrize(
    ("token", "today", "expected"),
    [
        ("today", date(2025, 9, 1), date(2025, 9, 1)),
        ("tomorrow", date(2025, 9, 30), date(2025, 10, 1)),
        ("fri", date(2025, 9, 10), date(2025, 9, 12)),  # Wednesday -> that Friday
        ("wed", date(2025, 9, 10), date(2025, 9, 10)),  # its own day
        ("next-wed", date(2025, 9, 30), date(2025, 10, 8)),  # Tuesday -> the next week's Wednesday
        ("weekend", date(2025, 11, 28), date(2025, 11, 29)),
        ("eom", date(2025, 10, 13), date(2025, 10, 31)),
        ("2025-10-17", date(2025, 10, 13), date(2025, 10, 17)),
    ],
)
def test_due_tokens_resolve(token, today, expected):
    assert resolve_due(token, today) == expected


def test_the_readme_states_origin_and_licence():
    readme = (CORPUS_DIR / "README.md").read_text(encoding="utf-8")
    assert "Origin and licence" in readme and "written for this repository" in readme


FOURTH_AUTHOR_VOICES = ("bryn", "luis", "craig", "lorraine")  # the corpus README, "A fourth author's dev voices"


def test_the_fourth_authors_voices_are_dev_whole_with_every_mood_and_dated_tasks(source):
    for voice in FOURTH_AUTHOR_VOICES:
        entries = [e for e in source if e["voice"] == voice]
        assert len(entries) == 40 and {e["split"] for e in entries} == {"dev"}, voice
        moods = Counter(e["mood"] for e in entries)
        assert set(moods) == set(MOODS) and min(moods.values()) >= 5, (voice, moods)
        dates = [e["date"] for e in entries]
        assert dates == sorted(dates) and dates[0] < "2025-10-01" and dates[-1] > "2026-07-01", voice  # a year, in order
    written = [e for e in source if e["voice"] in FOURTH_AUTHOR_VOICES]
    dev_ids = {e["id"] for e in load_split("dev")}
    assert {e["id"] for e in written} <= dev_ids and not {e["id"] for e in written} & {e["id"] for e in load_split("test")}
    tasks = [h for e in written for h in e["highlights"] if h["type"] == "task"]
    assert len(tasks) == 117 and sum("dueDate" in h for h in tasks) == 80
    assert 40 <= sum(not e["highlights"] for e in written) <= 80  # about a third to a half with no highlight


# The corpus README, "Three more authors" and "Three more dev authors": the later authors' voices, each
# whole in its split (the seventh author's a fresh held-out test).
NEW_AUTHORS = {
    "fifth": (("imogen", "reece", "frances", "anjali"), "dev"),
    "sixth": (("declan", "jaxon", "philippa", "jago"), "dev"),
    "seventh": (("siobhan", "tamsin", "clive", "kit"), "test"),
    "eighth": (("harjit", "orla", "ciaran", "morag"), "dev"),
    "ninth": (("agnieszka", "derek", "tash", "gareth"), "dev"),
    "tenth": (("funmi", "gwyn", "elif", "bernadette"), "dev"),
    "eleventh": (("marisol", "dwayne", "priyanka", "hamish"), "dev"),
    "twelfth": (("chloe", "thabo", "rosa", "benji"), "dev"),
    "thirteenth": (("weilin", "aroha", "gus", "noor"), "dev"),
    "fourteenth": (("ifeoma", "dougie", "rhiannon", "lupe"), "test"),
    "fifteenth": (("ahmed", "bev", "oksana", "hollis"), "dev"),
    "sixteenth": (("mei", "eamon", "kezia", "arjun"), "dev"),
    "seventeenth": (("willa", "dorothea", "jesse", "wanjiru"), "dev"),
    # a third fresh held-out author and two more dev authors, their entries September to February
    "eighteenth": (("gabriel", "colleen", "corazon", "delroy"), "test"),
    "nineteenth": (("ofelia", "jarrah", "kwame", "lindiwe"), "dev"),
    "twentieth": (("tevita", "yusuf", "rutendo", "wendell"), "dev"),
    # a fourth fresh held-out author and one more dev author
    "twenty-first": (("eileen", "dakota", "gloria", "faisal"), "test"),
    "twenty-second": (("otis", "noreen", "peishan", "ikaika"), "dev"),
}
# The day each author's voices run to at least (the later authors were asked for September to early 2026).
LAST_DAY_AFTER = {"eighteenth": "2026-01-15", "nineteenth": "2026-01-15", "twentieth": "2026-01-15",
                  "twenty-first": "2026-01-01", "twenty-second": "2025-12-15"}


@pytest.mark.parametrize("author", sorted(NEW_AUTHORS))
def test_each_later_authors_voices_sit_whole_in_their_split(source, author):
    voices, split = NEW_AUTHORS[author]
    built = {e["id"] for e in load_split(split)}
    for voice in voices:
        entries = [e for e in source if e["voice"] == voice]
        assert len(entries) == 40 and {e["split"] for e in entries} == {split}, voice
        assert {e["id"] for e in entries} <= built, voice
        moods = Counter(e["mood"] for e in entries)
        assert set(moods) == set(MOODS) and min(moods.values()) >= 5, (voice, moods)
        dates = [e["date"] for e in entries]
        assert dates == sorted(dates) and dates[0] < "2025-10-01", voice
        assert dates[-1] > LAST_DAY_AFTER.get(author, "2026-07-01"), voice
        head = (CORPUS_DIR / "source" / f"{voice}.txt").read_text(encoding="utf-8").split("===")[0]
        assert f"{author} author" in head.replace("\n#", "")  # who wrote it, read by the trainers
    written = [e for e in source if e["voice"] in voices]
    tasks = [h for e in written for h in e["highlights"] if h["type"] == "task"]
    assert len(tasks) >= 90 and sum("dueDate" in h for h in tasks) >= 70


def test_each_voice_is_read_as_its_authors():
    """"twenty-second author" had been read as the second author's (a bare "second" after the hyphen)."""
    from pipelines.corpus import author_of_voices

    authors = author_of_voices()
    for author, (voices, _) in NEW_AUTHORS.items():
        assert {authors[v] for v in voices} == {f"{author} author"}, author
