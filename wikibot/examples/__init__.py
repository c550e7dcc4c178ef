"""Example games shipped inside the package, so that a plain ``pip install`` can run
``nomicbot demo`` and ``nomicbot status --archive example:nomicland`` anywhere.

An archive argument written ``example:NAME`` names ``NAME.json`` in this folder.
"""

from __future__ import annotations

import importlib.resources
import pathlib

__all__ = ["EXAMPLE_PREFIX", "NOMICLAND", "example_names", "example_path", "resolve_archive_path"]

EXAMPLE_PREFIX = "example:"


def example_names() -> list[str]:
    """The names of the shipped examples, e.g. ``["nomicland"]``."""
    return sorted(
        p.name.removesuffix(".json")
        for p in importlib.resources.files(__name__).iterdir()
        if p.name.endswith(".json")
    )


def example_path(name: str) -> pathlib.Path:
    """The file of the shipped example ``name``; a ValueError names the ones there are."""
    if name not in example_names():
        known = ", ".join(EXAMPLE_PREFIX + n for n in example_names())
        raise ValueError(f"there is no example {name!r}; the examples are: {known}")
    return pathlib.Path(str(importlib.resources.files(__name__) / f"{name}.json"))


def resolve_archive_path(text: str | pathlib.Path) -> pathlib.Path:
    """``example:NAME`` as the shipped example's file; any other text as a path."""
    if isinstance(text, str) and text.startswith(EXAMPLE_PREFIX):
        return example_path(text.removeprefix(EXAMPLE_PREFIX))
    return pathlib.Path(text)


NOMICLAND = example_path("nomicland")
"""The example game: the Nomicland dynasty in May 2016."""
