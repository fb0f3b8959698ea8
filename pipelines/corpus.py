"""The labelled journal corpus (pipelines/data/journal_corpus): parse the hand-written source
files, resolve their due-date tokens to dates, split dev/test, write the JSONL files.

Source format (one file per voice, `source/*.txt`; `#` lines are comments):

    === maya-08 09-10 neutral
    The entry's text, one or more lines.
    @task Order the reading books | due=fri
    @goal Stretch every morning
    @project Loft conversion

The header is the entry's id, its date (MM-DD: September to December are 2025, January to August
2026) and its mood. `@task/@goal/@project` lines are the highlights a careful reader takes from
the entry. A due token says when the writer said it is due, relative to the entry's date:
`today`, `tomorrow`, a weekday (`mon`..`sun`: the next such day, the entry's own day when it is
that day), `next-<weekday>` (that day in the following calendar week), `weekend` (the coming
Saturday), `eow` (the coming Friday), `eom` (the last day of the month), or a date YYYY-MM-DD.
Two more attributes may follow, each after its own `|`: `implied` (the writer never states the
intention: a broken thing, a bill, someone waiting for an answer, work running over weeks; the JSON
line gets `"implied": true`) and `ref=<pronoun>` or `ref=<pronoun>><name>` (the entry says the
task's person with a pronoun: kept as the pronoun when the entry does not make one reading the
likely one, or the name it most likely means; the JSON line gets `"ref": {"pronoun", "name"?}`).

Split: an entry is in `test` when the first byte of sha256(id) is below 102 (about 40%), else in
`dev`; the split depends only on the id, so adding entries never moves existing ones. A file whose
comment lines (before its first entry) hold `# split: dev` or `# split: test` puts all of its
entries in that split: entries written to tune on go to dev whole, and entries written by another
author to hold out go to test whole (see the corpus README).

The fresh writers (`fresh/*.txt`, `# split: fresh`) are a third held-out set, built into
`fresh.jsonl`: written before the learned highlight core, to measure it on people no one tuned on;
no trainer reads them (`load_source` reads `source/` only).

`python -m pipelines.corpus` rebuilds `dev.jsonl`, `test.jsonl` and `fresh.jsonl` (writing only a
file whose content changes) and prints the counts; `--check` writes nothing and exits 1 if a file
is stale.
"""

from __future__ import annotations

import argparse
import calendar
import hashlib
import json
import re
import sys
from collections import Counter
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from pipelines.language import WEEKDAYS

CORPUS_DIR = Path(__file__).resolve().parent / "data" / "journal_corpus"
SOURCE_DIR = CORPUS_DIR / "source"
DEV_PATH = CORPUS_DIR / "dev.jsonl"
TEST_PATH = CORPUS_DIR / "test.jsonl"
TRAIN_PATH = CORPUS_DIR / "train.jsonl"
FRESH_DIR = CORPUS_DIR / "fresh"
FRESH_PATH = CORPUS_DIR / "fresh.jsonl"
TEST_SHARE_BYTE = 102  # sha256(id)[0] < 102: about 40% of the entries

_WEEKDAYS = tuple(day[:3] for day in WEEKDAYS)
_HEADER = re.compile(r"^=== (?P<id>[\w-]+) (?P<md>\d\d-\d\d) (?P<mood>\w+)$")
_FORCED_SPLIT = re.compile(r"^#\s*split:\s*(?P<split>dev|test|train|fresh)\s*$")
_LABEL = re.compile(r"^@(?P<type>task|goal|project) (?P<text>[^|]+?)(?P<attributes>(?:\s*\|\s*[^|]+?)*)\s*$")
_ATTRIBUTE = re.compile(r"^(?:due=(?P<due>\S+)|(?P<implied>implied)|ref=(?P<pronoun>[a-z]+)(?:>(?P<name>.+))?)$")
MOODS = ("happy", "sad", "angry", "anxious", "loving", "tired", "neutral")


