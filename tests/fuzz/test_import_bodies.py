"""The fuzz gate on import and restore bodies: structured documents in every JSON format the import
reads (Day One, Reverie's export, jrnl, a list of {date, content}) with values drawn from what
breaks readers: dates of year 0 to 99999, minutes and hours past the clock, offsets past +14:00,
time zones that are no time zone, text with control characters and lone surrogates, links to ids
that exist, belong to nothing, or are not ids at all. Pasted and uploaded as a file.

Each answer is a 200 or a 400, never a 5xx; and after a 200 the account still answers every list
and its export (no row that cannot be read back got in). The number of documents per format
follows FUZZ_EXAMPLES (see test_api_fuzz.py)."""

from __future__ import annotations

import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.security.rate_limit import RateLimiter

EXAMPLES = max(8, int(os.environ.get("FUZZ_EXAMPLES", "5")) * 2)
SETTINGS = settings(max_examples=EXAMPLES, derandomize=not os.environ.get("FUZZ_SEED"), database=None,
                    deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                          HealthCheck.function_scoped_fixture])
READS = ("/api/journal?limit=500", "/api/export", "/api/journal/stats", "/api/tasks", "/api/insights",
         "/api/patterns", "/api/journal/import/progress", "/api/profile")

# Text with anything in it: control characters, format characters and lone surrogates included
# (json.dumps writes a lone surrogate as its \\ud800 escape, as a crafted file would).
texts = st.one_of(st.text(max_size=60), st.text(st.one_of(st.characters(exclude_categories=()), st.characters(categories=["Cs", "Cc", "Cf"])), max_size=40),
                  st.sampled_from(["", " ", "ok", "Half \ud800 pair", "bell \u0007", "nul \u0000", "tab\tand\nline"]))
years = st.one_of(st.integers(1900, 2026), st.integers(0, 99999))
moments = st.one_of(
    st.builds(lambda y, mo, d, h, mi, z: f"{y:04d}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:00{z}", years,
              st.integers(0, 13), st.integers(0, 32), st.integers(0, 25), st.integers(0, 99),
              st.sampled_from(["Z", "+00:00", "+14:00", "-12:00", "+15:00", "+99:99", "", ".5Z"])),
    st.builds(lambda y, mo, d: f"{y:04d}-{mo:02d}-{d:02d}", years, st.integers(0, 13), st.integers(0, 32)),
    st.integers(-(2**40), 2**40), texts, st.none(), st.booleans(),
)
zones = st.one_of(st.sampled_from(["Europe/Lisbon", "Pacific/Auckland", "Etc\\/GMT", "America", "../../etc/passwd",
                                   "", "UTC", "Etc/GMT+14"]), st.text(max_size=300), st.integers())
ids = st.one_of(st.sampled_from(["e1", "e2", "t1", "p1", "i1", "gone", ""]), texts, st.integers(), st.none())
small = st.one_of(st.none(), st.booleans(), st.integers(-(2**63), 2**63), texts, moments)


def day_one() -> st.SearchStrategy:
    entry = st.fixed_dictionaries({"creationDate": moments, "timeZone": zones, "text": texts},
                                  optional={"tags": st.lists(small, max_size=3), "starred": small,
                                            "location": st.one_of(small, st.fixed_dictionaries(
                                                {"placeName": small, "country": small})),
                                            "photos": st.lists(st.fixed_dictionaries({"md5": small, "type": small}),
                                                               max_size=2),
                                            "richText": texts})
    return st.fixed_dictionaries({"metadata": st.just({"version": "1.0"}), "entries": st.lists(entry, max_size=4)})


