"""The user list as the panel filters and sorts it, and its CSV export (`GET /api/admin/users/export`).

The panel filters and sorts the rows it loaded (in the browser, at once); the export applies the
same filters and order on the server, so the file holds what the admin was looking at.

The file is for a spreadsheet: a cell that would start with `=`, `+`, `-`, `@`, a tab or a carriage
return (a formula to Excel, LibreOffice and Google Sheets) is written with a leading apostrophe, so a
username such as `=HYPERLINK(...)` stays text.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from api.admin.schemas import AdminUserOut

SORT_KEYS: tuple[str, ...] = ("username", "email", "createdAt", "entries", "sessions", "lastLoginAt",
                              "lastActivityAt")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
CSV_COLUMNS = ("id", "username", "email", "joined", "verified", "admin", "plan", "promo", "promo_until",
               "entries", "sessions", "last_login", "last_activity")
PLAN = {"active": "Premium", "trialing": "Premium Trial", "free": "Free"}


def _key(row: AdminUserOut, sort: str) -> Any:
    return {
        "username": lambda: row.username.lower(),
        "email": lambda: row.email.lower(),
        "createdAt": lambda: row.created_at,
        "entries": lambda: row.journal_entry_count,
        "sessions": lambda: row.session_count,
        "lastLoginAt": lambda: row.last_login_at,
        "lastActivityAt": lambda: row.last_activity_at,
    }[sort]()


@dataclass(frozen=True)
class UserFilter:
    """Which users (each filter None: either way) and in which order (rows without the value last,
    whichever the direction; the newest account first among equals)."""

    premium: bool | None = None
    admin: bool | None = None
    verified: bool | None = None
    query: str = ""
    sort: str = "createdAt"
    descending: bool = True

    def keeps(self, row: AdminUserOut) -> bool:
        needle = self.query.strip().lower()
        return ((self.premium is None or row.is_premium == self.premium)
                and (self.admin is None or row.is_admin == self.admin)
                and (self.verified is None or row.is_verified == self.verified)
                and (not needle or needle in row.username.lower() or needle in row.email.lower()))

    def apply(self, rows: list[AdminUserOut]) -> list[AdminUserOut]:
        kept = sorted((r for r in rows if self.keeps(r)), key=lambda r: r.created_at, reverse=True)
        known = [r for r in kept if _key(r, self.sort) is not None]
        unknown = [r for r in kept if _key(r, self.sort) is None]
        return sorted(known, key=lambda r: _key(r, self.sort), reverse=self.descending) + unknown


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, datetime):
        return value.isoformat(timespec="seconds")
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def users_csv(rows: list[AdminUserOut]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for r in rows:
        writer.writerow([_cell(v) for v in (
            r.id, r.username, r.email, r.created_at, r.is_verified, r.is_admin, PLAN[r.subscription_status],
            r.promo_code_applied or r.promo_source, r.promo_code_expiry, r.journal_entry_count, r.session_count,
            r.last_login_at, r.last_activity_at)])
    return out.getvalue()
