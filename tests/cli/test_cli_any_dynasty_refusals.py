"""After an Ascension Address that repeals Nomicland's rules (a Ruleset revision without
them), Nomicland's commands refuse in one line naming the dynasty's rules; before it,
and `roll` in any dynasty, they work as before (the real sandbox wiki)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.any_dynasty import SEEKERS
from tests.cli.test_cli_economy import config_file  # noqa: F401  (the fixture)
from wikibot.cli import cli
from wikibot.mirror.api import Mirror
from wikibot.mirror.rulesets import store_ruleset_revisions
from wikibot.wiki.revisions import WikiRevision

pytestmark = pytest.mark.integration

ADDRESS = datetime(2016, 5, 20, 12, 0, tzinfo=UTC)
REFUSED = "Nomicland's rules are not in force"


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def _address(config: Path) -> None:
    mirror = config.parent / "mirror.sqlite"
    with Mirror.open(str(mirror)) as opened:
        revision = WikiRevision("Ruleset", 9001, None, "Kevan", ADDRESS, "Seekers", SEEKERS, False)
        store_ruleset_revisions(opened, "Ruleset", [revision], seen_at=ADDRESS)


def test_economy_commands_refuse_after_the_ascension_and_work_before(
    config_file: Path,  # noqa: F811
) -> None:
    config = ("--config", str(config_file))
    _address(config_file)
    code, out = _run("zone", "create", "--word", "Mouse", *config, "--now", "2016-05-16T10:00:00Z")
    assert code == 0, out  # Nomicland's rules were in force then
    for args in (
        ("zone", "create", "--word", "Mouse", "--apply"),
        ("build", "Playpit"),
        ("day", "new", "--as", "Kevan"),
        ("debt", "interest"),
        ("demand", "status", "demand_gift_shop"),
        ("demand", "unplan", "The Mouse Zone", "Gift Shop"),
    ):
        code, out = _run(*args, *config, "--now", "2016-05-21T10:00:00Z")
        assert code == 1, (args, out)
        assert out.count("\n") == 1 and REFUSED in out, out
        assert 'the dynasty of the Seekers has "Development Interval", "Score"' in out
    code, out = _run("state", *config)  # the clock: long after the Address
    assert code == 1 and out.startswith(f"Error: state: {REFUSED}")


def test_roll_works_in_any_dynasty(config_file: Path) -> None:  # noqa: F811
    _address(config_file)
    code, out = _run("roll", "DICE6", "--config", str(config_file), "--now", "2016-05-21T10:00:00Z")
    assert code == 0, out
    assert out.startswith("DICE6: ")
