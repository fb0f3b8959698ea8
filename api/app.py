"""The app factory: settings, database, pipelines, routes and plugins assembled in one place."""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable

import msgspec
from advanced_alchemy.extensions.litestar import (
    AsyncSessionConfig,
    SQLAlchemyAsyncConfig,
    SQLAlchemyPlugin,
)
from advanced_alchemy.extensions.litestar._utils import delete_aa_scope_state, get_aa_scope_state
from advanced_alchemy.extensions.litestar.plugins.init.config.asyncio import autocommit_handler_maker
from advanced_alchemy.extensions.litestar.plugins.init.config.common import SESSION_TERMINUS_ASGI_EVENTS
from litestar import Litestar
from litestar.config.compression import CompressionConfig
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin
from litestar.openapi.spec import Server
from litestar.types import Message, Scope
from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine

from api.accounts.access import AUTOCOMMIT_READ, SessionMiddleware, access_guard
from api.database import prepare_database
from api.dependencies import DEPENDENCIES
from api.errors import EXCEPTION_HANDLERS
from api.journal.recovery import resubmit_unfinished_analyses
from api.logging import configure_logging, get_logger
from api.mail import Mailer
from api.request_id import RequestIdMiddleware
from api.routes import ROUTE_HANDLERS
from api.security.counters import shared_counters
from api.security.csrf import CSRFMiddleware
from api.security.headers import SecurityHeaders
from api.security.hosts import AllowedHostsMiddleware
from api.security.rate_limit import RateLimiter
from api.security.text_input import RejectNulText
from api.settings import Settings, app_version
from api.storage import LocalFileStorage

log = get_logger("reverie.app")
OPENAPI_PATH = "/api/schema"
POOL_TIMEOUT_SECONDS = 10
POOL_SIZE = 40
# psycopg prepares a statement on a connection once it has run there this many times (its default
# is 5): from then on PostgreSQL skips parsing and planning it. The app's statements are few and
# cached, but a process holds up to 40 connections, so under load a statement ran unprepared up to
# 5 times on each of them; 1 prepares it on its second run (a statement run once is never prepared).
PREPARE_THRESHOLD = 1


def openapi_config() -> OpenAPIConfig:
    return OpenAPIConfig(
        title="Reverie API",
        version=app_version(),
        description="The HTTP API of Reverie, a private AI journal.",
        path=OPENAPI_PATH,
        render_plugins=[JsonRenderPlugin()],
        servers=[Server(url="/")],
        use_handler_docstrings=True,
    )


def database_session_finisher(session_key: str) -> Callable[[Message, Scope], Awaitable[None]]:
    """Before the response goes out: commit the request's database session on a 2xx, roll it back
    otherwise, and close it (advanced-alchemy's "autocommit"). A signed-in read's session runs on an
    autocommit connection (api/accounts/access.py), so every statement it sent is already committed:
    unless it holds ORM changes not yet flushed, there is nothing to commit, and it is only closed."""
    commit_or_roll_back = autocommit_handler_maker(session_scope_key=session_key)

    async def finish(message: Message, scope: Scope) -> None:
        if scope.get(AUTOCOMMIT_READ):
            session = get_aa_scope_state(scope, session_key)
            if session is not None and not (session.new or session.dirty or session.deleted):
                if message["type"] in SESSION_TERMINUS_ASGI_EVENTS:
                    await session.close()
                    delete_aa_scope_state(scope, session_key)
                return
        await commit_or_roll_back(message, scope)

    return finish


# Set by `python -m api` for the app's processes when a pipeline process of its own analyses.
PIPELINE_PROCESS_ENV = "REVERIE_PIPELINE_PROCESS"


def configure_pipelines(settings: Settings, url: str) -> None:
    """The analysis core's database, model threads and AI provider, from the settings (the app's
    processes and the pipeline process alike)."""
    from pipelines.public import ProviderConfig, configure_providers, set_model_threads
    from pipelines.public import db as pipelines_db

    pipelines_db.configure(url)
    set_model_threads(settings.model_threads)
    configure_providers(ProviderConfig(
        provider=settings.ai_provider, openai_api_key=settings.openai_api_key,
        openai_base_url=settings.openai_base_url, openai_model=settings.openai_model,
        timeout_seconds=settings.openai_timeout_seconds,
    ))


