"""The Appendix keywords nomicbot reads: "Quorum" and "Voting Icons", each a
:class:`~rules_text.core.spec.RuleSpec` of the glossary entry's phrasings."""

from __future__ import annotations

import re

from rules_text.core.numbers import read_fraction, read_number
from rules_text.core.spec import Draft, Feed, Phrasing, RuleSpec, flag
from rules_text.core.templates import read_rounding
from rules_text.core.values import Quorum, Rounding

__all__ = ["QUORUM", "VOTING_ICONS"]


# Appendix "Quorum".


def _quorum(match: re.Match[str], draft: Draft) -> str | None:
    fraction = read_fraction(match["f"])
    if fraction is None:
        return f"cannot read the fraction {match['f']!r}"
    slots = match.groupdict()
    plus = 0
    if slots.get("plus") is not None:
        n = read_number(slots["plus"])
        if n is None:
            return f"cannot read the number {slots['plus']!r}"
        plus = n
    # With no rounding words, the Appendix's "the result of the calculation is instead the
    # result rounded towards 0" (Numbers and Variables) rounds down.
    rounding = Rounding(read_rounding(slots["r"])) if slots.get("r") else Rounding.DOWN
    draft.quorum = Quorum(fraction=fraction, rounding=rounding, plus=plus)
    return None


QUORUM = RuleSpec(
    name="Quorum",
    aliases=(),
    keyword="Quorum",
    feeds=(Feed.ALL,),
    phrasings=(
        Phrasing(
            "Quorum of a subset of PLAYERS is [equal to |]{F:f} [of |]the number of PLAYERS in "
            "that subset[|,] {R:r}[|,][| plus {N:plus}].",
            _quorum,
        ),
        # 2005 (proposed): "Quorum is equal to one half of the number of Crewmembers,
        # rounding up."
        Phrasing(
            "Quorum is [equal to |]{F:f} [of |]the number of PLAYERS[|,] {R:r}[|,][| plus "
            "{N:plus}].",
            _quorum,
        ),
        Phrasing(
            "Quorum of a subset of PLAYERS is [equal to |]{F:f} [of |]the number of PLAYERS in "
            "that subset[|,][| plus {N:plus}].",
            _quorum,
        ),
        Phrasing(
            "If the word Quorum is used without qualifying which subset of PLAYERS it is "
            "referring to, it is referring to a Quorum of all PLAYERS."
        ),
    ),
)


VOTING_ICONS = RuleSpec(
    name="Voting Icons",
    aliases=(),
    keyword="Voting Icons",
    feeds=(Feed.ALL,),
    phrasings=(
        Phrasing(
            "For use in voting, a check box {U:u1} shall represent a Vote FOR, an X {U:u2} "
            "shall represent a Vote AGAINST, an IMP {U:u3} shall represent a Vote of "
            "DEFERENTIAL, and an Imperial Seal {U:u4} shall represent the Imperial Veto.",
            flag("voting", "icons", ("FOR", "AGAINST", "DEFERENTIAL", "VETO")),
        ),
        Phrasing(
            "For use in voting, a check box {U:u1} shall represent a Vote FOR, an X {U:u2} "
            "shall represent a Vote AGAINST, and an IMP {U:u3} shall represent a Vote of "
            "DEFERENTIAL.",
            flag("voting", "icons", ("FOR", "AGAINST", "DEFERENTIAL")),
        ),
        Phrasing(
            "For use in voting, a check box {U:u1} shall represent a Vote FOR, and an X {U:u2} "
            "shall represent a Vote AGAINST.",
            flag("voting", "icons", ("FOR", "AGAINST")),
        ),
    ),
)
