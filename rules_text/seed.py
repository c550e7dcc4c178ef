"""The Ruleset texts nomicbot ships with, read from package data.

``rules_text/data/ruleset_139.wiki`` is BlogNomic's Ruleset 139 (23 May 2016,
the "Nomicland" theme-park dynasty) converted from the page's rendered text to
the wiki source BlogNomic uses, sentence for sentence. The scrape does not show
heading levels, so they were chosen from the rules' own words:

* "Idle Imagineers" is a subrule of "Imagineers" (it speaks of "any of those
  Rules’ subrules");
* each Building is a subrule of "Construction" ("Buildings are listed as sub
  rules of this rule");
* "Random Generators" is a subrule of "Gamestate Tracking", and "Numbers and
  Variables" ... "Prioritisation" are subrules of "Clarifications";
* every other rule is a rule of its own.

Building stats are one per line (``Cost: 1000<br />``), as the scrape shows them.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from rules_text.tree import Ruleset, parse_ruleset

__all__ = ["ruleset_139", "ruleset_139_wikitext", "seed_names", "seed_text"]

_PACKAGE = "rules_text"


@cache
def _data_text(name: str) -> str:
    # importlib.resources works from a wheel, a zip or a source checkout alike.
    return files(_PACKAGE).joinpath("data", name).read_text(encoding="utf-8")


def ruleset_139_wikitext() -> str:
    """BlogNomic's Ruleset 139 (Nomicland dynasty, May 2016) as wiki source.

    Core Rules, the Nomicland Dynastic Rules (Buildings as subrules of
    "Construction") and the Appendix, with every sentence as the players wrote
    it, typos included.
    """
    return _data_text("ruleset_139.wiki")


@cache
def ruleset_139() -> Ruleset:
    """Ruleset 139, parsed (the same object on every call: it is immutable)."""
    return parse_ruleset(ruleset_139_wikitext())


def seed_names() -> list[str]:
    """The seed rulesets shipped for the rule profiles (``000_9da9b2a702a7fe70.txt``...)."""
    folder = files(_PACKAGE).joinpath("data", "seeds")
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".txt"))


@cache
def seed_text(name: str) -> str:
    """A seed game's own text, as shipped (BoredNomic 000, Infinite Nomic 001,
    Nomopoly IV 002, Nomopoly 004), for the profiles to quote."""
    if name not in seed_names():
        raise KeyError(f"no seed {name!r}; the seeds are: {', '.join(seed_names())}")
    return files(_PACKAGE).joinpath("data", "seeds", name).read_text(encoding="utf-8")
