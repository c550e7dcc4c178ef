"""What ``watch`` announces: the events a game's status shows, each under a stable key.

The events are read from a :class:`gamestate.GameStatus` alone (no clock, no
memory of earlier cycles): the mirror's ``announcements`` table remembers which
keys were already announced, so each is announced once, across restarts.

- ``decidable:POST:VERDICT``: a Votable Matter may now be enacted or failed
  (``evaluate``'s verdict ``enact`` or ``fail``, with the clause). A matter whose
  verdict later turns (enact to fail) is a new event.
- ``hiatus:dov-pending:DOV`` / ``hiatus:dov-enacted:DOV``: a Declaration of
  Victory put the game into Hiatus (rule "Victory and Ascension").
- ``downtime-began:YEAR`` / ``downtime-ended:YEAR``: Seasonal Downtime (24 to
  27 December); its end is announced from 27 to 31 December.

The dynasty in play adds its own (:meth:`gamestate.dynasties.Dynasty.events`):
Nomicland's ``project-completion:NAME`` and ``demand-closable:POST``.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import datetime

from gamestate.profiles.blognomic_139.calendar import in_seasonal_downtime
from gamestate.profiles.blognomic_139.status import GameStatus, MatterStatus
from gamestate.profiles.blognomic_139.verdicts import Verdict

__all__ = ["Announcement", "events_from_status"]

_DOV_HIATUS = re.compile(
    r"Declaration of Victory (['\"])(?P<id>.+?)\1 (?P<how>is pending|was enacted)"
)
_DOWNTIME_END_DAYS = range(27, 32)
"""Days of December on which the end of Seasonal Downtime is still news."""


@dataclass(frozen=True)
class Announcement:
    """One event, once: its stable key, the instant it was seen, and what to say."""

    key: str
    """Stable across cycles and restarts, e.g. ``decidable:fix_the_queue:enact``."""
    at: datetime
    """The instant of the status it was read from."""
    text: str
    """One line for people, with the clause and the numbers."""


def _post_url(blog_url: str, post_id: str) -> str:
    base = blog_url if blog_url.endswith("/") else blog_url + "/"
    return f"{base}archive/{post_id}" if blog_url else post_id


def _decidable(matter: MatterStatus, now: datetime, blog_url: str) -> Announcement | None:
    if matter.decision.verdict not in (Verdict.ENACT, Verdict.FAIL):
        return None
    post = matter.post
    word = "enacted" if matter.decision.verdict is Verdict.ENACT else "failed"
    return Announcement(
        f"decidable:{post.id}:{matter.decision.verdict.value}",
        now,
        f"{post.category} {post.title!r} by {post.author} may be {word} now "
        f"(FOR {matter.tally.for_count}, AGAINST {matter.tally.against_count}, "
        f"Quorum {matter.quorum}): "
        f"{matter.decision.why} [{matter.decision.clause.value}] {_post_url(blog_url, post.id)}",
    )


def _hiatus(status: GameStatus) -> Announcement | None:
    reason = status.hiatus_reason
    if not reason:
        return None
    found = _DOV_HIATUS.search(reason)
    if found is not None:
        how = "dov-pending" if found.group("how") == "is pending" else "dov-enacted"
        key = f"hiatus:{how}:{found.group('id')}"
    elif reason.startswith("Seasonal Downtime") and ";" not in reason:
        return None  # Seasonal Downtime alone is its own event
    else:
        key = "hiatus:" + hashlib.sha256(reason.encode("utf-8")).hexdigest()[:16]
    return Announcement(key, status.now, f"The game is in Hiatus: {reason}.")


def _downtime(now: datetime) -> Announcement | None:
    if in_seasonal_downtime(now):
        return Announcement(
            f"downtime-began:{now.year}",
            now,
            f"Seasonal Downtime began ({now.year}-12-24 00:00 UTC): the game is in Hiatus "
            "until 27 December; only Votable Matters, Gamestate Tracking and Calls for "
            "Judgement may act.",
        )
    if now.month == 12 and now.day in _DOWNTIME_END_DAYS:
        return Announcement(
            f"downtime-ended:{now.year}",
            now,
            f"Seasonal Downtime ended ({now.year}-12-27 00:00 UTC).",
        )
    return None


def events_from_status(status: GameStatus, *, blog_url: str = "") -> list[Announcement]:
    """Every event ``status`` shows, oldest matter first, each with its stable key."""
    events = [_downtime(status.now), _hiatus(status)]
    events.extend(_decidable(m, status.now, blog_url) for m in status.matters)
    return [e for e in events if e is not None]
