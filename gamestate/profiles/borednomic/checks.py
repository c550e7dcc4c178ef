"""What BoredNomic refuses outright, one line each (the shared kinds, vote words and
event types are :class:`~gamestate.profiles.base.BaseProfile`'s): a time zone that is
not one, a player's values that are not whole numbers, a reaction where BoredNomic's
players send votes, a veto of a proposal that is not in the archive."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamestate.profiles.borednomic import clauses
from gamestate.profiles.borednomic.changes import cut
from gamestate.profiles.borednomic.records import check_records
from gamestate.profiles.borednomic.standing import FIELDS
from gamestate.profiles.clock import zone
from gamestate.profiles.core import Archive, Event, Matter, ProfileError
from gamestate.profiles.core import shown as _show

__all__ = ["check_archive", "matter_ref", "time_zone"]

_RESERVES = ("votes_in_reserve", "propositions_in_reserve")


def matter_ref(value: object) -> str | None:
    """An event's ``matter``: an id, written as the archive's ids are (a number is
    read as its digits, as ``matters[].id`` is)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value if isinstance(value, str) else None


def time_zone(archive: Archive, value: object) -> Any:
    """The ``timezone`` setting as a zone; a one-line error naming the archive."""
    try:
        return zone(value)
    except ProfileError:
        raise archive.error(
            "settings.timezone",
            f"{_show(value)} is not an IANA time zone name (e.g. America/Chicago)",
        ) from None


def _check_state(archive: Archive, record: str, state: Mapping[str, Any]) -> None:
    for key in FIELDS:
        if key not in state:
            continue
        value = state[key]
        if isinstance(value, bool) or not isinstance(value, int):
            raise archive.error(
                f"{record}.state.{key}", f"expected a whole number, got {_show(value)}"
            )
        if key in _RESERVES and value < 0:
            raise archive.error(f"{record}.state.{key}", f"cannot be negative, got {value}")


def _matter(archive: Archive, record: str, e: Event, what: str) -> Matter:
    """The proposal an event names in ``matter``: a one-line error if there is none."""
    matter_id = matter_ref(e.get("matter"))
    matter = archive.matter(matter_id) if matter_id is not None else None
    if matter is None:
        raise archive.error(record, f"the {what} names {_show(e.get('matter'))}: no such matter")
    return matter


def check_archive(archive: Archive) -> list[str]:
    """Raises a one-line ProfileError for what BoredNomic does not know; returns the
    warnings that need no clock (an Admin marked as a player)."""
    warnings: list[str] = []
    paused = archive.game_state.get("paused", False)
    if not isinstance(paused, bool):
        raise archive.error("game_state.paused", f"expected true or false, got {_show(paused)}")
    for i, member in enumerate(archive.roster):
        record = f"roster {i} ({cut(member.name)!r})"
        _check_state(archive, record, member.state)
        if "admin" in member.roles and member.player:
            warnings.append(
                f"{record}: has the admin role, so is not counted as a player"
                f' ("{clauses.ADMIN_NOT_PLAYER}")'
            )
    for m in archive.matters:
        where = f"matter {cut(m.id)}"
        for key, value in (("class", m.cls), ("ruling", m.ruling), ("deleted_at", m.deleted_at)):
            if value is not None:
                raise archive.error(where, f"{key!r} has no meaning in BoredNomic proposals")
        for i, v in enumerate(m.votes):
            record = f"{where} vote {i} by {cut(v.voter)!r}"
            if v.op != "cast":
                raise archive.error(
                    record, f"op {v.op!r}: BoredNomic's players send votes, not reactions"
                )
            if v.at < m.posted_at:
                raise archive.error(record, "the vote is dated before the proposal was made")
    for e in archive.events:
        record = f"event {e.index} ({e.type})"
        by = e.get("by")
        if e.type in ("admin_veto", "send_back"):
            what = "veto" if e.type == "admin_veto" else "send-back"
            matter = _matter(archive, record, e, what)
            if not isinstance(by, str) or not by.strip():
                raise archive.error(record, f"'by' must name the Admin, got {_show(by)}")
            if e.at < matter.posted_at:
                raise archive.error(record, f"the {what} is dated before {cut(matter.id)} was made")
        elif e.type in ("add_square", "set_price") and (
            e.type == "set_price" or e.get("matter") is not None
        ):
            _matter(archive, record, e, "change")
        if e.type != "admin_veto" and by is not None and not isinstance(by, str):
            raise archive.error(record, f"'by' must be a name, got {_show(by)}")
    check_records(archive)
    return warnings
