"""A synthetic year for the history audit: every matter resolved by the book, bar a few
planted disagreements, one of each kind.

Six players, Erin Idle all year (roster snapshots say so): five active, Quorum 3. A
matter every two days (Proposals; every tenth a CfJ; every 25th a DoV that fails),
each with Votes by its author Alice (implicit FOR) and Bob, Carol, Dave FOR (the DoV:
Bob, Carol, Dave AGAINST), resolved 13 hours after posting, with the note the bot itself
writes (:func:`gamestate.admin_note`). Then the plants, by id:

- ``early``: resolved at 11h59m59s (the bot says wait, "at least 12 hours");
- ``younger``: posted an hour after ``older`` and resolved before it (not the oldest);
- ``flipped``: the blog shows Failed, the note 4-0 (the bot says enact);
- ``late``: the note counts Kevan's FOR, posted after the resolution;
- ``idle``: the note counts Erin's FOR (Idle);
- ``stranger``: the note counts Zed's FOR (not on the roster);
- ``implicit``: the note leaves out Alice's implicit FOR;
- ``quorum``: the note says Quorum 4;
- ``vetoed``: the blog shows Vetoed; the only VETO is Bob's, who is not the Boss (so
  the bot also says enact);
- ``undated``: no resolution time.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from gamestate import (
    Category,
    Comment,
    Discrepancy,
    Game,
    Post,
    PostStatus,
    RosterSnapshot,
    Verdict,
    admin_note,
    evaluate,
)
from tests.builders import T0, comment, hms, post, snapshot

__all__ = ["PLANTED", "START", "year_game"]

START = T0
"""The first matter's posting time."""

PLANTED: dict[str, frozenset[Discrepancy] | None] = {
    "early": frozenset({Discrepancy.RESOLVED_EARLY}),
    "younger": frozenset({Discrepancy.NOT_OLDEST}),
    "flipped": frozenset({Discrepancy.OUTCOME}),
    "late": frozenset({Discrepancy.TALLY}),
    "idle": frozenset({Discrepancy.TALLY}),
    "stranger": frozenset({Discrepancy.TALLY}),
    "implicit": frozenset({Discrepancy.TALLY}),
    "quorum": frozenset({Discrepancy.QUORUM}),
    "vetoed": frozenset({Discrepancy.OUTCOME, Discrepancy.STATUS}),
    "undated": None,
}
"""Each planted matter and the kinds of disagreement it must show (None: not judged)."""

_SLOTS = 182
_PLANT_AT = {name: 7 + 17 * k for k, name in enumerate(PLANTED)}


def _votes(when: datetime, *, against: bool) -> tuple[Comment, ...]:
    word = "against" if against else "for"
    return tuple(
        comment(name, word, when=when + hms(1, k), id=f"c{k}")
        for k, name in enumerate(("Bob", "Carol", "Dave"), start=1)
    )


def _matter(i: int, when: datetime) -> Post:
    category = Category.PROPOSAL.value
    if i % 25 == 24:
        category = Category.DOV.value
    elif i % 10 == 9:
        category = Category.CFJ.value
    p = post(category, f"m{i:03d}", "Alice", when=when)
    return replace(p, comments=_votes(when, against=category == Category.DOV.value))


def _resolve(game: Game, p: Post, at: datetime) -> Post:
    """``p`` resolved at ``at`` as the bot would, with the bot's own note."""
    m = next(m for m in evaluate(game, at).matters if m.post.id == p.id)
    status = PostStatus.ENACTED if m.decision.verdict is Verdict.ENACT else PostStatus.FAILED
    return replace(p, status=status, resolved_at=at, admin_note=admin_note(m, "Kevan"))


def _snapshots() -> tuple[RosterSnapshot, ...]:
    first = snapshot(START - timedelta(days=1), players=5, idle=("Erin",))
    return (first, replace(first, at=START + timedelta(days=180)))


def year_game() -> Game:
    """The year, planted disagreements included."""
    rosters = _snapshots()
    base = Game(players=rosters[-1].players, posts=(), boss="Kevan", rosters=rosters)
    plants = {i: name for name, i in _PLANT_AT.items()}
    posts: list[Post] = []
    for i in range(_SLOTS):
        when = START + timedelta(days=2 * i)
        name = plants.get(i)
        p = _matter(i, when)
        if name is not None:
            p = replace(p, id=name, category=Category.PROPOSAL.value, title=f"Proposal: {name}")
        if name == "younger":
            older = replace(_matter(i, when), id="older", category=Category.PROPOSAL.value)
            p = replace(p, posted_at=when + hms(1), comments=_votes(when + hms(1), against=False))
            posts.append(_resolve(replace(base, posts=(older, p)), older, when + hms(15)))
            posts.append(
                replace(
                    p,
                    status=PostStatus.ENACTED,
                    resolved_at=when + hms(14),
                    admin_note="Enacted by Kevan (4-0)",
                )
            )
            continue
        resolved = _resolve(replace(base, posts=(p,)), p, when + hms(13))
        posts.append(_plant(name, resolved) if name is not None else resolved)
    return replace(base, posts=tuple(posts))


def _plant(name: str, p: Post) -> Post:
    assert p.resolved_at is not None
    extra: Comment | None = None
    match name:
        case "early":
            return replace(p, resolved_at=p.posted_at + hms(11, 59, 59))
        case "flipped":
            return replace(p, status=PostStatus.FAILED, admin_note="Failed by Kevan (4-0)")
        case "late":
            extra = comment("Kevan", "for", when=p.resolved_at + hms(1), id="late")
            return replace(p, comments=(*p.comments, extra), admin_note="Enacted by Kevan (5-0)")
        case "idle" | "stranger":
            who = "Erin" if name == "idle" else "Zed"
            extra = comment(who, "for", when=p.posted_at + hms(2), id="extra")
            return replace(p, comments=(*p.comments, extra), admin_note="Enacted by Kevan (5-0)")
        case "implicit":
            return replace(p, admin_note="Enacted by Kevan (3-0)")
        case "quorum":
            return replace(p, admin_note="Enacted by Kevan (4-0, Quorum 4)")
        case "vetoed":
            extra = comment("Bob", "veto", when=p.posted_at + hms(2), id="veto")
            return replace(
                p,
                comments=(*p.comments, extra),
                status=PostStatus.VETOED,
                admin_note="Vetoed. Failed by Kevan",
            )
        case "undated":
            return replace(p, resolved_at=None)
    raise AssertionError(name)
