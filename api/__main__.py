"""`python -m api` serves Reverie; `python -m api openapi` prints its OpenAPI schema."""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import uuid
from datetime import UTC, datetime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m api", description="Reverie's API server")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("serve", help="start the server (the default)")
    openapi = sub.add_parser("openapi", help="print the OpenAPI schema as JSON (no database needed)")
    openapi.add_argument("--output", "-o", help="write to this file instead of standard output")
    sub.add_parser("migrate", help="apply the database migrations and exit")
    sub.add_parser("pipelines", help="the pipeline process alone: analyse entries (`serve` starts one)")
    admin = sub.add_parser("make-admin", help="make the account with this e-mail address an admin")
    admin.add_argument("email")
    admin.add_argument("--revoke", action="store_true", help="take admin rights away instead")
    args = parser.parse_args(argv)

    if args.command == "openapi":
        return _print_openapi(args.output)

    from api.settings import Settings

    settings = Settings.from_env()
    if args.command == "pipelines":
        from api.pipeline_process import serve_pipelines

        return serve_pipelines(settings)
    if args.command in ("migrate", "make-admin"):
        from api.database import prepare_database
        from api.logging import configure_logging

        configure_logging(settings.log_level, settings.log_format)
        url = prepare_database(settings)
        if args.command == "make-admin":
            return _make_admin(url, args.email, not args.revoke)
        return 0
    return _serve(settings)


def _serve(settings) -> int:
    import uvicorn

    from api.logging import get_logger

    # uvicorn's own proxy handling would take X-Forwarded-For from loopback whatever the settings
    # say; the client address is the app's business (TRUST_FORWARDED_FOR, TRUSTED_PROXIES).
    # uvloop and httptools (dependencies of their own in pyproject.toml), named rather than left to
    # uvicorn's "auto", which would quietly fall back to asyncio and h11 if they were missing.
    options = {"host": settings.host, "port": settings.port, "log_config": None, "access_log": False,
               "lifespan": "on", "proxy_headers": False, "server_header": False,
               "loop": "uvloop", "http": "httptools"}
    log = get_logger("reverie")
    if settings.web_concurrency == 1 and settings.pipelines_mode != "inline":
        from api.app import create_app

        app = create_app(settings)
        log.info("serving", url=settings.public_base_url)
        uvicorn.run(_with_pid_header(app), **options)
        return 0
    return _serve_workers(settings, uvicorn, log, options)


def _serve_workers(settings, uvicorn, log, options) -> int:
    """WEB_CONCURRENCY app processes on one socket (uvicorn's workers, restarted when one dies; with
    one, it serves in this process), and in inline mode the pipeline process beside them.

    What must happen once happens here, before they start: the database is started (embedded) and
    migrated, the secret key file exists (Settings made it), and Prefect's API server runs (inline mode), shared by all of
    them through PREFECT_API_URL. Each worker then builds the app on that database
    (`worker_app`); the rate-limit counters and polled runs live in the database (or Redis), and
    the pipeline process analyses (api/pipeline_process.py, pipelines/coordination.py)."""
    from api.database import prepare_database
    from api.logging import configure_logging

    configure_logging(settings.log_level, settings.log_format)
    os.environ[WORKER_DATABASE_URL] = prepare_database(settings)
    os.environ["REVERIE_MIGRATE_ON_START"] = "false"
    prefect_server = None
    if settings.pipelines_mode == "inline" and not os.environ.get("PREFECT_API_URL"):
        from pipelines.public import configure_prefect

        configure_prefect(settings.data_dir)
        from api.pipeline_process import free_port

        # Before Prefect is imported here: its settings are read once, and with one app process the
        # app runs in this process (without the URL it would start an API server of its own).
        port = free_port()
        os.environ["PREFECT_API_URL"] = f"http://127.0.0.1:{port}/api"
        from prefect.server.api.server import SubprocessASGIServer

        # uvicorn's command line reads WEB_CONCURRENCY too: Prefect's server must stay one process
        # (two of them migrated its SQLite database at once and one failed).
        os.environ.pop("WEB_CONCURRENCY", None)
        # Started in the background: the app serves at once, and the runners wait for its API.
        prefect_server = SubprocessASGIServer(port=port)
        threading.Thread(target=prefect_server.start, kwargs={"timeout": 180}, name="prefect-server",
                         daemon=True).start()
    pipeline_process = None
    if settings.pipelines_mode == "inline":
        from api.app import PIPELINE_PROCESS_ENV
        from api.pipeline_process import PipelineProcess

        pipeline_process = PipelineProcess(dict(os.environ))
        pipeline_process.start()
        os.environ[PIPELINE_PROCESS_ENV] = "1"  # the app's processes leave the analyses to it
    log.info("serving", url=settings.public_base_url, processes=settings.web_concurrency)
    try:
        # uvicorn kills and replaces a worker that does not answer its health ping in time; a worker
        # loading the models or analysing on a saturated machine can be seconds late (5 s, the
        # default, replaced busy workers under load), and a hung one is still caught.
        uvicorn.run("api.__main__:worker_app", factory=True, workers=settings.web_concurrency,
                    timeout_worker_healthcheck=WORKER_HEALTHCHECK_SECONDS, **options)
    finally:
        if pipeline_process is not None:
            pipeline_process.stop()
        if prefect_server is not None:
            prefect_server.stop()
    return 0


