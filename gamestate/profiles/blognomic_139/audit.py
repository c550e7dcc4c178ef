"""The Admins' record beside the bot's: each resolved Votable Matter judged at its moment.

For every Votable Matter the blog shows resolved (Enacted, Failed, Vetoed,
Self-Killed or Illegal), :func:`audit_resolutions` puts the Admin's record (the
status, and the note read by :func:`gamestate.profiles.blognomic_139.admin_notes.parse_admin_note`)
beside the bot's own verdict and tally at the instant it was resolved, and
lists the disagreements, each with the clause that explains it when one does.

The instant: the matter is evaluated at its ``resolved_at`` with itself still
pending. Comments published up to and including that second count (blog times
are whole seconds, so a Vote in the same second gets the benefit of the doubt);
other matters resolved in that same second count as already resolved (their
order within the second is unknown, so none is taken to block another).

A matter whose resolution time is not known cannot be judged at its moment: it
is reported with ``bot = None`` and a note, never guessed.

Speed: :func:`evaluate` reads every post of the game, so evaluating a twenty-year
game at each of its fifteen thousand resolutions would read it fifteen thousand
times. The rest of the history comes from the :class:`Timeline`, derived once;
of the posts, only the Proposals pending at the instant bear on the matter's
verdict (which is the oldest), and only by their times and ids. So each matter
is evaluated with those alone, stripped of their comments, found by one sweep
over the game (:func:`pending_windows`).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum

from gamestate.profiles.archive import format_time
from gamestate.profiles.blognomic_139.admin_notes import AdminNote, Outcome, parse_admin_note
from gamestate.profiles.blognomic_139.calendar import require_utc
from gamestate.profiles.blognomic_139.evaluate import evaluate
from gamestate.profiles.blognomic_139.legality import PostCheck
from gamestate.profiles.blognomic_139.models import Category, Game, Post, PostStatus
from gamestate.profiles.blognomic_139.roster import Roster
from gamestate.profiles.blognomic_139.status import MatterStatus
from gamestate.profiles.blognomic_139.tally import Tally, tally
from gamestate.profiles.blognomic_139.timeline import Timeline
from gamestate.profiles.blognomic_139.verdicts import Clause, Verdict
from gamestate.profiles.blognomic_139.votes import Vote

__all__ = [
    "TODAYS",
    "AuditSummary",
    "Disagreement",
    "Discrepancy",
    "MatterAudit",
    "audit_resolutions",
    "pending_windows",
]

TODAYS = "no roster of the day"
"""How a note saying the evaluation used today's roster begins."""

_RULE = {
    Category.PROPOSAL.value: "Resolution of Proposals",
    Category.CFJ.value: "Calls for Judgement",
    Category.DOV.value: "Victory and Ascension",
}
"""The rule that resolves each kind of Votable Matter."""

_FAILED = frozenset(
    {PostStatus.FAILED, PostStatus.VETOED, PostStatus.SELF_KILLED, PostStatus.ILLEGAL}
)
_NOTE_OUTCOME = {
    PostStatus.ENACTED: {Outcome.ENACTED},
    PostStatus.FAILED: {Outcome.FAILED, Outcome.WITHDRAWN, Outcome.VETOED, Outcome.SELF_KILLED},
    PostStatus.VETOED: {Outcome.VETOED, Outcome.FAILED},
    PostStatus.SELF_KILLED: {Outcome.SELF_KILLED, Outcome.FAILED, Outcome.WITHDRAWN},
    PostStatus.ILLEGAL: {Outcome.ILLEGAL, Outcome.FAILED},
}
"""The note outcomes consistent with each status the blog shows."""


class Discrepancy(StrEnum):
    """The kinds of disagreement between an Admin's resolution and the bot."""

    RESOLVED_EARLY = "resolved-early"
    """Resolved before the clock (or the votes) allowed: the bot says wait then."""
    NOT_OLDEST = "not-oldest"
    """A Proposal resolved while not the oldest pending Proposal."""
    BLOCKED = "blocked"
    """Resolved while a rule forbade it (Hiatus, Seasonal Downtime)."""
    OUTCOME = "outcome"
    """Enacted where the bot says fail, or failed where it says enact."""
    STATUS = "status"
    """The blog says Vetoed or Self-Killed, and the bot's tally does not show it."""
    TALLY = "tally"
    """The note's FOR-AGAINST is not the bot's count."""
    QUORUM = "quorum"
    """The note's Quorum is not the bot's."""


@dataclass(frozen=True)
class Disagreement:
    """One way the Admin's record and the bot differ."""

    kind: Discrepancy
    """What kind of disagreement."""
    what: str
    """The disagreement in words, with both sides' numbers."""
    clause: str | None
    """The clause of the Ruleset (with the numbers) that explains it, or None when
    nothing the bot knows explains it."""


