"""Big journals: ten years of Day One (3,650 entries, 365 photos) in one upload, a 200 MB .zip, the
progress of each step while it runs, and the reading done in a process of its own. How long the
other users' requests take meanwhile is measured by tests/benchmarks/bench_import_isolation.py."""

from __future__ import annotations

import io
import json
import os
import threading
import time
import zipfile
from datetime import date, timedelta
from pathlib import Path

import anyio
import pytest

from api.errors import FieldError
from api.journal.imports import limits, runner
from tests.support.imports import day_one_zip, ten_year_day_one_zip, upload


def test_ten_years_of_day_one_with_photos_in_one_upload(held):
    client, pipelines = held
    archive = ten_year_day_one_zip(days=3650, photo_every=10)
    seen: set[tuple[str, int]] = set()
    done = threading.Event()

    def watch() -> None:  # another request stream, as the browser's progress poll
        while not done.is_set():
            current = client.get("/api/journal/import/progress").json()["current"]
            if current:
                seen.add((current["state"], current["total"]))
            time.sleep(0.2)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        response = upload(client, "Export - Journal.zip", archive)
    finally:
        done.set()
        watcher.join()
    assert response.status_code == 200, response.text
    body = response.json()
    assert (body["count"], body["photos"], body["format"]) == (3650, 365, "Day One")
    first = date(2025, 12, 31) - timedelta(days=3649)  # ten years of days, leap days included
    assert (body["firstDate"], body["lastDate"]) == (first.strftime("%m/%d/%Y"), "12/31/2025")
    assert len(pipelines.held) == 3650
    states = {state for state, _ in seen}
    assert {"photos", "saving"} <= states, seen
    assert ("saving", 3650) in seen  # the entries' step counts all of them
    listed = client.get("/api/journal", params={"limit": 500})
    assert int(listed.headers["x-total-count"]) == 3650
    assert client.get("/api/journal/import/progress").json()["current"]["state"] == "done"
    again = upload(client, "Export - Journal.zip", archive).json()
    assert (again["count"], again["skipped"], again["photos"]) == (0, 3650, 0)


def test_a_200_mb_zip_is_taken_and_names_what_it_could_not_keep(held):
    client, _ = held
    data, _ = day_one_zip(photos_per_entry={0: 1}, video_bytes=200 * limits.MB)
    assert len(data) > 200 * limits.MB
    body = upload(client, "Export.zip", data).json()
    assert (body["count"], body["photos"]) == (8, 1), body
    said = {item["kind"]: item["message"] for item in body["notImported"]}
    assert said["video"] == "1 video was not imported: Reverie keeps text and photos."


def test_a_file_over_the_limit_is_a_413(held):
    client, _ = held
    response = upload(client, "huge.zip", b"PK\x03\x04" + b"\0" * (limits.MAX_UPLOAD_BYTES + 2 * limits.MB))
    assert response.status_code == 413
    assert response.json()["error"].startswith("A file can be at most 256 MB.")
    assert client.get("/api/journal").json() == []


def test_the_file_is_read_in_a_process_of_its_own_within_its_budget(tmp_path: Path):
    text = "\n\n".join(f"2024-01-{day:02d}\nA day of the journal, number {day}." for day in range(1, 29))
    source = tmp_path / "journal.txt"
    source.write_text(text)

    async def read():
        folder = runner.new_folder(tmp_path / "data")
        job = runner.job_for_file(source, source.name, source.stat().st_size, date(2026, 1, 1))
        return await runner.read_import(folder, job)

    parsed, outcome = anyio.run(read)
    assert len(parsed.drafts) == 28
    assert outcome.pid != os.getpid() and outcome.pid > 0
    assert limits.cpu_budget(source.stat().st_size) == limits.CPU_SECONDS_BASE + limits.CPU_SECONDS_PER_MB
    # The budget is the kernel's: a reader given one CPU second for a file needing more is stopped.
    from PIL import Image

    photo = io.BytesIO()
    Image.effect_noise((3000, 2000), 64).convert("RGB").save(photo, "JPEG", quality=85)
    heavy, journal = tmp_path / "heavy.zip", {"metadata": {}, "entries": []}
    with zipfile.ZipFile(heavy, "w") as archive:
        for n in range(12):  # about 0.3 s of CPU each to clean
            name = f"{n:032x}"
            journal["entries"].append({"creationDate": f"2024-01-{n + 1:02d}T10:00:00Z", "text": f"Day {n}.",
                                       "photos": [{"md5": name, "type": "jpeg", "identifier": name}]})
            archive.writestr(f"photos/{name}.jpeg", photo.getvalue() + bytes([n]))
        archive.writestr("Journal.json", json.dumps(journal))

    async def read_heavy():
        folder = runner.new_folder(tmp_path / "data")
        job = runner.job_for_file(heavy, heavy.name, heavy.stat().st_size, date(2026, 1, 1))
        job.cpu_seconds = 1
        return await runner.read_import(folder, job)

    with pytest.raises(FieldError) as refused:
        anyio.run(read_heavy)
    assert refused.value.detail == runner.MSG_TOO_SLOW
