"""Serve the built web app: files from `web/dist`, and `index.html` for every other non-API path
so that client-side routes survive a reload (SPA fallback)."""

from __future__ import annotations

import mimetypes
from pathlib import Path

from litestar import get
from litestar.exceptions import NotFoundException
from litestar.response import File, Response

from api.dependencies import AppSettings

_MISSING_BUILD = (
    "<!doctype html><meta charset=utf-8><title>Reverie</title>"
    "<p>The web app is not built yet. Run <code>make run</code> (or <code>npm run build</code>).</p>"
)


def _resolve(dist: Path, path: str) -> Path | None:
    """The file under `dist` that `path` names, or None; never a file outside `dist`."""
    if not path:
        return None
    candidate = (dist / path).resolve()
    if dist not in candidate.parents or not candidate.is_file():
        return None
    return candidate


@get(["/", "/{path:path}"], include_in_schema=False, sync_to_thread=False, opt={"public": True})
def serve_spa(settings: AppSettings, path: str = "") -> Response | File:
    relative = path.lstrip("/")
    if relative == "api" or relative.startswith("api/"):
        raise NotFoundException("Not found")
    dist: Path = settings.web_dist.resolve()
    found = _resolve(dist, relative)
    if found is not None:
        # Vite fingerprints everything under assets/, so those can be cached for good.
        cache = "public, max-age=31536000, immutable" if relative.startswith("assets/") else "no-cache"
        media_type = mimetypes.guess_type(found.name)[0] or "application/octet-stream"
        return File(found, content_disposition_type="inline", media_type=media_type, headers={"Cache-Control": cache})
    if relative.startswith("assets/"):
        # A fingerprinted file that is not there (an old page asking for a chunk of an earlier
        # build): a 404, so the page knows to reload, not index.html posing as JavaScript.
        raise NotFoundException("Not found")
    index = dist / "index.html"
    if not index.is_file():
        return Response(_MISSING_BUILD, media_type="text/html", status_code=503)
    return File(index, content_disposition_type="inline", media_type="text/html", headers={"Cache-Control": "no-cache"})
