"""What a handler gets by naming it: the app's settings, its pipelines runner, the mailer, the file
storage, the rate limiter and a maker of database sessions of their own (for work that must commit
apart from the request's transaction, such as an import's progress).

The app factory builds each once and keeps it on `app.state`; `DEPENDENCIES` is registered on the
app, so any handler (or service provider) that declares a parameter of one of these names is
handed the object, read from the state at the time of the request (a test may swap one for
another). Handlers never read `app.state` themselves.

The types are the app's own objects, so the signature check does not validate them
(`SkipValidation`): a test's stand-in runner is whatever quacks like one.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeAlias

from litestar.datastructures import State
from litestar.di import Provide
from litestar.params import SkipValidation
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from api.mail import Mailer
from api.security.rate_limit import RateLimiter
from api.settings import Settings
from api.storage import FileStorage


class Runner(Protocol):
    """The pipelines runner as handlers use it (`pipelines.runtime.PipelineRunner`, or the
    deployment runner): start a flow run, find one, wait for one."""

    mode: str

    def submit(self, flow: str, *, owner: str | None = None, **parameters: Any) -> Any: ...
    def active(self, flow: str, owner: str) -> Any: ...
    def get(self, run_id: str) -> Any: ...
    def wait(self, run_id: str, timeout: float | None = None) -> Any: ...
    def status(self) -> dict[str, Any]: ...


AppSettings: TypeAlias = SkipValidation[Settings]
Pipelines: TypeAlias = SkipValidation[Runner]
AppMailer: TypeAlias = SkipValidation[Mailer]
Storage: TypeAlias = SkipValidation[FileStorage]
Limiter: TypeAlias = SkipValidation[RateLimiter]
SessionMaker: TypeAlias = SkipValidation[async_sessionmaker[AsyncSession]]


def provide_settings(state: State) -> Settings:
    return state.settings


def provide_pipelines(state: State) -> Runner:
    return state.pipelines


def provide_mailer(state: State) -> Mailer:
    return state.mailer


def provide_storage(state: State) -> FileStorage:
    return state.storage


def provide_rate_limiter(state: State) -> RateLimiter:
    return state.rate_limiter


def provide_sessionmaker(state: State) -> async_sessionmaker[AsyncSession]:
    return state.db_sessionmaker


DEPENDENCIES: dict[str, Provide] = {
    "settings": Provide(provide_settings, sync_to_thread=False),
    "pipelines": Provide(provide_pipelines, sync_to_thread=False),
    "mailer": Provide(provide_mailer, sync_to_thread=False),
    "storage": Provide(provide_storage, sync_to_thread=False),
    "rate_limiter": Provide(provide_rate_limiter, sync_to_thread=False),
    "sessionmaker": Provide(provide_sessionmaker, sync_to_thread=False),
}
