"""Imported first by the import fork server (`api.journal.imports.runner`), never by the app: it
lowers the fork server's own scheduling priority before anything else loads, so starting it (a
second or two of imports, the first time a process imports a journal) and every reader forked from
it give way to the app's requests on a busy machine."""

from __future__ import annotations

import os

from api.journal.imports.limits import NICENESS

os.nice(max(0, NICENESS - os.nice(0)))
