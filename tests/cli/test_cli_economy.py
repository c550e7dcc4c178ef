"""The economy commands against the real sandbox wiki: dry run, --apply, refusals, state."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from gamestate.profiles.blognomic_139.models import Player
from tests.plugins.wiki import HumanEditor
from tests.wiki.test_economy_week import table
from wikibot.cli import cli
from wikibot.mirror.api import Mirror
from wikibot.sandbox.mediawiki import RunningWiki
from wikibot.wiki.pages.nomicland import SEED_WIKITEXT as PARK_SEED

pytestmark = pytest.mark.integration

MONDAY = "2016-05-16T10:00:00Z"


@pytest.fixture
def config_file(
    sandbox_wiki: RunningWiki, tmp_path: Path, page_title: str, human: HumanEditor
) -> Path:
    """A nomicbot.toml for the sandbox wiki (pages of this test's own; Zone words from the
    sandbox's seeded front page) and a mirror whose roster names Kevan the Boss."""
    mirror = tmp_path / "mirror.sqlite"
    with Mirror.open(str(mirror)) as opened:
        players = [Player(n) for n in ("Kevan", "Josh", "Clucky")]
        opened.store_roster(players, boss="Kevan", seen_at=datetime(2016, 5, 1, tzinfo=UTC))
    human.edit(f"{page_title}/Nomicland", PARK_SEED)
    human.edit(
        f"{page_title}/Gamestate",
        table(("Kevan", 0, -50000, 10, 0), ("Josh", 0, 0, 10, 0), ("Clucky", 0, 0, 10, 0)),
    )
    path = tmp_path / "nomicbot.toml"
    path.write_text(
        "[wiki]\n"
        f'url = "{sandbox_wiki.url}"\n'
        'user = "NomicBot@nomicbot"\n'
        f'password_file = "{sandbox_wiki.credentials.bot_password_file}"\n'
        f'nomicland_page = "{page_title}/Nomicland"\n'
        f'gamestate_page = "{page_title}/Gamestate"\n'
        'ruleset_page = "Ruleset"\n'
        "[mirror]\n"
        f'database = "{mirror}"\n'
        "[game]\n"
        'player = "Josh"\n'
        'contact = "https://nomicbot.test/contact"\n',
        encoding="utf-8",
    )
    return path


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def test_zone_create_dry_run_then_apply_then_rerun(
    config_file: Path, human: HumanEditor, page_title: str
) -> None:
    config = ("--config", str(config_file), "--now", MONDAY)
    before = human.read(f"{page_title}/Nomicland")
    code, out = _run("zone", "create", "--word", "Mouse", *config)
    assert code == 0, out
    assert "+== The Mouse Zone ==" in out and "+* Operator: Josh" in out
    assert "Dry run, nothing written" in out
    assert human.read(f"{page_title}/Nomicland") == before

    code, out = _run("zone", "create", "--word", "Mouse", "--apply", *config)
    assert code == 0, out
    assert out.splitlines()[-1].startswith("Applied (ledger #")
    assert "== The Mouse Zone ==\n* Operator: Josh\n" in human.read(f"{page_title}/Nomicland")

    code, out = _run("zone", "create", "--word", "Mouse", "--apply", *config)
    assert code == 0
    assert "already applied" in out


def test_a_refused_action_exits_1_quoting_the_rule(
    config_file: Path, human: HumanEditor, page_title: str
) -> None:
    before = human.read(f"{page_title}/Gamestate"), human.read(f"{page_title}/Nomicland")
    code, out = _run("day", "new", "--apply", "--config", str(config_file), "--now", MONDAY)
    assert code == 1
    assert out.startswith('Error: refused: Josh is not the Boss (Kevan) (rule "Visitors": ')
    assert out.count("\n") == 1
    code, out = _run("build", "Playpit", "--as", "Clucky", "--apply", "--config", str(config_file))
    assert code == 1 and "Clucky operates no Zone" in out
    after = human.read(f"{page_title}/Gamestate"), human.read(f"{page_title}/Nomicland")
    assert after == before


def test_state_json_is_the_contract(config_file: Path) -> None:
    code, out = _run(
        "day", "new", "--as", "Kevan", "--apply", "--config", str(config_file), "--now", MONDAY
    )
    assert code == 0, out
    code, out = _run(
        "license", "create", "Mouse Empire", "cA", "--config", str(config_file), "--now", MONDAY
    )
    assert code == 1 and "Josh operates no Zone" in out
    code, out = _run("state", "--json", "--config", str(config_file))
    assert code == 0, out
    assert json.loads(out) == {
        "players": {
            "Kevan": {"budget": 0, "debt": -50000, "smiles": 10, "lbd": 0},
            "Josh": {"budget": 0, "debt": 0, "smiles": 10, "lbd": 0},
            "Clucky": {"budget": 0, "debt": 0, "smiles": 10, "lbd": 0},
        },
        "zones": [],
        "visitors": [""],
        "boss": "Kevan",
        "victory": None,
    }


@pytest.mark.parametrize(
    ("now", "refusal"),
    [
        pytest.param(
            "2016-12-24T00:00:00Z",
            "Error: refused: it is Seasonal Downtime (2016-12-24: 24 to 27 December) (rule "
            '"Seasonal Downtime": "During this time no game actions may be taken except',
            id='Seasonal Downtime: "hiatus every year on December 24th" - at 00:00:00',
        ),
        pytest.param(
            "2016-05-16T12:00:01Z",
            "Error: refused: the game is in Hiatus: the Declaration of Victory 'victory' is "
            'pending (rule "Victory and Ascension": "During this time, the only game actions',
            id='Victory and Ascension: "the game immediately goes into Hiatus" - a pending DoV',
        ),
    ],
)
def test_no_dynastic_action_while_the_game_is_paused(
    config_file: Path, human: HumanEditor, page_title: str, now: str, refusal: str
) -> None:
    """Neither a dry run nor --apply: the pages stay as they were."""
    from gamestate.profiles.blognomic_139.models import Post

    database = next(
        line.split('"')[1]
        for line in config_file.read_text(encoding="utf-8").splitlines()
        if line.startswith("database")
    )
    with Mirror.open(database) as mirror:
        posted = datetime(2016, 5, 16, 12, tzinfo=UTC)
        mirror.store_post(
            Post(
                "victory", "Declaration of Victory", "Declaration of Victory: Mine", "Josh", posted
            ),
            seen_at=posted,
        )
    before = human.read(f"{page_title}/Nomicland")
    for apply_ in ([], ["--apply"]):
        code, out = _run(
            "zone", "create", "--word", "Mouse", *apply_, "--config", str(config_file), "--now", now
        )
        assert code == 1, out
        assert out.startswith(refusal), out
        assert out.count("\n") == 1
    assert human.read(f"{page_title}/Nomicland") == before