# The database every worker uses, prepared once by the parent (not a setting: set by _serve_workers).
WORKER_DATABASE_URL = "REVERIE_WORKER_DATABASE_URL"
WORKER_HEALTHCHECK_SECONDS = 60
# Tests only: each response names the process that answered (X-Reverie-Pid).
PID_HEADER_ENV = "REVERIE_TEST_PID_HEADER"


def worker_app():
    """One of WEB_CONCURRENCY's processes: the app on the database the parent prepared."""
    from api.app import create_app
    from api.settings import Settings

    return _with_pid_header(create_app(Settings.from_env(), database_url=os.environ.get(WORKER_DATABASE_URL)))


def _with_pid_header(app):
    if os.environ.get(PID_HEADER_ENV) != "1":
        return app
    pid = str(os.getpid()).encode()

    async def answered_by(scope, receive, send):
        async def send_with_pid(message):
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), (b"x-reverie-pid", pid)]
            await send(message)

        await app(scope, receive, send_with_pid if scope["type"] == "http" else send)

    return answered_by


def _make_admin(url: str, email: str, is_admin: bool) -> int:
    import sqlalchemy as sa

    from api.admin import rules as admin_rules
    from models import AdminAction, User

    engine = sa.create_engine(url)
    with engine.begin() as conn:
        found = conn.execute(sa.select(User.id, User.username, User.is_admin)
                             .where(sa.func.lower(User.email) == email.strip().lower()).with_for_update()).first()
        if found is not None and found.is_admin != is_admin:
            conn.execute(sa.update(User).where(User.id == found.id).values(is_admin=is_admin))
            # In the audit log like every change of admin rights; no admin acted, so the account is named.
            conn.execute(sa.insert(AdminAction).values(
                id=uuid.uuid4(), admin_id=found.id, admin_name=found.username,
                action=admin_rules.ACTION_ADMIN_FROM_COMMAND, target_type="user", target_id=found.id,
                target_name=found.username,
                detail=admin_rules.DETAIL_ADMIN if is_admin else admin_rules.DETAIL_NOT_ADMIN,
                created_at=datetime.now(UTC)))
    engine.dispose()
    if found is None:
        print(f"No account has the e-mail address {email}", file=sys.stderr)
        return 1
    print(f"{email} is {'now' if is_admin else 'no longer'} an admin")
    return 0


def _print_openapi(output: str | None) -> int:
    from api.openapi import build_schema

    text = json.dumps(build_schema(), indent=2, sort_keys=True) + "\n"
    if output:
        with open(output, "w") as handle:
            handle.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
