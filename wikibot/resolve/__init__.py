"""``nomicbot resolve``: an Admin's whole resolution, exactly once, and the Ascension."""

from __future__ import annotations

from wikibot.resolve.ascension import (
    AddressChanges,
    archive_number,
    read_address,
)
from wikibot.resolve.errors import (
    LockHeld,
    Refused,
    ResolveError,
)
from wikibot.resolve.ledger import (
    KILL_AT_ENV,
    LOCK_NAME,
    Operations,
    kill_point,
    resolve_lock,
)
from wikibot.resolve.plan import (
    Step,
    check_admin,
    next_step,
    plan_steps,
    status_word,
)
from wikibot.resolve.run import (
    Resolver,
    game_with_resolutions,
)
from wikibot.resolve.text import (
    apply_text,
    page_diff,
    read_text,
)

__all__ = [
    "KILL_AT_ENV",
    "LOCK_NAME",
    "AddressChanges",
    "LockHeld",
    "Operations",
    "Refused",
    "ResolveError",
    "Resolver",
    "Step",
    "apply_text",
    "archive_number",
    "check_admin",
    "game_with_resolutions",
    "kill_point",
    "next_step",
    "page_diff",
    "plan_steps",
    "read_address",
    "read_text",
    "resolve_lock",
    "status_word",
]
