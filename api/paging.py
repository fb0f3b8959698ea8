"""Cursor paging and conditional GETs for the lists that grow (entries, tasks, insights).

A page is asked for with `limit` and `before` (the cursor the previous page gave in its
`X-Next-Cursor` header); the total is in `X-Total-Count`, so a client can say "n of N" without
loading everything. The cursor is opaque to clients: the last row's sort key, base64url JSON. It is
a keyset, not an offset, so a page is one index range scan however deep it is, and rows written
meanwhile never shift a page.

A list GET is also conditional: a weak ETag and `Cache-Control: private, no-cache`, so a browser
revalidates a poll with If-None-Match and an unchanged list answers 304 with no body. The lists the
screens poll (the entry list's first page, the whole task list) tag what they were built from, the
row versions (`version_tag`), so a poll is checked with one small statement before anything is read;
other pages tag their encoded body (encoded once, by msgspec).
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Generic, TypeVar

import msgspec
import sqlalchemy as sa
from litestar import Request, Response
from litestar.datastructures import ResponseHeader
from litestar.enums import MediaType
from litestar.openapi.datastructures import ResponseSpec

from api.errors import FieldError

T = TypeVar("T")

TOTAL_HEADER = "X-Total-Count"
NEXT_HEADER = "X-Next-Cursor"
MAX_CURSOR_CHARS = 300
MSG_BAD_CURSOR = "before must be the X-Next-Cursor of an earlier page of this list."

PAGE_HEADERS = [
    ResponseHeader(name=TOTAL_HEADER, documentation_only=True, required=False,
                   description="How many rows the whole list has (every page)."),
    ResponseHeader(name=NEXT_HEADER, documentation_only=True, required=False,
                   description="The `before` of the next page; absent on the last page."),
    ResponseHeader(name="ETag", documentation_only=True, required=False,
                   description="A weak validator of this answer: send it as If-None-Match to get 304 when unchanged."),
]
NOT_MODIFIED = {304: ResponseSpec(None, description="Not modified: the If-None-Match ETag is still current; no body.")}

# One sort column: (column, descending).
Order = Sequence[tuple[Any, bool]]


@dataclass
class Page(Generic[T]):
    rows: Sequence[T]
    total: int
    next: str | None  # the cursor of the next page, None on the last one
    fetched: Sequence[T] = ()  # every row read for it: `rows` and the one after them, if any

    @property
    def headers(self) -> dict[str, str]:
        headers = {TOTAL_HEADER: str(self.total)}
        if self.next:
            headers[NEXT_HEADER] = self.next
        return headers


def _plain(value: Any) -> Any:
    if isinstance(value, (date, datetime, uuid.UUID)):
        return value.isoformat() if not isinstance(value, uuid.UUID) else str(value)
    return value


def encode_cursor(values: Sequence[Any]) -> str:
    raw = json.dumps([_plain(v) for v in values], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _parsed(column: Any, value: Any) -> Any:
    kind = column.type.python_type
    if kind is bool:
        if not isinstance(value, bool):
            raise TypeError("not a boolean")
        return value
    if not isinstance(value, str):
        raise TypeError("not text")
    if kind is datetime:
        moment = datetime.fromisoformat(value)
        if moment.tzinfo is None:
            raise ValueError("no time zone")
        return moment
    if kind is date:
        return date.fromisoformat(value)
    if kind is uuid.UUID:
        return uuid.UUID(value)
    raise ValueError(f"unsupported cursor column {column}")


def decode_cursor(cursor: str, order: Order) -> list[Any]:
    """The sort key in `cursor`; a 400 on `before` for anything that is not one of ours."""
    try:
        if len(cursor) > MAX_CURSOR_CHARS:
            raise ValueError("too long")
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        values = json.loads(raw)
        if not isinstance(values, list) or len(values) != len(order):
            raise ValueError("wrong shape")
        return [_parsed(column, value) for (column, _), value in zip(order, values, strict=True)]
    except (ValueError, TypeError, binascii.Error, UnicodeDecodeError, OverflowError):
        raise FieldError("before", MSG_BAD_CURSOR) from None


def _after(order: Order, values: Sequence[Any]) -> sa.ColumnElement[bool]:
    """Rows strictly after `values` in `order`."""
    if len({descending for _, descending in order}) == 1:  # one direction: a row comparison (an index range)
        row, key = sa.tuple_(*(c for c, _ in order)), sa.tuple_(*(sa.literal(v, c.type) for (c, _), v in
                                                                   zip(order, values, strict=True)))
        return row < key if order[0][1] else row > key
    bound = [sa.literal(v, c.type) for (c, _), v in zip(order, values, strict=True)]
    alternatives = []
    for i, (column, descending) in enumerate(order):
        same = [c == v for (c, _), v in zip(order[:i], bound[:i], strict=True)]
        alternatives.append(sa.and_(*same, column < bound[i] if descending else column > bound[i]))
    return sa.or_(*alternatives)


# A row's version: PostgreSQL gives every row version the id of the transaction that wrote it, so a
# row's `xmin` changes with every update, and an inserted row has one no listed row had.
ROW_VERSION = "xmin::text"


@functools.cache
def _first_page(model: Any, columns: tuple[str, ...], order: tuple[tuple[Any, bool], ...], limited: bool) -> Any:
    """The first page's statement, built once (binds `user_id` and `limit`): building a statement
    costs more Python than running a cached one. Each row also has its `version` (ROW_VERSION)."""
    table = model.__table__.c
    shown = [*(table[name] for name in columns), sa.literal_column(ROW_VERSION).label("version")]
    query = (sa.select(*shown).where(table.user_id == sa.bindparam("user_id"))
             .order_by(*(c.desc() if descending else c.asc() for c, descending in order)))
    return query.limit(sa.bindparam("limit", type_=sa.Integer())) if limited else query


def _table_column(column: Any) -> Any:
    """The Table's own column behind a mapped attribute (a Core statement skips the ORM's compile)."""
    prop = getattr(column, "property", None)
    return prop.columns[0] if prop is not None else column


async def keyset_page(service: Any, user_id: uuid.UUID, order: Order, *, limit: int | None,
                      before: str | None, columns: Sequence[str] | None = None) -> Page[Any]:
    """One page of the user's rows of `service` (an OwnedService) in `order` (which must end in a
    unique column); `limit` None is the whole list (after `before`). With `columns` (names of the
    model's columns), one Core statement of only those: the rows are plain rows, not ORM objects."""
    session = service.repository.session
    if columns is not None and before is None:  # the first page, the one every poll asks for
        order = [(_table_column(c), descending) for c, descending in order]
        query = _first_page(service.model, tuple(columns), tuple(order), limit is not None)
        bound = {"user_id": user_id} if limit is None else {"user_id": user_id, "limit": limit + 1}
        result = await session.execute(query, bound)
    else:
        if columns is None:
            query = sa.select(service.model).where(service.of_user(user_id))
        else:
            table = service.model.__table__.c
            order = [(_table_column(c), descending) for c, descending in order]
            query = sa.select(*(table[name] for name in columns)).where(table.user_id == user_id)
        if before is not None:
            query = query.where(_after(order, decode_cursor(before, order)))
        query = query.order_by(*(c.desc() if descending else c.asc() for c, descending in order))
        if limit is not None:
            query = query.limit(limit + 1)
        result = await (session.scalars(query) if columns is None else session.execute(query))
    fetched = rows = list(result.all())
    more = limit is not None and len(rows) > limit
    rows = rows[:limit] if limit is not None else rows
    following = encode_cursor([getattr(rows[-1], c.key) for c, _ in order]) if more else None
    if before is None and not more:
        total = len(rows)  # the whole list is here
    else:
        total = await service.count_mine(user_id)
    return Page(rows=rows, total=total, next=following, fetched=fetched)


def weak_etag(body: bytes) -> str:
    return 'W/"' + hashlib.blake2b(body, digest_size=16).hexdigest() + '"'


def version_tag(*parts: Any) -> str:
    """A weak ETag over what an answer was built from rather than over its body: each part a value
    or a set of row versions ("id:xmin", order-free). Equal inputs are the same row versions of the
    same rows, so the same answer; any write to a listed row, any row added to or taken from the
    list, changes them. A poll can then be answered from the versions alone (one small statement)."""
    digest = hashlib.blake2b(digest_size=16)
    for part in parts:
        items = sorted(part) if isinstance(part, (set, frozenset, list, tuple)) else [str(part)]
        digest.update(",".join(items).encode())
        digest.update(b"|")
    return 'W/"v' + digest.hexdigest() + '"'


def versions_of(rows: Sequence[Any]) -> set[str]:
    """The "id:version" of rows read with their `version` (ROW_VERSION)."""
    return {f"{row.id}:{row.version}" for row in rows}


def requested_tag(request: Request) -> bool:
    """Whether the request carries an If-None-Match to check."""
    return bool(request.headers.get("if-none-match"))


def not_modified_if_current(request: Request, tag: str, headers: dict[str, str] | None = None
                            ) -> Response[Any] | None:
    """The 304 for a request whose If-None-Match is `tag`; None otherwise."""
    if not _matches(request, tag):
        return None
    return Response(content=b"", status_code=304,
                    headers={**(headers or {}), "ETag": tag, "Cache-Control": "private, no-cache"})


def _matches(request: Request, tag: str) -> bool:
    given = request.headers.get("if-none-match")
    if not given:
        return False
    opaque = tag[2:]
    return any(candidate.strip() in ("*", tag, opaque) or candidate.strip().removeprefix("W/") == opaque
               for candidate in given.split(","))


def conditional(request: Request, data: Any, headers: dict[str, str] | None = None, *,
                tag: str | None = None) -> Response[Any]:
    """`data` as JSON with a weak ETag (`tag`, or one over the encoded body); 304 with no body when
    the request's If-None-Match has it."""
    body = msgspec.json.encode(data)
    tag = tag or weak_etag(body)
    out = {**(headers or {}), "ETag": tag, "Cache-Control": "private, no-cache"}
    if _matches(request, tag):
        return Response(content=b"", status_code=304, headers=out)
    return Response(content=body, media_type=MediaType.JSON, headers=out)