@dataclass(frozen=True)
class MatterAudit:
    """One resolved Votable Matter: the Admin's record, the bot's, and how they differ."""

    post: Post
    """The post as the blog shows it now (resolved)."""
    note: AdminNote
    """The Admin's note as data (every field None when there is no note)."""
    bot: MatterStatus | None
    """The bot's verdict and tally at the instant of resolution; None when the matter
    cannot be judged at its moment (see ``notes``)."""
    disagreements: tuple[Disagreement, ...]
    """How the Admin's record and the bot's differ (empty when they agree)."""
    notes: tuple[str, ...]
    """What a reader should know: a missing roster of the day, a missing note, etc."""
    roster: str | None = None
    """Which roster the bot used (a snapshot of the day, or today's); None if not judged."""

    @property
    def agrees(self) -> bool | None:
        """True or False; None when the matter cannot be judged."""
        if self.bot is None:
            return None
        return not self.disagreements

    @property
    def is_judgeable(self) -> bool:
        """Could the bot evaluate the matter at the instant it was resolved?"""
        return self.bot is not None


@dataclass(frozen=True)
class AuditSummary:
    """The counts of an audit."""

    matters: int
    """Resolved Votable Matters audited."""
    agreements: int
    """Judged, and no disagreement."""
    disagreements: int
    """Judged, with at least one disagreement."""
    not_judgeable: int
    """No resolution time (or an impossible one): not judged."""
    by_kind: tuple[tuple[Discrepancy, int], ...]
    """Matters with each kind of disagreement, in the enum's order, zeros left out."""
    todays_roster: int
    """Judged with today's roster, the mirror having no roster of the day."""

    @classmethod
    def from_audits(cls, audits: Sequence[MatterAudit]) -> AuditSummary:
        """Counts ``audits``."""
        kinds = [
            (k, sum(any(d.kind is k for d in a.disagreements) for a in audits)) for k in Discrepancy
        ]
        return cls(
            matters=len(audits),
            agreements=sum(a.agrees is True for a in audits),
            disagreements=sum(a.agrees is False for a in audits),
            not_judgeable=sum(a.agrees is None for a in audits),
            by_kind=tuple((k, n) for k, n in kinds if n),
            todays_roster=sum(any(n.startswith(TODAYS) for n in a.notes) for a in audits),
        )


def pending_windows(
    game: Game, instants: Sequence[datetime]
) -> Iterator[tuple[datetime, tuple[Post, ...]]]:
    """For each instant, ascending, the Votable Matters pending at it as
    :func:`gamestate.as_of` reads them: posted by then, and not resolved by then (a
    post resolved at an unknown time is never pending). One sweep over the game."""
    votable = sorted((p for p in game.posts if p.is_votable), key=lambda p: p.posted_at)
    open_: list[tuple[datetime, int, Post]] = []  # (when it stops pending, order, post)
    i = 0
    for t in sorted(set(instants)):
        while i < len(votable) and votable[i].posted_at <= t:
            p = votable[i]
            if p.status is PostStatus.PENDING:
                heapq.heappush(open_, (datetime.max.replace(tzinfo=t.tzinfo), i, p))
            elif p.resolved_at is not None:
                heapq.heappush(open_, (p.resolved_at, i, p))
            i += 1
        while open_ and open_[0][0] <= t:
            heapq.heappop(open_)
        yield t, tuple(p for _, _, p in sorted(open_, key=lambda e: e[1]))


def audit_resolutions(
    game: Game,
    *,
    since: datetime | None = None,
    timeline: Timeline | None = None,
    extra_checks: Sequence[PostCheck] = (),
) -> tuple[MatterAudit, ...]:
    """Every resolved Votable Matter of ``game`` (resolved at or after ``since``, if
    given: then those with no resolution time are left out), oldest resolution first,
    those with no resolution time last."""
    if since is not None:
        since = require_utc(since, "since")
    if timeline is None:
        timeline = Timeline.from_game(game, extra_checks=extra_checks)
    resolved = [p for p in game.posts if p.is_votable and p.status is not PostStatus.PENDING]
    dated = sorted(
        (p for p in resolved if p.resolved_at is not None),
        key=lambda p: (p.resolved_at, p.posted_at, p.id),
    )
    undated = sorted((p for p in resolved if p.resolved_at is None), key=lambda p: p.posted_at)
    if since is not None:
        dated = [p for p in dated if p.resolved_at is not None and p.resolved_at >= since]
        undated = []
    by_instant: dict[datetime, list[Post]] = {}
    for p in dated:
        assert p.resolved_at is not None
        by_instant.setdefault(p.resolved_at, []).append(p)
    out: list[MatterAudit] = []
    bare: dict[str, Post] = {}
    for t, window in pending_windows(game, list(by_instant)):
        # Only the pending Proposals' times and ids bear on another matter's verdict
        # (which is the oldest); their Votes do not, so they are evaluated without them.
        others = tuple(
            bare.setdefault(p.id, replace(p, comments=()))
            for p in window
            if p.category == Category.PROPOSAL.value
        )
        for post in by_instant[t]:
            out.append(_audit_at(game, post, t, others, timeline))
    for post in undated:
        note = parse_admin_note(post.admin_note or "")
        out.append(
            MatterAudit(
                post,
                note,
                None,
                (),
                (
                    "the mirror does not record when it was resolved, so it cannot be "
                    "judged at its moment",
                ),
            )
        )
    return tuple(out)


