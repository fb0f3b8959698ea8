"""Patterns: the spec's constants and messages (part 2 sections 2-5 and 9)."""

from __future__ import annotations

from api.insights.rules import MSG_PATTERN_NOT_FOUND  # noqa: F401  (a pattern's 404, the insights' too)
from pipelines.public import Flow

PATTERN_FLOW = Flow.PATTERNS
RESOURCE_KINDS = ("insight", "pattern")
MAX_TEXT_CHARS = 5000
MAX_GO_DEEP_INSIGHTS = 20
# How many of the pattern's entries Go Deep reads (the newest), to bound the work per call.
MAX_GO_DEEP_ENTRIES = 60

MSG_RUN_NOT_FOUND = "Pattern refresh not found"
MSG_REFRESH_FAILED = "Could not refresh your patterns. Please try again later."
MSG_RESOURCE_KIND = "type must be insight or pattern."
MSG_INSIGHTS_LIST = f"insights must be a list of at most {MAX_GO_DEEP_INSIGHTS} texts."
