"""A rule's text as the sentences a phrasing is matched against.

A rule's plain text (markup gone) is cut into items (a paragraph, or one bullet
of a list) and each item into sentences. Each sentence is normalised so that
the same words match however they were typed: curly quotes straightened,
whitespace collapsed, and the player and Boss keywords replaced by the tokens
``PLAYER``/``PLAYERS`` and ``BOSS``/``BOSSES`` (so a renamed keyword reads the
same), with "an PLAYER" written "a PLAYER".
"""

from __future__ import annotations

import re
from functools import cache

from rules_text.terms import plural

__all__ = ["Keywords", "normalise", "sentences"]

_QUOTES = str.maketrans(
    {
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u2018": "'",
        "\u2019": "'",
        "\u00a0": " ",
        "\u2013": "-",
        "\u2014": "-",
    }
)
_ABBREVIATIONS = re.compile(r"\b(?:e\.g|i\.e|eg|ie|etc|cf|vs|St|Mr|Ms|Dr)\.$", re.IGNORECASE)
_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9*])")
_MAX_SENTENCE = 4000
"""A longer 'sentence' is cut for matching: no Ruleset sentence is that long."""


class Keywords:
    """The player and Boss keywords of one Ruleset, as replacement patterns."""

    __slots__ = ("boss", "pattern", "player")

    def __init__(self, player: str, boss: str) -> None:
        self.player = player
        self.boss = boss
        forms = {
            plural(player): "PLAYERS",
            player: "PLAYER",
            plural(boss): "BOSSES",
            boss: "BOSS",
        }
        self.pattern = _keyword_pattern(tuple(forms.items()))

    def replace(self, text: str) -> str:
        """``text`` with the keywords as tokens."""
        pattern, table = self.pattern
        text = pattern.sub(lambda m: table[m.group(0).casefold()], text)
        return re.sub(r"\b[Aa]n (?=(?:PLAYER|BOSS)\b)", lambda m: m.group(0)[0] + " ", text)


@cache
def _keyword_pattern(forms: tuple[tuple[str, str], ...]) -> tuple[re.Pattern[str], dict[str, str]]:
    words = sorted((w for w, _ in forms if w), key=len, reverse=True)
    pattern = re.compile(
        r"(?<!\w)(?:" + "|".join(re.escape(w) for w in words) + r")(?!\w)", re.IGNORECASE
    )
    table = {w.casefold(): token for w, token in forms}
    return pattern, table


def normalise(text: str, keywords: Keywords | None = None) -> str:
    """One sentence or item, normalised for matching."""
    text = " ".join(text.translate(_QUOTES).split())
    if keywords is not None:
        text = keywords.replace(text)
    return text


def sentences(plain: str, keywords: Keywords | None = None) -> list[str]:
    """Every sentence of a rule's plain text, normalised, in order. A list item is one
    sentence or more; an empty line is none."""
    found: list[str] = []
    for line in plain.splitlines():
        line = normalise(line, keywords)
        if not line:
            continue
        start = 0
        for cut in _END.finditer(line):
            head = line[start : cut.start()].rstrip()
            # "e.g. The Boss" stays one sentence.
            if _ABBREVIATIONS.search(head):
                continue
            if head:
                found.append(line[start : cut.end()].strip()[:_MAX_SENTENCE])
            start = cut.end()
        rest = line[start:].strip()
        if rest:
            found.append(rest[:_MAX_SENTENCE])
    return found
