"""An Ascension Address's changes: what it renames and keeps, and the pages it archives.

Rule "Victory and Ascension": the new Boss's Ascension Address "may optionally
specify that the terms Imagineer and Boss will be replaced with theme-specific
terms throughout the entire ruleset, and/or a number of dynastic rules to keep.
Upon posting such an Ascension Address, the Ruleset is updated to reflect any
changed terms, and any dynastic rules which were not listed to be kept are
repealed." BlogNomic's custom keeps each old Ruleset as a page "Ruleset N".

The Address is read from its text, one instruction a line:

* a rename: ``Imagineer -> Groundskeeper`` (also ``→``, ``becomes``,
  ``is replaced with``), for the current terms only;
* the rules kept: ``Keep: Rule A, Rule B`` (also ``Rules kept:``, ``keep the rules
  A and B``; quotes are dropped). Without such a line every dynastic rule is repealed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from bs4 import BeautifulSoup

from gamestate.profiles.blognomic_139.models import Post, Terms
from rules_text.ascension import rename_terms, repeal_dynastic_rules

__all__ = ["AddressChanges", "archive_number", "read_address"]

_WORD = r"[^\W\d_][\w’'-]*"
_RENAME = re.compile(
    rf"(?P<old>{_WORD})[\"”’]?\s*(?:->|→|=>|\bbecomes\b|\bis replaced (?:with|by)\b|"
    rf"\bwill be replaced (?:with|by)\b)\s*[\"“‘]?(?P<new>{_WORD})",
)
_KEEP = re.compile(
    r"^\s*(?:rules? kept|keep(?:ing)?(?: the)?(?: dynastic)?(?: rules?)?)\s*:?\s*(?P<names>.+)$",
    re.IGNORECASE,
)
_SPLIT = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")
_ARCHIVE = re.compile(r" (\d+)$")


@dataclass(frozen=True)
class AddressChanges:
    """What an Ascension Address asks of the Ruleset."""

    renames: dict[str, str] = field(default_factory=dict)
    """Old keyword -> new keyword."""
    keep: tuple[str, ...] = ()
    """The dynastic rules kept."""

    def apply(self, ruleset: str) -> str:
        """The Ruleset's new wiki source: rules repealed, then keywords renamed."""
        text = repeal_dynastic_rules(ruleset, self.keep)
        return rename_terms(text, self.renames) if self.renames else text

    def describe(self) -> str:
        """One line for the Admin, e.g. "renames Imagineer -> Gnome; keeps Loans"."""
        renames = ", ".join(f"{old} -> {new}" for old, new in self.renames.items())
        keep = ", ".join(self.keep) or "no dynastic rule"
        return f"renames {renames or 'nothing'}; keeps {keep}"


def _lines(html: str) -> list[str]:
    text = BeautifulSoup(html, "html.parser").get_text("\n")
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


def _names(text: str) -> tuple[str, ...]:
    text = text.strip().rstrip(".")
    return tuple(
        n.strip().strip("\"“”'‘’").strip() for n in _SPLIT.split(text) if n.strip("\"“”'‘’ ")
    )


def read_address(post: Post, terms: Terms) -> AddressChanges:
    """The renames and kept rules an Ascension Address states."""
    renames: dict[str, str] = {}
    keep: list[str] = []
    current = {terms.player.casefold(): terms.player, terms.boss.casefold(): terms.boss}
    for line in _lines(post.body_html):
        kept = _KEEP.match(line)
        if kept is not None:
            keep.extend(_names(kept["names"]))
            continue
        for found in _RENAME.finditer(line):
            old = current.get(found["old"].casefold())
            if old is not None:
                renames[old] = found["new"]
    return AddressChanges(renames, tuple(keep))


def archive_number(base: str, titles: Iterable[str]) -> int:
    """BlogNomic's custom: the next free number N of the archive pages "BASE N"."""
    numbers = [int(m[1]) for t in titles if t.startswith(f"{base} ") and (m := _ARCHIVE.search(t))]
    return max(numbers, default=0) + 1
