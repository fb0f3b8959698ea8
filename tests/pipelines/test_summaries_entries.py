"""A summary of several entries covers each of them, in the writer's own sentences, and keeps who
each is about: five entries of the farmer's journal pasted together give five dated parts, the good
news (June's clear scan) among them, not two sentences of the first entry."""

from __future__ import annotations

import json
from pathlib import Path

from pipelines.summaries import split_entries, summarize, summarize_entries, summarize_text

DATA = Path(__file__).parent / "data" / "claims_journals.jsonl"
FARMER = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()
          if line.strip() and json.loads(line)["journal"] == "farmer"]
LAST_FIVE = FARMER[7:12]


def test_five_pasted_entries_give_a_summary_of_each_with_its_date():
    text = "\n\n".join(f"{r['date']}\n{r['text']}" for r in LAST_FIVE)
    assert [day for day, _ in split_entries(text)] == [r["date"] for r in LAST_FIVE]
    summary = summarize_text(text)
    positions = [summary.index(f"{r['date']}: ") for r in LAST_FIVE]
    assert positions == sorted(positions)  # every entry, in order
    assert "June's scan results came back clear." in summary  # the good news is not dropped
    # who and what: each part is a sentence of its own entry, and a "she" comes with her name
    for r, nxt in zip(LAST_FIVE, [*LAST_FIVE[1:], None], strict=True):
        part = summary.split(f"{r['date']}: ", 1)[1]
        part = part.split(f" {nxt['date']}: ", 1)[0] if nxt else part
        assert part in r["text"], (part, r["text"])
    assert "June's hands were shaking badly at breakfast and she dropped the teapot." in summary
    assert "Dr Ahmed sent her" not in summary
    # Before: the whole text as one entry, two sentences
    assert summarize(text).count(". ") <= 2


def test_dates_written_other_ways_and_entries_of_several_lines():
    text = ("Tue 5 March: Chem test tomorrow and I understand nothing about moles.\n"
            "Salvo says just memorise the formulas.\n"
            "Wed 6 March: Test was ok I think, maybe a 6. Went to Nonna Pina's after school.\n"
            "March 9, 2026 - Nonna Pina fell on the stairs at her flat and broke her wrist.")
    entries = split_entries(text)
    assert [d for d, _ in entries] == ["Tue 5 March", "Wed 6 March", "March 9, 2026"]
    assert "Salvo says" in entries[0][1]
    summary = summarize_entries(entries)
    assert summary.count(": ") == 3 and "Nonna Pina fell on the stairs" in summary


def test_one_entry_is_summarised_as_before():
    one = FARMER[7]["text"]
    assert split_entries(one) == [] and summarize_text(one) == summarize(one)
    # paragraphs without dates are one entry, and one dated block is one entry
    assert split_entries("Walked the dog.\n\nRead a book.\n\nSlept.") == []
    assert split_entries("08/03/2026\nTook my wife June back into the Royal Infirmary on Tuesday.") == []