def resolve_due(token: str, today: date) -> date:
    """A due token of the source format -> a date (see the module docstring)."""
    if re.fullmatch(r"\d{4}-\d\d-\d\d", token):
        return date.fromisoformat(token)
    if token == "today":
        return today
    if token == "tomorrow":
        return today + timedelta(days=1)
    if token in _WEEKDAYS:
        return today + timedelta(days=(_WEEKDAYS.index(token) - today.weekday()) % 7)
    if token.startswith("next-") and token[5:] in _WEEKDAYS:
        next_monday = today + timedelta(days=7 - today.weekday())
        return next_monday + timedelta(days=_WEEKDAYS.index(token[5:]))
    if token == "weekend":
        return today + timedelta(days=(5 - today.weekday()) % 7)
    if token == "eow":
        return today + timedelta(days=(4 - today.weekday()) % 7)
    if token == "eom":
        return today.replace(day=calendar.monthrange(today.year, today.month)[1])
    raise ValueError(f"unknown due token {token!r}")


def _entry_date(month_day: str) -> date:
    month, day = (int(part) for part in month_day.split("-"))
    return date(2025 if month >= 9 else 2026, month, day)


def split_of(entry_id: str) -> str:
    return "test" if hashlib.sha256(entry_id.encode()).digest()[0] < TEST_SHARE_BYTE else "dev"


def parse_source(path: Path) -> list[dict[str, Any]]:
    voice = path.stem
    forced_split: str | None = None
    entries: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    lines: list[str] = []

    def close() -> None:
        if current is not None:
            current["text"] = "\n".join(lines).strip()
            if not current["text"]:
                raise ValueError(f"{path.name}: {current['id']} has no text")
            entries.append(current)

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.rstrip()
        if line.startswith("#") and current is None:
            forced = _FORCED_SPLIT.match(line)
            if forced:
                forced_split = forced["split"]
            continue
        header = _HEADER.match(line)
        if header:
            close()
            if header["mood"] not in MOODS:
                raise ValueError(f"{path.name}:{number}: unknown mood {header['mood']!r}")
            current = {"id": header["id"], "date": _entry_date(header["md"]).isoformat(), "voice": voice,
                       "mood": header["mood"], "highlights": []}
            if forced_split:
                current["split"] = forced_split
            lines = []
            continue
        if current is None:
            if line.strip():
                raise ValueError(f"{path.name}:{number}: text before the first entry")
            continue
        label = _LABEL.match(line)
        if label:
            highlight: dict[str, Any] = {"type": label["type"], "text": label["text"].strip()}
            for part in label["attributes"].split("|")[1:]:
                attribute = _ATTRIBUTE.match(part.strip())
                if attribute is None:
                    raise ValueError(f"{path.name}:{number}: bad label attribute {part.strip()!r}")
                if attribute["due"]:
                    day = resolve_due(attribute["due"], date.fromisoformat(current["date"]))
                    highlight["dueDate"] = day.isoformat()
                elif attribute["implied"]:
                    highlight["implied"] = True
                else:
                    highlight["ref"] = {"pronoun": attribute["pronoun"]}
                    if attribute["name"]:
                        highlight["ref"]["name"] = attribute["name"].strip()
            current["highlights"].append(highlight)
        elif line.startswith("@"):
            raise ValueError(f"{path.name}:{number}: bad label line {line!r}")
        else:
            lines.append(line)
    close()
    return entries


# "twenty-first" whole: a bare "first" after the hyphen had made the twenty-first author the first.
_AUTHOR = re.compile(r"\b((?:twenty-)?(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth)|twenty-first|tenth|"
                     r"eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|"
                     r"twentieth)\s+author\b", re.IGNORECASE)


