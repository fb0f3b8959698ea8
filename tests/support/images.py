"""Images as the tests upload them: small real files made with Pillow."""

from __future__ import annotations

import io


def png_bytes(size: tuple[int, int] = (40, 30), color: str | tuple[int, int, int] = "teal") -> bytes:
    """A small real PNG of one colour."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, "PNG")
    return out.getvalue()
