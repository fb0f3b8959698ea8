"""Reading what a generated PDF says, for the report tests."""

from __future__ import annotations

import base64
import re
import zlib


def pdf_text(pdf: bytes) -> str:
    """The text drawn in a reportlab PDF: its content streams, inflated when compressed."""
    chunks = []
    for match in re.finditer(rb"<<(.*?)>>\s*stream\r?\n(.*?)endstream", pdf, re.DOTALL):
        header, body = match.groups()
        if b"ASCII85Decode" in header:
            body = base64.a85decode(body.strip().removesuffix(b"~>"))
        if b"FlateDecode" in header:
            body = zlib.decompress(body)
        chunks.append(body.decode("latin-1"))
    return "\n".join(chunks)
