"""The journal's own rules: its list's pages and the words a search looks for. What an entry may
hold is `api.entries.rules`."""

from __future__ import annotations

import re

from models.dates import format_entry_date  # noqa: F401  (the journal's date, re-exported)

# GET /api/journal pages: the first page unless asked (about what the 500px Previous Entries
# area shows at once, and then some), and the most one request may ask for.
PAGE_SIZE = 20
MAX_PAGE_SIZE = 500

MSG_ANALYSIS_NOT_FAILED = "This entry's analysis has not failed: there is nothing to retry."

# Words too common to say what an entry is about; the search looks for the rest of a query's words
# by their English stems ("running" finds "runs" and "run"): api/journal/search.py.
_SEARCH_STOP_WORDS = frozenset("""
a about after again all also am an and any are as at be been before being but by can could did do does
doing for from had has have having he her here him his how i if in into is it its just me more most my
no not of off on once only or other our out over own same she should so some such than that the their
them then there these they this those through to too under until up very was we were what when where
which while who whom why will with would you your yours feel felt feeling day today write wrote entry
entries journal thing things something
""".split())  # noqa: SIM905


def search_words(text: str) -> list[str]:
    """The words of a query that can find an entry by themselves (three letters or more, not common)."""
    words = re.findall(r"[^\W\d_]{3,}", text.lower())
    return [w for w in dict.fromkeys(words) if w not in _SEARCH_STOP_WORDS][:8]
