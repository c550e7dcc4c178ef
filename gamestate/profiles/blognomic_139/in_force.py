"""The Ruleset in force at an instant (ARCHITECTURE.md 1c), and what it lets a verdict say.

A game's Ruleset revisions (``Game.rulesets``: from the wiki's history, or an
archive's ``"rulesets"``) are read one by one into core rules
(:func:`rules_text.core.read_core_rules`). The Ruleset in force at T is the
last revision saved at or before T; with none, Ruleset 139 is assumed.

A rule nomicbot could not read makes every verdict that depends on it
``unknown``, naming the rule and the revision that changed it, unless an Admin
has acknowledged that rule at that revision (``Game.acknowledged``): then the
verdict is judged by what nomicbot could read of the rule, and says so.
"""

from __future__ import annotations

import bisect
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from gamestate.profiles.archive import format_time
from gamestate.profiles.blognomic_139.models import RulesetRevision
from rules_text.core import CoreReading, CoreRules, Unread, read_core_rules, ruleset_139_core

__all__ = ["Acknowledgement", "RulesInForce", "RulesetHistory", "describe_revision"]

Acknowledgement = tuple[str, int | None, datetime | None]
"""(rule, revision id, revision time): an Admin has read that rule as changed there."""


def describe_revision(revision: RulesetRevision | None) -> str:
    """``revision 1234 by Kevan at 2016-05-20T10:00:00Z`` (as much as is known)."""
    if revision is None:
        return "Ruleset 139 (assumed)"
    parts = [f"revision {revision.revision}" if revision.revision is not None else "revision"]
    if revision.by:
        parts.append(f"by {revision.by}")
    parts.append(f"at {format_time(revision.at)}")
    return " ".join(parts)


@dataclass(frozen=True)
class Pending:
    """An unread rule that decides a verdict, with the revision that made it so."""

    unread: Unread
    """The rule and why it could not be read."""
    changed_by: RulesetRevision | None
    """The revision from which it has read this way (None: the seed)."""

    def why(self) -> str:
        """The reason an ``unknown`` verdict gives."""
        rule = self.unread.rule
        text = f'rule "{rule}" is unread since {describe_revision(self.changed_by)}'
        if self.unread.text:
            text += f": {self.unread.text!r} matches no phrasing nomicbot knows"
            if self.unread.nearest:
                text += f" (nearest: {self.unread.nearest!r})"
        else:
            text += f": {self.unread.reason}"
        return text


@dataclass(frozen=True)
class RulesInForce:
    """The Ruleset in force at one instant, read."""

    source: str
    """Where it comes from: ``wiki``, ``archive`` or ``seed`` (ARCHITECTURE.md 2c)."""
    revision: RulesetRevision | None
    """The revision in force; None when Ruleset 139 is assumed."""
    reading: CoreReading
    """Its core rules, the unread ones and the dynastic warnings."""
    pending: tuple[Pending, ...]
    """Its unread rules that no Admin has acknowledged."""
    acknowledged: tuple[Pending, ...]
    """Its unread rules an Admin has acknowledged (judged by what could be read)."""
    first_known: datetime | None = None
    """When the game's first known revision was saved (None: it knows none)."""

    @property
    def core(self) -> CoreRules:
        """The values every verdict uses."""
        return self.reading.rules

    def unknown(self, *feeds: str) -> Pending | None:
        """The unacknowledged unread rule a verdict fed by ``feeds`` depends on, if any."""
        for p in self.pending:
            if any(f in p.unread.feeds for f in feeds) or "every verdict" in p.unread.feeds:
                return p
        return None

    def summary(self, quorum: int | None) -> dict[str, Any]:
        """The ``rules`` object of ``status --json`` (ARCHITECTURE.md 2c)."""
        r = self.revision
        return {
            "source": self.source,
            "revision": r.revision if r is not None else None,
            "at": format_time(r.at) if r is not None else None,
            "keyword": self.core.keyword,
            "quorum": quorum,
            "unread": [{"rule": p.unread.rule, "reason": p.why()} for p in self.pending],
            "dynastic_warnings": [
                {"rule": w.rule, "words": list(w.words)} for w in self.reading.warnings
            ],
        }

    def lines(self) -> list[str]:
        """What ``status`` and the Votes page say of the Ruleset in force: the revision, then
        each unread rule and each dynastic rule that may change how votes count."""
        out = [f"Ruleset: {self.label()}"]
        for p in self.pending:
            out.append(f"unread: {p.why()}; the verdicts that depend on it are unknown")
        for p in self.acknowledged:
            out.append(
                f'acknowledged: rule "{p.unread.rule}" (changed at '
                f"{describe_revision(p.changed_by)}) is judged by what nomicbot could read of it"
            )
        for w in self.reading.warnings:
            out.append(
                f'warning: may change how votes count: rule "{w.rule}" '
                f"(it says {', '.join(w.words)})"
            )
        return out

    def label(self) -> str:
        """``revision 1234 by Kevan at ... (from the wiki)`` or ``Ruleset 139 assumed``."""
        if self.revision is None and self.first_known is not None:
            return (
                "Ruleset 139 assumed (the first Ruleset revision known is of "
                f"{format_time(self.first_known)}, later than this)"
            )
        if self.revision is None:
            return "Ruleset 139 assumed (no Ruleset revision is known)"
        return f"{describe_revision(self.revision)} (from the {self.source})"


