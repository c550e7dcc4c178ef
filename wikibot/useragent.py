"""The contact in the User-Agent, and the one warning when there is none.

Wikimedia's User-Agent policy (which MediaWiki wikis and blogs alike follow)
asks a bot to say how to reach whoever runs it. nomicbot writes ``[game]
contact`` there; without it the User-Agent names the project's home page
(:attr:`wikibot.config.Config.user_agent`), which reaches no one who can stop
the bot. Each command that sends requests then warns once, before its first
request, and says how to set it.
"""

from __future__ import annotations

import logging
import weakref

from wikibot.config import project_home

__all__ = ["HOW_TO_SET_CONTACT", "lacks_contact", "warn_once_without_contact"]

log = logging.getLogger(__name__)

HOW_TO_SET_CONTACT = (
    'add  contact = "mailto:you@example.org"  (or the URL of your user page on the '
    "wiki) under [game] in nomicbot.toml"
)
"""The fix, as the warning words it."""

# Once per command run: each run of the command line logs through a handler of its
# own (so a second run in the same process warns again, and `watch` warns once);
# with no handler at all (nomicbot as a library), once per process.
_warned_handlers: weakref.WeakSet[logging.Handler] = weakref.WeakSet()
_warned_unhandled = False


def lacks_contact(user_agent: str) -> bool:
    """Does ``user_agent`` fall back to the project's home page (no ``[game] contact``,
    and no ``[blog] user_agent`` written by hand)."""
    return f"(+{project_home()};" in user_agent


def warn_once_without_contact(user_agent: str) -> None:
    """Logs the warning if ``user_agent`` has no contact, unless this run has already."""
    global _warned_unhandled
    if not lacks_contact(user_agent):
        return
    handlers = _handlers(log)
    if handlers:
        # A handler not yet warned through is a new run (the others may be lasting
        # ones, such as a test runner's).
        if all(h in _warned_handlers for h in handlers):
            return
        _warned_handlers.update(handlers)
    elif _warned_unhandled:
        return
    else:
        _warned_unhandled = True
    log.warning(
        "no [game] contact in nomicbot.toml: the User-Agent names the project's home "
        "page, not a way to reach you, and wiki and blog admins (Wikimedia's User-Agent "
        "policy) ask a bot for one: %s",
        HOW_TO_SET_CONTACT,
    )


def _handlers(logger: logging.Logger) -> list[logging.Handler]:
    """The handlers a record from ``logger`` reaches."""
    found: list[logging.Handler] = []
    current: logging.Logger | None = logger
    while current is not None:
        found.extend(current.handlers)
        current = current.parent if current.propagate else None
    return found
