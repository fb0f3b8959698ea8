"""`python -m pipelines <step> --input FILE.jsonl [--output FILE.jsonl]`: run one pipeline on a file.

For data scientists: the same functions the flows run, on a JSON Lines file, with no Prefect and no
database. Each input line is `{"id": str, "text": str, "date": "YYYY-MM-DD"}` (date optional).

Steps:
- `mood`: one line per entry, `{"id", "mood", "emoji"}`.
- `highlights`: one line per entry, `{"id", "summary", "highlights": [...]}`; the entry's date is the
  "today" that resolves weekdays and deadlines.
- `profile`: ONE line for the whole file, the local provider's personal story
  `{"shortSummary", "fullProfile", "blindspots", "sourceEntryIds"}`.
- `patterns`: one line per pattern the pattern pipeline finds across the whole file,
  `{"id", "name", "description", "entryIds": [...], "insights": [{"text", "entryIds"}]}`, largest
  first; entries in no pattern are left out. Uses the saved `PatternConfig`.

- `evaluate`: measures the configured provider (AI_PROVIDER, local by default) on labelled lines
  (`"mood"`, `"highlights": [{"type", "text", "dueDate"?}]`, as in pipelines/data/journal_corpus)
  and prints mood accuracy/macro-F1 with the confusion matrix, highlight recall/precision and
  due-date accuracy; `--output` also writes the whole report (with every miss) as JSON; `--by FIELD`
  also prints (and reports) the figures per value of a field of the lines, e.g. `--by voice`.
  The provider settings are the app's (`ProviderConfig.from_env`). Where the provider fails on an
  entry the local one answers it and the headline says for how many; past `MAX_FALLBACK_SHARE` of
  the entries the run stops with an error instead of showing the local figures under its name.

The other steps always run the local pipelines, whatever AI_PROVIDER says. Log lines go to stderr.

An entry without a date is taken as written today, as the app does when an entry is saved without
one.

The whole file is read and checked before any model loads, so a bad line fails fast and no partial
output is written. Texts are embedded once, in batches, and the vectors are passed on (except
inside `build_local_profile`, which takes no vectors and embeds what it needs itself).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, BinaryIO

import msgspec
import structlog

PROG = "python -m pipelines"
STEPS = ("mood", "highlights", "profile", "patterns", "evaluate")
# Entries processed (embedded, analysed, written) per round: bounds memory on large files while
# keeping each call to the model a full batch.
CHUNK_ENTRIES = 1024
DEFAULT_BATCH_SIZE = 64


class InputError(Exception):
    """A problem with the input file, reported as one line."""


@dataclass(frozen=True, slots=True)
class InputEntry:
    line: int
    id: str
    text: str
    date: date | None


# -- reading -------------------------------------------------------------------------------------


def read_entries(path: Path) -> list[InputEntry]:
    """Every entry of a JSON Lines file, checked. Blank lines are skipped; line numbers are 1-based."""
    try:
        raw = path.read_bytes().removeprefix(b"\xef\xbb\xbf")  # a UTF-8 BOM (some editors add one)
    except FileNotFoundError:
        raise InputError(f"input file not found: {path}") from None
    except IsADirectoryError:
        raise InputError(f"input is a directory, not a file: {path}") from None
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from None
    entries: list[InputEntry] = []
    first_line: dict[str, int] = {}
    for number, line in enumerate(raw.splitlines(), start=1):
        if not line.strip():
            continue
        entry = _parse_line(line, number, path)
        if entry.id in first_line:
            raise InputError(
                f"{path}, line {number}: duplicate id {entry.id!r} (first on line {first_line[entry.id]})"
            )
        first_line[entry.id] = number
        entries.append(entry)
    return entries


def _parse_line(line: bytes, number: int, path: Path) -> InputEntry:
    where = f"{path}, line {number}"
    try:
        value = msgspec.json.decode(line)
    except msgspec.DecodeError as exc:
        raise InputError(f"{where}: not valid JSON ({exc})") from None
    if not isinstance(value, dict):
        raise InputError(
            f'{where}: expected a JSON object like {{"id": ..., "text": ...}}, got {_kind(value)}'
        )
    missing = [key for key in ("id", "text") if key not in value]
    if missing:
        raise InputError(f"{where}: missing {' and '.join(repr(k) for k in missing)}")
    entry_id, text, day = value["id"], value["text"], value.get("date")
    if not isinstance(entry_id, str) or not entry_id.strip():
        raise InputError(f"{where}: 'id' must be a non-empty string, got {_kind(entry_id)}")
    if not isinstance(text, str):
        raise InputError(f"{where}: 'text' must be a string, got {_kind(text)}")
    return InputEntry(line=number, id=entry_id, text=text, date=_parse_date(day, where))


def _parse_date(value: Any, where: str) -> date | None:
    if value is None:
        return None
    if isinstance(value, str):
        try:
            # fromisoformat alone also takes "20240102" and week dates: insist on YYYY-MM-DD.
            if len(value) == 10 and value[4] == "-" and value[7] == "-":
                return date.fromisoformat(value)
        except ValueError:
            pass
    raise InputError(f"{where}: 'date' must be a date as YYYY-MM-DD, got {value!r}")


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, str):
        return f"{value!r}" if value else "an empty string"
    return {dict: "an object", list: "an array", bool: "a boolean", int: "a number", float: "a number"}.get(
        type(value), type(value).__name__
    )


# -- steps ---------------------------------------------------------------------------------------


def _chunks(entries: Sequence[InputEntry], size: int = CHUNK_ENTRIES) -> Iterator[Sequence[InputEntry]]:
    for start in range(0, len(entries), size):
        yield entries[start : start + size]


def run_mood(entries: Sequence[InputEntry], batch_size: int) -> Iterator[dict[str, Any]]:
    from pipelines.embeddings import embed
    from pipelines.mood import get_mood_model

    model = get_mood_model()
    for chunk in _chunks(entries):
        texts = [entry.text for entry in chunk]
        vectors = embed(texts, batch_size=batch_size)
        for entry, prediction in zip(chunk, model.predict(texts, vectors), strict=True):
            yield {"id": entry.id, "mood": prediction.mood, "emoji": prediction.emoji}


def run_highlights(entries: Sequence[InputEntry], batch_size: int) -> Iterator[dict[str, Any]]:
    from pipelines.embeddings import embed
    from pipelines.highlights import extract_highlights, limit_projects
    from pipelines.summaries import DEFAULT_MAX_CHARS, DEFAULT_MAX_SENTENCES, summarize, summary_sentences

    for chunk in _chunks(entries):
        # The summary ranks an entry's sentences by their embeddings: embed the sentences of every
        # entry that needs ranking in one batch (the same sentences summarize() would embed).
        sentences = [summary_sentences(entry.text) for entry in chunk]
        ranked = [
            len(s) > 1 and (len(s) > DEFAULT_MAX_SENTENCES or len(" ".join(s)) > DEFAULT_MAX_CHARS)
            for s in sentences
        ]
        flat = [sentence for s, needed in zip(sentences, ranked, strict=True) if needed for sentence in s]
        vectors = embed(flat, batch_size=batch_size)
        start = 0
        for entry, s, needed in zip(chunk, sentences, ranked, strict=True):
            own = None
            if needed:
                own, start = vectors[start : start + len(s)], start + len(s)
            highlights = limit_projects(extract_highlights(entry.text, today=entry.date))
            yield {
                "id": entry.id,
                "summary": summarize(entry.text, embeddings=own),
                "highlights": [msgspec.to_builtins(h) for h in highlights],
            }


def run_profile(entries: Sequence[InputEntry], batch_size: int) -> Iterator[dict[str, Any]]:
    from models.dates import format_entry_date  # the profile shows dates as the app does
    from pipelines.providers.base import ProfileEntry
    from pipelines.providers.local_provider import build_local_profile

    # The profile reads the entries in time order, as the app does (entry date, then as saved).
    today = date.today()
    ordered = sorted(entries, key=lambda e: (e.date or today, e.line))
    material = [
        ProfileEntry(
            id=entry.id, date=format_entry_date(entry.date or today), content=entry.text
        )
        for entry in ordered
    ]
    # build_local_profile embeds what it needs itself (it takes no vectors).
    yield msgspec.to_builtins(build_local_profile(material))


def run_patterns(entries: Sequence[InputEntry], batch_size: int) -> Iterator[dict[str, Any]]:
    from models.dates import format_entry_date
    from pipelines.embeddings import embed
    from pipelines.patterns import PatternConfig, PatternPipeline

    # In time order, as the flow reads a journal (entry date, then as written in the file).
    today = date.today()
    ordered = sorted(entries, key=lambda e: (e.date or today, e.line))
    vectors = embed([entry.text for entry in ordered], batch_size=batch_size)
    pipeline = PatternPipeline(config=PatternConfig.load()).fit(
        [entry.text for entry in ordered], vectors, ids=[entry.id for entry in ordered],
        dates=[format_entry_date(entry.date or today) for entry in ordered])
    for pattern in pipeline.patterns_:
        yield {"id": pattern.key, "name": pattern.name, "description": pattern.description,
               "entryIds": pattern.entry_ids, "insights": [msgspec.to_builtins(i) for i in pattern.insights]}


RUNNERS: dict[str, Callable[[Sequence[InputEntry], int], Iterator[dict[str, Any]]]] = {
    "mood": run_mood,
    "highlights": run_highlights,
    "profile": run_profile,
    "patterns": run_patterns,
}


def read_labels(path: Path, entries: Sequence[InputEntry]) -> list[Any]:
    """The labelled entries of an `evaluate` input: each checked line plus its "mood" and
    "highlights" (both optional)."""
    from pipelines.lab.scoring import MOODS, LabelledEntry

    raw = path.read_bytes().removeprefix(b"\xef\xbb\xbf").splitlines()
    labelled = []
    for entry in entries:
        value = msgspec.json.decode(raw[entry.line - 1])
        where = f"{path}, line {entry.line}"
        mood, highlights = value.get("mood"), value.get("highlights")
        if mood is not None and mood not in MOODS:
            raise InputError(f"{where}: 'mood' must be one of {', '.join(MOODS)}, got {mood!r}")
        if highlights is not None:
            if not isinstance(highlights, list) or not all(
                isinstance(h, dict) and h.get("type") in ("task", "goal", "project") and isinstance(h.get("text"), str)
                for h in highlights
            ):
                raise InputError(f'{where}: \'highlights\' must be a list of {{"type": task|goal|project, "text": ...}}')
            for h in highlights:
                if h.get("dueDate") is not None:
                    _parse_date(h["dueDate"], f"{where}, dueDate")
        labelled.append(LabelledEntry(id=entry.id, text=entry.text, date=entry.date, mood=mood,
                                      highlights=highlights))
    return labelled


def read_groups(path: Path, entries: Sequence[InputEntry], field: str) -> list[str]:
    """Each entry's value of `field` (e.g. the corpus' "voice"), for `evaluate --by`; an entry
    without it is in the group "(none)". Corpus lines carry a voice, not an author: `--by author`
    reads a line's author from its voice (`pipelines.corpus.author_of_voices`). A field that no
    line has is refused: one group "(none)" would only look like a result."""
    raw = path.read_bytes().removeprefix(b"\xef\xbb\xbf").splitlines()
    authors: dict[str, str] | None = None
    groups = []
    for entry in entries:
        line = msgspec.json.decode(raw[entry.line - 1])
        value = line.get(field)
        if value is None and field == "author" and isinstance(line.get("voice"), str):
            if authors is None:
                from pipelines.corpus import author_of_voices

                authors = author_of_voices()
            value = authors.get(line["voice"])
        if value is not None and not isinstance(value, str | int | bool):
            raise InputError(f"{path}, line {entry.line}: {field!r} must be a string or a number to group by")
        groups.append("(none)" if value is None else str(value))
    if entries and set(groups) == {"(none)"}:
        raise InputError(f"--by {field}: no line of {path} has a {field!r} field")
    return groups


def run_evaluate(path: Path, entries: Sequence[InputEntry], output: Path | None, by: str | None = None) -> int:
    from pipelines.lab import scoring as evaluation
    from pipelines.lab.scoring import format_groups, format_report, score, score_groups
    from pipelines.providers import ProviderConfigError, get_providers

    labelled = read_labels(path, entries)
    groups = read_groups(path, entries, by) if by else None  # checked before any model loads
    try:
        providers = get_providers()
    except ProviderConfigError as exc:
        raise InputError(str(exc)) from None
    try:
        predictions, used = evaluation.predict_with(providers, labelled,
                                                    max_fallback_share=evaluation.MAX_FALLBACK_SHARE)
    except evaluation.ProviderFailed as exc:
        raise InputError(f"{exc}. Check AI_PROVIDER, OPENAI_BASE_URL, OPENAI_API_KEY and OPENAI_MODEL") from None
    report = score(labelled, predictions)
    report["provider"] = providers.name
    report["answered_by"] = used
    stood_in = sum(v for k, v in used.items() if k != providers.name)
    name = providers.name
    if stood_in:
        name += f" (local stood in for {stood_in} of {len(labelled)} entries)"
        print(f"{PROG}: warning: the {providers.name} provider failed on {stood_in} of {len(labelled)} entries; "
              "the local provider's answers are counted for those", file=sys.stderr)
    print(format_report(report, name))
    if by and groups is not None:
        report["by"] = {"field": by, "groups": score_groups(labelled, predictions, groups)}
        print(format_groups(report["by"]["groups"], by))
    if output is not None:
        write_output(iter([report]), output)
    return 0


# -- writing -------------------------------------------------------------------------------------


def _write_lines(rows: Iterator[dict[str, Any]], out: BinaryIO) -> int:
    encoder = msgspec.json.Encoder()
    count = 0
    for row in rows:
        out.write(encoder.encode(row) + b"\n")
        count += 1
    out.flush()
    return count


def write_output(rows: Iterator[dict[str, Any]], output: Path | None) -> int:
    """Write JSON Lines to `output` (whole or not at all: a temp file renamed at the end) or stdout."""
    if output is None:
        return _write_lines(rows, sys.stdout.buffer)
    if output.is_dir():
        raise InputError(f"output is a directory, not a file: {output}")
    if not output.parent.exists():
        raise InputError(f"output folder does not exist: {output.parent}")
    fd, temp = tempfile.mkstemp(prefix=f".{output.name}.", suffix=".tmp", dir=output.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            count = _write_lines(rows, out)
        os.replace(temp, output)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return count


# -- entry point ---------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Run one Reverie pipeline on a JSON Lines file of entries "
        '({"id": str, "text": str, "date": "YYYY-MM-DD" (optional)} per line).',
    )
    parser.add_argument(
        "step",
        choices=STEPS,
        help="mood: one mood per entry; highlights: summary and "
        "tasks/projects/goals per entry; profile: one personal story for the whole file; "
        "patterns: one line per pattern found across the file (these four always run the local "
        "pipelines); evaluate: measure the provider AI_PROVIDER names on labelled lines",
    )
    parser.add_argument("--input", "-i", type=Path, required=True, metavar="FILE.jsonl", help="the entries")
    parser.add_argument(
        "--output",
        "-o",
        type=Path,
        default=None,
        metavar="FILE.jsonl",
        help="where to write the results (default: standard output)",
    )
    parser.add_argument(
        "--by",
        metavar="FIELD",
        default=None,
        help="evaluate only: also print the figures per value of this field of the input lines "
        "(e.g. voice)",
    )
    parser.add_argument(
        "--batch-size",
        type=int,
        default=DEFAULT_BATCH_SIZE,
        help=f"texts per call to the embedding model (default {DEFAULT_BATCH_SIZE})",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.batch_size < 1:
        parser.error("--batch-size must be at least 1")
    # Log lines (a provider's fallback, a model loading) go to stderr: stdout is the results.
    structlog.configure(logger_factory=structlog.PrintLoggerFactory(sys.stderr))
    try:
        entries = read_entries(args.input)
        if args.by is not None and args.step != "evaluate":
            raise InputError("--by goes with evaluate only")
        if args.step == "evaluate":
            return run_evaluate(args.input, entries, args.output, args.by)
        write_output(RUNNERS[args.step](entries, args.batch_size), args.output)
    except InputError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # `... | head`: the reader left; not an error of ours. Silence the flush at exit too.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return 0
