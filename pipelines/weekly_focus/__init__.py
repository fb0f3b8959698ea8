"""Weekly focus: one concrete, doable task per domain (personal, professional, administrative),
suggested from one user's own journal.

The steps, each usable alone (from a test or a notebook):
- `material.gather(session, user_id, domain)`: the user's recent entries ranked for the domain by
  pgvector over their stored embeddings, read sentence by sentence, with moods; goals, projects;
  open tasks and tasks done this week (`FocusMaterial`, plain data);
- `local.local_suggestion(material)`: the offline suggester (`FocusDraft`: "headline. detail",
  priority, estimated time, the "Why now" naming the entry and its date);
- `openai_compatible.openai_suggestion(provider, material)`: the same material sent to an
  OpenAI-compatible model with a JSON schema, its answer checked; any failure falls back to local;
- `canned`: the three general suggestions per domain, used only when the journal holds nothing
  for the domain (the answer then says it is general);
- `service.suggest_weekly_focus(user_id, domain)` / `service.prepare_weekly_focus()`: the database
  around them, as the `weekly-focus` flow runs them.
"""

from pipelines.weekly_focus.canned import CANNED
from pipelines.weekly_focus.domains import DOMAINS, domain_of
from pipelines.weekly_focus.local import FocusDraft, local_suggestion
from pipelines.weekly_focus.material import FocusEntry, FocusItem, FocusMaterial, FocusSentence

__all__ = [
    "CANNED",
    "DOMAINS",
    "FocusDraft",
    "FocusEntry",
    "FocusItem",
    "FocusMaterial",
    "FocusSentence",
    "domain_of",
    "local_suggestion",
]
