"""Claude: the optional Anthropic client, configured from the environment only.

The API key is read from ANTHROPIC_API_KEY when a client is made and is never written anywhere:
not to the database, files or logs. Without a key, `available()` is False and every feature that
uses Claude is simply not offered.
"""
from __future__ import annotations

import os
from typing import Any

DEFAULT_MODEL = "claude-sonnet-5-5"  # NORMIPOLKU_CLAUDE_MODEL overrides
TIMEOUT_S = 60.0


def available() -> bool:
    return bool(os.environ.get("ANTHROPIC_API_KEY", "").strip())


def model() -> str:
    return os.environ.get("NORMIPOLKU_CLAUDE_MODEL", DEFAULT_MODEL)


def client(http_client: Any = None, base_url: str | None = None, max_retries: int = 2):
    """An `anthropic.Anthropic` client; tests pass an httpx2 client with a mock transport."""
    import anthropic  # noqa: PLC0415 - optional at run time

    key = os.environ.get("ANTHROPIC_API_KEY", "").strip()
    if not key:
        raise RuntimeError("ANTHROPIC_API_KEY is not set")
    kwargs: dict[str, Any] = {"api_key": key, "max_retries": max_retries, "timeout": TIMEOUT_S}
    if http_client is not None:
        kwargs["http_client"] = http_client
    if base_url:
        kwargs["base_url"] = base_url
    return anthropic.Anthropic(**kwargs)


def api_errors() -> tuple[type[BaseException], ...]:
    import anthropic  # noqa: PLC0415

    return (anthropic.APIError, anthropic.APIConnectionError, anthropic.APITimeoutError)
