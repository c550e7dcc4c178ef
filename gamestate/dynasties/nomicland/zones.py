"""Rule "Zones": creating "The X Zone" from a word of the wiki front page.

"If an Imagineer Operates no Zones, they may create a Zone with a name of “The X
Zone” (where “X” is any word that appears between the words “The” and “Dynasty”
in the description of a single dynasty at this version of the wiki front page,
and where the name does not match that of any existing Zone)".

The front page's text is a parameter: the caller reads the wiki. Each line of
it (a list item or paragraph) is one dynasty's description.
"""

from __future__ import annotations

import re

from gamestate.dynasties.nomicland.actions import CreateZone
from gamestate.dynasties.nomicland.clauses import ZONE_CREATE, ZONE_NAME
from gamestate.dynasties.nomicland.economy import Change, Economy, Field
from gamestate.dynasties.nomicland.errors import ActionRefused
from gamestate.dynasties.nomicland.models import Zone
from rules_text.tree import plain_text

__all__ = ["create_zone", "zone_words"]

_WORD = re.compile(r"[^\W_]+(?:['\u2019-][^\W_]+)*")


def zone_words(front_page: str) -> frozenset[str]:
    """Every word between a "The" and a later "Dynasty" in one line of the front page.

    ``front_page`` is wikitext; links, templates and markup are read as their text.
    Case is kept as written; "The" and "Dynasty" are matched ignoring case.
    """
    found: set[str] = set()
    for line in plain_text(front_page).splitlines():
        words = _WORD.findall(line)
        folded = [w.casefold() for w in words]
        if "the" not in folded or "dynasty" not in folded:
            continue
        first = folded.index("the")
        last = len(folded) - 1 - folded[::-1].index("dynasty")
        found.update(words[first + 1 : last])
    return frozenset(found)


def create_zone(state: Economy, actor: str, action: CreateZone) -> tuple[Economy, list[Change]]:
    """Zones: the actor, who Operates no Zone, creates "The X Zone" and Operates it."""
    operated = state.zones_of(actor)
    if operated:
        raise ActionRefused(f"{actor} already Operates {operated[0].name!r}", ZONE_CREATE)
    word = action.word.strip()
    if not _WORD.fullmatch(word):
        raise ActionRefused(f"{action.word!r} is not a single word", ZONE_NAME)
    words = {w.casefold(): w for w in sorted(zone_words(action.front_page))}
    if word.casefold() not in words:
        raise ActionRefused(
            f"{word!r} does not appear between \u201cThe\u201d and \u201cDynasty\u201d in any "
            f"dynasty's description on the front page ({len(words)} words do)",
            ZONE_NAME,
        )
    name = f"The {words[word.casefold()]} Zone"
    if state.zone(name) is not None:
        raise ActionRefused(f"a Zone named {name!r} already exists", ZONE_NAME)
    zone = Zone(name, operator=actor)
    return state.with_zone(zone), [
        Change(
            ZONE_CREATE,
            name,
            Field.ZONE,
            None,
            name,
            f"{actor} creates {name!r} ({words[word.casefold()]!r} is on the front page), "
            f"Operated by {actor}",
        )
    ]
