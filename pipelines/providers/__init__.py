"""AI providers behind one interface, and the fallback that keeps analysis working offline."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

import msgspec
import structlog

from pipelines.providers.base import AIProvider
from pipelines.providers.local_provider import LocalProvider

T = TypeVar("T")
log = structlog.stdlib.get_logger("reverie.providers")


PROVIDERS = ("local", "openai")


class ProviderConfigError(ValueError):
    """A provider setting has a value that cannot work; the message names the variable."""


class ProviderConfig(msgspec.Struct, kw_only=True, frozen=True):
    provider: str = "local"
    openai_api_key: str | None = None
    openai_base_url: str | None = None
    openai_model: str = "gpt-4o-mini"
    timeout_seconds: float = 30.0
    max_retries: int = 2

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> ProviderConfig:
        """The provider settings from the environment: the same variables, defaults and checks as
        the app's (api/settings.py), so `python -m pipelines evaluate` measures what the app runs.
        A Prefect worker and the command line read them here; the app passes its own settings."""
        env = os.environ if env is None else env

        def get(name: str) -> str | None:
            return env.get(name) or None

        provider = (get("AI_PROVIDER") or "local").lower()
        if provider not in PROVIDERS:
            raise ProviderConfigError(f"AI_PROVIDER must be one of {', '.join(PROVIDERS)}, got {provider!r}")
        timeout = get("OPENAI_TIMEOUT_SECONDS") or "30"
        try:
            seconds = float(timeout)
        except ValueError:
            seconds = 0.0
        if not seconds > 0 or seconds == float("inf"):
            raise ProviderConfigError(f"OPENAI_TIMEOUT_SECONDS must be a number of seconds above 0, got {timeout!r}")
        return cls(
            provider=provider,
            openai_api_key=get("OPENAI_API_KEY"),
            openai_base_url=get("OPENAI_BASE_URL"),
            openai_model=get("OPENAI_MODEL") or "gpt-4o-mini",
            timeout_seconds=seconds,
        )


class Outcome(msgspec.Struct, Generic[T], kw_only=True):
    value: T
    provider: str
    fallback_reason: str | None = None


class Providers:
    """The configured provider, with the local one standing in whenever it fails."""

    def __init__(self, config: ProviderConfig) -> None:
        self.config = config
        self.local = LocalProvider()
        self.primary: AIProvider = self.local
        if config.provider == "openai":
            from pipelines.providers.openai_provider import OpenAIProvider

            self.primary = OpenAIProvider(
                api_key=config.openai_api_key, base_url=config.openai_base_url, model=config.openai_model,
                timeout=config.timeout_seconds, max_retries=config.max_retries,
            )

    @property
    def name(self) -> str:
        return self.primary.name

    def run(self, call: Callable[[Any], T]) -> Outcome[T]:
        """`call(provider)` on the primary provider; on any failure, log it and use the local one."""
        if self.primary is self.local:
            return Outcome(value=call(self.local), provider=self.local.name)
        try:
            return Outcome(value=call(self.primary), provider=self.primary.name)
        except Exception as exc:  # any provider failure falls back: never a 500, never lost work
            reason = f"{self.primary.name} failed ({type(exc).__name__}: {str(exc)[:200]}); used the local provider"
            log.warning("provider_fallback", provider=self.primary.name, error=type(exc).__name__)
            return Outcome(value=call(self.local), provider=self.local.name, fallback_reason=reason)


_lock = threading.Lock()
_providers: Providers | None = None


def configure(config: ProviderConfig) -> Providers:
    global _providers
    with _lock:
        _providers = Providers(config)
        return _providers


def get_providers() -> Providers:
    global _providers
    if _providers is None:
        with _lock:
            if _providers is None:
                _providers = Providers(ProviderConfig.from_env())
    return _providers
