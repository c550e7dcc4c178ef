"""``nomicbot profiles``: the rule profiles, each with its seed file and settings."""

from __future__ import annotations

import json

import click

from gamestate.profiles import DEFAULT_PROFILE, ProfileError, get_profile, profile_names
from gamestate.profiles.inputs import inputs_of
from gamestate.profiles.schema import archive_schema

__all__ = ["profiles_command", "register"]


def _describe(name: str) -> dict[str, object]:
    spec = get_profile(name)
    return {
        "name": spec.name,
        "title": spec.title,
        "seed": spec.seed,
        "default": spec.name == DEFAULT_PROFILE,
        "settings": [
            {"name": s.name, "default": s.default, "choices": list(s.choices), "doc": s.doc}
            for s in spec.settings
        ],
        "matter_kinds": sorted(spec.matter_kinds),
        "vote_values": sorted(spec.vote_values),
        "event_types": sorted(spec.event_types),
        "action_names": sorted(spec.action_names),
        # The input described: each event type's fields, the draws and commands, the
        # shapes of state and game_state, and the second words for a seed's word.
        "inputs": _inputs(name),
    }


def _inputs(name: str) -> dict[str, object]:
    spec = get_profile(name)
    described = inputs_of(name).as_dict()
    events: dict[str, object] = described["events"]
    described["events"] = {t: events.get(t, []) for t in sorted(spec.event_types)}
    return described


@click.command("profiles")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print one JSON object per profile, with every event type's fields, the action, "
    "draw and command names and the shapes of state and game_state.",
)
@click.option(
    "--schema",
    "schema_of",
    metavar="NAME",
    help="Print the JSON Schema (draft 2020-12) of profile NAME's nomic-archive/2 archive.",
)
def profiles_command(as_json: bool, schema_of: str | None) -> None:
    """List the rule profiles: each game's name, seed file and settings.

    `[game] profile = NAME` in nomicbot.toml (or an archive's `profile` field)
    chooses one; its settings go in `[game]` too (an archive's `settings` win).

    Example:

        nomicbot profiles
        nomicbot profiles --schema nomopoly-iv > nomopoly-iv.schema.json
    """
    if schema_of is not None:
        try:
            schema = archive_schema(schema_of)
        except ProfileError as exc:
            raise click.ClickException(str(exc)) from None
        click.echo(json.dumps(schema, indent=2, ensure_ascii=False))
        return
    for name in profile_names():
        info = _describe(name)
        if as_json:
            click.echo(json.dumps(info, ensure_ascii=False))
            continue
        default = " (the default)" if info["default"] else ""
        click.echo(f"{name}{default}: {info['title']}, seed {info['seed']}")
        for s in get_profile(name).settings:
            # Each choice as the config and the archive spell it (JSON: true, "last").
            shown = ", ".join(json.dumps(c) for c in s.choices)
            choices = f" (one of {shown})" if s.choices else ""
            click.echo(f"    {s.name} = {json.dumps(s.default)}{choices}: {s.doc}")
        for key in ("matter_kinds", "vote_values", "event_types", "action_names"):
            values = info[key]
            if values:
                click.echo(f"    {key.replace('_', ' ')}: {', '.join(values)}")  # type: ignore[arg-type]
        inputs = inputs_of(name)
        for kind, fields in sorted(inputs.events.items()):
            shown = ", ".join(f.name + ("" if f.required else "?") for f in fields)
            click.echo(f"    event {kind}: {shown}")
        for key, words in (("draws", inputs.draws), ("commands", inputs.commands)):
            if words:
                click.echo(f"    {key}: {', '.join(words)}")
        for alias, word in sorted(inputs.aliases.items()):
            click.echo(f"    {alias!r} is accepted for {word!r}")


def register(cli: click.Group) -> None:
    """Adds ``profiles`` to the CLI."""
    cli.add_command(profiles_command)
