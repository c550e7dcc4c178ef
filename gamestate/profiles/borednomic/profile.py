"""The BoredNomic profile (seed 000): the rule-neutral core read by BoredNomic's rules.

Readings where the seed's words allow two (each a setting, or pinned by a test):

* ``timezone`` (default ``UTC``): the seed names no time zone for "midnight
  Wednesday" and "midnight Saturday"; the game's configuration gives it.
* ``repeated_votes`` (default ``last``): when a player sends several votes on one
  proposal, the last one sent counts, as rule 9.2 keeps "the last two sent"
  proposals; ``first`` makes a player's first vote final.
* ``early_votes`` (default ``count``): a vote sent after the proposal is made but
  before Friday counts. Rule 9.3's only "must" is the deadline ("Votes must be
  received before midnight Saturday") and 8.3 gives every player the opportunity to
  vote "When a proposal is made"; ``ignore`` reads "Friday and Saturday will be
  Voting Period" as a bar, and such votes are ignored with a warning.
* The author gets no vote of their own; silence is Abstain (8.3); no quorum (8.4).
* A vote sent at Sunday 00:00:00 local or later is late and ignored with a warning;
  23:59:59 on Saturday is on time. Proposals: 23:59:59 Wednesday on time, Thursday
  00:00:00 late.
* The Admin (role ``admin``) is never a player (3.2), even if the roster says so.
  The Admin's and bankrupt players' votes are ignored with a warning; their
  proposals are ``invalid`` (3.2, 4.4).
* A veto (``admin_veto``) by anyone but the Admin is a warning and changes nothing;
  a veto of a matter not in the archive is an error.

More readings (reserves, "turn", pauses) are in :mod:`.game`, the schedule in
:mod:`.schedule`, the votes in :mod:`.ballots`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import ClassVar

from gamestate.profiles.base import BaseProfile
from gamestate.profiles.borednomic.ballots import VOTE_VALUES
from gamestate.profiles.borednomic.checks import check_archive, time_zone
from gamestate.profiles.borednomic.economy import ACTION_NAMES
from gamestate.profiles.borednomic.game import Rules, play
from gamestate.profiles.borednomic.schedule import due_between, next_due
from gamestate.profiles.core import Archive, Report, Setting

__all__ = ["BoredNomic"]


class BoredNomic(BaseProfile):
    """BoredNomic: a weekly cycle of proposals (Monday to Wednesday) and votes
    (Friday and Saturday), kept by the Admin."""

    name: ClassVar[str] = "borednomic"
    title: ClassVar[str] = "BoredNomic"
    seed: ClassVar[str] = "000_9da9b2a702a7fe70.txt"
    settings: ClassVar[Sequence[Setting]] = (
        Setting(
            "timezone",
            "UTC",
            "The IANA zone of the weekly cycle's midnights (the seed names none).",
        ),
        Setting(
            "repeated_votes",
            "last",
            "Which of a player's votes on one proposal counts: the last sent (as 9.2 keeps"
            ' "the last two sent" proposals) or the first.',
            ("last", "first"),
        ),
        Setting(
            "early_votes",
            "count",
            "Whether a vote sent before Friday counts (9.3's only must is the deadline)"
            ' or is ignored ("Friday and Saturday will be Voting Period").',
            ("count", "ignore"),
        ),
    )
    matter_kinds: ClassVar[frozenset[str]] = frozenset({"proposal"})
    event_types: ClassVar[frozenset[str]] = frozenset(
        {
            "admin_veto",
            "pause",
            "draw",
            "buy",
            "action",
            "answer",
            "name_rejected",
            "add_square",
            "trade",
            "set_price",
            "turn_order",
            "send_back",
        }
    )
    action_names: ClassVar[frozenset[str]] = ACTION_NAMES
    number_keys: ClassVar[tuple[str, ...]] = ("yay", "nay", "closes_at")
    vote_values: ClassVar[frozenset[str]] = VOTE_VALUES
    judgement_results: ClassVar[frozenset[str]] = frozenset()

    def rules(self, archive: Archive) -> Rules:
        """The settings, resolved (a one-line ProfileError for a zone that is not one)."""
        return Rules(
            tz=time_zone(archive, self.setting(archive, "timezone")),
            early_votes=self.setting(archive, "early_votes"),
            repeated_votes=self.setting(archive, "repeated_votes"),
        )

    def check_rules(self, archive: Archive) -> list[str]:
        """BoredNomic's own refusals (a one-line ProfileError) and static warnings; what
        the rules ignore as the game is played comes with ``evaluate`` (up to its
        ``now``), so the weeks are played once."""
        warnings = check_archive(archive)
        self.rules(archive)  # a zone that is not one is refused here
        return warnings

    def evaluate(self, archive: Archive, now: datetime, since: datetime | None) -> Report:
        """Every proposal's verdict, the players' numbers and the pause as of ``now``;
        ``due`` lists the scheduled events in (``since``, ``now``] (none without
        ``since``), ``next_due`` the first after ``now``."""
        static = self.check(archive)
        rules = self.rules(archive)
        played = play(archive, rules, now)
        warnings = list(dict.fromkeys(static + played.warnings))
        eco = played.economy
        state = {}
        here = {m.name for m in archive.players_at(now)}
        for name, s in played.standings.items():
            state[name] = s.as_dict()
            state[name]["owns"] = eco.board.owned_by(name)
            if name not in here:  # 3.3 "removed": off the board, the numbers kept as they were
                state[name]["square"] = None
        game_state = {
            **archive.game_state,
            "paused": played.paused,
            "board": [square.as_dict() for square in eco.board.squares],
            "prices": eco.prices.current(),
        }
        if eco.admin is not None:
            game_state["admin"] = {"name": eco.admin, "money": eco.admin_money}
        return Report(
            profile=self.name,
            now=now,
            since=since,
            matters=played.outcomes,
            state=state,
            game_state=game_state,
            actions=[entry.as_dict() for entry in eco.entries],
            winners=list(eco.winners),
            game_end=eco.game_end,
            due=[] if since is None else due_between(since, now, rules.tz),
            next_due=next_due(now, rules.tz),
            warnings=warnings,
        )