def reverie() -> st.SearchStrategy:
    entry = st.fixed_dictionaries({"id": ids, "date": moments, "content": texts},
                                  optional={"time": st.one_of(texts, st.sampled_from(["09:15", "10:99", "24:00"])),
                                            "timestamp": small, "createdAt": moments, "location": texts,
                                            "mood": st.one_of(small, st.fixed_dictionaries(
                                                {"emoji": small, "text": small})),
                                            "summary": texts, "relatedGoals": st.lists(small, max_size=3),
                                            "photos": st.lists(st.fixed_dictionaries({"file": small,
                                                                                      "caption": small}), max_size=2)})
    task = st.fixed_dictionaries({"id": ids, "text": texts},
                                 optional={"entryId": ids, "doneHintEntryId": ids, "doneHint": texts,
                                           "dueDate": moments, "completedAt": moments, "createdAt": moments,
                                           "completed": small, "isSelected": small, "timeframe": small,
                                           "priority": small, "type": small, "liked": small})
    insight = st.fixed_dictionaries({"id": ids, "text": texts},
                                    optional={"entryId": ids, "patternId": ids, "origin": small,
                                              "sourceEntryIds": st.lists(ids, max_size=3), "type": small,
                                              "context": st.one_of(small, st.dictionaries(texts, small, max_size=2)),
                                              "layers": st.lists(st.dictionaries(texts, small, max_size=2),
                                                                 max_size=2), "createdAt": moments})
    pattern = st.fixed_dictionaries({"id": ids, "name": texts},
                                    optional={"entryIds": st.lists(ids, max_size=3), "keywords": st.lists(small,
                                                                                                          max_size=3)})
    project = st.fixed_dictionaries({"id": ids, "name": texts},
                                    optional={"parentId": ids, "entryId": ids, "progress": small, "status": small,
                                              "type": small})
    return st.fixed_dictionaries({
        "format": st.just("reverie-export"), "version": st.one_of(st.just(1), small),
        "entries": st.lists(entry, max_size=3), "tasks": st.lists(task, max_size=3),
        "insights": st.lists(insight, max_size=3), "patterns": st.lists(pattern, max_size=2),
        "projects": st.lists(project, max_size=2),
    }, optional={"profile": st.one_of(small, st.fixed_dictionaries(
        {"shortSummary": small, "fullProfile": small, "sourceEntryIds": st.lists(ids, max_size=3)})),
        "resume": st.one_of(small, st.fixed_dictionaries({"content": small})),
        "user": st.one_of(small, st.fixed_dictionaries({"fullName": small, "birthDate": moments}))})


def jrnl() -> st.SearchStrategy:
    entry = st.fixed_dictionaries({"title": texts, "body": st.one_of(texts, small), "date": moments,
                                   "time": st.one_of(texts, st.sampled_from(["15:39", "10:99"]))},
                                  optional={"starred": small, "tags": st.lists(small, max_size=2)})
    return st.fixed_dictionaries({"tags": st.just({}), "entries": st.lists(entry, max_size=4)})


def plain() -> st.SearchStrategy:
    return st.lists(st.fixed_dictionaries({"date": moments, "content": texts},
                                          optional={"time": small, "location": small, "tags": small}), max_size=4)


def _check(world, document) -> None:
    body = json.dumps(document)  # ensure_ascii: lone surrogates travel as escapes
    for method, kwargs in (("paste", {"json": {"content": body, "format": "json"}}),
                           ("file", {"files": {"file": ("journal.json", body.encode(), "application/json")}})):
        world.app.state.rate_limiter = RateLimiter()  # the limits are tested elsewhere
        path = "/api/journal/import" if method == "paste" else "/api/journal/import/file"
        response = world.call("POST", path, **kwargs)
        assert response.status_code in (200, 400), (method, response.status_code, response.text[:300], body[:500])
        assert response.json().get("error") if response.status_code == 400 else response.json()["success"]
        if response.status_code == 200:
            for read in READS:
                answer = world.call("GET", read)
                assert answer.status_code == 200, (read, answer.status_code, answer.text[:300], body[:500])


@SETTINGS
@given(document=day_one())
def test_day_one_documents(fuzz_world, document):
    _check(fuzz_world, document)


@SETTINGS
@given(document=reverie())
def test_reverie_exports(fuzz_world, document):
    _check(fuzz_world, document)


@SETTINGS
@given(document=jrnl())
def test_jrnl_exports(fuzz_world, document):
    _check(fuzz_world, document)


@SETTINGS
@given(document=plain())
def test_lists_of_entries(fuzz_world, document):
    _check(fuzz_world, document)
