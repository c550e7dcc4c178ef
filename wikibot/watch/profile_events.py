"""What ``watch`` announces for a profile game: the events its report shows (ARCHITECTURE.md
2b), each under a key that stays the same across cycles and restarts.

- ``PROFILE:matter:ID:OUTCOME``: a matter was decided (its ``outcome`` is any but the
  undecided ``open`` and ``awaiting judgement``). An outcome that later turns
  (a late judgement) is a new event.
- ``PROFILE:due:AT:N``: the N-th scheduled event that fell due at AT (``due``).
- ``PROFILE:action:AT:PLAYER:NAME:N``: the N-th recorded action NAME of PLAYER at AT
  (``actions``), allowed or refused, with the reason.
- ``PROFILE:game-end``, ``PROFILE:achieved:PLAYER``: the game was won.

The keys hold no wording and no numbers: a profile that rewords a reason does not
announce the event again. The events are read from the report alone; the mirror's
``announcements`` table (:mod:`wikibot.watch.announce`) remembers what was said.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from gamestate.profiles import Archive, Report, format_time
from wikibot.watch.events import Announcement

__all__ = ["UNDECIDED", "game_start", "profile_events"]

UNDECIDED = frozenset({"open", "awaiting judgement"})
"""The 2b outcomes of a matter not decided yet (nothing to announce)."""
_CLAUSE_WIDTH = 160
"""Characters of a clause quoted in an announcement (the whole is in ``status``)."""


def game_start(archive: Archive) -> datetime | None:
    """The archive's earliest recorded instant (a matter posted, an event, a player joining),
    or None when it records nothing: the ``since`` of a watcher's report, so every event
    that fell due in the game is listed (the mirror keeps each from being said twice)."""
    times: list[datetime] = [m.posted_at for m in archive.matters]
    times += [e.at for e in archive.events]
    times += [p.joined_at for p in archive.roster if p.joined_at is not None]
    return min(times) if times else None


def _cut(text: str, width: int = _CLAUSE_WIDTH) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _when(value: Any) -> str:
    return format_time(value) if isinstance(value, datetime) else str(value)


def _matters(report: Report, archive: Archive, game: str, now: datetime) -> list[Announcement]:
    out = []
    for matter_id, o in report.matters.items():
        if o.outcome in UNDECIDED:
            continue
        matter = archive.matter(matter_id)
        what = f"{matter.kind} {matter_id} by {matter.author}" if matter else matter_id
        clause = f" [“{_cut(o.clause)}”]" if o.clause else ""
        out.append(
            Announcement(
                f"{report.profile}:matter:{matter_id}:{o.outcome}",
                now,
                f"{game}: {what}: {o.outcome} ({o.reason}){clause}",
            )
        )
    return out


def _numbered(items: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """(key stem, text) -> (key stem:N, text), N counting equal stems from 1."""
    seen: dict[str, int] = {}
    out = []
    for stem, text in items:
        seen[stem] = seen.get(stem, 0) + 1
        out.append((f"{stem}:{seen[stem]}", text))
    return out


def _due(report: Report, game: str) -> list[tuple[str, str]]:
    return _numbered(
        (
            f"{report.profile}:due:{_when(d.get('at'))}",
            f"{game}: fell due at {_when(d.get('at'))}: {d.get('event')}",
        )
        for d in report.due
    )


def _actions(report: Report, game: str) -> list[tuple[str, str]]:
    def one(a: dict[str, Any]) -> tuple[str, str]:
        name = str(a.get("action") or a.get("type") or "action")
        at = _when(a.get("at"))
        player = str(a.get("player"))
        verdict = "done" if a.get("allowed") else "refused"
        return (
            f"{report.profile}:action:{at}:{player}:{name}",
            f"{game}: {at} {player}: {name}, {verdict}: {a.get('reason')}",
        )

    return _numbered(one(a) for a in report.actions)


def _won(report: Report, game: str, now: datetime) -> list[Announcement]:
    out = [
        Announcement(
            f"{report.profile}:achieved:{player}", now, f"{game}: {player} achieved {condition}."
        )
        for player, condition in report.achieved.items()
    ]
    if report.game_end:
        end = report.game_end
        out.append(
            Announcement(
                f"{report.profile}:game-end",
                now,
                f"{game}: the game ended on {end.get('day')}: {end.get('winner')} won "
                f"({end.get('condition')}).",
            )
        )
    return out


def profile_events(report: Report, archive: Archive, *, game: str) -> list[Announcement]:
    """Every event ``report`` shows, each with its stable key: the matters decided, what
    fell due, the actions recorded, and the game's end. ``game`` names the game in the
    text (``BoredNomic``)."""
    now = report.now
    events = _matters(report, archive, game, now)
    events += [Announcement(k, now, t) for k, t in _due(report, game) + _actions(report, game)]
    return events + _won(report, game, now)
