"""Quoting what an archive wrote in a one-line error: cut short, so a 5,000-character
value is not echoed whole."""

from __future__ import annotations

__all__ = ["cut", "shown"]

WIDTH = 60


def shown(value: object, width: int = WIDTH) -> str:
    """``repr(value)``, cut to ``width`` characters with an ellipsis and the full length."""
    text = repr(value)
    if len(text) <= width:
        return text
    return f"{text[: width - 1]}… ({len(text):,} characters)"


def cut(text: str, width: int = WIDTH) -> str:
    """``text`` (an id naming a record) cut to ``width`` characters with an ellipsis."""
    return text if len(text) <= width else f"{text[: width - 1]}… ({len(text):,} characters)"
