"""`python -m api` serves Reverie; `python -m api openapi` prints its OpenAPI schema."""

from __future__ import annotations

import argparse
import json
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m api", description="Reverie's API server")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("serve", help="start the server (the default)")
    openapi = sub.add_parser("openapi", help="print the OpenAPI schema as JSON (no database needed)")
    openapi.add_argument("--output", "-o", help="write to this file instead of standard output")
    sub.add_parser("migrate", help="apply the database migrations and exit")
    admin = sub.add_parser("make-admin", help="make the account with this e-mail address an admin")
    admin.add_argument("email")
    admin.add_argument("--revoke", action="store_true", help="take admin rights away instead")
    args = parser.parse_args(argv)

    if args.command == "openapi":
        return _print_openapi(args.output)

    from api.settings import Settings

    settings = Settings.from_env()
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

    from api.app import create_app
    from api.logging import get_logger

    app = create_app(settings)
    get_logger("reverie").info("serving", url=settings.public_base_url)
    # uvicorn's own proxy handling would take X-Forwarded-For from loopback whatever the settings
    # say; the client address is the app's business (TRUST_FORWARDED_FOR, TRUSTED_PROXIES).
    uvicorn.run(app, host=settings.host, port=settings.port, log_config=None, access_log=False, lifespan="on",
                proxy_headers=False, server_header=False)
    return 0


def _make_admin(url: str, email: str, is_admin: bool) -> int:
    import sqlalchemy as sa

    from models import User

    engine = sa.create_engine(url)
    with engine.begin() as conn:
        result = conn.execute(
            sa.update(User).where(sa.func.lower(User.email) == email.strip().lower()).values(is_admin=is_admin)
        )
    engine.dispose()
    if result.rowcount == 0:
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
