"""The entries' service lives in `api.entries.services`; the journal's search and chat still import
it from here until their next change."""

from api.entries.services import EntryService, embed_text  # noqa: F401
