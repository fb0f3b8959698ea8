"""The one place a user's rows are read and written: owner-scoped advanced-alchemy services.

Every user-owned table has a `user_id`; a service over it is an `OwnedService`, and the ownership
rule is written here once. `own(user_id, id)` is the row or advanced-alchemy's `NotFoundError`
carrying the domain's message (`api.errors` answers it as `{"error": ...}` 404, the same answer
for another user's id as for one that does not exist); `mine(user_id, *filters)` lists the user's
rows. Controllers get a service per request from `provide(...)`, on the request's own database
session, so a request still holds one connection whatever it touches.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

import sqlalchemy as sa
from advanced_alchemy.exceptions import NotFoundError
from advanced_alchemy.extensions.litestar.providers import create_service_dependencies
from advanced_alchemy.repository import SQLAlchemyAsyncRepository
from advanced_alchemy.service import SQLAlchemyAsyncRepositoryService
from litestar.di import Provide

ModelT = TypeVar("ModelT")


class OwnedService(SQLAlchemyAsyncRepositoryService[ModelT], Generic[ModelT]):  # type: ignore[type-var]
    """Rows that belong to one user. Subclasses name their `repository_type` and `not_found`."""

    not_found: ClassVar[str] = "Not found"

    @property
    def model(self) -> Any:
        return self.repository.model_type

    def of_user(self, user_id: uuid.UUID) -> sa.ColumnElement[bool]:
        return self.model.user_id == user_id

    async def own(self, user_id: uuid.UUID, item_id: uuid.UUID, *, for_update: bool = False) -> ModelT:
        """The user's row with this id; another user's id is the same 404 as an unknown one.
        `for_update` locks the row until the transaction ends."""
        row = await self.get_one_or_none(
            self.model.id == item_id, self.of_user(user_id), with_for_update=True if for_update else None
        )
        if row is None:
            raise NotFoundError(detail=self.not_found)
        return row

    async def own_one(self, user_id: uuid.UUID) -> ModelT | None:
        """For tables with one row per user (profile, resume): that row, or None."""
        return await self.get_one_or_none(self.of_user(user_id))

    async def mine(self, user_id: uuid.UUID, *filters: Any, order_by: Sequence[Any] = ()) -> Sequence[ModelT]:
        statement = sa.select(self.model).order_by(*order_by) if order_by else None
        return await self.get_many(self.of_user(user_id), *filters, statement=statement)

    async def count_mine(self, user_id: uuid.UUID, *filters: Any) -> int:
        return await self.count(self.of_user(user_id), *filters)

    async def add(self, row: ModelT) -> ModelT:
        return await self.repository.add(row)

    async def save(self, row: ModelT) -> ModelT:
        """Write the row's changes now (columns the database sets, like updated_at, are read back)."""
        await self.repository.session.flush()
        return row

    async def remove(self, row: ModelT) -> None:
        await self.repository.session.delete(row)
        await self.repository.session.flush()

    async def commit(self) -> None:
        """Make the request's writes durable now (before work that must see them, e.g. an analysis)."""
        await self.repository.session.commit()


def repository_for(model: type) -> type[SQLAlchemyAsyncRepository]:
    """The plain repository of `model` (no behaviour of its own)."""
    return type(f"{model.__name__}Repository", (SQLAlchemyAsyncRepository,), {"model_type": model})


def provide(**services: type[SQLAlchemyAsyncRepositoryService]) -> dict[str, Provide]:
    """A controller's `dependencies`: each service by the parameter name its handlers use."""
    dependencies: dict[str, Provide] = {}
    for key, service in services.items():
        dependencies.update(create_service_dependencies(service, key=key))
    return dependencies
