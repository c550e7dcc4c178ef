"""The ledger: every applied gamestate action, one row each, in the mirror's ``ledger`` table.

An action is recorded in two steps under an operation id (``op_id``):

1. ``start`` writes the row as ``started`` *before* the wiki is edited, with the
   actor, the game time, the action and its arguments, and the values before
   and after;
2. ``finish`` marks it ``applied`` *after* the edits, with the revision id each
   edit produced.

A crash between the two leaves a ``started`` row: the next run finds it with
:meth:`Ledger.pending` and finishes it (the op id is in each edit summary, so
an edit that did go out is recognised on the page history and not made twice).
A ``started`` row none of whose writes went out, because the page changed under
it, is taken back with :meth:`Ledger.abandon`: the action did not happen.

The pages as the bot first read them are kept as rows of their own (action
``baseline``), so the ledger can be replayed from them.

Each row names its domain: the dynasty's economy (``nomicland``, the default)
or ``resolve`` (Admins' resolutions and their effects). A :class:`Ledger` reads
and writes one domain, so a replay of the economy never meets a resolution.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import peewee

from wikibot.errors import MirrorError
from wikibot.mirror.api import Mirror
from wikibot.mirror.schema import LedgerRow

__all__ = ["APPLIED", "BASELINE", "NOMICLAND", "RESOLVE", "STARTED", "Ledger", "LedgerEntry"]

_ORDER: Any = LedgerRow._meta.primary_key  # peewee's implicit ``id``: the order recorded

STARTED = "started"
"""The row's writes may be partly done."""
APPLIED = "applied"
"""Every write of the row is done."""
BASELINE = "baseline"
"""The action of a row holding a page as the bot first read it."""
NOMICLAND = "nomicland"
"""The domain of Nomicland's economy: player actions and the pages they edit."""
RESOLVE = "resolve"
"""The domain of Admins' resolutions and each of their effects."""


@dataclass(frozen=True)
class LedgerEntry:
    """One row of the ledger."""

    op_id: str
    """The operation id: the same action run again has the same id."""
    at: datetime
    """The game time of the action (``--now``)."""
    actor: str
    """Who acted."""
    action: str
    """The command, e.g. ``build`` or ``day process``."""
    arguments: Mapping[str, Any] = field(default_factory=dict)
    """The action's arguments as JSON values."""
    before: Mapping[str, Any] = field(default_factory=dict)
    """The values the action read."""
    after: Mapping[str, Any] = field(default_factory=dict)
    """The values it wrote."""
    cause: str = ""
    """The command line, or the post or comment URL, that asked for it."""
    revisions: Mapping[str, int] = field(default_factory=dict)
    """Page title -> the revision id its edit produced."""
    state: str = STARTED
    """``started`` or ``applied``."""
    parent: str | None = None
    """The operation this one is an effect of, if any."""

    @property
    def is_applied(self) -> bool:
        """All its writes are done."""
        return self.state == APPLIED


def _entry(row: LedgerRow | Mapping[str, Any]) -> LedgerEntry:
    """A row (a model, or its values by field name, as a fast ``.tuples()`` read gives)."""
    values: Mapping[str, Any] = row.__data__ if isinstance(row, LedgerRow) else row
    return LedgerEntry(
        op_id=values["op_id"],
        at=values["at"],
        actor=values["actor"],
        action=values["action"],
        arguments=dict(values["arguments"]),
        before=dict(values["before"]),
        after=dict(values["after"]),
        cause=values["cause"],
        revisions={str(k): int(v) for k, v in dict(values["revisions"]).items()},
        state=values["state"],
        parent=values["parent"],
    )


