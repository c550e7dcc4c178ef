"""The ledger's record of the whole economy (its ``after["state"]``), read and written:
the ``state --json`` shape plus ``idle`` and ``books`` (the counters no page shows).
The ledger (wikibot) writes it and the replay and the wiki audit read it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamestate.dynasties.nomicland.economy import Bookkeeping, Economy
from gamestate.dynasties.nomicland.models import (
    Building,
    IPLicense,
    PlayerRow,
    Zone,
    parse_visitors,
)

__all__ = ["economy_from_record", "record_of"]


def record_of(state: Economy) -> dict[str, Any]:
    """Everything in the economy as JSON."""
    return {**state.to_json(), "idle": sorted(state.idle), "books": state.books.to_json()}


def economy_from_record(record: Mapping[str, Any]) -> Economy:
    """The inverse of :func:`record_of`."""
    players = tuple(
        PlayerRow(name, int(v["budget"]), int(v["debt"]), int(v["smiles"]), int(v["lbd"]))
        for name, v in record["players"].items()
    )
    zones = tuple(
        Zone(
            z["name"],
            z["operator"],
            IPLicense(z["license"]["name"], parse_visitors(z["license"]["segments"]))
            if z["license"]
            else None,
            tuple(Building(b["name"], bool(b["budget"])) for b in z["buildings"]),
            tuple(z["planned"]),
        )
        for z in record["zones"]
    )
    return Economy.from_pages(
        rows=players,
        zones=zones,
        days=list(record["visitors"]),
        boss=str(record["boss"]),
        idle=record.get("idle", ()),
        books=Bookkeeping.from_json(record.get("books", {})),
    )
