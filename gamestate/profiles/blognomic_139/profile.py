"""BlogNomic Ruleset 139 as a rule profile (``blognomic-139``, the default).

The rules themselves are the engine BlogNomic has always run on
(:func:`.evaluate.evaluate` and the Nomicland dynasty), which lives in this package;
this profile reads a ``nomic-archive/2`` archive into that engine's
:class:`~.models.Game` (:mod:`.convert`) and gives each pending Votable Matter's verdict in the
profile contract (ARCHITECTURE.md 2b), quoting Ruleset 139's words. A ``/1``
archive and its ``/2`` form give the same verdicts.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from gamestate.dynasties.base import Dynasty
from gamestate.profiles.archive import format_time
from gamestate.profiles.base import BaseProfile
from gamestate.profiles.blognomic_139.convert import game_from_archive
from gamestate.profiles.blognomic_139.evaluate import evaluate
from gamestate.profiles.blognomic_139.models import Game
from gamestate.profiles.blognomic_139.status import GameStatus
from gamestate.profiles.blognomic_139.verdicts import Clause
from gamestate.profiles.core import Archive, Outcome, Report, Setting

__all__ = ["CLAUSE_WORDS", "PROFILE", "BlogNomic139"]

CLAUSE_WORDS = {
    # An unknown verdict: nomicbot judges by the Ruleset in force, and has not read it all.
    Clause.UNREAD: "This is the Ruleset for BlogNomic; all Imagineers shall obey it.",
    Clause.PROPOSAL_QUORUM_FOR: (
        "It has a number of FOR Votes that exceed or equal Quorum, has been open for voting "
        "for at least 12 hours, and has not been Vetoed or Self-Killed."
    ),
    Clause.PROPOSAL_MAJORITY_48H: (
        "It has been open for voting for at least 48 hours, it has more than 1 valid Vote "
        "cast on it, more valid Votes cast on it are FOR than are AGAINST, and it has not "
        "been Vetoed or Self-Killed."
    ),
    Clause.PROPOSAL_VETOED: "It has been Vetoed or Self-Killed.",
    Clause.PROPOSAL_SELF_KILLED: "It has been Vetoed or Self-Killed.",
    Clause.PROPOSAL_QUORUM_UNREACHABLE: (
        "The number of Imagineers who are not voting AGAINST it is less than Quorum."
    ),
    Clause.PROPOSAL_TIMED_OUT: "It has been open for voting for at least 48 hours and cannot "
    "be Enacted.",
    Clause.PROPOSAL_STALE: (
        "If a proposal somehow ends up being pending for more than 7 days, it is ignored for "
        "the purpose of calculating the oldest pending proposal, and can be failed by any Admin."
    ),
    Clause.CFJ_RESOLVED: (
        "A Pending CFJ may be Resolved by an Admin if it has a Quorum of FOR Votes, a Quorum "
        "of AGAINST Votes, or if it has been open for voting for more than 48 hours."
    ),
    Clause.DOV_QUORUM_BOSS_OR_UNOPPOSED: (
        "It has been open for voting for at least 12 hours, has a number of FOR Votes that "
        "exceed or equal Quorum, and either the Boss has Voted FOR it or it has no AGAINST "
        "Votes."
    ),
    Clause.DOV_QUORUM_FEW_AGAINST: (
        "It has been open for voting for at least 24 hours, has a number of FOR Votes that "
        "exceed or equal Quorum, and has a number of AGAINST Votes lesser than half of "
        "Quorum, rounded down."
    ),
    Clause.DOV_MAJORITY_48H: (
        "It has been open for voting for at least 48 hours, has a number of Votes that exceed "
        "or equal Quorum, and more than half of its valid Votes are FOR."
    ),
    Clause.DOV_QUORUM_UNREACHABLE: (
        "It has been open for voting for at least 12 hours, and the number of Imagineers who "
        "are not voting AGAINST it is less than Quorum."
    ),
    Clause.DOV_TIMED_OUT: "It has been open for voting for at least 48 hours and cannot be "
    "Enacted.",
    Clause.DOV_OTHER_ENACTED: "When a DoV is enacted, all other active DoVs are failed",
    Clause.ILLEGAL: (
        "Any Imagineer may post to the blog at any time, but may only make official posts "
        "to the blog when the Ruleset allows it."
    ),
    Clause.NOT_OLDEST: "The oldest pending Proposal may be enacted by any Admin",
    Clause.HIATUS: (
        "During this time, the only game actions that may be taken are those covered by "
        "Rules “Imagineers”, “Votable Matters”, “Calls for Judgement”, “Gamestate Tracking” "
        "and “Victory and Ascension”."
    ),
    Clause.SEASONAL_DOWNTIME: (
        "Blognomic goes into hiatus every year on December 24th, and remains in hiatus until "
        "December 27th."
    ),
    Clause.PENDING: "",
}
"""Each verdict's clause in Ruleset 139's own words (seed 003)."""


class BlogNomic139(BaseProfile):
    """BlogNomic Ruleset 139: icons in comments, the author's implicit FOR, Quorum and
    Idle, the 12h/48h clocks, oldest-first resolution, the Boss."""

    name = "blognomic-139"
    title = "BlogNomic"
    seed = "003_f0415674b2be2b8d.txt"
    settings: ClassVar[tuple[Setting, ...]] = (
        Setting("terms", {"player": "Imagineer", "boss": "Boss"}, "the keyword terms"),
    )
    matter_kinds = frozenset({"proposal", "cfj", "dov", "post"})
    vote_values = frozenset({"FOR", "AGAINST", "DEFERENTIAL", "IMPERIAL", "VETO", "SEAL"})
    event_types = frozenset()
    number_keys = ("for", "against", "quorum", "decidable_at", "self_killed")

    def __init__(self, dynasty: Dynasty | None = None) -> None:
        self.dynasty = dynasty
        self._last: tuple[Archive, Game] | None = None

    def with_dynasty(self, dynasty: Dynasty | None) -> BlogNomic139:
        """The same profile judging with ``dynasty`` (its Game already read is kept)."""
        other = BlogNomic139(dynasty)
        other._last = self._last
        return other

    def game(self, archive: Archive) -> Game:
        """The blog-side Game of ``archive`` (the last one is kept: check, then evaluate,
        read the same archive)."""
        if self._last is None or self._last[0] is not archive:
            self._last = (archive, game_from_archive(archive))
        return self._last[1]

    def check_rules(self, archive: Archive) -> list[str]:
        self.game(archive)  # the blog fields must read, or a one-line error
        return []

    @staticmethod
    def clause_words(clause: Clause, category: str) -> str:
        """The words of Ruleset 139 behind a verdict; for "wait", the clause that could
        next allow the matter to be resolved."""
        if clause is Clause.PENDING:
            clause = {
                "Call for Judgement": Clause.CFJ_RESOLVED,
                "Declaration of Victory": Clause.DOV_QUORUM_BOSS_OR_UNOPPOSED,
            }.get(category, Clause.PROPOSAL_QUORUM_FOR)
        return CLAUSE_WORDS[clause]

    def status(self, archive: Archive, now: datetime) -> GameStatus:
        """The engine's own :class:`GameStatus` (what ``status`` prints for ``/1``)."""
        return evaluate(self.game(archive), now, dynasty=self.dynasty)

    def evaluate(self, archive: Archive, now: datetime, since: datetime | None) -> Report:
        result = self.status(archive, now)
        report = Report(profile=self.name, now=now, since=since)
        for m in result.matters:
            decidable = format_time(m.decidable_at) if m.decidable_at else None
            report.matters[m.post.id] = Outcome(
                outcome=m.decision.verdict.value,
                clause=self.clause_words(m.decision.clause, m.post.category),
                reason=m.decision.why,
                next_change=m.decidable_at,
                numbers={
                    "for": m.tally.for_count,
                    "against": m.tally.against_count,
                    "quorum": m.quorum,
                    "decidable_at": decidable,
                    "self_killed": m.tally.self_killed,
                },
            )
        report.game_state = {
            "players": result.players,
            "quorum": result.quorum,
            "boss": result.boss,
            "hiatus": result.hiatus,
            "hiatus_reason": result.hiatus_reason,
        }
        if result.victory is not None:
            report.winners = [result.victory.winner]
            report.achieved = {result.victory.winner: result.victory.rule}
        if result.rules is not None:
            report.rules = result.rules.summary(result.quorum)
            report.rules_lines = result.rules.lines()
        report.warnings = [*result.warnings, *(w for m in result.matters for w in m.warnings)]
        return report


PROFILE = BlogNomic139()
"""The profile with no dynasty economy known (an archive: its rules that need the
ledger are noted as not checked)."""
