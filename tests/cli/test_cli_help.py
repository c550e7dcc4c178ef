"""Every command has help, with an example (the sqlite-utils habit)."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from wikibot.cli import cli


def _commands(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = []
    for name, command in sorted(group.commands.items()):
        path = (*prefix, name)
        if isinstance(command, click.Group):
            found.extend(_commands(command, path))
        else:
            found.append(path)
    return found


COMMANDS = _commands(cli)


def test_the_expected_commands_exist() -> None:
    assert {" ".join(c) for c in COMMANDS} >= {
        "status",
        "sync",
        "export",
        "publish",
        "wiki check",
        "sandbox blog",
        "sandbox wiki",
        "demo",
    }


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p))
def test_every_command_has_help_with_an_example(path: tuple[str, ...]) -> None:
    result = CliRunner().invoke(cli, [*path, "--help"], catch_exceptions=False)
    assert result.exit_code == 0
    assert "Example:" in result.output, f"nomicbot {' '.join(path)} --help has no example"
    assert "nomicbot " + " ".join(path) in result.output.split("Example:")[1]
