"""Announcing each event once: the mirror's ``announcements`` table, shared by every watcher.

A key not in the table is recorded (in one transaction) and so announced; a key
already there is not announced again, across cycles and restarts. Without a
webhook a row is recorded as sent; with one, ``sent_at`` stays NULL until its POST
succeeded, so a failed POST is retried next cycle (at least once, never silently
lost; :func:`wikibot.watch.loop.deliver_announcements` posts them). BlogNomic's
watcher (:mod:`wikibot.watch.loop`) and a profile game's
(:mod:`wikibot.watch.profile_loop`) both record through here.
"""

from __future__ import annotations

from collections.abc import Iterable

from wikibot.mirror.api import Mirror
from wikibot.mirror.schema import AnnouncementRow
from wikibot.watch.events import Announcement

__all__ = ["announced_keys", "record_announcements"]

_CHUNK = 500
"""Keys looked up per query (SQLite's bound parameters are limited)."""


def announced_keys(mirror: Mirror, keys: Iterable[str]) -> set[str]:
    """Those of ``keys`` the mirror has announced already."""
    wanted = list(dict.fromkeys(keys))
    known: set[str] = set()
    with mirror.bound():
        for start in range(0, len(wanted), _CHUNK):
            chunk = wanted[start : start + _CHUNK]
            rows = AnnouncementRow.select(AnnouncementRow.key).where(AnnouncementRow.key.in_(chunk))
            known.update(r.key for r in rows)
    return known


def record_announcements(
    mirror: Mirror, events: list[Announcement], *, webhook: bool
) -> list[Announcement]:
    """Records the events not announced before (the first of a repeated key); returns them."""
    if not events:
        return []
    known = announced_keys(mirror, (e.key for e in events))
    new: list[Announcement] = []
    for e in events:
        if e.key not in known:
            known.add(e.key)
            new.append(e)
    if not new:
        return []
    sent_at = None if webhook else new[0].at
    with mirror.bound(), mirror.db.atomic():
        for e in new:
            AnnouncementRow.insert(
                key=e.key, at=e.at, text=e.text, sent_at=sent_at
            ).on_conflict_ignore().execute()
    return new