class RulesetHistory:
    """A game's Ruleset revisions, read on demand, oldest first."""

    def __init__(
        self,
        revisions: Sequence[RulesetRevision],
        *,
        source: str = "archive",
        acknowledged: Collection[Acknowledgement] = (),
    ) -> None:
        self.revisions = tuple(sorted(revisions, key=lambda r: r.at))
        self.times = [r.at for r in self.revisions]
        self.source = source if self.revisions else "seed"
        self.acknowledged = frozenset(acknowledged)
        self._in_force: dict[int | None, RulesInForce] = {}

    def index_at(self, moment: datetime) -> int | None:
        """The index of the revision in force at ``moment``, or None (the seed)."""
        i = bisect.bisect_right(self.times, moment)
        return i - 1 if i > 0 else None

    def reading(self, index: int | None) -> CoreReading:
        """The core rules of revision ``index`` (None: the seed's)."""
        if index is None:
            return ruleset_139_core()
        return read_core_rules(self.revisions[index].text)

    def at(self, moment: datetime) -> RulesInForce:
        """The Ruleset in force at ``moment``."""
        index = self.index_at(moment)
        known = self._in_force.get(index)
        if known is None:
            known = self._in_force[index] = self._read_at(index)
        return known

    def _read_at(self, index: int | None) -> RulesInForce:
        reading = self.reading(index)
        revision = self.revisions[index] if index is not None else None
        pending: list[Pending] = []
        acked: list[Pending] = []
        for unread in reading.unread:
            changed = self._changed_by(index, unread)
            mark = (
                unread.rule,
                changed.revision if changed else None,
                changed.at if changed else None,
            )
            target = acked if self._is_acknowledged(mark) else pending
            target.append(Pending(unread, changed))
        return RulesInForce(
            source=self.source if revision is not None else "seed",
            revision=revision,
            reading=reading,
            pending=tuple(pending),
            acknowledged=tuple(acked),
            first_known=self.times[0] if self.times else None,
        )

    def _is_acknowledged(self, mark: Acknowledgement) -> bool:
        rule, revision, at = mark
        for a_rule, a_revision, a_at in self.acknowledged:
            if a_rule != rule:
                continue
            if revision is not None and a_revision == revision:
                return True
            if revision is None and at is not None and a_at == at:
                return True
        return False

    def _changed_by(self, index: int | None, unread: Unread) -> RulesetRevision | None:
        """The earliest revision of the run ending at ``index`` in which the rule reads
        unread the same way: the revision that changed it."""
        if index is None:
            return None
        first = index
        while first > 0:
            earlier = self.reading(first - 1)
            same = next((u for u in earlier.unread if u.rule == unread.rule), None)
            if same is None or same.text != unread.text or same.reason != unread.reason:
                break
            first -= 1
        return self.revisions[first]
