"""Each package's ``__init__`` re-exports exactly its public names (as httpx's
``test_exported_members`` checks): ``__all__`` is sorted (isort-style), every name in it exists,
and every public name the package holds, other than its submodules, is in it."""

from __future__ import annotations

import importlib
import pkgutil
import types

import pytest

import gamestate
import rules_text
import wikibot


def _packages() -> list[str]:
    found = []
    for root in (gamestate, rules_text, wikibot):
        found.append(root.__name__)
        for info in pkgutil.walk_packages(root.__path__, prefix=f"{root.__name__}."):
            if info.ispkg:
                found.append(info.name)
    return found


PACKAGES = _packages()


def _isort(name: str) -> tuple[int, str]:
    """isort's order, as ruff keeps ``__all__``: CONSTANTS, then Classes, then functions."""
    return (0 if name.isupper() else 1 if name[:1].isupper() else 2, name.casefold())


def test_the_walk_finds_the_layout() -> None:
    for name in ("wikibot.blog", "wikibot.mirror", "wikibot.wiki", "wikibot.wiki.pages"):
        assert name in PACKAGES
    for name in ("wikibot.sandbox", "wikibot.cli", "gamestate.dynasties.nomicland"):
        assert name in PACKAGES


@pytest.mark.parametrize("name", [p for p in PACKAGES if p != "wikibot"])
def test_exported_members(name: str) -> None:
    package = importlib.import_module(name)
    exported = getattr(package, "__all__", None)
    assert exported is not None, f"{name} has no __all__"
    assert list(exported) == sorted(exported, key=_isort), f"{name}.__all__ is not sorted"
    assert len(set(exported)) == len(exported), f"{name}.__all__ repeats a name"
    missing = [n for n in exported if not hasattr(package, n)]
    assert not missing, f"{name}.__all__ names what it does not hold: {missing}"
    public = {
        member
        for member, value in vars(package).items()
        if not member.startswith("_")
        and not isinstance(value, types.ModuleType)
        and member != "annotations"
    }
    assert public == set(exported), f"{name}: public but not exported: {public - set(exported)}"