class Ledger:
    """The ledger of one mirror."""

    def __init__(self, mirror: Mirror, *, clock: Any = None, domain: str = NOMICLAND) -> None:
        self.mirror = mirror
        self._clock = clock
        self.domain = domain
        """The domain this ledger reads and writes."""

    def _recorded_at(self, at: datetime) -> datetime:
        return self._clock() if self._clock is not None else at

    # Writing.

    def start(self, entry: LedgerEntry, *, once: bool = False) -> LedgerEntry:
        """Records ``entry`` as ``started`` (before its writes). A known op id is an
        error, or with ``once`` the entry as first recorded (a re-run's own record)."""
        with self.mirror.bound(), self.mirror.db.atomic():
            known = LedgerRow.get_or_none(LedgerRow.op_id == entry.op_id)
            if known is not None:
                if once:
                    return _entry(known)
                raise MirrorError(f"ledger: operation {entry.op_id} is already recorded")
            LedgerRow.create(
                op_id=entry.op_id,
                domain=self.domain,
                parent=entry.parent,
                state=STARTED,
                at=entry.at,
                recorded_at=self._recorded_at(entry.at),
                actor=entry.actor,
                action=entry.action,
                arguments=dict(entry.arguments),
                before=dict(entry.before),
                after=dict(entry.after),
                cause=entry.cause,
                revisions=dict(entry.revisions),
            )
        return entry

    def finish(
        self,
        op_id: str,
        revisions: Mapping[str, int] | None = None,
        *,
        after: Mapping[str, Any] | None = None,
    ) -> LedgerEntry:
        """Marks the operation ``applied`` with the revision ids its edits produced (and,
        when given, the values it wrote); finishing it again changes nothing."""
        with self.mirror.bound(), self.mirror.db.atomic():
            row = LedgerRow.get_or_none(LedgerRow.op_id == op_id)
            if row is None:
                raise MirrorError(f"ledger: no operation {op_id}")
            if row.state == APPLIED:
                return _entry(row)
            row.state = APPLIED
            row.revisions = {**dict(row.revisions), **dict(revisions or {})}
            if after is not None:
                row.after = dict(after)
            row.recorded_at = self._recorded_at(row.at)
            row.save()
            return _entry(row)

    def abandon(self, op_id: str) -> bool:
        """Takes back an operation recorded ``started`` none of whose writes went out
        (refused before its first edit); returns whether there was one. An applied
        operation is never taken back."""
        with self.mirror.bound():
            gone = LedgerRow.delete().where(
                (LedgerRow.op_id == op_id) & (LedgerRow.state == STARTED)
            )
            return bool(gone.execute())

    def record_baseline(self, title: str, text: str, revid: int | None, at: datetime) -> bool:
        """Keeps ``text`` as the page as the bot first read it; False if one is kept already
        (by this process or, at the same moment, by another)."""
        op_id = f"{BASELINE}:{title}"
        with self.mirror.bound():
            try:
                return self._record_baseline(op_id, title, text, revid, at)
            except peewee.IntegrityError:
                return False  # another process kept it between our look and our insert

    def _record_baseline(
        self, op_id: str, title: str, text: str, revid: int | None, at: datetime
    ) -> bool:
        with self.mirror.db.atomic():
            if LedgerRow.get_or_none(LedgerRow.op_id == op_id) is not None:
                return False
            LedgerRow.create(
                op_id=op_id,
                domain=self.domain,
                state=APPLIED,
                at=at,
                recorded_at=self._recorded_at(at),
                actor="nomicbot",
                action=BASELINE,
                arguments={"title": title},
                before={},
                after={"text": text},
                cause="first read of the page",
                revisions={title: revid} if revid is not None else {},
            )
        return True

    # Reading.

    @property
    def _mine(self) -> Any:
        """The rows of this ledger's domain."""
        return LedgerRow.domain == self.domain

    def get(self, op_id: str) -> LedgerEntry | None:
        """The row of ``op_id``, if recorded."""
        with self.mirror.bound():
            row = LedgerRow.get_or_none(LedgerRow.op_id == op_id)
            return _entry(row) if row is not None else None

    def baselines(self) -> dict[str, str]:
        """Page title -> its text as the bot first read it."""
        with self.mirror.bound():
            rows = LedgerRow.select().where(self._mine & (LedgerRow.action == BASELINE))
            return {str(r.arguments["title"]): str(r.after["text"]) for r in rows}

    def pending(self, *, roots: bool = False) -> list[LedgerEntry]:
        """Operations started and not applied (a run that stopped midway), oldest first;
        with ``roots``, only those that are no other operation's effect."""
        with self.mirror.bound():
            where = self._mine & (LedgerRow.state == STARTED)
            if roots:
                where &= LedgerRow.parent.is_null()
            rows = LedgerRow.select().where(where).order_by(_ORDER)
            return [_entry(r) for r in rows]

    def actions(self) -> Iterator[LedgerEntry]:
        """Every applied action (baselines aside), in the order applied."""
        with self.mirror.bound():
            rows = list(
                LedgerRow.select()
                .where(self._mine & (LedgerRow.state == APPLIED) & (LedgerRow.action != BASELINE))
                .order_by(_ORDER)
                .tuples()
                .iterator()
            )
        names = [f.name for f in LedgerRow._meta.sorted_fields]
        for values in rows:
            yield _entry(dict(zip(names, values, strict=True)))

    def latest(self) -> LedgerEntry | None:
        """The last applied action that left an economy state (a roll leaves none), if any."""
        with self.mirror.bound():
            rows = (
                LedgerRow.select()
                .where(self._mine & (LedgerRow.state == APPLIED) & (LedgerRow.action != BASELINE))
                .order_by(_ORDER.desc())
            )
            for row in rows.iterator():
                if "state" in row.after:
                    return _entry(row)
            return None