def author_of_voices() -> dict[str, str]:
    """Each voice's author, from its source file's header comment ("Written by a fifth author"; the
    phrase may run over two comment lines): nadia was written by the third extraction round's
    engineer ("extraction-round author"), the train-only voices by the engineer of the learned
    highlight core ("highlight-core author"), the seven voices that name no author by the first."""
    authors: dict[str, str] = {}
    for path in sorted(SOURCE_DIR.glob("*.txt")):
        header = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("==="):
                break
            header.append(line.lstrip("#").strip())
        head = " ".join(header)
        m = _AUTHOR.search(head)
        if m:
            authors[path.stem] = f"{m.group(1).lower()} author"
        elif "extraction round" in head:
            authors[path.stem] = "extraction-round author"
        elif "learned highlight core" in head:
            authors[path.stem] = "highlight-core author"
        else:
            authors[path.stem] = "first author"
    return authors


def held_out_voices() -> set[str]:
    """The voices whose source file puts all its entries in test (`# split: test`: the held-out
    authors' voices, see the corpus README), read from the files' comment headers only."""
    voices = set()
    for path in sorted(SOURCE_DIR.glob("*.txt")):
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if not line.startswith("#"):
                    break
                forced = _FORCED_SPLIT.match(line.rstrip())
                if forced and forced["split"] == "test":
                    voices.add(path.stem)
    return voices


def load_source() -> list[dict[str, Any]]:
    entries = [entry for path in sorted(SOURCE_DIR.glob("*.txt")) for entry in parse_source(path)]
    ids = Counter(entry["id"] for entry in entries)
    duplicated = [i for i, count in ids.items() if count > 1]
    if duplicated:
        raise ValueError(f"duplicate ids: {duplicated}")
    for entry in entries:
        entry.setdefault("split", split_of(entry["id"]))
    return entries


def load_fresh_source() -> list[dict[str, Any]]:
    """The fresh writers' entries (`fresh/*.txt`), each in the split `fresh`."""
    entries = [entry for path in sorted(FRESH_DIR.glob("*.txt")) for entry in parse_source(path)]
    for entry in entries:
        if entry.get("split") != "fresh":
            raise ValueError(f"{entry['id']}: a fresh writer's file must say '# split: fresh'")
    return entries


def load_split(split: str) -> list[dict[str, Any]]:
    path = {"dev": DEV_PATH, "test": TEST_PATH, "train": TRAIN_PATH, "fresh": FRESH_PATH}[split]
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def build(*, write: bool = True) -> dict[str, Any]:
    """The counts of each split; with `write`, also writes a split's JSONL file whose content
    changed (an unchanged file is left alone, mtime and all). Each split's counts say whether its
    file was up to date (`"stale": false`)."""
    entries = load_source() + load_fresh_source()
    counts: dict[str, Any] = {}
    for split, path in (("dev", DEV_PATH), ("test", TEST_PATH), ("train", TRAIN_PATH), ("fresh", FRESH_PATH)):
        chosen = [e for e in entries if e["split"] == split]
        text = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in chosen)
        stale = not path.exists() or path.read_text(encoding="utf-8") != text
        if write and stale:
            path.write_text(text, encoding="utf-8")
        counts[split] = {
            "entries": len(chosen),
            "moods": dict(Counter(e["mood"] for e in chosen)),
            "highlights": dict(Counter(h["type"] for e in chosen for h in e["highlights"])),
            "dated_tasks": sum(1 for e in chosen for h in e["highlights"] if "dueDate" in h),
            "implied": sum(1 for e in chosen for h in e["highlights"] if h.get("implied")),
            "stale": stale,
        }
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m pipelines.corpus",
        description="Rebuild dev.jsonl and test.jsonl from source/*.txt and fresh.jsonl from fresh/*.txt (only a file whose content "
        "changes is written) and print each split's counts as JSON.",
    )
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a JSONL file differs from what its sources give")
    args = parser.parse_args(argv)
    try:
        counts = build(write=not args.check)
    except (ValueError, OSError) as exc:
        print(f"{parser.prog}: error: {exc}", file=sys.stderr)
        return 1
    json.dump(counts, sys.stdout, indent=2)
    print()
    return 1 if args.check and any(c["stale"] for c in counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
