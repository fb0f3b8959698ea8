"""Highlight extraction for one saved entry: mood, summary, related goals and projects, and the
tasks, projects and goals created from its highlights; then the personal story when due.

Triggered when an entry is created or its content changes (and at start-up for entries whose
analysis a crash interrupted).
"""

from __future__ import annotations

from typing import Any

from prefect import flow, task

from pipelines.flows._common import TASK_RETRIES, TASK_RETRY_DELAYS, FlowResult

FLOW_NAME = "highlight-extraction"


def run_highlight_extraction(entry_id: str) -> FlowResult:
    """The plain function under the flow: callable from tests and notebooks without Prefect."""
    from pipelines.analysis import analyse_entry

    outputs = analyse_entry(entry_id)
    return FlowResult(flow=FLOW_NAME, status=outputs.pop("status"), subject={"entryId": entry_id},
                      outputs=outputs, reason=outputs.pop("reason", None))


def mark_failed(entry_id: str, reason: str) -> None:
    import uuid

    from models import JournalEntry
    from pipelines import db

    with db.session() as s:
        entry = s.get(JournalEntry, uuid.UUID(entry_id))
        if entry is not None and entry.analysis_state != "done":
            entry.analysis_state = "failed"
            entry.analysis_error = reason[:500]
            s.commit()


@task(name="highlight-extraction-step", retries=TASK_RETRIES, retry_delay_seconds=TASK_RETRY_DELAYS)
def highlight_extraction_step(entry_id: str) -> FlowResult:
    return run_highlight_extraction(entry_id=entry_id)


def profile_due(user_id: str) -> bool:
    """A plain check, not a Prefect task: one count query is not worth a task run's overhead."""
    from pipelines.analysis import should_regenerate_profile

    return should_regenerate_profile(user_id)


@flow(name=FLOW_NAME)
def highlight_extraction(entry_id: str) -> dict[str, Any]:
    from pipelines.flows.profile_regeneration import profile_regeneration

    try:
        result = highlight_extraction_step(entry_id=entry_id)
    except Exception as exc:
        mark_failed(entry_id, f"{type(exc).__name__}: {exc}")
        raise
    if result.status == "done":
        user_id = result.outputs.get("userId")
        if user_id and profile_due(user_id):
            result.outputs["profile"] = profile_regeneration(user_id=user_id)
    return result.to_dict()
