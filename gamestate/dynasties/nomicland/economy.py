"""Nomicland's economy as one immutable value: what :func:`apply` reads and returns.

The pages hold most of it (the GNDT rows, the Zones, the Visitors queue); the
rest is what the Ruleset's counters need and no page records (Buildings built
per UTC day, Licenses barred until the next Business Day, which Sundays'
interest was applied, who processed or exercised onto which Business Day).
That part, :class:`Bookkeeping`, is rebuilt by replaying the ledger; it
round-trips through JSON with :meth:`Bookkeeping.to_json` and
:meth:`Bookkeeping.from_json`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from enum import StrEnum
from typing import Any

from gamestate.dynasties.nomicland.models import (
    BusinessDay,
    PlayerRow,
    RuleClause,
    Zone,
    parse_visitors,
)

__all__ = [
    "Bookkeeping",
    "Change",
    "Economy",
    "Field",
    "Outcome",
]


def _get(pairs: tuple[tuple[str, int], ...], key: str) -> int:
    for name, value in pairs:
        if name == key:
            return value
    return 0


def _put(pairs: tuple[tuple[str, int], ...], key: str, value: int) -> tuple[tuple[str, int], ...]:
    kept = tuple((name, v) for name, v in pairs if name != key)
    return (*kept, (key, value)) if value else kept


@dataclass(frozen=True)
class Bookkeeping:
    """The counters the rules need that no wiki page records."""

    built_on: tuple[tuple[str, date, int], ...] = ()
    """Construction: "not more than 10 Buildings per day": (Imagineer, UTC day, count)."""
    built_since_processing: tuple[tuple[str, int], ...] = ()
    """Construction's X: Buildings each Imagineer constructed since they last processed."""
    exercised_since_processing: tuple[tuple[str, int], ...] = ()
    """Licensing's X: IP License exercises by each Imagineer since they last processed."""
    license_barred: frozenset[str] = frozenset()
    """Imagineers who removed an IP License since the Boss last started a Business Day."""
    interest_days: tuple[date, ...] = ()
    """The Sundays (UTC) on which the communal interest was applied."""
    processed: tuple[tuple[int, str], ...] = ()
    """(Business Day, Imagineer), in the order they were processed ("first to process")."""
    exercises: tuple[tuple[int, str], ...] = ()
    """(Business Day, Imagineer) per IP License exercise, in order ("first to exercise")."""
    closed_demands: tuple[str, ...] = ()
    """Planning: the Demand Posts closed, by post id ("ceases to be considered a Demand Post")."""
    focus_grouped: tuple[str, ...] = ()
    """Planning: the Demand Posts whose Focus Grouping is done ("Upon posting a Demand Post,
    the Boss must add three Visitors ...": once per post)."""

    def built_that_day(self, name: str, day: date) -> int:
        """How many Buildings an Imagineer constructed on one UTC day."""
        return next((n for who, d, n in self.built_on if who == name and d == day), 0)

    def since_processing(self, name: str) -> int:
        """Construction's X for one Imagineer."""
        return _get(self.built_since_processing, name)

    def exercised(self, name: str) -> int:
        """Licensing's X for one Imagineer."""
        return _get(self.exercised_since_processing, name)

    def with_built(self, name: str, day: date) -> Bookkeeping:
        """One more Building constructed by ``name`` on UTC day ``day``."""
        count = self.built_that_day(name, day) + 1
        # Only the current day matters to the limit: older days are dropped.
        kept = tuple(row for row in self.built_on if row[0] != name)
        return replace(
            self,
            built_on=(*kept, (name, day, count)),
            built_since_processing=_put(
                self.built_since_processing, name, self.since_processing(name) + 1
            ),
        )

    def with_exercise(self, name: str, day: int) -> Bookkeeping:
        """One more IP License exercise by ``name`` onto Business Day ``day``."""
        return replace(
            self,
            exercised_since_processing=_put(
                self.exercised_since_processing, name, self.exercised(name) + 1
            ),
            exercises=(*self.exercises, (day, name)),
        )

    def with_processed(self, name: str, day: int) -> Bookkeeping:
        """``name`` processed Business Day ``day``: both X counters start again."""
        return replace(
            self,
            built_since_processing=_put(self.built_since_processing, name, 0),
            exercised_since_processing=_put(self.exercised_since_processing, name, 0),
            processed=(*self.processed, (day, name)),
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (dates as ISO strings)."""
        return {
            "built_on": [[n, d.isoformat(), c] for n, d, c in self.built_on],
            "built_since_processing": [list(p) for p in self.built_since_processing],
            "exercised_since_processing": [list(p) for p in self.exercised_since_processing],
            "license_barred": sorted(self.license_barred),
            "interest_days": [d.isoformat() for d in self.interest_days],
            "processed": [list(p) for p in self.processed],
            "exercises": [list(p) for p in self.exercises],
            "closed_demands": list(self.closed_demands),
            # Only when there is one: records written before it read (and compare) the same.
            **({"focus_grouped": list(self.focus_grouped)} if self.focus_grouped else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Bookkeeping:
        """The inverse of :meth:`to_json`; missing keys take their defaults."""
        return cls(
            built_on=tuple(
                (str(n), date.fromisoformat(d), int(c)) for n, d, c in data.get("built_on", ())
            ),
            built_since_processing=tuple(
                (str(n), int(c)) for n, c in data.get("built_since_processing", ())
            ),
            exercised_since_processing=tuple(
                (str(n), int(c)) for n, c in data.get("exercised_since_processing", ())
            ),
            license_barred=frozenset(str(n) for n in data.get("license_barred", ())),
            interest_days=tuple(date.fromisoformat(d) for d in data.get("interest_days", ())),
            processed=tuple((int(d), str(n)) for d, n in data.get("processed", ())),
            exercises=tuple((int(d), str(n)) for d, n in data.get("exercises", ())),
            closed_demands=tuple(str(p) for p in data.get("closed_demands", ())),
            focus_grouped=tuple(str(p) for p in data.get("focus_grouped", ())),
        )


class Field(StrEnum):
    """What a :class:`Change` changed."""

    BUDGET = "Budget"
    """A player's Budget (GNDT)."""
    DEBT = "Debt"
    """A player's Debt (GNDT)."""
    SMILES = "Smiles"
    """A player's Smiles (GNDT)."""
    LBD = "LBD"
    """A player's LBD (GNDT)."""
    PLAYER = "row"
    """A GNDT row added with the defaults."""
    ZONE = "Zone"
    """A Zone created (target: its name)."""
    BUILDINGS = "Buildings"
    """A Zone's Buildings line."""
    LICENSE = "IP License"
    """A Zone's IP License line."""
    PLANNED = "Planned Buildings"
    """A Zone's Planned Buildings line (rule "Planning")."""
    VISITORS = "Visitors"
    """A Business Day of the queue (target: its number)."""
    BY_HAND = "by hand"
    """Nothing changed: an Effect the bot cannot apply, for a human to apply."""
    NOTE = "note"
    """Nothing changed: a step that had no effect, said so with its numbers."""


@dataclass(frozen=True)
class Change:
    """One thing an action did, with the rule that made it and the numbers."""

    clause: RuleClause
    """The rule, quoted."""
    target: str
    """The player, Zone name or Business Day number changed."""
    field: Field
    """What was changed."""
    before: str | int | None
    """The value before (None: it did not exist)."""
    after: str | int | None
    """The value after."""
    reason: str
    """How the value was worked out, with the numbers."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: rule, words, target, field, before, after, reason."""
        return {
            "rule": self.clause.rule,
            "words": self.clause.words,
            "target": self.target,
            "field": self.field.value,
            "before": self.before,
            "after": self.after,
            "reason": self.reason,
        }

    def __str__(self) -> str:
        """One line naming the thing once: "The Mouse Zone Buildings: (none) -> Playpit:
        ...", "The Mouse Zone: created: ...", "Business Day 1: created, no Visitors: ..."."""
        rule = f'(rule "{self.clause.rule}")'
        if self.field in (Field.BY_HAND, Field.NOTE):
            return f"{self.reason} {rule}"
        if self.field is Field.VISITORS:
            day = f"Business Day {self.target}"
            if self.before is None:
                queued = f"Visitors {self.after}" if self.after else "no Visitors"
                return f"{day}: created, {queued}: {self.reason} {rule}"
            what = f"{day} Visitors"
        elif self.field is Field.ZONE and self.before is None:
            # The Zone is the thing itself: its name is its value.
            return f"{self.target}: created: {self.reason} {rule}"
        elif self.field is Field.PLAYER and self.before is None:
            return f"{self.target} {self.field.value}: created: {self.reason} {rule}"
        else:
            what = f"{self.target} {self.field.value}"
        return f"{what}: {_shown(self.before)} -> {_shown(self.after)}: {self.reason} {rule}"


def _shown(value: str | int | None) -> str:
    """A value on a change line; an absent or empty one reads "(none)"."""
    return "(none)" if value is None or value == "" else str(value)


@dataclass(frozen=True)
class Economy:
    """The whole economy at one moment. Immutable: actions return a new one."""

    players: tuple[PlayerRow, ...]
    """The GNDT, one row per player (Idle ones included), in page order."""
    zones: tuple[Zone, ...] = ()
    """The Zones, in page order."""
    days: tuple[BusinessDay, ...] = ()
    """The Visitors queue, Business Day 1 first."""
    boss: str = ""
    """The Boss (an Imagineer with a GNDT row)."""
    idle: frozenset[str] = frozenset()
    """Idle players: "not counted as Imagineers"."""
    books: Bookkeeping = field(default_factory=Bookkeeping)
    """The counters no page records."""

    # Conversions from and to the page models.

    @classmethod
    def from_pages(
        cls,
        *,
        rows: Sequence[PlayerRow],
        zones: Sequence[Zone],
        days: Sequence[BusinessDay | str],
        boss: str,
        idle: Iterable[str] = (),
        books: Bookkeeping | None = None,
    ) -> Economy:
        """The economy as the Gamestate and Nomicland pages show it.

        ``days`` may be :class:`BusinessDay` s or their Visitors as written
        (``["AtSScAA", "ccctcS", ""]``), Business Day 1 first.
        """
        queue = tuple(
            d if isinstance(d, BusinessDay) else BusinessDay(n, parse_visitors(str(d)))
            for n, d in enumerate(days, start=1)
        )
        # The Boss and the Idle come from the blog's roster, the rows from the GNDT: a name
        # spelt in another case there is the row's player (as ``player`` looks rows up).
        spelt = {r.name.casefold(): r.name for r in rows}
        return cls(
            players=tuple(rows),
            zones=tuple(zones),
            days=queue,
            boss=spelt.get(boss.casefold(), boss),
            idle=frozenset(spelt.get(n.casefold(), n) for n in idle),
            books=books or Bookkeeping(),
        )

    def to_pages(self) -> tuple[tuple[PlayerRow, ...], tuple[Zone, ...], tuple[BusinessDay, ...]]:
        """What the pages should show: (GNDT rows, Zones, Business Days)."""
        return self.players, self.zones, self.days

    def to_json(self) -> dict[str, Any]:
        """The ``state --json`` shape (ARCHITECTURE 3b)."""
        from gamestate.dynasties.nomicland.completion import victory

        won = victory(self)
        return {
            "players": {
                p.name: {"budget": p.budget, "debt": p.debt, "smiles": p.smiles, "lbd": p.lbd}
                for p in self.players
            },
            "zones": [
                {
                    "name": z.name,
                    "operator": z.operator,
                    "buildings": [{"name": b.name, "budget": b.budget} for b in z.buildings],
                    "planned": list(z.planned),
                    "license": (
                        {
                            "name": z.ip_license.name,
                            "segments": "".join(s.value for s in z.ip_license.segments),
                        }
                        if z.ip_license
                        else None
                    ),
                }
                for z in self.zones
            ],
            "visitors": [str(d) for d in self.days],
            "boss": self.boss,
            "victory": won.winner if won else None,
        }

    # Questions.

    def player(self, name: str) -> PlayerRow | None:
        """The GNDT row of ``name`` (ignoring case), or None."""
        for row in self.players:
            if row.name == name:
                return row
        wanted = name.casefold()
        return next((p for p in self.players if p.name.casefold() == wanted), None)

    def is_imagineer(self, name: str) -> bool:
        """Whether ``name`` has a GNDT row and is not Idle."""
        row = self.player(name)
        return row is not None and row.name not in self.idle

    @property
    def imagineers(self) -> tuple[str, ...]:
        """The Imagineers counted by the Ruleset: every non-Idle player."""
        return tuple(p.name for p in self.players if p.name not in self.idle)

    def is_crowded(self, day: BusinessDay) -> bool:
        """Visitors: more Visitors queued than twice the number of Imagineers."""
        return day.is_crowded(len(self.imagineers))

    def day(self, number: int) -> BusinessDay | None:
        """Business Day ``number`` (1-based), or None."""
        return self.days[number - 1] if 1 <= number <= len(self.days) else None

    def default_lbd(self) -> int:
        """Visitors: LBD "defaults to the highest-numbered existing Business Day, or 0"."""
        return len(self.days)

    def zones_of(self, name: str) -> tuple[Zone, ...]:
        """The Zones ``name`` Operates."""
        wanted = name.casefold()
        return tuple(z for z in self.zones if z.operator and z.operator.casefold() == wanted)

    def zone(self, name: str) -> Zone | None:
        """The Zone named ``name`` (ignoring case), or None."""
        wanted = name.casefold()
        return next((z for z in self.zones if z.name.casefold() == wanted), None)

    # New values (used by the rules).

    def _rebuilt(
        self,
        *,
        players: tuple[PlayerRow, ...] | None = None,
        zones: tuple[Zone, ...] | None = None,
        days: tuple[BusinessDay, ...] | None = None,
    ) -> Economy:
        # dataclasses.replace is generic and slow; these three change on every action.
        return Economy(
            self.players if players is None else players,
            self.zones if zones is None else zones,
            self.days if days is None else days,
            self.boss,
            self.idle,
            self.books,
        )

    def with_player(self, row: PlayerRow) -> Economy:
        """``row`` replacing the row of the same name (or added at the end)."""
        if self.player(row.name) is None:
            return self._rebuilt(players=(*self.players, row))
        return self._rebuilt(players=tuple(row if p.name == row.name else p for p in self.players))

    def with_new_player(self, name: str) -> Economy:
        """A new GNDT row for ``name`` with every default: Budget 0, Debt 0, Smiles 10, and
        LBD "the highest-numbered existing Business Day, or 0 if there are none"."""
        if self.player(name) is not None:
            return self
        return self.with_player(PlayerRow(name, lbd=self.default_lbd()))

    def with_zone(self, zone: Zone) -> Economy:
        """``zone`` replacing the Zone of the same name (or added at the end)."""
        if self.zone(zone.name) is None:
            return self._rebuilt(zones=(*self.zones, zone))
        return self._rebuilt(zones=tuple(zone if z.name == zone.name else z for z in self.zones))

    def with_day(self, day: BusinessDay) -> Economy:
        """``day`` replacing the Business Day of its number (or added at the end)."""
        if day.number == len(self.days) + 1:
            return self._rebuilt(days=(*self.days, day))
        at = day.number - 1
        if not 0 <= at < len(self.days) or self.days[at].number != day.number:
            return self._rebuilt(
                days=tuple(day if d.number == day.number else d for d in self.days)
            )
        return self._rebuilt(days=(*self.days[:at], day, *self.days[at + 1 :]))


@dataclass(frozen=True)
class Outcome:
    """An accepted action: the new economy and what changed, each with its rule."""

    state: Economy
    """The economy after the action."""
    changes: tuple[Change, ...]
    """Every change (and every Effect to apply by hand), in the order made."""

    @property
    def by_hand(self) -> tuple[Change, ...]:
        """The Effects the bot could not apply, for a human to apply."""
        return tuple(c for c in self.changes if c.field is Field.BY_HAND)
