"""BoredNomic's weeks played out, up to ``now``: every proposal's verdict, the
players' numbers and the pause (rules 8, 9, 10, 12, 15).

At one instant, the scheduled change comes first (the Rule Proposition Period
ending, the Voting Period closing), then recorded events in the archive's order
(a pause, a veto), then proposals in the archive's order. So a proposal sent at the
instant of a pause is made during the pause, and a veto recorded at the instant
voting closes comes too late.

Readings (README):

* "turn" in rule 15 is the week: a player who makes no proposal in a week's Rule
  Proposition Period gains 1 PropositionsInReserve when it ends (Thursday 00:00
  local), one who votes on none of the week's proposals gains 1 VotesInReserve
  when the Voting Period ends (Sunday 00:00 local); nothing is gained in a week
  the game is paused then ("During a pause, no turns are taken").
* A player's proposal beyond the two a week spends 1 PropositionsInReserve, when
  sent, if they hold one; if not, their oldest proposal of the week is no longer
  considered ("only the last two sent will be considered").
* A proposal sent Thursday to Sunday is late for its week; it is not carried over.
* The Admin proposes only while the game is paused (10.2), and then the last
  proposal sent that week is the one considered; it unpauses the game if accepted.
  A player's proposal sent before a pause stands.
* A veto counts when the Admin records it before voting closes; one recorded later,
  or by anyone else, is a warning and changes nothing.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from gamestate.profiles.borednomic import clauses
from gamestate.profiles.borednomic.ballots import Ballot, ballots_for, spend_reserves, tally
from gamestate.profiles.borednomic.changes import cut
from gamestate.profiles.borednomic.checks import matter_ref
from gamestate.profiles.borednomic.economy import Economy
from gamestate.profiles.borednomic.schedule import (
    PROPOSITION_BEGINS,
    VOTING_BEGINS,
    Week,
    due_between,
    local_text,
    week_of,
)
from gamestate.profiles.borednomic.sendback import admin_in_voting, send_back
from gamestate.profiles.borednomic.standing import Standing
from gamestate.profiles.core import Archive, Event, Matter, Member, Outcome

__all__ = ["Played", "Rules", "play"]


@dataclass(frozen=True)
class Rules:
    """The settings, resolved."""

    tz: ZoneInfo
    early_votes: str = "count"
    repeated_votes: str = "last"


@dataclass
class Played:
    """What the weeks came to, as of ``now``."""

    outcomes: dict[str, Outcome]
    standings: dict[str, Standing]
    paused: bool
    warnings: list[str]
    economy: Economy


@dataclass
class _WeekBook:
    """One week's proposals as they arrive."""

    considered: dict[str, list[Matter]] = field(default_factory=dict)
    """Author -> their proposals still considered, oldest first."""
    extras: dict[str, int] = field(default_factory=dict)
    """Author -> PropositionsInReserve spent this week."""
    made: set[str] = field(default_factory=set)


def _money(amount: int) -> str:
    return f"-${-amount}" if amount < 0 else f"${amount}"


