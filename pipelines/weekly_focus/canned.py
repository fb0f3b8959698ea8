"""The general suggestions: three per domain (spec part 2 section 7, the weekly-focus call's
built-in list). Used only when the journal holds nothing for the domain, and then the answer says
it is a general suggestion. Each text is "headline. detail"."""

from __future__ import annotations

from typing import NamedTuple


class Canned(NamedTuple):
    text: str
    priority: str
    estimated_time: str


CANNED: dict[str, tuple[Canned, ...]] = {
    "personal": (
        Canned("Take a 20-minute walk without your phone. Use it to notice how you are really feeling this week.",
               "medium", "20 minutes or less"),
        Canned("Reach out to someone you have been meaning to talk to. A short message or call, just to check in.",
               "medium", "10 minutes or less"),
        Canned("Protect one evening for rest. Put it in your calendar and keep it free of chores and screens.",
               "low", "15 min daily"),
    ),
    "professional": (
        Canned("Choose the one work outcome that matters most this week. Write it down and block two focused "
               "hours for it.", "high", "20 minutes or less"),
        Canned("Clear your inbox down to what needs you. Answer, delegate or archive the rest in one sitting.",
               "medium", "20 minutes or less"),
        Canned("Ask a colleague for feedback on something you did recently. One specific question is enough.",
               "low", "10 minutes or less"),
    ),
    "administrative": (
        Canned("Sort this week's bills and paperwork. Pay or file what is due and note the next deadline.",
               "high", "20 minutes or less"),
        Canned("Book the appointment you have been putting off. Doctor, dentist or repair: one call.",
               "medium", "10 minutes or less"),
        Canned("Tidy one cluttered space. A drawer, your desk or a folder on your computer.",
               "low", "15 min daily"),
    ),
}


def general_relevance(domain: str, *, journal_has_material: bool) -> str:
    """The "Why now" of a general suggestion: it says plainly that it is one, and why."""
    if journal_has_material:
        return (f"General suggestion: what your journal says about your {domain} life is already among your "
                "open tasks or done this week.")
    return (f"General suggestion: your journal does not mention your {domain} life yet. Write about it, and "
            "the next suggestion will come from your own entries.")
