"""The weekly-focus suggestion from an OpenAI-compatible model: the same material the local
suggester reads, sent as a prompt, answered with a JSON schema (`ModelFocus`).

The answer is checked before it is used; anything wrong raises `ProviderError`, and the caller
(`Providers.run`) then falls back to the local suggester:
- `entryId` must be one of the entries (or the goals' and projects' entries) it was shown;
- headline and detail must be non-blank and of reasonable length;
- it must not repeat an open task or a task completed this week.
The "Why now" is the model's reason behind the entry's date, so it always names the entry.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from models.dates import format_entry_date
from pipelines.highlights import find_duplicates
from pipelines.weekly_focus.local import FocusDraft, clause, quote, with_headlines
from pipelines.weekly_focus.material import FocusMaterial

MAX_HEADLINE_CHARS = 150
MAX_DETAIL_CHARS = 500
ESTIMATED_TIMES = ("10 minutes or less", "20 minutes or less", "15 min daily", "30 minutes", "1 hour")


class ModelFocus(msgspec.Struct, kw_only=True, rename="camel"):
    headline: str
    detail: str
    priority: Literal["high", "medium", "low"]
    estimated_time: str
    entry_id: str
    why: str


def prompt(material: FocusMaterial) -> str:
    entries = "\n".join(
        f"- entryId {e.id}, {e.date}, mood {e.mood or 'unknown'}: " + " ".join(s.text for s in e.sentences)[:600]
        for e in material.entries if e.sentences
    ) or "(none)"
    items = "\n".join(
        f"- {item.kind} “{item.text}”" + (f" (entryId {item.entry_id})" if item.entry_id else "")
        for item in material.goals + material.projects
    ) or "(none)"

    def listing(texts: list[str]) -> str:
        return "\n".join(f"- {t}" for t in texts[:40]) or "(none)"

    return (
        f"Today is {material.today.isoformat()}. Suggest ONE concrete, doable {material.domain} task for this "
        "person's week, grounded in what they wrote below. It must not repeat or reword any open task or any "
        "task done this week. headline: a short imperative (no full stop inside); detail: one or two sentences "
        "saying how to do it; priority high, medium or low; estimatedTime one of "
        f"{', '.join(ESTIMATED_TIMES)}; entryId: the entry it comes from (one of the ids below); why: one "
        "sentence saying why now, from what they wrote.\n\n"
        f"Journal entries about their {material.domain} life:\n{entries}\n\n"
        f"Goals and projects:\n{items}\n\nOpen tasks:\n{listing(material.open_tasks)}\n\n"
        f"Done this week:\n{listing(material.done_this_week)}"
    )


def openai_suggestion(provider: Any, material: FocusMaterial) -> FocusDraft:
    from pipelines.providers.openai_provider import ProviderError

    answer = provider._structured(prompt(material), ModelFocus, "weekly_focus")
    headline, detail = clause(answer.headline), " ".join(answer.detail.split())
    if not headline or not detail or len(headline) > MAX_HEADLINE_CHARS or len(detail) > MAX_DETAIL_CHARS:
        raise ProviderError("the provider's suggestion is blank or too long")
    days = {e.id: e.date for e in material.entries}
    for item in material.goals + material.projects:
        if item.entry_id and item.day:
            days.setdefault(item.entry_id, format_entry_date(item.day))
    if answer.entry_id not in days:
        raise ProviderError("the provider's suggestion names no entry it was shown")
    taken = with_headlines(material.open_tasks + material.done_this_week)
    if find_duplicates([headline], taken)[0] is not None:
        raise ProviderError("the provider suggested an open task or one done this week")
    why = quote(" ".join(answer.why.split())) if answer.why.strip() else "you wrote about it"
    return FocusDraft(
        text=f"{headline}. {detail if detail.endswith(('.', '!', '?')) else detail + '.'}",
        priority=answer.priority, estimated_time=answer.estimated_time.strip()[:64] or "20 minutes or less",
        relevance=f"From your entry of {days[answer.entry_id]}: {why}", entry_id=answer.entry_id,
    )
