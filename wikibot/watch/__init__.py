"""``nomicbot watch``: the unattended loop (sync, republish, announce each new event once)."""

from __future__ import annotations

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
)
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
    "CycleReport",
    "StopRequest",
    "Watcher",
    "backoff_delay",
    "events_from_status",
    "post_webhook",
    "webhook_payload",
]
