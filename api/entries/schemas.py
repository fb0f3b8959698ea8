"""Bodies shared by the calls that read a text as an entry's content would be."""

from __future__ import annotations

import msgspec


class TextIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    text: str
