"""The game's history in the mirror: roster snapshots as the archive's ``rosters``, and a
post's ``passes_boss_to`` (kept in the post's extra JSON).

``export`` (and every Game built from the mirror) carries every roster snapshot the
mirror holds, in time order, a single one included: a roster the sync saw at some
instant is the roster of that instant on, so ``status`` names it then (before it,
today's roster stands in, the latest snapshot, as the archive's ``players``).
``store_game`` stores an archive's snapshots, each at its own time, before today's
roster (which is not stored again when it equals the last one), so an archive whose
last snapshot is today's roster round-trips exactly; an archive without snapshots
comes back with one, its roster as stored at ``seen_at``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamestate.profiles.blognomic_139.models import Player, Post, RosterSnapshot
from wikibot.mirror.database import select_where
from wikibot.mirror.schema import RosterPlayerRow, RosterSnapshotRow

__all__ = [
    "latest_snapshot",
    "snapshot_players",
    "snapshot_record",
    "PASSES",
    "ROSTER_EXTRA",
    "passes_boss_to",
    "post_extra",
    "post_extra_fields",
    "snapshot_extra",
    "stored_rosters",
]

ROSTER_EXTRA = "rosters"
"""Where a snapshot's extra JSON keeps unknown fields of an archive's roster snapshot
("rosters" is an archive field, so no unknown game field can be called that)."""
PASSES = "passes_boss_to"
"""Where a post's extra JSON keeps the archive's ``passes_boss_to`` (an archive field)."""


def post_extra(post: Post) -> dict[str, Any]:
    """A post's extra JSON: its unknown fields, and ``passes_boss_to`` if set."""
    extra = dict(post.extra)
    if post.passes_boss_to is not None:
        extra[PASSES] = post.passes_boss_to
    return extra


def passes_boss_to(extra: Mapping[str, Any]) -> str | None:
    """The ``passes_boss_to`` kept in a post's extra JSON, if any."""
    value = extra.get(PASSES)
    return value if isinstance(value, str) else None


def post_extra_fields(extra: Mapping[str, Any]) -> dict[str, Any]:
    """A post's unknown fields: its extra JSON without ``passes_boss_to``."""
    return {k: v for k, v in extra.items() if k != PASSES}


def snapshot_extra(game_extra: Mapping[str, Any], snap: RosterSnapshot) -> Mapping[str, Any]:
    """The extra JSON of a stored roster snapshot: the game's, plus the snapshot's own."""
    return {**game_extra, ROSTER_EXTRA: dict(snap.extra)} if snap.extra else game_extra


def stored_rosters() -> tuple[RosterSnapshot, ...]:
    """Every roster snapshot in time order, a single one included (call inside
    ``Mirror.bound()``)."""
    query = RosterSnapshotRow.select().order_by(RosterSnapshotRow.taken_at, RosterSnapshotRow.id)
    snaps = list(query)
    players: dict[int, list[Player]] = {}
    rows = RosterPlayerRow.select().order_by(RosterPlayerRow.snapshot, RosterPlayerRow.position)
    for r in rows.iterator():
        players.setdefault(r.snapshot_id, []).append(Player(r.name, r.admin, r.idle, r.extra))
    return tuple(
        RosterSnapshot(
            at=s.taken_at,
            boss=s.boss,
            players=tuple(players.get(s.id, ())),
            extra=dict(s.extra.get(ROSTER_EXTRA, {})),
        )
        for s in snaps
    )


def latest_snapshot() -> RosterSnapshotRow | None:
    """The newest roster snapshot stored (None: none yet)."""
    query = RosterSnapshotRow.select().order_by(RosterSnapshotRow.id.desc()).limit(1)
    return query.get_or_none()


def snapshot_players(snap: RosterSnapshotRow) -> tuple[Player, ...]:
    """A snapshot's players, in roster order."""
    rows = RosterPlayerRow.select().where(RosterPlayerRow.snapshot == snap.id)
    return tuple(
        Player(r.name, r.admin, r.idle, r.extra) for r in rows.order_by(RosterPlayerRow.position)
    )


def snapshot_record(snap: RosterSnapshotRow) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A roster snapshot as ``Mirror.store_roster`` compares it with a new one."""
    keys = ("boss", "term_player", "term_boss", "player_count", "quorum", "extra")
    header = {k: getattr(snap, k) for k in keys}
    rows = select_where(RosterPlayerRow, "snapshot_id = ? ORDER BY position", snap.id)
    return header, [
        {"name": p.name, "admin": p.admin, "idle": p.idle, "extra": p.extra} for p in rows
    ]
