"""Judgement (rule 3.2): Judge elections by candidacy messages, and public votes of
confidence on a ruling.

Readings (README):

* A candidacy belongs to the week it was posted in, and its reactions are read as
  they stood when that week ended, from people who were players then. Its author
  must be reputable when posting it (else ``invalid``) and still a player when the
  week ends to become the Judge.
* A candidacy message deleted before its week ended is withdrawn: ``not popular``.
* Ties on favour reactions go to the candidate whose earliest text message that week
  came first: their matters posted that week and their recorded ``message`` events
  (their candidacy is one); at one second, the archive's order.
* ``judge`` is the latest winner by ``now``; with none, the roster's ``judge`` role
  (``from`` null).
* A confidence vote may begin at the ruling's instant and up to four days after it,
  to the second (else ``invalid``); votes are the poll's reactions as they stood when
  its two days ended, like a proposal's.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from gamestate.profiles.core import Matter, Outcome
from gamestate.profiles.infinite_nomic import clauses
from gamestate.profiles.infinite_nomic.books import Books, show
from gamestate.profiles.infinite_nomic.checks import ruling_at
from gamestate.profiles.infinite_nomic.phases import Week, week_of
from gamestate.profiles.infinite_nomic.reactions import count_poll, count_votes

__all__ = ["decide_candidacies", "decide_confidence_votes"]

CONFIDENCE_WINDOW = timedelta(days=4)
CONFIDENCE_LENGTH = timedelta(days=2)


def _first_message(books: Books, player: str, week: Week) -> tuple[datetime, int]:
    """When ``player`` first sent a text message during ``week`` (and a tie-break)."""
    sent = [
        (m.posted_at, i)
        for i, m in enumerate(books.archive.matters)
        if m.author == player and week.contains(m.posted_at)
    ] + [
        (e.at, len(books.archive.matters) + e.index)
        for e in books.archive.events
        if e.type == "message" and e.get("player") == player and week.contains(e.at)
    ]
    return min(sent) if sent else (week.ends_at, 1 << 62)


def _elect(
    books: Books, week: Week, popular: Sequence[tuple[Matter, int]]
) -> tuple[Matter | None, str]:
    """The winning candidacy of a week that has ended, and how the tie was broken."""
    eligible = [(m, n) for m, n in popular if books.players_at(week.ends_at)(m.author)]
    if not eligible:
        return None, ""
    most = max(n for _, n in eligible)
    tied = [m for m, n in eligible if n == most]
    tied.sort(key=lambda m: _first_message(books, m.author, week))
    if len({m.author for m in tied}) > 1:
        first = _first_message(books, tied[0].author, week)[0]
        return tied[0], (
            f"; tied on {most} with {', '.join(sorted({m.author for m in tied[1:]}))}, broken"
            f" by {tied[0].author}'s earliest text message that week at {show(first)}"
            f' ("{clauses.JUDGE_TIES}")'
        )
    return tied[0], ""


def decide_candidacies(books: Books) -> tuple[dict[str, Outcome], dict[str, Any] | None]:
    """Every Judge candidacy posted by ``now``: its verdict; and the Judge at ``now``."""
    now = books.now
    outcomes: dict[str, Outcome] = {}
    weeks: dict[datetime, list[tuple[Matter, int]]] = {}
    for m in books.archive.matters:
        if m.kind != "judge_candidacy" or m.posted_at > now:
            continue
        week = week_of(m.posted_at)
        closed = now >= week.ends_at
        read_at = week.ends_at if closed else now
        deleted = m.deleted_at
        withdrawn = deleted is not None and deleted < week.ends_at and deleted <= now
        count = count_votes(
            () if withdrawn else m.votes,
            read_at,
            books.rules.reactions,
            books.players_at(read_at),
            through=not closed,
        )
        books.ignore(m, count.ignored, read_at)
        numbers: dict[str, Any] = {
            "for": count.favour_reactions,
            "against": count.against_reactions,
            "closes_at": week.ends_at,
            "elected": False,
        }
        tally = f"{count.favour_reactions} favour, {count.against_reactions} against"
        if not books.is_reputable(m.author, m.posted_at):
            outcomes[m.id] = Outcome(
                "invalid",
                clauses.JUDGE_CANDIDATE,
                f"{books.reputation.why(m.author, m.posted_at)}, so was not reputable when"
                f" standing at {show(m.posted_at)}",
                None,
                numbers,
            )
        elif withdrawn and deleted is not None:
            outcomes[m.id] = Outcome(
                "not popular",
                clauses.JUDGE_POPULAR,
                f"the candidacy message was deleted at {show(deleted)}, before the"
                f" week ended at {show(week.ends_at)}: withdrawn",
                None,
                numbers,
            )
        elif not closed:
            outcomes[m.id] = Outcome(
                "open",
                clauses.JUDGE_ELECTED,
                f"so far {tally} reactions from players; the week ends at {show(week.ends_at)}",
                week.ends_at,
                numbers,
            )
        else:
            popular = count.favour_reactions > count.against_reactions
            if popular:
                weeks.setdefault(week.starts_at, []).append((m, count.favour_reactions))
            outcomes[m.id] = Outcome(
                "popular" if popular else "not popular",
                clauses.JUDGE_POPULAR,
                f"{tally} reactions from players when the week ended at"
                f" {show(week.ends_at)}: {'more' if popular else 'not more'} favour than"
                " against",
                None,
                numbers,
            )
    judge: dict[str, Any] | None = None
    for start in sorted(weeks):
        week = week_of(start)
        winner, tie = _elect(books, week, weeks[start])
        if winner is None:
            continue
        judge = {"name": winner.author, "from": week.ends_at}
        o = outcomes[winner.id]
        outcomes[winner.id] = Outcome(
            o.outcome,
            o.clause,
            f"{o.reason}; the most favour reactions of the week's popular candidacies:"
            f" {winner.author} becomes the Judge at {show(week.ends_at)}{tie}",
            None,
            {**o.numbers, "elected": True},
        )
    if judge is None:
        incumbent = next((m for m in books.archive.roster if "judge" in m.roles), None)
        if incumbent is not None:
            judge = {"name": incumbent.name, "from": None}
    return outcomes, judge


def decide_confidence_votes(books: Books) -> dict[str, Outcome]:
    """Every vote of confidence begun by ``now``: ``overturned``, ``stands``, ``open``
    or ``invalid``."""
    now = books.now
    outcomes: dict[str, Outcome] = {}
    for m in books.archive.matters:
        if m.kind != "confidence_vote" or m.posted_at > now:
            continue
        ruled = ruling_at(books.archive, m)
        closes = m.posted_at + CONFIDENCE_LENGTH
        numbers: dict[str, Any] = {"overturn": 0, "affirm": 0, "closes_at": closes}
        if not ruled <= m.posted_at <= ruled + CONFIDENCE_WINDOW:
            when = "before the ruling" if m.posted_at < ruled else "more than 4 days after it"
            outcomes[m.id] = Outcome(
                "invalid",
                clauses.CONFIDENCE_WINDOW,
                f"the poll began at {show(m.posted_at)}, {when} (ruling at {show(ruled)})",
                None,
                {**numbers, "closes_at": None},
            )
            continue
        closed = now >= closes
        read_at = closes if closed else now
        count = count_poll(
            m.votes, read_at, books.rules.poll, books.players_at(read_at), through=not closed
        )
        books.ignore(m, count.ignored, read_at)
        numbers.update(overturn=len(count.overturn), affirm=len(count.affirm))
        unclear = (
            f' ({len(count.unclear)} unclear, to affirm: "{clauses.CONFIDENCE_UNCLEAR}")'
            if count.unclear
            else ""
        )
        tally = f"{len(count.overturn)} to overturn, {len(count.affirm)} to affirm{unclear}"
        if not closed:
            outcomes[m.id] = Outcome(
                "open",
                clauses.CONFIDENCE_PERIOD,
                f"votes may be cast until {show(closes)}; so far {tally}",
                closes,
                numbers,
            )
            continue
        overturned = len(count.overturn) > len(count.affirm)
        outcomes[m.id] = Outcome(
            "overturned" if overturned else "stands",
            clauses.CONFIDENCE_OVERTURNED,
            f"{tally} when the poll closed at {show(closes)}:"
            f" {'strictly more' if overturned else 'not strictly more'} to overturn",
            None,
            numbers,
        )
    return outcomes
