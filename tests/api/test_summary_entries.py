"""POST /api/openai/generate-summary with several dated entries pasted as `content`: the summary
covers each entry, with its date, in the writer's own sentences (before: two sentences of the
first ones, the good news left out)."""

from __future__ import annotations

import json
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "pipelines" / "data" / "claims_journals.jsonl"


def test_a_summary_of_five_entries_covers_each(ana):
    rows = [r for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()
            and (r := json.loads(line))["journal"] == "farmer"][7:12]
    content = "\n\n".join(f"{r['date']}\n{r['text']}" for r in rows)
    answer = ana.post("/api/openai/generate-summary", json={"content": content})
    assert answer.status_code == 200, answer.text
    summary = answer.json()["summary"]
    assert all(f"{r['date']}: " in summary for r in rows), summary
    assert "June's scan results came back clear." in summary
    assert "Dr Ahmed sent her" not in summary  # a "her" never without the sentence naming her
    one = ana.post("/api/openai/generate-summary", json={"content": rows[0]["text"]}).json()["summary"]
    assert one and "09/29/2026" not in one
