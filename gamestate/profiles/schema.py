"""A JSON Schema (draft 2020-12) of one profile's ``nomic-archive/2`` archive
(ARCHITECTURE.md 1b), built from the profile's own lists (matter kinds, vote values,
judgements, event types, action names, settings) and :mod:`gamestate.profiles.inputs`.

The schema describes what the reader and the profile's checks refuse without a clock or
the roster: shapes, names and times. What needs the whole archive (a name on the roster,
an id used twice, a vote dated before its matter) stays with the reader, which keeps its
own one-line errors. Unknown fields are allowed, as the reader keeps them.
"""

from __future__ import annotations

from typing import Any

from gamestate.profiles import get_profile
from gamestate.profiles.archive import FORMAT
from gamestate.profiles.inputs import NAME, TIME, Field, Inputs, inputs_of

__all__ = ["DRAFT", "archive_schema"]

DRAFT = "https://json-schema.org/draft/2020-12/schema"
_NULL: dict[str, Any] = {"type": "null"}


def _or_null(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, _NULL]}


def _object(fields: tuple[Field, ...], *, nullable: bool = True) -> dict[str, Any]:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {f.name: dict(f.shape.schema) for f in fields},
    }
    required = [f.name for f in fields if f.required]
    if required:
        schema["required"] = required
    return _or_null(schema) if nullable else schema


def _settings(name: str) -> dict[str, Any]:
    spec = get_profile(name)
    properties: dict[str, Any] = {}
    for s in spec.settings:
        entry: dict[str, Any] = {"description": s.doc, "default": s.default}
        if s.choices:
            entry["enum"] = list(s.choices)
        properties[s.name] = entry
    return _or_null({"type": "object", "properties": properties})


def _member(inputs: Inputs) -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["name"],
        "properties": {
            "name": dict(NAME.schema),
            "roles": _or_null({"type": "array", "items": {"type": "string"}}),
            "player": {"type": "boolean"},
            "idle": {"type": "boolean"},
            "joined_at": _or_null(dict(TIME.schema)),
            "left_at": _or_null(dict(TIME.schema)),
            "state": _object(inputs.state),
        },
    }


def _vote(name: str, inputs: Inputs) -> dict[str, Any]:
    spec = get_profile(name)
    value: dict[str, Any] = dict(NAME.schema)
    # Infinite Nomic's reactions are whatever emoji its settings name.
    if spec.vote_values and name != "infinite-nomic":
        value = {"enum": sorted(spec.vote_values)}
    return {
        "type": "object",
        "required": ["voter", "value", "at"],
        "properties": {
            "voter": dict(NAME.schema),
            "value": value,
            "at": dict(TIME.schema),
            "op": {"enum": ["cast", "add", "remove"]},
            "spend_votes_in_reserve": {"type": "integer", "minimum": 0},
        },
    }


def _matter(name: str, inputs: Inputs) -> dict[str, Any]:
    spec = get_profile(name)
    votes: dict[str, Any] = {"type": "array", "items": _vote(name, inputs)}
    if not inputs.votes or (not spec.vote_values and name != "infinite-nomic"):
        votes["maxItems"] = 0
    results = sorted(getattr(spec, "judgement_results", frozenset()))
    judgement: dict[str, Any] = (
        {
            "type": "object",
            "required": ["at", "result"],
            "properties": {"at": dict(TIME.schema), "result": {"enum": results}},
        }
        if results
        else {"not": {}, "description": f"{spec.title} records no judgements"}
    )
    return {
        "type": "object",
        "required": ["id", "kind", "author", "posted_at"],
        "properties": {
            "id": {"anyOf": [dict(NAME.schema), {"type": "integer"}]},
            "kind": {"enum": sorted(spec.matter_kinds)},
            "author": dict(NAME.schema),
            "posted_at": dict(TIME.schema),
            "votes": _or_null(votes),
            "class": {"type": "string"},
            "edited_at": _or_null(dict(TIME.schema)),
            "deleted_at": _or_null(dict(TIME.schema)),
            "ruling": _or_null({"type": "object", "properties": {"at": dict(TIME.schema)}}),
            "judgement": _or_null(judgement),
            "text": _or_null({"type": "string"}),
            **{f.name: dict(f.shape.schema) for f in inputs.matter},
        },
    }


def _event(name: str, inputs: Inputs) -> dict[str, Any]:
    spec = get_profile(name)
    rules: list[dict[str, Any]] = []
    for kind in sorted(spec.event_types):
        fields = inputs.events.get(kind, ())
        then = _object(fields, nullable=False)
        if kind == "action":
            words = sorted({*spec.action_names, *inputs.aliases_for(spec.action_names)})
            then["properties"]["action"] = {"enum": words}
            then["required"] = sorted({*then.get("required", ()), "action"})
        rules.append({"if": {"properties": {"type": {"const": kind}}}, "then": then})
    rules += [dict(r) for r in inputs.event_rules]
    schema: dict[str, Any] = {
        "type": "object",
        "required": ["at", "type"],
        "properties": {"at": dict(TIME.schema), "type": {"enum": sorted(spec.event_types)}},
    }
    if rules:
        schema["allOf"] = rules
    return schema


def archive_schema(name: str) -> dict[str, Any]:
    """The JSON Schema of a ``nomic-archive/2`` archive of profile ``name``."""
    spec = get_profile(name)
    inputs = inputs_of(name)
    return {
        "$schema": DRAFT,
        "title": f"{FORMAT} archive of profile {name} ({spec.title}, seed {spec.seed})",
        "type": "object",
        "required": ["format"],
        "properties": {
            "format": {"const": FORMAT},
            "profile": {"const": name},
            "settings": _settings(name),
            "roster": _or_null({"type": "array", "items": _member(inputs)}),
            "game_state": _object(inputs.game_state),
            "matters": _or_null({"type": "array", "items": _matter(name, inputs)}),
            "events": _or_null({"type": "array", "items": _event(name, inputs)}),
        },
    }
