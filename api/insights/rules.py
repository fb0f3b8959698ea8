"""Insights: the spec's constants and messages (part 2 sections 3 and 5)."""

from __future__ import annotations

INSIGHT_TYPES = ("contradiction", "goal", "person", "insight", "task", "blindspot", "breakthrough", "reflection")
MAX_TEXT_CHARS = 5000
MAX_RELATED_TASKS = 10
MAX_RELATED_TASK_CHARS = 300
SHORT_TITLE_CHARS = 50


MSG_NOT_FOUND = "Insight not found"
MSG_DELETED = "Insight deleted"
MSG_TYPE = "type must be one of the insight types."
MSG_PATTERN_ID = "patternId must be a pattern's id."
MSG_PATTERN_NOT_FOUND = "Pattern not found"
MAX_DISMISSED = 500  # deleted or reworded pipeline insights remembered per pattern

# A page of the list (GET with `limit`): at most this many rows per request.
MAX_PAGE_SIZE = 500
