"""``nomicbot profiles``: the rule profiles, each with its seed file and settings."""

from __future__ import annotations

import json

import click

from gamestate.profiles import DEFAULT_PROFILE, get_profile, profile_names

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
    }


@click.command("profiles")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per profile.")
def profiles_command(as_json: bool) -> None:
    """List the rule profiles: each game's name, seed file and settings.

    `[game] profile = NAME` in nomicbot.toml (or an archive's `profile` field)
    chooses one; its settings go in `[game]` too (an archive's `settings` win).

    Example:

        nomicbot profiles
    """
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


def register(cli: click.Group) -> None:
    """Adds ``profiles`` to the CLI."""
    cli.add_command(profiles_command)
