"""The README's readings of the shipped examples are their real output: for each
``$ nomicbot status --archive example:...`` block, every line shown is a line of the
command's output, in order ("..." stands for what the README leaves out, inside a line
too)."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from wikibot.cli import cli

README = Path(__file__).resolve().parents[2] / "README.md"


def excerpts() -> list[tuple[list[str], list[str]]]:
    """(the command's arguments, the lines shown) for each archive-reading block."""
    lines = README.read_text(encoding="utf-8").splitlines()
    found = []
    for i, line in enumerate(lines):
        command = line.strip()
        if not command.startswith("$ nomicbot status --archive example:"):
            continue
        shown = []
        for after in lines[i + 1 :]:
            if not after.startswith("    ") or after.strip().startswith("$ "):
                break
            shown.append(after[4:])
        found.append((shlex.split(command)[2:], shown))
    return found


def _matches(line: str, parts: list[str]) -> bool:
    """The parts are in the line in order, the first at its start."""
    if not line.startswith(parts[0]):
        return False
    at = len(parts[0])
    for part in parts[1:]:
        at = line.find(part.strip(), at)
        if at < 0:
            return False
        at += len(part.strip())
    return True


@pytest.mark.parametrize(("args", "shown"), excerpts(), ids=lambda v: " ".join(v)[:70])
def test_the_readmes_reading_is_the_commands_output(args: list[str], shown: list[str]) -> None:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    output = result.output.splitlines()
    at = 0
    for line in shown:
        parts = [p for p in line.split("...") if p.strip()]
        if not parts:
            continue
        while at < len(output) and not _matches(output[at], parts):
            at += 1
        assert at < len(output), f"not in the output (in order): {line}"
        at += 1
    assert len([s for s in shown if s.strip() != "..."]) >= 10


def test_every_shipped_examples_reading_is_checked() -> None:
    read = {a[2].split(":", 1)[1] for a, _ in excerpts()}
    assert {"nomicland", "borednomic", "infinite-nomic"} <= read
