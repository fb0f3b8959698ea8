"""Photo decoding: the bytes decide what an upload is, never its file name.

An upload is decoded with Pillow, rotated by its EXIF orientation, and re-encoded from raw pixels,
so EXIF (GPS included), XMP, ICC, comments and all other metadata are gone from what is stored.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageOps, UnidentifiedImageError

ACCEPTED_FORMATS = ("JPEG", "PNG", "WEBP", "GIF")
MAX_PIXELS = 40_000_000  # decompression-bomb guard: 40 megapixels
THUMBNAIL_SIZE = 320
JPEG_QUALITY = 88

MSG_NOT_IMAGE = "That file is not an image. Please choose a JPEG, PNG, WebP or GIF photo."
MSG_TOO_MANY_PIXELS = "That image is too large to process (at most 40 megapixels)."


class ImageRejected(ValueError):
    """The upload is not an acceptable image; the message is for the user."""


@dataclass(frozen=True, slots=True)
class EncodedImage:
    data: bytes
    thumbnail: bytes
    content_type: str
    extension: str
    width: int
    height: int


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in ("RGBA", "LA", "PA", "RGBa", "La") or (
        image.mode == "P" and "transparency" in image.info
    )


def _encode(image: Image.Image, fmt: str) -> bytes:
    out = io.BytesIO()
    if fmt == "PNG":
        image.save(out, "PNG", optimize=True)
    else:
        image.save(out, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return out.getvalue()


def process_image(data: bytes) -> EncodedImage:
    """Verify `data` is a JPEG, PNG, WebP or GIF image and return it re-encoded, with a thumbnail."""
    try:
        with Image.open(io.BytesIO(data), formats=ACCEPTED_FORMATS) as probe:
            width, height = probe.size
            if width < 1 or height < 1:
                raise ImageRejected(MSG_NOT_IMAGE)
            if width * height > MAX_PIXELS:
                raise ImageRejected(MSG_TOO_MANY_PIXELS)
            probe.verify()
        with Image.open(io.BytesIO(data), formats=ACCEPTED_FORMATS) as opened:
            opened.load()  # the first frame of an animation
            try:
                image = ImageOps.exif_transpose(opened)
            except Exception:  # noqa: BLE001  (unreadable EXIF: keep the pixels as they are)
                image = opened.copy()
            alpha = _has_alpha(image)
            image = image.convert("RGBA" if alpha else "RGB")
    except ImageRejected:
        raise
    except Image.DecompressionBombError:
        raise ImageRejected(MSG_TOO_MANY_PIXELS) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError, IndexError, TypeError):
        raise ImageRejected(MSG_NOT_IMAGE) from None

    # A fresh image from raw pixels carries no info dict: no EXIF, GPS, XMP, ICC or comments.
    clean = Image.frombytes(image.mode, image.size, image.tobytes())
    fmt = "PNG" if alpha else "JPEG"
    thumbnail = clean.copy()
    thumbnail.thumbnail((THUMBNAIL_SIZE, THUMBNAIL_SIZE), Image.Resampling.LANCZOS)
    return EncodedImage(
        data=_encode(clean, fmt),
        thumbnail=_encode(thumbnail, fmt),
        content_type="image/png" if alpha else "image/jpeg",
        extension="png" if alpha else "jpg",
        width=clean.width,
        height=clean.height,
    )
