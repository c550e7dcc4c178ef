"""The core rules as data: every number and condition a BlogNomic verdict uses.

:func:`rules_text.core.read_core_rules` builds a :class:`CoreRules` from a
Ruleset's text; the rule engine (``gamestate.profiles.blognomic_139``) keeps no
constant that the text decides. Each value names the rule and the words it
comes from, so a verdict's reason can quote them.

A clause a rule does not have (repealed, or never written) is ``None`` or
``False``: no VETO, no Seasonal Downtime, no proposal limit. The defaults are
that absence: ``CoreRules()`` is a Ruleset that says nothing, and Ruleset 139's
values come only from reading its text.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from fractions import Fraction
from functools import cached_property

__all__ = [
    "Age",
    "CfjRules",
    "CoreRules",
    "DovRules",
    "Downtime",
    "Hiatus",
    "Limits",
    "ProposalRules",
    "Quorum",
    "Rounding",
    "VotingRules",
]

_SECOND = timedelta(seconds=1)


class Rounding(StrEnum):
    """How a fraction of a number of players becomes a whole number."""

    DOWN = "down"
    """"rounded down" (Ruleset 139's Quorum)."""
    UP = "up"
    """"rounded up"."""
    NEAREST = "nearest"
    """"rounded to the nearest whole number" (a half rounds up)."""

    def apply(self, value: Fraction) -> int:
        """``value`` rounded this way."""
        if self is Rounding.DOWN:
            return value.numerator // value.denominator
        if self is Rounding.UP:
            return -(-value.numerator // value.denominator)
        return int(value + Fraction(1, 2)) if value >= 0 else -int(-value + Fraction(1, 2))


_FRACTION_WORDS = {
    Fraction(1, 2): "half",
    Fraction(1, 3): "a third",
    Fraction(2, 3): "two thirds",
    Fraction(1, 4): "a quarter",
    Fraction(3, 4): "three quarters",
}


def fraction_words(value: Fraction) -> str:
    """``half``, ``two thirds``: a fraction as the Ruleset writes it."""
    return _FRACTION_WORDS.get(value, f"{value.numerator}/{value.denominator}")


@dataclass(frozen=True)
class Quorum:
    """Appendix "Quorum": "half the number of Imagineers in that subset, rounded down, plus
    one" in Ruleset 139."""

    fraction: Fraction
    """The fraction of the subset ("half", "two thirds")."""
    rounding: Rounding
    """How it is rounded."""
    plus: int = 0
    """The number added after rounding ("plus one")."""

    def of(self, n: int) -> int:
        """The Quorum of a subset of ``n`` players."""
        if n < 0:
            raise ValueError(f"a subset cannot have {n} players")
        return self.rounding.apply(self.fraction * n) + self.plus

    def describe(self) -> str:
        """The definition in words, e.g. "half, rounded down, plus 1"."""
        plus = f", plus {self.plus}" if self.plus else ""
        return f"{fraction_words(self.fraction)}, rounded {self.rounding.value}{plus}"


@dataclass(frozen=True)
class Age:
    """A clock condition on how long a matter has been open: "for at least 12 hours"
    (``strict`` False) or "for more than 48 hours" (``strict`` True)."""

    hours: int
    """The duration, in hours ("7 days" is 168)."""
    strict: bool = False
    """"more than" (True) or "at least" (False)."""

    @cached_property
    def delta(self) -> timedelta:
        """The duration."""
        return timedelta(hours=self.hours)

    def holds(self, age: timedelta) -> bool:
        """Has a matter open for ``age`` been open long enough?"""
        return age > self.delta if self.strict else age >= self.delta

    def first_instant(self, posted_at: datetime) -> datetime:
        """The first whole second at which a matter posted at ``posted_at`` satisfies it."""
        mark = posted_at + self.delta
        return mark.replace(microsecond=0) + _SECOND if self.strict else mark

    def words(self) -> str:
        """``at least 12h``, ``more than 48h``: as the reasons print it."""
        return f"{'more than' if self.strict else 'at least'} {self.hours}h"

    def short(self) -> str:
        """``12h``, ``7 days`` for whole weeks of days: the duration alone."""
        return f"{self.hours}h"


@dataclass(frozen=True)
class VotingRules:
    """Rules "Votable Matters" and "Special Proposal Voting", and the Appendix's voting
    icons: which icons exist and what each counts as."""

    deferential: bool = False
    """A DEFERENTIAL icon exists ("a voting icon of FOR, AGAINST, or DEFERENTIAL")."""
    deferential_follows_boss: bool = False
    """A Proposal's DEFERENTIAL counts as the Boss's valid non-VETO Vote."""
    veto: bool = False
    """The Boss may VETO a Proposal, which renders it Vetoed."""
    self_kill: bool = False
    """The author's AGAINST on their own Proposal renders it Self-Killed."""
    author_implicit_for: bool = False
    """An author who has used no valid icon Votes FOR."""


@dataclass(frozen=True)
class ProposalRules:
    """Rule "Resolution of Proposals"."""

    oldest_only: bool = False
    """Only "the oldest pending Proposal" may be enacted or failed."""
    enact_quorum: Age | None = None
    """Enact: FOR Votes exceed or equal Quorum, open this long, not Vetoed or Self-Killed."""
    enact_majority: Age | None = None
    """Enact: open this long, more than ``majority_min_votes`` valid Votes, more FOR than
    AGAINST, not Vetoed or Self-Killed."""
    majority_min_votes: int = 0
    """"it has more than 1 valid Vote cast on it"."""
    fail_vetoed: bool = False
    """Fail: it has been Vetoed or Self-Killed."""
    fail_unreachable: bool = False
    """Fail: the players not voting AGAINST are fewer than Quorum."""
    fail_timeout: Age | None = None
    """Fail: open this long and cannot be Enacted."""
    stale: Age | None = None
    """"pending for more than 7 days": ignored for the oldest, and may be failed."""


@dataclass(frozen=True)
class CfjRules:
    """Rule "Calls for Judgement"."""

    quorum_for: bool = False
    """Resolvable with a Quorum of FOR Votes."""
    quorum_against: bool = False
    """Resolvable with a Quorum of AGAINST Votes."""
    open_for: Age | None = None
    """Resolvable once open this long."""


@dataclass(frozen=True)
class DovRules:
    """Rule "Victory and Ascension" as it relates to Declarations of Victory."""

    enact_boss_or_unopposed: Age | None = None
    """Enact: open this long, FOR >= Quorum, and the Boss Voted FOR or no AGAINST."""
    enact_few_against: Age | None = None
    """Enact: open this long, FOR >= Quorum, AGAINST below ``few_against`` of Quorum."""
    few_against: Fraction = Fraction(1, 2)
    """"lesser than half of Quorum, rounded down"."""
    enact_majority: Age | None = None
    """Enact: open this long, Votes >= Quorum, more than half of valid Votes FOR."""
    fail_unreachable: Age | None = None
    """Fail: open this long, and the players not voting AGAINST are fewer than Quorum."""
    fail_timeout: Age | None = None
    """Fail: open this long and cannot be Enacted."""
    lockout_hours: int | None = None
    """After a failed DoV with an AGAINST Vote, its author waits this long."""
    others_fail: bool = False
    """"When a DoV is enacted, all other active DoVs are failed"."""


@dataclass(frozen=True)
class Hiatus:
    """Rule "Victory and Ascension": a DoV puts the game into Hiatus, in which only some
    rules may act."""

    on_dov: bool = False
    """"Upon doing so, the game immediately goes into Hiatus"."""
    allowed: tuple[str, ...] = ()
    """The rules whose game actions may be taken during Hiatus."""


@dataclass(frozen=True)
class Downtime:
    """Rule "Seasonal Downtime": from ``start`` up to (not including) ``end``, each a
    (month, day) of every year."""

    start: tuple[int, int]
    """"every year on December 24th"."""
    end: tuple[int, int]
    """"remains in hiatus until December 27th": the first day out of it."""
    allowed: tuple[str, ...] = ()
    """The rules whose game actions may still be taken."""

    def covers(self, month: int, day: int) -> bool:
        """Is this day of the year in Downtime?"""
        here = (month, day)
        if self.start <= self.end:
            return self.start <= here < self.end
        return here >= self.start or here < self.end

    def words(self) -> str:
        """``24 to 27 December``."""
        (m1, d1), (m2, d2) = self.start, self.end
        if m1 == m2:
            return f"{d1} to {d2} {_MONTHS[m1 - 1]}"
        return f"{d1} {_MONTHS[m1 - 1]} to {d2} {_MONTHS[m2 - 1]}"


_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


@dataclass(frozen=True)
class Limits:
    """Rule "Proposals": "(unless the Imagineer already has 2 Proposals pending, or has
    already made 3 Proposals that day)"."""

    pending: int | None = None
    """At most this many of one author's Proposals pending (None: no limit)."""
    per_day: int | None = None
    """At most this many Proposals by one author in a day (None: no limit)."""


@dataclass(frozen=True)
class CoreRules:
    """Everything the verdicts use, as one value. ``CoreRules()`` says nothing: Ruleset
    139's values are read from its text (:func:`rules_text.core.ruleset_139_core`)."""

    keyword: str = "Imagineer"
    """The player keyword ("all Imagineers shall obey it"), singular."""
    boss: str = "Boss"
    """The Boss keyword ("known as the Boss")."""
    quorum: Quorum | None = None
    """Appendix "Quorum" (None: not read)."""
    voting: VotingRules = VotingRules()
    """Icons and what each counts as."""
    proposals: ProposalRules = ProposalRules()
    """Rule "Resolution of Proposals"."""
    limits: Limits = Limits()
    """Rule "Proposals"."""
    cfj: CfjRules = CfjRules()
    """Rule "Calls for Judgement"."""
    dov: DovRules = DovRules()
    """Rule "Victory and Ascension" for DoVs."""
    hiatus: Hiatus = Hiatus()
    """Rule "Victory and Ascension" for Hiatus."""
    downtime: Downtime | None = None
    """Rule "Seasonal Downtime" (None: repealed)."""
