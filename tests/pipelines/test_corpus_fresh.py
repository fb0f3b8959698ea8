"""The fresh writers: a held-out set in neither dev nor test, labelled with implied highlights and
pronoun referents (pipelines/data/journal_corpus/fresh, pipelines/corpus.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from pipelines.corpus import MOODS, load_fresh_source, load_source, load_split, parse_source


@pytest.fixture(scope="module")
def fresh():
    return load_fresh_source()


def test_the_fresh_writers_are_four_voices_of_160_entries_or_more_outside_dev_and_test(fresh):
    voices = Counter(e["voice"] for e in fresh)
    assert len(voices) >= 4 and len(fresh) >= 160
    assert {e["split"] for e in fresh} == {"fresh"}
    assert not {e["id"] for e in fresh} & {e["id"] for e in load_source()}
    assert not voices.keys() & {e["voice"] for e in load_split("dev") + load_split("test") + load_split("train")}
    assert load_split("fresh") == fresh  # fresh.jsonl is built from the sources as they are


def test_each_voice_has_every_mood_and_implied_tasks_projects_and_referents(fresh):
    for voice in {e["voice"] for e in fresh}:
        entries = [e for e in fresh if e["voice"] == voice]
        assert {e["mood"] for e in entries} == set(MOODS), voice
        labels = [h for e in entries for h in e["highlights"]]
        assert any(h.get("implied") and h["type"] == "task" for h in labels), voice
    labels = [h for e in fresh for h in e["highlights"]]
    assert sum(1 for h in labels if h["type"] == "project") >= 10
    assert sum(1 for h in labels if h.get("implied")) >= 30
    kept = [h for h in labels if "ref" in h and "name" not in h["ref"]]
    named = [h for h in labels if "name" in h.get("ref", {})]
    assert kept and named
    assert all(h["ref"]["pronoun"] in h["text"].lower().split() for h in kept)
    assert all(h["ref"]["name"] in h["text"] for h in named)


def test_label_attributes_parse_in_any_order_and_a_bad_one_is_refused(tmp_path):
    path = tmp_path / "x.txt"
    path.write_text("# split: fresh\n=== x-01 09-01 neutral\nHer boiler.\n"
                    "@task Ring her about the boiler | implied | ref=her>Mum | due=fri\n", encoding="utf-8")
    (label,) = parse_source(path)[0]["highlights"]
    assert label == {"type": "task", "text": "Ring her about the boiler", "implied": True,
                     "ref": {"pronoun": "her", "name": "Mum"}, "dueDate": "2025-09-05"}
    path.write_text("=== x-01 09-01 neutral\nText.\n@task Do it | soon\n", encoding="utf-8")
    with pytest.raises(ValueError, match="bad label attribute"):
        parse_source(path)
