"""``nomic-archive/2``: the game-neutral archive every profile reads (ARCHITECTURE.md 1b).

Pure: a parsed JSON value in, an :class:`~gamestate.profiles.core.Archive` out (and
back). Shape is checked here (types, times with a zone, required fields), each
error one line naming the source, the record and the profile; what the rules
make of the values is the profile's ``check``. Unknown fields are kept and
written back unchanged.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from gamestate.profiles.core import (
    Archive,
    Event,
    Judgement,
    Matter,
    Member,
    ProfileError,
    VoteEvent,
)

__all__ = [
    "FORMAT",
    "TIME_FORM",
    "archive_from_dict",
    "archive_to_dict",
    "format_time",
    "is_archive_time",
    "parse_time",
    "time_form_error",
]

FORMAT = "nomic-archive/2"
DEFAULT_PROFILE = "blognomic-139"

_TOP = {"format", "profile", "settings", "roster", "game_state", "matters", "events"}
_MEMBER = {"name", "roles", "player", "idle", "joined_at", "left_at", "state"}
_MATTER = {
    "id",
    "kind",
    "author",
    "posted_at",
    "votes",
    "class",
    "edited_at",
    "deleted_at",
    "ruling",
    "judgement",
    "text",
}
_VOTE = {"voter", "value", "at", "op", "spend_votes_in_reserve"}
_OPS = ("cast", "add", "remove")
_SHOWN = 60


def _show(value: object) -> str:
    text = repr(value) if not isinstance(value, int) or value.bit_length() < 200 else "a huge int"
    return text if len(text) <= _SHOWN else text[:_SHOWN] + "…"


def _cut(text: str) -> str:
    """A name as a record's label shows it: at most :data:`_SHOWN` characters."""
    return text if len(text) <= _SHOWN else text[:_SHOWN] + "…"


def format_time(moment: datetime) -> str:
    """UTC ISO-8601 with ``Z``, whole seconds."""
    return moment.astimezone(UTC).replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")


TIME_FORM = "YYYY-MM-DDTHH:MM:SSZ"
"""How every archive writes a time (ARCHITECTURE.md 1 and 1b): UTC, whole seconds."""
_TIME_FORM = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:[Zz]|[+-]\d{2}:\d{2})", re.ASCII)
_EXPECTED = f"expected {TIME_FORM} (UTC, whole seconds)"


def is_archive_time(text: str) -> bool:
    """Is ``text`` written as archives write times: ``2016-05-23T10:17:00Z`` (an offset
    such as ``+01:00`` for the ``Z`` is also read)? Not a space for the ``T``, fractions
    of a second, a week or ordinal date, the basic form without ``-`` and ``:``, or a
    time without its seconds, though ``datetime.fromisoformat`` reads all of them."""
    return _TIME_FORM.fullmatch(text) is not None


def time_form_error(shown: str) -> str:
    """The one-line complaint about a time (quoted as ``shown``) that ISO-8601 reads but
    that is not written in the archive's form."""
    return f"the time {shown} is not in the archive's form: {_EXPECTED}"


def parse_time(text: object, where: str) -> datetime:
    """A time written as archives write it (:func:`is_archive_time`), as UTC; else a
    ProfileError naming ``where``, the value and the form expected."""
    if not isinstance(text, str):
        raise ProfileError(f"{where}: a time must be a string, not {_show(text)}")
    # The archive's own form, e.g. 2016-05-23T10:17:00Z: the fast path. The separators
    # sit at every third character from the fifth, and fromisoformat checks the digits.
    if len(text) == 20 and text[4::3] == "--T::Z":
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            pass
        else:
            if 1900 <= moment.year <= 9000:
                return moment
    try:
        moment = datetime.fromisoformat(text.strip().replace("z", "Z"))
    except ValueError:
        raise ProfileError(f"{where}: {_show(text)} is not an ISO-8601 time") from None
    if moment.tzinfo is None:
        raise ProfileError(f"{where}: the time {_show(text)} has no zone (write it in UTC with Z)")
    if not 1900 <= moment.year <= 9000:
        raise ProfileError(f"{where}: the time {_show(text)} is out of range")
    if not is_archive_time(text):
        raise ProfileError(f"{where}: {time_form_error(_show(text))}")
    return moment.astimezone(UTC)


def _opt_time(record: Mapping[str, Any], key: str, where: str) -> datetime | None:
    value = record.get(key)
    return None if value is None else parse_time(value, f"{where}.{key}")


def _text(record: Mapping[str, Any], key: str, where: str, required: bool = True) -> str:
    value = record.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        raise ProfileError(f"{where}.{key}: expected a non-empty string, got {_show(value)}")
    return value


