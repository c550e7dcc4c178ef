"""Which matters an Admin may resolve now, in the order they must be taken.

Pure: a game, an instant and an Admin in; the resolutions to make (each with
its verdict, clause, tally and note in BlogNomic's form) or a refusal naming
the rule out. The mirror, the wiki and the ledger are :mod:`wikibot.resolve.run`'s.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from gamestate import Category, Game, GameStatus, MatterStatus, PostStatus, Verdict, admin_note
from gamestate import evaluate as evaluate_game
from gamestate.dynasties import Dynasty
from gamestate.profiles.blognomic_139.verdicts import Clause
from wikibot.archive import format_time
from wikibot.blog.outcome import status_from_page
from wikibot.resolve.errors import Refused

__all__ = ["Step", "check_admin", "next_step", "plan_steps", "status_word"]


@dataclass(frozen=True)
class Step:
    """One resolution to make: the matter as judged now, and what the Admin sets."""

    matter: MatterStatus
    """The matter, with its verdict, clause, tally and reason."""
    admin: str
    """The resolving Admin."""
    at: datetime
    """When it is resolved (``--now``)."""
    note: str
    """The Admin's note, e.g. "Enacted by Kevan (5-1, Quorum 4)"."""
    status_word: str
    """The status word the Admin sets on the blog."""

    @property
    def post_id(self) -> str:
        """The post resolved."""
        return self.matter.post.id

    @property
    def outcome(self) -> str:
        """``enacted`` or ``failed``."""
        return "enacted" if self.matter.decision.verdict is Verdict.ENACT else "failed"

    @property
    def post_status(self) -> PostStatus:
        """The post's status once resolved (Self-Killed and Vetoed read from the note)."""
        return status_from_page(PostStatus.from_text(self.status_word), self.note)


def status_word(matter: MatterStatus) -> str:
    """The word the classic blog shows: Enacted, Failed, Vetoed or Illegal
    (a Self-Killed matter is Failed; its note says why)."""
    if matter.decision.verdict is Verdict.ENACT:
        return "Enacted"
    if matter.decision.clause is Clause.ILLEGAL:
        return "Illegal"
    if matter.decision.clause is Clause.PROPOSAL_VETOED:
        return "Vetoed"
    return "Failed"


def check_admin(game: Game, name: str) -> None:
    """Appendix "Resolve": "the act, as an Admin, of enacting or failing"; an Idle
    Admin is not counted as a player."""
    player = game.player(name)
    if player is None or not player.admin or player.idle:
        raise Refused(f'--as {name}: not an active Admin (Appendix "Resolve": "as an Admin")')


def _order(matter: MatterStatus) -> tuple[int, datetime, str]:
    # Rule "Resolution of Proposals" first (the oldest, then stale or illegal ones),
    # then Calls for Judgement and Declarations of Victory in posting order.
    first = 0 if matter.post.category == Category.PROPOSAL.value else 1
    return (first, matter.post.posted_at, matter.post.id)


def _is_decidable(matter: MatterStatus) -> bool:
    return matter.decision.verdict in (Verdict.ENACT, Verdict.FAIL)


def _step(matter: MatterStatus, admin: str, now: datetime) -> Step:
    return Step(matter, admin, now, admin_note(matter, admin), status_word(matter))


def _refusal(matter: MatterStatus) -> Refused:
    post = matter.post.id
    if matter.decision.verdict is Verdict.BLOCKED:
        return Refused(f"{post}: {matter.decision.why}")
    if matter.decision.verdict is Verdict.UNKNOWN:
        # ARCHITECTURE.md 1c: an unknown verdict is never applied.
        return Refused(
            f"{post}: unknown: {matter.decision.why}; an Admin who has read the change may "
            'record it with `nomicbot rules acknowledge "RULE" --apply`'
        )
    when = f"; decidable at {format_time(matter.decidable_at)}" if matter.decidable_at else ""
    return Refused(
        f"{post}: the clock has not run or the votes do not decide it: {matter.decision.why}{when}"
    )


def next_step(status: GameStatus, admin: str) -> Step | None:
    """The first matter an Admin must take now, or None."""
    ready = sorted((m for m in status.matters if _is_decidable(m)), key=_order)
    return _step(ready[0], admin, status.now) if ready else None


def _resolved(game: Game, step: Step) -> Game:
    posts = tuple(
        replace(p, status=step.post_status, admin_note=step.note, resolved_at=step.at)
        if p.id == step.post_id
        else p
        for p in game.posts
    )
    return replace(game, posts=posts)


def plan_steps(
    game: Game,
    now: datetime,
    *,
    admin: str,
    matter: str | None = None,
    dynasty: Dynasty | None = None,
) -> list[Step]:
    """Every resolution to make now, in order; each later step sees the earlier ones made.

    With ``matter``, that one (and, if it is an enacted DoV, the other pending
    DoVs it fails), or :class:`Refused` naming the rule. Without, the oldest
    pending Proposal if decidable, then every decidable CfJ and DoV.
    """
    check_admin(game, admin)
    steps: list[Step] = []
    status = evaluate_game(game, now, dynasty=dynasty)
    if matter is not None:
        found = next((m for m in status.matters if m.post.id == matter), None)
        if found is None:
            raise Refused(f"{matter}: not a pending Votable Matter")
        if not _is_decidable(found):
            raise _refusal(found)
        steps.append(_step(found, admin, now))
        game = _resolved(game, steps[-1])
        if found.post.category != Category.DOV.value or found.decision.verdict is not Verdict.ENACT:
            return steps
        # Rule "Victory and Ascension": the other pending DoVs are failed with it.
        while True:
            status = evaluate_game(game, now, dynasty=dynasty)
            others = [m for m in status.matters if m.decision.clause is Clause.DOV_OTHER_ENACTED]
            if not others:
                return steps
            steps.append(_step(sorted(others, key=_order)[0], admin, now))
            game = _resolved(game, steps[-1])
    while (step := next_step(status, admin)) is not None:
        steps.append(step)
        game = _resolved(game, step)
        status = evaluate_game(game, now, dynasty=dynasty)
    return steps
