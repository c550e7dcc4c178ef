"""The Ruleset's keyword terms: what players and the Boss are called this dynasty.

Victory and Ascension lets a new Boss's Ascension Address "specify that the
terms Imagineer and Boss will be replaced with theme-specific terms throughout
the entire ruleset". nomicbot reads the current words back from the Ruleset:

* the player word from "Ruleset and Gamestate": "all Imagineers shall obey it";
* the Boss word from "Dynasties": "headed by a single Imagineer, known as the Boss".

This module also knows the word forms a keyword takes in rule text: plural
("Imagineers"), possessive ("Imagineer's", "Imagineer’s") and case variants.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_text.errors import TermsNotFound
from rules_text.tree import Rule, Ruleset

__all__ = [
    "BOSS_RULE",
    "PLAYER_RULE",
    "Terms",
    "match_case",
    "plural",
    "read_terms",
    "read_terms_of",
    "singular",
    "terms_from_text",
]

PLAYER_RULE = "Ruleset and Gamestate"
"""The rule that says who must obey the Ruleset: "all Imagineers shall obey it"."""
BOSS_RULE = "Dynasties"
"""The rule that names the Boss: "a single Imagineer, known as the Boss"."""

_WORD = r"[^\W\d_][\w’'-]*"
_OBEY = re.compile(rf"\ball\s+({_WORD}(?:\s+{_WORD})*?)\s+(?:shall|must)\s+obey\s+it\b")
_KNOWN_AS = re.compile(rf"\bknown\s+as\s+(?:the|a|an)\s+({_WORD}(?:\s+[^\W\d_a-z][\w’'-]*)*)")
_SIBILANT = ("s", "x", "z", "ch", "sh")


@dataclass(frozen=True)
class Terms:
    """The two renamable keywords of a dynasty (an Ascension Address may rename them).

    The one ``Terms`` of the project: the rules read it, the archive and the
    config carry it, and :func:`read_terms_of` reads it back from a Ruleset.
    """

    player: str = "Imagineer"
    """What players are called, singular ("Imagineer" in Ruleset 139)."""
    boss: str = "Boss"
    """What the head of the Dynasty is called ("Boss")."""
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Fields this version does not know (in an archive or config), kept for the round trip."""

    def players(self, n: int) -> str:
        """``"1 Imagineer"``, ``"5 Imagineers"``."""
        return f"{n} {self.player if n == 1 else plural(self.player)}"


def read_terms(ruleset: Ruleset) -> tuple[str, str]:
    """The player word and the Boss word, e.g. ``("Imagineer", "Boss")``.

    Read from "all Imagineers shall obey it" (rule "Ruleset and Gamestate") and
    "known as the Boss" (rule "Dynasties"), falling back on the whole Ruleset if
    those rules were renamed. Raises ``TermsNotFound`` if either is missing.
    """
    terms = read_terms_of(ruleset)
    return terms.player, terms.boss


def read_terms_of(ruleset: Ruleset) -> Terms:
    """``read_terms`` as a ``Terms`` value."""
    obey = _OBEY.search(_rule_text(ruleset, PLAYER_RULE)) or _OBEY.search(_whole(ruleset))
    if obey is None:
        raise TermsNotFound(
            f"cannot tell what players are called: no rule says “all … shall obey it”"
            f" (looked in {PLAYER_RULE!r} first)"
        )
    known = _KNOWN_AS.search(_rule_text(ruleset, BOSS_RULE)) or _KNOWN_AS.search(_whole(ruleset))
    if known is None:
        raise TermsNotFound(
            f"cannot tell what the Boss is called: no rule says “known as the …”"
            f" (looked in {BOSS_RULE!r} first)"
        )
    # The singular the Ruleset itself uses decides between "Boss" and "Bosse".
    player = singular(" ".join(obey.group(1).split()), ruleset.text)
    boss = " ".join(known.group(1).split())
    return Terms(player=player, boss=boss)


def terms_from_text(
    player_rule: str, boss_rule: str, *, fallback: Callable[[], str], context: str
) -> Terms:
    """``read_terms_of`` from the plain text of the two rules (and, if either is silent,
    of the whole Ruleset, asked for only then); ``context`` decides singulars."""
    obey = _OBEY.search(player_rule)
    known = _KNOWN_AS.search(boss_rule)
    if obey is None or known is None:
        whole = fallback()
        obey = obey or _OBEY.search(whole)
        known = known or _KNOWN_AS.search(whole)
    if obey is None:
        raise TermsNotFound(
            f"cannot tell what players are called: no rule says “all … shall obey it”"
            f" (looked in {PLAYER_RULE!r} first)"
        )
    if known is None:
        raise TermsNotFound(
            f"cannot tell what the Boss is called: no rule says “known as the …”"
            f" (looked in {BOSS_RULE!r} first)"
        )
    player = singular(" ".join(obey.group(1).split()), context)
    return Terms(player=player, boss=" ".join(known.group(1).split()))


def _whole(ruleset: Ruleset) -> str:
    """Every rule's text: the fallback when the usual rule was renamed or reworded."""
    return "\n".join(rule.plain_text() for rule in ruleset.rules())


def _rule_text(ruleset: Ruleset, name: str) -> str:
    rule: Rule | None = ruleset.get(name)
    return rule.plain_text() if rule is not None else ""


def plural(term: str) -> str:
    """The plural BlogNomic rule text would use: Imagineer → Imagineers, Boss → Bosses.

    Only the last word changes: "Space Pirate" → "Space Pirates".
    """
    head, _, last = term.rpartition(" ")
    lower = last.lower()
    if lower.endswith(_SIBILANT):
        last += "ES" if last.isupper() else "es"
    elif len(lower) > 1 and lower.endswith("y") and lower[-2] not in "aeiou":
        last = last[:-1] + ("IES" if last.isupper() else "ies")
    else:
        last += "S" if last.isupper() and len(last) > 1 else "s"
    return f"{head} {last}" if head else last


def singular(word: str, context: str = "") -> str:
    """The singular whose ``plural`` is ``word`` (Imagineers → Imagineer, Bosses → Boss).

    When two singulars fit ("Bosses" could be "Bosse"), the one used as a whole
    word in ``context`` wins. A word with no plural ending is returned as it is.
    """
    head, _, last = word.rpartition(" ")
    candidates = [last[:-3] + "y", last[:-2], last[:-1]] if len(last) > 3 else [last[:-1]]
    fitting = [c for c in candidates if c and plural(c) == last]
    if not fitting:
        return word
    # A keyword is capitalised mid-sentence too; an ordinary word such as "As" (beside
    # the player word "Ase") is capitalised only where a sentence starts.
    inner = [
        c
        for c in fitting
        if re.search(rf"(?<![.!?:;\n(\"“]\s)(?<!^)(?<!\w){re.escape(c)}(?!\w)", context)
    ]
    used = [c for c in fitting if re.search(rf"(?<!\w){re.escape(c)}(?!\w)", context)]
    chosen = (inner or used or fitting)[0]
    return f"{head} {chosen}" if head else chosen


def match_case(found: str, replacement: str) -> str:
    """``replacement`` in the case of the text it replaces.

    IMAGINEER → GNOME, imagineer → gnome, Imagineer → Gnome; anything else keeps
    the replacement as the Ascension Address spelt it.
    """
    letters = [c for c in found if c.isalpha()]
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return replacement.upper()
    if letters and all(c.islower() for c in letters):
        return replacement.lower()
    if letters and letters[0].isupper() and all(c.islower() for c in letters[1:]):
        return replacement[:1].upper() + replacement[1:]
    return replacement
