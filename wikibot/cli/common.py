"""Options and helpers shared by every command module."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, TypeVar

import click

from wikibot.archive import parse_time
from wikibot.config import Config, load_config
from wikibot.errors import NomicbotError
from wikibot.secrecy import redact

F = TypeVar("F", bound=Callable[..., Any])

__all__ = ["config_option", "load", "now_option", "parse_now", "reported"]


def config_option(fn: F) -> F:
    """``--config FILE`` (default ``$NOMICBOT_CONFIG`` or ./nomicbot.toml)."""
    return click.option(
        "--config",
        "config_path",
        type=click.Path(dir_okay=False),
        default=None,
        help="nomicbot.toml to use (default: $NOMICBOT_CONFIG, then ./nomicbot.toml).",
    )(fn)


def now_option(fn: F) -> F:
    """``--now ISO``: evaluate as of that instant instead of the current time."""
    return click.option(
        "--now",
        "now_text",
        default=None,
        metavar="ISO",
        help="Evaluate as of this UTC instant, e.g. 2016-05-24T00:00:00Z.",
    )(fn)


def parse_now(now_text: str | None) -> datetime:
    """The ``--now`` value, or the current UTC time."""
    if now_text is None:
        return datetime.now(UTC).replace(microsecond=0)
    try:
        return parse_time(now_text, "--now")
    except NomicbotError as exc:
        raise click.ClickException(str(exc)) from None


def load(config_path: str | None) -> Config:
    """Loads the config, as a one-line CLI error if it is unusable."""
    with reported():
        return load_config(config_path)


@contextmanager
def reported() -> Iterator[None]:
    """Turns expected library errors into one-line CLI errors (any URL login masked)."""
    try:
        yield
    except NomicbotError as exc:
        raise click.ClickException(redact(str(exc))) from None
