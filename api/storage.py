"""Where uploaded files live: a small storage interface, a local directory by default.

Keys are relative, slash-separated paths such as `<user id>/<photo id>.jpg`; every file of a user
sits under the `<user id>/` prefix, so deleting an account can remove that one folder
(`<data dir>/files/<user id>`). Object storage can implement the same protocol later.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Protocol, runtime_checkable

import anyio.to_thread

_SEGMENT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")


class StorageKeyError(ValueError):
    """A key that is empty, absolute, or would leave the storage root."""


@runtime_checkable
class FileStorage(Protocol):
    async def save(self, key: str, data: bytes) -> None: ...
    async def read(self, key: str) -> bytes:
        """The stored bytes; FileNotFoundError when there are none."""
        ...
    async def delete(self, key: str) -> None:
        """Remove one file; a missing file is not an error."""
        ...
    async def delete_prefix(self, prefix: str) -> None:
        """Remove every file under `prefix` (a folder such as a user id)."""
        ...


def check_key(key: str) -> list[str]:
    """The key's segments, each a plain file or folder name (no `..`, no separators, no NUL)."""
    parts = key.split("/") if isinstance(key, str) else []
    if not parts or any(not _SEGMENT.match(part) or ".." in part for part in parts):
        raise StorageKeyError(f"invalid storage key: {key!r}")
    return parts


class LocalFileStorage:
    """Files under one root directory (by default `<data dir>/files`)."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root).resolve()

    def path_for(self, key: str) -> Path:
        path = self.root.joinpath(*check_key(key)).resolve()
        if path == self.root or not path.is_relative_to(self.root):
            raise StorageKeyError(f"invalid storage key: {key!r}")
        return path

    def _save(self, key: str, data: bytes) -> None:
        path = self.path_for(key)
        # Private files: folders 0700 and files 0600, whatever the process umask is.
        self.root.mkdir(mode=0o700, parents=True, exist_ok=True)
        for folder in reversed([path.parent, *path.parent.parents]):
            if folder == self.root or folder.is_relative_to(self.root):
                folder.mkdir(mode=0o700, exist_ok=True)
                os.chmod(folder, 0o700)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temporary, path)  # readers never see half a file

    def _delete(self, key: str) -> None:
        self.path_for(key).unlink(missing_ok=True)

    def _delete_prefix(self, prefix: str) -> None:
        path = self.path_for(prefix.strip("/"))
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)

    async def save(self, key: str, data: bytes) -> None:
        await anyio.to_thread.run_sync(self._save, key, data)

    async def read(self, key: str) -> bytes:
        return await anyio.to_thread.run_sync(self.path_for(key).read_bytes)

    async def delete(self, key: str) -> None:
        await anyio.to_thread.run_sync(self._delete, key)

    async def delete_prefix(self, prefix: str) -> None:
        await anyio.to_thread.run_sync(self._delete_prefix, prefix)
