"""An archive argument as every command reads it (issue 25, item 7): ``example:NAME``
in ``sandbox blog`` as its own help shows it, and what is wrong with the file said
before what is wrong with the options."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import requests
from click.testing import CliRunner

from tests.sandbox.test_sandbox_blog import _cli_blog, _comment
from wikibot.cli import cli
from wikibot.examples import NOMICLAND

NOW = "2016-05-17T12:00:00Z"


def test_sandbox_blog_serves_example_nomicland_as_its_help_says(tmp_path: Path) -> None:
    help_text = CliRunner().invoke(cli, ["sandbox", "blog", "--help"]).output
    assert "--archive example:nomicland" in help_text
    shipped = NOMICLAND.read_bytes()
    with _cli_blog("--archive", "example:nomicland", cwd=tmp_path) as url:
        assert "Fundland" in requests.get(url + "archive/fundland", timeout=10).text
        _comment(url, "fundland", "Nice")
    # Comments are saved beside, under the example's own name; never into the package.
    (state,) = (tmp_path / "sandbox-data" / "blog").glob("*.state.json")
    assert re.fullmatch(r"nomicland-[0-9a-f]{8}\.state\.json", state.name)
    assert NOMICLAND.read_bytes() == shipped


@pytest.mark.parametrize(
    ("archive", "message"),
    [
        ("example:nowhere", "there is no example 'nowhere'; the examples are: example:"),
        ("missing.json", "File 'missing.json' does not exist."),
        (".", "File '.' is a directory."),
    ],
    ids=["an unknown example", "a missing file", "a folder"],
)
def test_sandbox_blog_refuses_what_it_cannot_serve_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, archive: str, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["sandbox", "blog", "--archive", archive])
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "sandbox-data").exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json at all", "not valid JSON: Expecting value: line 1 column 1 (char 0)"),
        ("", "not valid JSON"),
        (b"\xff\xfe{}", "not UTF-8 text"),
    ],
    ids=["text", "empty", "not UTF-8"],
)
def test_status_since_of_a_file_that_is_not_json_says_so(
    tmp_path: Path, content: str | bytes, message: str
) -> None:
    path = tmp_path / "notes.txt"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    args = ["status", "--archive", str(path), "--now", NOW]
    for extra in ([], ["--since", "2016-05-01T00:00:00Z"]):
        result = CliRunner().invoke(cli, [*args, *extra])
        assert result.exit_code == 1, result.output
        assert result.output.startswith(f"Error: {path}: ") and message in result.output
        assert "--since" not in result.output and result.output.count("\n") == 1


def test_status_since_of_a_missing_file_says_it_is_missing(tmp_path: Path) -> None:
    path = tmp_path / "nope.json"
    result = CliRunner().invoke(
        cli, ["status", "--archive", str(path), "--now", NOW, "--since", NOW]
    )
    assert result.exit_code == 1
    assert result.output == f"Error: {path}: No such file or directory\n"


@pytest.mark.parametrize(
    "archive", ["example:nomicland", "json"], ids=["a /1 archive", "JSON of no format"]
)
def test_status_since_still_needs_a_2_archive(tmp_path: Path, archive: str) -> None:
    if archive == "json":
        path = tmp_path / "other.json"
        path.write_text('{"players": []}', encoding="utf-8")
        archive = str(path)
    result = CliRunner().invoke(
        cli, ["status", "--archive", archive, "--now", NOW, "--since", "2016-05-01T00:00:00Z"]
    )
    assert result.exit_code == 2
    assert "--since needs a nomic-archive/2 archive" in result.output