def create_app(settings: Settings | None = None, *, database_url: str | None = None, pipelines=None) -> Litestar:
    """Build the app. With no `database_url`, the start-up step prepares the database first
    (embedded server or DATABASE_URL, then migrations). Tests pass their own url and runner."""
    settings = settings or Settings.from_env()
    configure_logging(settings.log_level, settings.log_format)
    url = database_url or prepare_database(settings)
    configure_pipelines(settings, url)
    if pipelines is None:
        from pipelines.public import PipelineRunner, configure_prefect

        configure_prefect(settings.data_dir)
        pipelines = PipelineRunner(mode=settings.pipelines_mode, workers=settings.pipelines_workers)
        # One process analyses, whichever of the app's processes was asked (pipelines/coordination.py):
        # the pipeline process `python -m api` runs beside the app, when it runs one.
        pipelines.coordinate(url, may_own=os.environ.get(PIPELINE_PROCESS_ENV) != "1")

    # Every request holds one connection; the pool covers the concurrent requests of one process:
    # 40 kept open (not 20 kept plus 20 more opened and closed again as the load came and went, each
    # a new PostgreSQL backend to start and warm, with nothing prepared on it), the most recently
    # used first, so a quiet moment's requests reuse the same few warm connections.
    # The embedded server lives and dies with the app, so its connections are not pinged before
    # each use (a round trip per request); a separate server's are.
    # No request waits for a pipeline while holding one, so a short pool timeout is enough; when it
    # passes anyway, the request is a 503 with Retry-After (api/errors.py), never a 500.
    # JSONB columns (moods, related goals, insight keywords) are decoded by msgspec, not the json module.
    engine = create_async_engine(url, pool_pre_ping=not settings.embedded_database, pool_size=POOL_SIZE, max_overflow=0,
                                 pool_use_lifo=True, pool_timeout=POOL_TIMEOUT_SECONDS, json_deserializer=msgspec.json.decode,
                                 connect_args={"prepare_threshold": PREPARE_THRESHOLD})
    db_config = SQLAlchemyAsyncConfig(
        engine_instance=engine,
        session_config=AsyncSessionConfig(expire_on_commit=False),
        before_send_handler="autocommit",
        set_default_exception_handler=False,
    )
    # The scope key of the request's session is made unique per config, so the finisher is made after it.
    db_config.before_send_handler = database_session_finisher(db_config.session_scope_key)

    async def start_pipelines(app: Litestar) -> None:
        pipelines.start()
        await resubmit_unfinished_analyses(app)

    def stop_pipelines() -> None:
        pipelines.shutdown(wait=False)

    async def close_counters(app: Litestar) -> None:
        await app.state.rate_limiter.close()

    app = Litestar(
        route_handlers=ROUTE_HANDLERS,
        plugins=[SQLAlchemyPlugin(config=db_config)],
        middleware=[RequestIdMiddleware(), AllowedHostsMiddleware(settings.host_allow_list), RejectNulText(), CSRFMiddleware(),
                    SessionMiddleware()],
        guards=[access_guard],
        # The settings, runner, mailer, storage and limiter, handed to the handlers that name them.
        dependencies=DEPENDENCIES,
        before_send=[SecurityHeaders(settings.web_dist)],
        exception_handlers=EXCEPTION_HANDLERS,  # type: ignore[arg-type]
        openapi_config=openapi_config(),
        # Level 5, not Litestar's default 9: a 30 kB entry list compresses in about a quarter of the
        # CPU, a few per cent larger.
        compression_config=CompressionConfig(backend="gzip", minimum_size=1024, gzip_compress_level=5),
        on_startup=[start_pipelines],
        on_shutdown=[stop_pipelines, close_counters],
        logging_config=None,
        debug=False,
    )
    # What api/dependencies.py hands to handlers, and the middleware reads.
    app.state.settings = settings
    app.state.pipelines = pipelines
    app.state.db_config = db_config
    app.state.db_sessionmaker = async_sessionmaker(engine, expire_on_commit=False)
    app.state.mailer = Mailer(settings)
    app.state.rate_limiter = RateLimiter(shared_counters(settings, engine))
    app.state.storage = LocalFileStorage(settings.data_dir / "files")
    return app
