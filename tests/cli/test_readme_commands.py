"""The README's command table agrees with the command line: every command is in the table
and every command the table names exists; every option a row writes is one its command's
``--help`` lists, and every option ``--help`` lists is written in the command's row, or is
one the paragraph above the table says commands take (``--config FILE``, ``--apply``...)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from wikibot.cli import cli

README = Path(__file__).resolve().parents[2] / "README.md"
_CELL_SPLIT = re.compile(r"(?<!\\)\|")
_SPAN = re.compile(r"`([^`]+)`")
_OPTION = re.compile(r"(?<![\w-])(--?[a-zA-Z][\w-]*)")


@dataclass(frozen=True)
class Row:
    """One command the table names, with the options its row writes for it."""

    path: tuple[str, ...]
    options: frozenset[str]
    written: str
    """The table's words for it, for the failure message."""


def _leaves(
    group: click.Group, prefix: tuple[str, ...] = ()
) -> dict[tuple[str, ...], click.Command]:
    found: dict[tuple[str, ...], click.Command] = {}
    for name, command in group.commands.items():
        path = (*prefix, name)
        if isinstance(command, click.Group):
            found.update(_leaves(command, path))
        else:
            found[path] = command
    return found


COMMANDS = _leaves(cli)


def _section(text: str) -> tuple[str, list[str]]:
    """The paragraph above the Commands table, and the table's body rows."""
    section = text.split("\n## Commands\n", 1)[1].split("\n## ", 1)[0]
    lines = section.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| command |"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append(line)
    return "\n".join(lines[:start]), rows


def _paths(words: list[str], group: click.Group = cli) -> tuple[list[tuple[str, ...]], int]:
    """The command paths the words begin with ("demand status|open|close POST" names three),
    and how many words they took."""
    alternatives = words[0].split("|") if words else []
    if not alternatives or any(a not in group.commands for a in alternatives):
        return [], 0
    paths: list[tuple[str, ...]] = []
    used = 1
    for name in alternatives:
        command = group.commands[name]
        if isinstance(command, click.Group):
            deeper, taken = _paths(words[1:], command)
            paths.extend((name, *p) for p in deeper)
            used = max(used, 1 + taken)
        else:
            paths.append((name,))
    return paths, used


def parse_table(text: str) -> tuple[frozenset[str], list[Row], list[str]]:
    """The options the paragraph says commands take, the rows, and what could not be read."""
    intro, lines = _section(text)
    general = frozenset(_OPTION.findall(" ".join(_SPAN.findall(intro))))
    rows: list[Row] = []
    unreadable: list[str] = []
    for line in lines:
        first = _CELL_SPLIT.split(line)[1]
        for span in _SPAN.findall(first):
            written = span.replace("\\|", "|")
            words = written.removeprefix("nomicbot ").split()
            paths, used = _paths(words)
            if not paths:
                unreadable.append(written)
                continue
            options = frozenset(_OPTION.findall(" ".join(words[used:])))
            rows.extend(Row(path, options, written) for path in paths)
    return general, rows, unreadable


GENERAL, ROWS, UNREADABLE = parse_table(README.read_text(encoding="utf-8"))


def _options(command: click.Command) -> dict[str, frozenset[str]]:
    """Each option's name, with every way of writing it (``-o``, ``--output``)."""
    return {
        param.name or param.opts[0]: frozenset(param.opts + param.secondary_opts)
        for param in command.params
        if isinstance(param, click.Option) and not param.hidden
    }


def test_the_table_is_found_and_read() -> None:
    assert len(ROWS) >= 20 and UNREADABLE == []
    assert {"--config", "--apply", "--as", "--now"} <= GENERAL


def test_every_command_is_in_the_table_and_every_row_names_a_command() -> None:
    named = {row.path for row in ROWS}
    missing = sorted(" ".join(p) for p in set(COMMANDS) - named)
    assert missing == [], f"commands missing from the README's table: {missing}"


@pytest.mark.parametrize("path", sorted(COMMANDS), ids=" ".join)
def test_each_commands_options_agree_with_its_row(path: tuple[str, ...]) -> None:
    command = COMMANDS[path]
    options = _options(command)
    rows = [row for row in ROWS if row.path == path]
    written = frozenset().union(*(row.options for row in rows))
    known = frozenset().union(*options.values())
    not_in_help = sorted(written - known)
    assert not_in_help == [], f"the README writes {not_in_help} for `{' '.join(path)}`"
    documented = written | GENERAL
    not_in_table = sorted(max(ways, key=len) for ways in options.values() if not ways & documented)
    assert not_in_table == [], (
        f"`nomicbot {' '.join(path)} --help` lists {not_in_table}, not in its README row "
        f"({'; '.join(row.written for row in rows)})"
    )
    # And --help itself says so (the table is checked against what a reader sees).
    shown = CliRunner().invoke(cli, [*path, "--help"], catch_exceptions=False).output
    assert all(re.search(rf"{re.escape(o)}\b", shown) for o in written), shown


_TABLE = """
## Commands

Commands that write take `--apply`.

| command | what it does |
|---|---|
| `nomicbot status [--json] [--bogus]` | x |
| `nomicbot zone create`, `debt repay\\|interest` | y |
| `nomicbot nonesuch` | z |

## Next
"""


def test_the_reader_of_the_table() -> None:
    general, rows, unreadable = parse_table(_TABLE)
    assert general == {"--apply"}
    assert [(r.path, sorted(r.options)) for r in rows] == [
        (("status",), ["--bogus", "--json"]),
        (("zone", "create"), []),
        (("debt", "repay"), []),
        (("debt", "interest"), []),
    ]
    assert unreadable == ["nomicbot nonesuch"]
