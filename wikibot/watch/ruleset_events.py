"""``watch``'s announcements of Ruleset revisions that change what nomicbot reads.

Each revision of the wiki's Ruleset page (``Game.rulesets``) that changes a value the
verdicts use, or makes a rule unread (or read again), is announced once under the
key ``ruleset:REVID``: the rule, its old and new values, or "no longer read". A
revision that changes nothing nomicbot reads is not news. Only revisions saved in
the last :data:`RECENT` before ``now`` are looked at (the one in force always is):
a watch started on a mirror with years of history announces today's Ruleset, not
its whole past.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from gamestate import Game, RulesetHistory
from gamestate.profiles.blognomic_139.in_force import describe_revision
from rules_text.core.changes import reading_changes
from wikibot.watch.events import Announcement

__all__ = ["RECENT", "ruleset_events"]

RECENT = timedelta(days=8)
"""How far back a cycle looks for Ruleset revisions to announce."""


def ruleset_events(game: Game, now: datetime) -> list[Announcement]:
    """An announcement for each recent Ruleset revision that changes what nomicbot reads."""
    history = RulesetHistory(game.rulesets, source=game.rulesets_source)
    current = history.index_at(now)
    if current is None:
        return []
    events: list[Announcement] = []
    for index in range(current, -1, -1):
        revision = history.revisions[index]
        if index != current and revision.at < now - RECENT:
            break
        previous = history.reading(index - 1 if index > 0 else None)
        changes = reading_changes(previous, history.reading(index))
        if not changes:
            continue
        key = f"ruleset:{revision.revision if revision.revision is not None else revision.at}"
        text = f"Ruleset {describe_revision(revision)} changes what nomicbot reads: " + "; ".join(
            changes
        )
        events.append(Announcement(key, revision.at, text))
    return events[::-1]
