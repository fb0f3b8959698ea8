"""Settings, read from the environment (and an optional `.env` at the repo root).

Every setting has a default that serves the embedded install, so `make run` needs none of them.
Settings are read when `Settings.from_env()` is called, never at import time.
"""

from __future__ import annotations

import functools
import os
import secrets
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Literal

import msgspec
from dotenv import load_dotenv

REPO_ROOT = Path(__file__).resolve().parent.parent

AIProvider = Literal["local", "openai"]
PipelinesMode = Literal["inline", "deployments"]
LogFormat = Literal["json", "console"]


@functools.cache
def app_version() -> str:
    """The installed package's version (the OpenAPI schema's, and the health check's for admins)."""
    try:
        return version("reverie")
    except PackageNotFoundError:
        return "0.0.0"


class SettingsError(ValueError):
    """A setting has a value the app cannot use."""


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    data_dir: Path
    database_url: str | None = None
    host: str = "127.0.0.1"
    port: int = 8000
    secret_key: str
    ai_provider: AIProvider = "local"
    openai_api_key: str | None = None
    openai_base_url: str | None = None
    openai_model: str = "gpt-4o-mini"
    openai_timeout_seconds: float = 30.0
    smtp_host: str | None = None
    smtp_port: int = 587
    smtp_user: str | None = None
    smtp_password: str | None = None
    smtp_from: str = "Reverie <no-reply@reverie.local>"
    log_level: str = "INFO"
    log_format: LogFormat = "json"
    web_dist: Path = REPO_ROOT / "web" / "dist"
    pipelines_mode: PipelinesMode = "inline"
    pipelines_workers: int = 2
    # Threads each model call may use. One: the pipeline workers and the requests are the
    # parallelism, and more threads per call only contend for the same cores under load.
    model_threads: int = 1
    migrate_on_start: bool = True
    # Sessions end after this long without a request, and in any case after the absolute lifetime.
    session_idle_minutes: int = 60 * 24 * 7
    session_max_age_hours: int = 24 * 30
    session_cookie_secure: bool = False
    # E-mail addresses that are made admins when they register or sign in (comma-separated).
    admin_emails: frozenset[str] = frozenset()
    # Rate limits are per client address; behind a reverse proxy, trust its X-Forwarded-For, and
    # only when the connection comes from one of `trusted_proxies` (addresses or networks).
    trust_forwarded_for: bool = False
    trusted_proxies: frozenset[str] = frozenset({"127.0.0.1", "::1"})
    # The one address every link in an e-mail is built from (never the request's Host header).
    # Unset: the bound host and port.
    public_url: str | None = None
    # Host headers the app answers, besides PUBLIC_URL's host and the loopback names ("*": any).
    allowed_hosts: frozenset[str] = frozenset()
    # Who sees /api/health's details (versions, run counts, errors): signed-in admins, or everyone
    # (a private deployment whose monitoring reads them). Everyone else gets the statuses only.
    health_details: Literal["admins", "everyone"] = "admins"
    # App processes serving the one port (uvicorn workers); they share one PostgreSQL.
    web_concurrency: int = 1
    # Rate-limit counters in this Redis (redis://host:port/db) instead of PostgreSQL.
    redis_url: str | None = None

    @property
    def public_base_url(self) -> str:
        """PUBLIC_URL without a trailing slash, or the bound address (`localhost` for a wildcard)."""
        if self.public_url:
            return self.public_url.rstrip("/")
        host = "localhost" if self.host in ("0.0.0.0", "::", "") else self.host
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.port}"

    @property
    def host_allow_list(self) -> frozenset[str]:
        """Lower-case host names (no port) the app answers; contains "*" when any host is allowed."""
        from urllib.parse import urlsplit

        public = (urlsplit(self.public_base_url).hostname or "").lower()
        bound = self.host.lower() if self.host not in ("0.0.0.0", "::", "") else ""
        return frozenset({public, bound, "localhost", "127.0.0.1", "::1", *self.allowed_hosts} - {""})

    @property
    def embedded_database(self) -> bool:
        return self.database_url is None

    @property
    def outbox_dir(self) -> Path:
        return self.data_dir / "outbox"

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, *, load_dotenv_file: bool = True) -> Settings:
        """Build settings from `env` (default: the process environment plus `.env`)."""
        if env is None:
            if load_dotenv_file:
                load_dotenv(REPO_ROOT / ".env", override=False)
            env = dict(os.environ)

        def get(name: str) -> str | None:
            value = env.get(name)
            return value if value not in (None, "") else None

        data_dir = Path(get("REVERIE_DATA_DIR") or REPO_ROOT / ".data").expanduser().resolve()
        values: dict[str, object] = {
            "data_dir": data_dir,
            "database_url": get("DATABASE_URL"),
            "secret_key": get("SECRET_KEY") or _stored_secret_key(data_dir),
        }
        plain = {
            "host": "HOST",
            "port": "PORT",
            "ai_provider": "AI_PROVIDER",
            "openai_api_key": "OPENAI_API_KEY",
            "openai_base_url": "OPENAI_BASE_URL",
            "openai_model": "OPENAI_MODEL",
            "openai_timeout_seconds": "OPENAI_TIMEOUT_SECONDS",
            "smtp_host": "SMTP_HOST",
            "smtp_port": "SMTP_PORT",
            "smtp_user": "SMTP_USER",
            "smtp_password": "SMTP_PASSWORD",
            "smtp_from": "SMTP_FROM",
            "log_level": "LOG_LEVEL",
            "log_format": "LOG_FORMAT",
            "web_dist": "REVERIE_WEB_DIST",
            "pipelines_mode": "PIPELINES_MODE",
            "pipelines_workers": "PIPELINES_WORKERS",
            "model_threads": "MODEL_THREADS",
            "migrate_on_start": "REVERIE_MIGRATE_ON_START",
            "session_idle_minutes": "SESSION_IDLE_MINUTES",
            "session_max_age_hours": "SESSION_MAX_AGE_HOURS",
            "session_cookie_secure": "SESSION_COOKIE_SECURE",
            "trust_forwarded_for": "TRUST_FORWARDED_FOR",
            "public_url": "PUBLIC_URL",
            "health_details": "HEALTH_DETAILS",
            "web_concurrency": "WEB_CONCURRENCY",
            "redis_url": "REDIS_URL",
        }
        for field, name in plain.items():
            value = get(name)
            if value is not None:
                values[field] = value.lower() if field in {"ai_provider", "log_format", "pipelines_mode", "health_details"} else value
        admins = get("ADMIN_EMAILS")
        if admins:
            values["admin_emails"] = frozenset(e.strip().lower() for e in admins.split(",") if e.strip())
        for field, name in (("allowed_hosts", "ALLOWED_HOSTS"), ("trusted_proxies", "TRUSTED_PROXIES")):
            listed = get(name)
            if listed is not None:
                values[field] = frozenset(h.strip().lower().strip("[]") for h in listed.split(",") if h.strip())
        if "log_level" in values:
            values["log_level"] = str(values["log_level"]).upper()
        try:
            settings = msgspec.convert(values, cls, strict=False, dec_hook=_decode_path)
        except msgspec.ValidationError as exc:
            raise SettingsError(f"Invalid setting: {exc}") from exc
        settings.check()
        return settings

    def check(self) -> None:
        """Refuse values that parse but cannot work: a PUBLIC_URL that is not an http(s) URL, a
        trusted proxy that is not an address or network."""
        import ipaddress
        from urllib.parse import urlsplit

        if self.public_url is not None:
            parts = urlsplit(self.public_url)
            if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
                raise SettingsError(f"Invalid setting: PUBLIC_URL must be an http(s) URL, got {self.public_url!r}")
        if self.web_concurrency < 1:
            raise SettingsError(f"Invalid setting: WEB_CONCURRENCY must be at least 1, got {self.web_concurrency}")
        if self.redis_url is not None and not self.redis_url.startswith(("redis://", "rediss://", "unix://")):
            raise SettingsError("Invalid setting: REDIS_URL must be a redis:// URL")
        for proxy in self.trusted_proxies:
            try:
                ipaddress.ip_network(proxy, strict=False)
            except ValueError:
                raise SettingsError(f"Invalid setting: TRUSTED_PROXIES holds {proxy!r}, not an address") from None


def _decode_path(type_: type, value: object) -> object:
    if type_ is Path and isinstance(value, str):
        return Path(value).expanduser().resolve()
    if type_ is Path and isinstance(value, Path):
        return value
    raise NotImplementedError


def _stored_secret_key(data_dir: Path) -> str:
    """The SECRET_KEY kept in the data dir, generated on first use (mode 0600)."""
    path = data_dir / "secret_key"
    if path.exists():
        return path.read_text().strip()
    data_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(48)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(key)
    return key