def _extra(record: Mapping[str, Any], known: set[str]) -> dict[str, Any]:
    if known.issuperset(record):
        return {}
    return {k: v for k, v in record.items() if k not in known}


def _table(value: object, where: str) -> Mapping[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ProfileError(f"{where}: expected an object, got {_show(value)}")
    return value


def _list(value: object, where: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ProfileError(f"{where}: expected a list, got {_show(value)}")
    return value


def _member(raw: object, where: str) -> Member:
    record = _table(raw, where)
    name = _text(record, "name", where)
    roles = _list(record.get("roles"), f"{where}.roles")
    if not all(isinstance(r, str) for r in roles):
        raise ProfileError(f"{where}.roles: expected a list of strings, got {_show(roles)}")
    for key in ("player", "idle"):
        if key in record and not isinstance(record[key], bool):
            raise ProfileError(f"{where}.{key}: expected true or false, got {_show(record[key])}")
    return Member(
        name=name,
        roles=frozenset(roles),
        player=record.get("player", True),
        idle=record.get("idle", False),
        joined_at=_opt_time(record, "joined_at", where),
        left_at=_opt_time(record, "left_at", where),
        state=dict(_table(record.get("state"), f"{where}.state")),
        extra=_extra(record, _MEMBER),
    )


def _vote(raw: object, where: str) -> VoteEvent:
    if type(raw) is dict and _VOTE.issuperset(raw):
        voter, value = raw.get("voter"), raw.get("value")
        spend, op = raw.get("spend_votes_in_reserve", 0), raw.get("op", "cast")
        if (
            type(voter) is str
            and voter.strip()
            and type(value) is str
            and value.strip()
            and type(spend) is int
            and spend >= 0
            and op in _OPS
        ):  # the common, well-formed vote: the fast path
            return VoteEvent(voter, value, parse_time(raw.get("at"), f"{where}.at"), op, spend)
    record = _table(raw, where)
    op = record.get("op", "cast")
    if op not in ("cast", "add", "remove"):
        raise ProfileError(f"{where}.op: expected add or remove, got {_show(op)}")
    spend = record.get("spend_votes_in_reserve", 0)
    if isinstance(spend, bool) or not isinstance(spend, int) or spend < 0:
        raise ProfileError(
            f"{where}.spend_votes_in_reserve: expected a whole number >= 0, got {_show(spend)}"
        )
    return VoteEvent(
        voter=_text(record, "voter", where),
        value=_text(record, "value", where),
        at=parse_time(record.get("at"), f"{where}.at"),
        op=op,
        spend_votes_in_reserve=spend,
        extra=_extra(record, _VOTE),
    )


def _matter(raw: object, where: str) -> Matter:
    record = _table(raw, where)
    matter_id = record.get("id")
    if isinstance(matter_id, int) and not isinstance(matter_id, bool):
        matter_id = str(matter_id)
    if not isinstance(matter_id, str) or not matter_id.strip():
        raise ProfileError(f"{where}.id: expected a non-empty string, got {_show(matter_id)}")
    where = f"matter {matter_id}"
    votes = [
        _vote(v, f"{where} vote {i}")
        for i, v in enumerate(_list(record.get("votes"), f"{where}.votes"))
    ]
    judgement = None
    if record.get("judgement") is not None:
        raw_j = _table(record["judgement"], f"{where}.judgement")
        judgement = Judgement(
            at=parse_time(raw_j.get("at"), f"{where}.judgement.at"),
            result=_text(raw_j, "result", f"{where}.judgement"),
        )
    ruling = record.get("ruling")
    if ruling is not None:
        ruling = dict(_table(ruling, f"{where}.ruling"))
        if "at" in ruling:
            parse_time(ruling["at"], f"{where}.ruling.at")
    cls = record.get("class")
    if cls is not None and not isinstance(cls, str):
        raise ProfileError(f"{where}.class: expected a string, got {_show(cls)}")
    text = record.get("text")
    if text is not None and not isinstance(text, str):
        raise ProfileError(f"{where}.text: expected a string, got {_show(text)}")
    return Matter(
        id=matter_id,
        kind=_text(record, "kind", where),
        author=_text(record, "author", where),
        posted_at=parse_time(record.get("posted_at"), f"{where}.posted_at"),
        votes=tuple(sorted(votes, key=lambda v: v.at)),
        cls=cls,
        edited_at=_opt_time(record, "edited_at", where),
        deleted_at=_opt_time(record, "deleted_at", where),
        ruling=ruling,
        judgement=judgement,
        text=text,
        extra=_extra(record, _MATTER),
    )


def _event(raw: object, index: int) -> Event:
    where = f"event {index}"
    record = _table(raw, where)
    return Event(
        at=parse_time(record.get("at"), f"{where}.at"),
        type=_text(record, "type", where),
        fields={k: v for k, v in record.items() if k not in ("at", "type")},
        index=index,
    )


def archive_from_dict(
    data: object,
    source: str = "archive",
    settings: Mapping[str, Any] | None = None,
) -> Archive:
    """Reads a parsed ``nomic-archive/2`` value; ``settings`` (from ``[game]``) fill
    what the archive's own ``settings`` do not give ("the archive's win")."""
    try:
        top = _table(data, "the archive")
        if top.get("format") != FORMAT:
            raise ProfileError(f"format: expected {FORMAT!r}, got {_show(top.get('format'))}")
        profile = top.get("profile", DEFAULT_PROFILE)
        if not isinstance(profile, str):
            raise ProfileError(f"profile: expected a name, got {_show(profile)}")
        merged = dict(settings or {})
        merged.update(_table(top.get("settings"), "settings"))
        roster = [
            _member(m, f"roster {i}") for i, m in enumerate(_list(top.get("roster"), "roster"))
        ]
        dupes = sorted(n for n, c in Counter(m.name for m in roster).items() if c > 1)
        if dupes:
            raise ProfileError(f"roster: {_show(dupes[0])} is listed twice")
        matters = [
            _matter(m, f"matter {i}") for i, m in enumerate(_list(top.get("matters"), "matters"))
        ]
        dupes = sorted(i for i, c in Counter(m.id for m in matters).items() if c > 1)
        if dupes:
            raise ProfileError(f"matter {_cut(dupes[0])}: the id is used twice")
        events = [_event(e, i) for i, e in enumerate(_list(top.get("events"), "events"))]
    except ProfileError as exc:
        profile_name = data.get("profile") if isinstance(data, Mapping) else None
        suffix = f" (profile {_cut(profile_name)})" if isinstance(profile_name, str) else ""
        raise ProfileError(f"{source}: {exc}{suffix}") from None
    except RecursionError:
        raise ProfileError(f"{source}: the archive is nested too deeply") from None
    return Archive(
        profile=profile,
        settings=merged,
        roster=tuple(roster),
        game_state=dict(_table(top.get("game_state"), "game_state")),
        matters=tuple(matters),
        events=tuple(sorted(events, key=lambda e: e.at)),
        source=source,
        extra=_extra(top, _TOP),
    )


def _member_to_dict(m: Member) -> dict[str, Any]:
    out: dict[str, Any] = {"name": m.name, "roles": sorted(m.roles)}
    if not m.player:
        out["player"] = False
    if m.idle:
        out["idle"] = True
    if m.joined_at is not None:
        out["joined_at"] = format_time(m.joined_at)
    if m.left_at is not None:
        out["left_at"] = format_time(m.left_at)
    if m.state:
        out["state"] = dict(m.state)
    out.update(m.extra)
    return out


def _vote_to_dict(v: VoteEvent) -> dict[str, Any]:
    out: dict[str, Any] = {"voter": v.voter, "value": v.value, "at": format_time(v.at)}
    if v.op != "cast":
        out["op"] = v.op
    if v.spend_votes_in_reserve:
        out["spend_votes_in_reserve"] = v.spend_votes_in_reserve
    out.update(v.extra)
    return out


def _matter_to_dict(m: Matter) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": m.id,
        "kind": m.kind,
        "author": m.author,
        "posted_at": format_time(m.posted_at),
        "votes": [_vote_to_dict(v) for v in m.votes],
    }
    if m.cls is not None:
        out["class"] = m.cls
    for key, value in (("edited_at", m.edited_at), ("deleted_at", m.deleted_at)):
        if value is not None:
            out[key] = format_time(value)
    if m.ruling is not None:
        out["ruling"] = dict(m.ruling)
    if m.judgement is not None:
        out["judgement"] = {"at": format_time(m.judgement.at), "result": m.judgement.result}
    if m.text is not None:
        out["text"] = m.text
    out.update(m.extra)
    return out


def archive_to_dict(archive: Archive) -> dict[str, Any]:
    """The archive as ``nomic-archive/2`` JSON (events in time order)."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "profile": archive.profile,
        "settings": dict(archive.settings),
        "roster": [_member_to_dict(m) for m in archive.roster],
        "game_state": dict(archive.game_state),
        "matters": [_matter_to_dict(m) for m in archive.matters],
        "events": [
            {"at": format_time(e.at), "type": e.type, **dict(e.fields)} for e in archive.events
        ],
    }
    out.update(archive.extra)
    return out
