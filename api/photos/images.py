"""Photo decoding: the bytes decide what an upload is, never its file name.

An upload is decoded with Pillow, rotated by its EXIF orientation, and re-encoded from raw pixels,
so EXIF (GPS included), XMP, ICC, comments and all other metadata are gone from what is stored.

Memory is bounded, whatever the upload declares: a JPEG is decoded straight at a reduced scale
(`draft`), other formats only up to MAX_PIXELS, every photo is stored at most MAX_SIDE pixels on
its longer side, and at most DECODERS uploads are decoded at once, on worker threads.
"""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass

import anyio.to_thread
from PIL import Image, ImageOps, UnidentifiedImageError

ACCEPTED_FORMATS = ("JPEG", "PNG", "WEBP", "GIF")
# Decoded pixels of a format decoded at full size (PNG, WebP, GIF): 12 megapixels (48 MB as RGBA).
MAX_PIXELS = 12_000_000
# A JPEG is decoded at 1/2, 1/4 or 1/8 scale by `draft`, so it may declare up to 8x8 times more.
MAX_JPEG_PIXELS = 100_000_000
MAX_SIDE = 2560  # stored photos: at most this many pixels on the longer side
DECODERS = 2
THUMBNAIL_SIZE = 320
JPEG_QUALITY = 88

MSG_NOT_IMAGE = "That file is not an image. Please choose a JPEG, PNG, WebP or GIF photo."
MSG_TOO_MANY_PIXELS = "That image is too large to process (at most 12 megapixels)."


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
            limit = MAX_JPEG_PIXELS if probe.format == "JPEG" else MAX_PIXELS
            if width * height > limit:
                raise ImageRejected(MSG_TOO_MANY_PIXELS)
            probe.verify()
        with Image.open(io.BytesIO(data), formats=ACCEPTED_FORMATS) as opened:
            if opened.format == "JPEG":
                # Decode at the smallest scale that still covers MAX_SIDE (never the full 100 MP).
                opened.draft(opened.mode if opened.mode in ("RGB", "L") else "RGB", (MAX_SIDE, MAX_SIDE))
            opened.load()  # the first frame of an animation
            if max(opened.size) > MAX_SIDE:
                opened.thumbnail((MAX_SIDE, MAX_SIDE), Image.Resampling.LANCZOS)
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


_decoders = threading.BoundedSemaphore(DECODERS)


def _process_in_turn(data: bytes) -> EncodedImage:
    with _decoders:
        return process_image(data)


async def process_image_bounded(data: bytes) -> EncodedImage:
    """`process_image` on a worker thread, at most DECODERS at once (each may take ~100 MB)."""
    return await anyio.to_thread.run_sync(_process_in_turn, data)