def _audit_at(
    game: Game, post: Post, t: datetime, window: tuple[Post, ...], timeline: Timeline
) -> MatterAudit:
    note = parse_admin_note(post.admin_note or "")
    notes = _record_notes(post, note)
    if post.posted_at > t:
        notes.append(
            f"the mirror says it was resolved at {_iso(t)}, before it was posted "
            f"({_iso(post.posted_at)}), so it cannot be judged at its moment"
        )
        return MatterAudit(post, note, None, (), tuple(notes))
    reopened = replace(post, status=PostStatus.PENDING, admin_note=None, resolved_at=None)
    view = replace(game, posts=(*window, reopened))
    status = evaluate(view, t, timeline=timeline)
    bot = next(m for m in status.matters if m.post.id == post.id)
    roster = timeline.reigns.roster_at(t)
    if timeline.reigns.snapshot_at(t) is None:
        notes.append(f"{TODAYS}: judged with {status.roster_source}")
    notes.extend(status.warnings)
    notes.extend(bot.warnings)
    found = _verdict_disagreements(post, bot, t, status.boss)
    found += _tally_disagreements(post, note, bot, roster, t, game)
    if note.quorum is not None and note.quorum != bot.quorum:
        found.append(
            Disagreement(
                Discrepancy.QUORUM,
                f"the note's Quorum {note.quorum} is not the bot's Quorum {bot.quorum}",
                f'appendix "Quorum": "half the number of {game.terms.player}s in that '
                f'subset, rounded down, plus one": {roster.size} active in '
                f"{status.roster_source} give {bot.quorum}",
            )
        )
    return MatterAudit(post, note, bot, tuple(found), tuple(notes), status.roster_source)


def _record_notes(post: Post, note: AdminNote) -> list[str]:
    """What the Admin's record itself lacks or contradicts."""
    notes = []
    if not (post.admin_note or "").strip():
        notes.append("no Admin's note")
    else:
        if note.outcome is not None and note.outcome not in _NOTE_OUTCOME[post.status]:
            notes.append(f"the note says {note.outcome.value}, the blog shows {post.status.value}")
        if note.for_ is None and note.against is None:
            notes.append("the note gives no tally")
        if note.admin is None:
            notes.append("the note names no Admin")
    if post.status is PostStatus.ILLEGAL:
        notes.append(
            "the blog shows it Illegal: the bot takes that marking as given from its posting"
        )
    return notes


def _verdict_disagreements(
    post: Post, bot: MatterStatus, t: datetime, boss: str | None
) -> list[Disagreement]:
    rule = _RULE[post.category]
    d = bot.decision
    done = post.status.value.lower()
    if d.verdict is Verdict.WAIT:
        then = (
            f"; with no new Votes it could be resolved from {_iso(bot.decidable_at)}"
            if bot.decidable_at is not None
            else ""
        )
        return [
            Disagreement(
                Discrepancy.RESOLVED_EARLY,
                f"{done} at {_iso(t)}, before the Ruleset allowed it: the bot says wait",
                f'rule "{rule}": no clause allows a resolution yet ({d.why}){then}',
            )
        ]
    if d.verdict is Verdict.BLOCKED:
        if d.clause is Clause.NOT_OLDEST:
            return [
                Disagreement(
                    Discrepancy.NOT_OLDEST,
                    f"{done} while not the oldest pending Proposal",
                    f'rule "{rule}": only "the oldest pending Proposal" may be enacted or '
                    f"failed; {d.why}",
                )
            ]
        return [
            Disagreement(
                Discrepancy.BLOCKED, f"{done} at {_iso(t)}, when the Ruleset forbade it", d.why
            )
        ]
    found = []
    admin_enacted = post.status is PostStatus.ENACTED
    if admin_enacted != (d.verdict is Verdict.ENACT):
        said = "enact" if d.verdict is Verdict.ENACT else "fail"
        found.append(
            Disagreement(
                Discrepancy.OUTCOME,
                f"{done}, but the bot says {said}",
                f'rule "{rule}" ({d.clause.value}): {d.why}',
            )
        )
    if post.status is PostStatus.VETOED and not bot.tally.vetoed:
        why = [w for w in bot.tally.warnings if "VETO" in w]
        found.append(
            Disagreement(
                Discrepancy.STATUS,
                f"marked Vetoed, but the bot sees no VETO by the Boss ({boss or 'none then'})",
                f'rule "Special Proposal Voting": "The Boss may use VETO"; {"; ".join(why)}'
                if why
                else None,
            )
        )
    if post.status is PostStatus.SELF_KILLED and not bot.tally.self_killed:
        found.append(
            Disagreement(
                Discrepancy.STATUS,
                f"marked Self-Killed, but the bot sees no AGAINST by its author {post.author}",
                None,
            )
        )
    return found


