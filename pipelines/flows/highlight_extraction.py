"""Highlight extraction for one saved entry: mood, summary, related goals and projects, and the
tasks, projects and goals created from its highlights.

Triggered when an entry is created or its content changes.
The analysis itself arrives with its issue; until then the flow runs end to end through Prefect
and reports that it skipped the work, so nothing downstream mistakes it for a result.
"""

from __future__ import annotations

from typing import Any

from prefect import flow, task

from pipelines.flows._common import TASK_RETRIES, TASK_RETRY_DELAYS, FlowResult

FLOW_NAME = "highlight-extraction"


def run_highlight_extraction(entry_id: str) -> FlowResult:
    """The plain function under the flow: callable from tests and notebooks without Prefect."""
    return FlowResult(
        flow=FLOW_NAME,
        status="skipped",
        subject={"entryId": entry_id},
        reason="not implemented yet",
    )


@task(name="highlight-extraction-step", retries=TASK_RETRIES, retry_delay_seconds=TASK_RETRY_DELAYS)
def highlight_extraction_step(entry_id: str) -> FlowResult:
    return run_highlight_extraction(entry_id=entry_id)


@flow(name=FLOW_NAME, log_prints=True)
def highlight_extraction(entry_id: str) -> dict[str, Any]:
    return highlight_extraction_step(entry_id=entry_id).to_dict()
