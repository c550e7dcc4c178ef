"""``nomicbot watch``: the unattended loops (BlogNomic's from its blog, a profile game's from
its archive or mailbox): republish the pages, announce each new event once."""

from __future__ import annotations

from wikibot.watch.announce import record_announcements
from wikibot.watch.events import (
    Announcement,
    events_from_status,
)
from wikibot.watch.loop import (
    LOCK_NAME,
    MAX_BACKOFF,
    POLL,
    CycleReport,
    StopRequest,
    Watcher,
    backoff_delay,
    deliver_announcements,
)
from wikibot.watch.profile_events import profile_events
from wikibot.watch.profile_loop import ArchiveSource, MboxSource, ProfileCycle, ProfileWatcher
from wikibot.watch.webhook import (
    MAX_LENGTH,
    post_webhook,
    webhook_payload,
)

__all__ = [
    "LOCK_NAME",
    "MAX_BACKOFF",
    "MAX_LENGTH",
    "POLL",
    "Announcement",
    "ArchiveSource",
    "CycleReport",
    "MboxSource",
    "ProfileCycle",
    "ProfileWatcher",
    "StopRequest",
    "Watcher",
    "backoff_delay",
    "deliver_announcements",
    "events_from_status",
    "post_webhook",
    "profile_events",
    "record_announcements",
    "webhook_payload",
]