def _tally_disagreements(
    post: Post, note: AdminNote, bot: MatterStatus, roster: Roster, t: datetime, game: Game
) -> list[Disagreement]:
    if note.for_ is None and note.against is None:
        return []
    mine = bot.tally
    if _matches(note, mine):
        return []
    what = (
        f"the Admin's tally {_show(note.for_, note.against)} is not the bot's "
        f"FOR {mine.for_count}, AGAINST {mine.against_count}"
    )
    return [Disagreement(Discrepancy.TALLY, what, _explain_tally(post, note, bot, roster, t, game))]


def _explain_tally(
    post: Post, note: AdminNote, bot: MatterStatus, roster: Roster, t: datetime, game: Game
) -> str | None:
    """The clause behind the Admin's other count, when one hypothesis reproduces it."""
    terms = game.terms
    seen = bot.post  # the matter as the bot saw it: comments up to ``t``
    late = [c for c in post.comments if c.posted_at > t]
    commenters = {c.author for c in seen.comments}
    idle = sorted(commenters & roster.idle)
    stranger = sorted(commenters - roster.active - roster.idle)
    loose = Roster(roster.active | roster.idle, roster.boss, frozenset())
    looser = Roster(roster.active | roster.idle | frozenset(stranger), roster.boss, frozenset())
    full = replace(seen, comments=post.comments)
    if late and _matches(note, tally(full, roster, terms=terms)):
        votes = ", ".join(f"{c.author} at {_iso(c.posted_at)}" for c in late)
        return (
            f'rule "Votable Matters": a Vote is "the last valid voting icon that they have '
            f"used\"; the Admin's count matches the comments after the resolution at {_iso(t)} "
            f"counted too ({votes})"
        )
    if idle and _matches(note, tally(seen, loose, terms=terms)):
        return (
            f'rule "Idle {terms.player}s": "Idle {terms.player}s are not counted as '
            f"{terms.player}s\"; the Admin's count matches with the Votes of "
            f"{', '.join(idle)} (Idle then) counted"
        )
    if stranger and _matches(note, tally(seen, looser, terms=terms)):
        return (
            f'rule "Votable Matters": "A non-{terms.player} never has a Vote"; the Admin\'s '
            f"count matches with the Votes of {', '.join(stranger)} (not on the roster then) "
            "counted"
        )
    if (late or idle or stranger) and _matches(note, tally(full, looser, terms=terms)):
        return (
            "the Admin's count matches with the Votes after the resolution and those of "
            f"players not counted then ({', '.join(idle + stranger)}) counted: "
            f'rules "Votable Matters" and "Idle {terms.player}s"'
        )
    mine = bot.tally
    implicit = mine.evc.get(post.author, "") is None and mine.votes.get(post.author) is Vote.FOR
    if implicit and note.for_ == mine.for_count - 1 and note.against in (None, mine.against_count):
        return (
            f'rule "Votable Matters": "if the author of a Votable Matter has not used a valid '
            f"voting icon in a comment to the post, then the author's Vote is FOR\": the "
            f"Admin's count leaves out {post.author}'s implicit FOR"
        )
    return None


def _matches(note: AdminNote, t: Tally) -> bool:
    return (note.for_ is None or note.for_ == t.for_count) and (
        note.against is None or note.against == t.against_count
    )


def _show(f: int | None, a: int | None) -> str:
    return f"FOR {'?' if f is None else f}, AGAINST {'?' if a is None else a}"


def _iso(moment: datetime | None) -> str:
    return "?" if moment is None else format_time(moment)