class _Game:
    def __init__(self, archive: Archive, rules: Rules, now: datetime) -> None:
        self.archive = archive
        self.rules = rules
        self.now = now
        self.admins = {m.name for m in archive.roster if "admin" in m.roles}
        self.players: dict[str, Member] = {
            m.name: m for m in archive.roster if m.player and m.name not in self.admins
        }
        self.standings = {name: Standing.from_state(m.state) for name, m in self.players.items()}
        self.paused = archive.game_state.get("paused") is True
        self.order = {m.id: i for i, m in enumerate(archive.matters)}
        self.outcomes: dict[str, Outcome] = {}
        self._warnings: dict[str, None] = {}
        self.vetoes: dict[str, Event] = {}
        self.economy = Economy(archive, self.standings, self.players, self.admins, rules.tz)
        self.economy.accepted = self.accepted_by

    # What the rules merely ignore, said once each.
    def warn(self, record: str, message: str, clause: str) -> None:
        self._warnings[f'{record}: {message} ("{clause}")'] = None

    def local(self, moment: datetime) -> str:
        return local_text(moment, self.rules.tz)

    def play(self) -> Played:
        now = self.now
        matters = [m for m in self.archive.matters if m.posted_at <= now]
        events = [e for e in self.archive.events if e.at <= now]
        instants = sorted(
            [m.posted_at for m in matters]
            + [e.at for e in events]
            + [t for m in self.archive.roster for t in (m.joined_at, m.left_at) if t is not None]
        )
        instants = [t for t in instants if t <= now]
        self.record_vetoes(events)
        # The roster's state is as of the archive's start: changes due at or before it
        # are already in it.
        start = instants[0] if instants else now
        week = week_of(start, self.rules.tz)
        # Each week's matters and events by bisection (a week's own keep the archive's
        # order), so that a long game costs no week a pass over the whole archive.
        by_time = sorted(matters, key=lambda m: m.posted_at)
        posted = [m.posted_at for m in by_time]
        event_times = [e.at for e in events]  # the archive's events are in time order
        while week.starts_at <= now:
            i = bisect_left(instants, week.starts_at)
            idle = i == len(instants) or instants[i] >= week.ends_at
            if idle and (self.paused or self.saturated(week.starts_at)):
                # Nothing can change until the next record: skip the empty weeks.
                j = bisect_left(instants, week.ends_at)
                if j == len(instants):
                    break
                week = week_of(instants[j], self.rules.tz)
                continue
            lo, hi = bisect_left(posted, week.starts_at), bisect_left(posted, week.ends_at)
            self.play_week(
                week,
                start,
                sorted(by_time[lo:hi], key=lambda m: self.order[m.id]),
                events[
                    bisect_left(event_times, week.starts_at) : bisect_left(
                        event_times, week.ends_at
                    )
                ],
            )
            week = week_of(week.ends_at, self.rules.tz)
        # 9.6: the Admin's $1 as each period begins, until the game ends.
        end = self.economy.game_end["day"] if self.economy.game_end else now
        self.economy.admin_money += sum(
            1
            for d in due_between(start, end, self.rules.tz)
            if d["event"] in (PROPOSITION_BEGINS, VOTING_BEGINS)
        )
        return Played(
            outcomes={m.id: self.outcomes[m.id] for m in matters if m.id in self.outcomes},
            standings=self.standings,
            paused=self.paused,
            warnings=list(self._warnings),
            economy=self.economy,
        )

    def saturated(self, moment: datetime) -> bool:
        return all(
            self.standings[name].is_saturated()
            for name, m in self.players.items()
            if m.present_at(moment)
        )

    def record_vetoes(self, events: list[Event]) -> None:
        """8.5: the Admin's vetoes, each checked once."""
        for e in events:
            if e.type != "admin_veto":
                continue
            record = f"event {e.index} (admin_veto)"
            by, matter_id = e.get("by"), matter_ref(e.get("matter"))
            matter = self.archive.matter(matter_id) if matter_id is not None else None
            if matter_id is None or matter is None or e.at < matter.posted_at:
                continue  # refused by check()
            if not admin_in_voting(self, e, record, f"{cut(by)!r}", matter, ("veto", clauses.VETO)):
                continue
            self.vetoes.setdefault(matter_id, e)

    def play_week(
        self, week: Week, start: datetime, matters: list[Matter], events: list[Event]
    ) -> None:
        book = _WeekBook()
        now = self.now
        # (at, rank at one instant, order, what): scheduled, then events, then proposals.
        steps: list[tuple[datetime, int, int, Event | Matter | str]] = []
        if start < week.proposals_due <= now:
            steps.append((week.proposals_due, 0, 0, "propositions end"))
        if start < week.closes_at <= now:
            steps.append((week.closes_at, 0, 1, "voting ends"))
        # 7.2 at one instant: actions, then dice rolls, then what movement triggers.
        # A send-back comes after the proposals of its instant: it sends one of them back.
        steps.extend(
            (
                e.at,
                3 if e.type == "send_back" else 1,
                _phase(e) * len(self.archive.events) + e.index,
                e,
            )
            for e in events
        )
        steps.extend((m.posted_at, 2, self.order[m.id], m) for m in matters)
        for _, _, _, step in sorted(steps, key=lambda s: s[:3]):
            if isinstance(step, Event):
                self.event(step, book)
            elif isinstance(step, Matter):
                self.proposal(step, week, book)
            elif step == "propositions end":
                self.propositions_end(week, book)
            else:
                self.close(week, book, final=True)
        if now < week.closes_at:
            self.close(week, book, final=False)

    def event(self, e: Event, book: _WeekBook) -> None:
        if e.type == "pause":
            if self.paused:
                self.warn(f"event {e.index} (pause)", "the game is already paused", clauses.PAUSE)
            self.paused = True
        elif e.type == "send_back":
            send_back(self, e, book.considered)
        elif e.type != "admin_veto":
            self.economy.apply(e, paused=self.paused)

    def accepted_by(self, matter_id: str, at: datetime) -> str | None:
        """None if proposal ``matter_id`` was accepted by ``at``, else why not (8.4)."""
        outcome = self.outcomes.get(matter_id)
        if outcome is None or outcome.outcome == "open":
            return f"{cut(matter_id)} has not been accepted by {self.local(at)}"
        if outcome.outcome != "accepted":
            return f"{cut(matter_id)} is {outcome.outcome}"
        return None

    # Proposals (8, 9.2, 10).
    def proposal(self, m: Matter, week: Week, book: _WeekBook) -> None:
        author = m.author
        is_admin = author in self.admins
        member = self.players.get(author)
        refused: tuple[str, str] | None = None
        if is_admin:
            if not self.paused:
                refused = (
                    clauses.ADMIN_NOT_PLAYER,
                    f"{author} is the Admin, who proposes only while the game is paused",
                )
        elif member is None or not member.present_at(m.posted_at):
            refused = (clauses.PLAYERS_PROPOSE, f"{cut(author)} is not a player when it was sent")
        elif self.paused:
            refused = (clauses.PAUSE, f"sent {self.local(m.posted_at)}, while the game is paused")
        elif self.economy.game_end is not None:
            refused = (clauses.GAME_ENDS, f"{self.economy.game_end['winner']} has won the game")
        elif self.standings[author].is_bankrupt():
            money = self.standings[author].money
            refused = (clauses.BANKRUPT_MAY_NOT, f"{author} has {_money(money)}: bankrupt")
        if refused is not None:
            self.outcomes[m.id] = Outcome("invalid", refused[0], refused[1], None, {})
            return
        if m.posted_at >= week.proposals_due:
            self.outcomes[m.id] = Outcome(
                "late",
                clauses.PROPOSAL_DEADLINE,
                f"sent {self.local(m.posted_at)}; proposals were due before"
                f" {self.local(week.proposals_due)}",
                None,
                {},
            )
            return
        book.made.add(author)
        kept = book.considered.setdefault(author, [])
        limit = 1 if is_admin else 2 + book.extras.get(author, 0)
        if len(kept) < limit:
            kept.append(m)
            return
        standing = self.standings.get(author)
        if not is_admin and standing is not None and standing.propositions_in_reserve > 0:
            standing.propositions_in_reserve -= 1
            book.extras[author] = book.extras.get(author, 0) + 1
            kept.append(m)
            return
        old = kept.pop(0)
        kept.append(m)
        if is_admin:
            clause = clauses.ADMIN_ONLY_PROPOSAL
            why = f"the Admin sent {cut(m.id)} later that week; the last one sent is the proposal"
        else:
            clause = clauses.TWO_PROPOSALS
            why = (
                f"{author} sent {cut(m.id)} later that week with no PropositionsInReserve to"
                f" spend; only the last {limit} sent are considered"
            )
        self.outcomes[old.id] = Outcome("not considered", clause, why, None, {})

    def propositions_end(self, week: Week, book: _WeekBook) -> None:
        """15.1 at the end of the Rule Proposition Period."""
        if self.paused:
            return
        for name, member in self.players.items():
            if name not in book.made and member.present_at(week.proposals_due):
                self.standings[name].add_proposition_in_reserve()

    def eligible(self, voter: str, at: datetime) -> tuple[str, str] | None:
        if voter in self.admins:
            return f"{voter} is the Admin", clauses.ADMIN_NOT_PLAYER
        member = self.players.get(voter)
        if member is None or not member.present_at(at):
            return f"{voter} is not a player then", clauses.VOTE_WORDS
        if self.standings[voter].is_bankrupt():
            money = self.standings[voter].money
            return f"{voter} has {_money(money)}: bankrupt", clauses.BANKRUPT_MAY_NOT
        return None

    # The Voting Period (8.3, 8.4, 8.5, 9.3, 10.2, 12.5, 15.2, 15.4).
    def close(self, week: Week, book: _WeekBook, *, final: bool) -> None:
        proposals = sorted(
            (m for kept in book.considered.values() for m in kept),
            key=lambda m: (m.posted_at, self.order[m.id]),
        )
        votes = {
            m.id: ballots_for(
                m,
                week,
                self.now,
                early_votes=self.rules.early_votes,
                repeated_votes=self.rules.repeated_votes,
                eligible=self.eligible,
                warn=self.warn,
            )
            for m in proposals
        }
        live = [b for m in proposals if m.id not in self.vetoes for b in votes[m.id]]
        spent = spend_reserves(live, self.standings, commit=final, warn=self.warn)
        accepted: list[Matter] = []
        for m in proposals:
            yay, nay = tally(votes[m.id], spent)
            numbers: dict[str, Any] = {"yay": yay, "nay": nay, "closes_at": week.closes_at}
            count = f"{yay} Yay, {nay} Nay"
            veto = self.vetoes.get(m.id)
            if veto is not None:
                self.outcomes[m.id] = Outcome(
                    "vetoed",
                    clauses.VETO,
                    f"vetoed by {veto.get('by')} {self.local(veto.at)} ({count})",
                    None,
                    numbers,
                )
            elif not final:
                waiting = self.not_voted(votes[m.id], m)
                self.outcomes[m.id] = Outcome(
                    "open",
                    clauses.VOTE_DEADLINE,
                    f"{count} so far; voting closes {self.local(week.closes_at)}"
                    f" ({waiting} not voted: Abstain unless they vote)",
                    week.closes_at,
                    numbers,
                )
            elif yay > nay:
                accepted.append(m)
                self.outcomes[m.id] = Outcome(
                    "accepted",
                    clauses.ACCEPTED,
                    f"{yay} Yay > {nay} Nay when voting closed {self.local(week.closes_at)}",
                    None,
                    numbers,
                )
            else:
                self.outcomes[m.id] = Outcome(
                    "rejected",
                    clauses.REJECTED,
                    f"{count}: Yay not greater than Nay when voting closed"
                    f" {self.local(week.closes_at)}",
                    None,
                    numbers,
                )
        if not final:
            return
        paused_this_week = self.paused
        unpause = False
        for m in accepted:
            self.award(m, votes[m.id], week.closes_at)
            unpause = unpause or (self.paused and m.author in self.admins)
        if not paused_this_week:
            voted = {b.voter for m in proposals for b in votes[m.id]}
            for name, member in self.players.items():
                if name not in voted and member.present_at(week.closes_at):
                    self.standings[name].add_vote_in_reserve()
        if unpause:
            self.paused = False

    def not_voted(self, ballots: list[Ballot], m: Matter) -> int:
        voted = {b.voter for b in ballots}
        return sum(
            1
            for name, member in self.players.items()
            if name not in voted
            and member.present_at(self.now)
            and not self.standings[name].is_bankrupt()
        )

    def award(self, m: Matter, ballots: list[Ballot], at: datetime) -> None:
        """12.5: the author 10 experience points, each Yay voter 1 (then 12.3)."""
        author = self.players.get(m.author)
        if author is not None and author.present_at(at):
            self.standings[m.author].gain_experience(10)
        for b in ballots:
            if b.value == "Yay":
                self.standings[b.voter].gain_experience(1)


def _phase(e: Event) -> int:
    """7.2 "Actions. Dice Rolls. Movement. Triggered effects from movement." at one instant."""
    if (e.type == "draw" and e.get("what") == "turn") or e.get("action") == "use ticket":
        return 1
    if e.type == "draw" or e.type == "answer":
        return 2
    return 0


def play(archive: Archive, rules: Rules, now: datetime) -> Played:
    """The game as of ``now``: nothing after it is read."""
    return _Game(archive, rules, now).play()
