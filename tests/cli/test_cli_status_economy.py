"""``nomicbot status`` over a SQLite mirror with a ledger: rule "Spending"'s bar on a DoV in
Debt judged on the economy when the DoV was posted, and Project Completion shown loudly."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from gamestate.dynasties.nomicland import Economy, PlayerRow
from tests.builders import dov, game
from tests.wiki.test_economy_week import table
from wikibot.cli import cli
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger, LedgerEntry
from wikibot.wiki.economy import record_of
from wikibot.wiki.pages.nomicland import SEED_WIKITEXT as PARK_SEED

POSTED = datetime(2016, 5, 3, tzinfo=UTC)
NOW = "2016-05-03T01:00:00Z"
SECOND = timedelta(seconds=1)


def _economy(*, alice_debt: int, boss_debt: int, alice_smiles: int = 10) -> Economy:
    return Economy.from_pages(
        rows=[
            PlayerRow("Kevan", budget=500, debt=boss_debt),
            PlayerRow("Alice", debt=alice_debt, smiles=alice_smiles),
            PlayerRow("Bob"),
        ],
        zones=(),
        days=("", "", ""),
        boss="Kevan",
    )


def _mirror(tmp_path: Path, *, repaid_at: datetime | None) -> Path:
    """A mirror holding a pending DoV by Alice, the pages first read a day before it (Alice's
    Debt -50, the Boss's -100), and, if ``repaid_at``, one action repaying both Debts."""
    path = tmp_path / "mirror.sqlite"
    with Mirror.open(str(path)) as mirror:
        mirror.store_game(game(dov("victory", "Alice", when=POSTED)), seen_at=POSTED)
        ledger = Ledger(mirror)
        first_read = POSTED - timedelta(days=1)
        ledger.record_baseline("Nomicland", PARK_SEED, 1, first_read)
        gndt = table(("Kevan", 500, -100, 10, 0), ("Alice", 0, -50, 10, 0), ("Bob", 0, 0, 10, 0))
        ledger.record_baseline("Gamestate", gndt, 2, first_read)
        if repaid_at is not None:
            after = _economy(alice_debt=0, boss_debt=0, alice_smiles=12)
            ledger.start(
                LedgerEntry(
                    "op-repay", repaid_at, "Alice", "debt repay", after={"state": record_of(after)}
                )
            )
            ledger.finish("op-repay", {})
    config = tmp_path / "nomicbot.toml"
    config.write_text(f'[mirror]\ndatabase = "{path}"\n', encoding="utf-8")
    return config


def _status(config: Path, *args: str) -> str:
    result = CliRunner().invoke(cli, ["status", "--config", str(config), "--now", NOW, *args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(
    ("repaid", "illegal"),
    [
        pytest.param(-SECOND, False, id="Spending: Debt repaid one second before the DoV: legal"),
        pytest.param(SECOND, True, id="Spending: Debt repaid one second after the DoV: Illegal"),
    ],
)
def test_a_dov_by_an_imagineer_in_debt_is_illegal(
    tmp_path: Path, repaid: timedelta, illegal: bool
) -> None:
    data = json.loads(_status(_mirror(tmp_path, repaid_at=POSTED + repaid), "--json"))
    (matter,) = data["matters"]
    assert matter["illegal"] is illegal
    assert data["hiatus"] is not illegal  # an Illegal DoV causes no Hiatus
    if illegal:
        assert matter["verdict"] == "fail"
        assert matter["illegal_reason"].startswith(
            'rule "Spending": "If an Imagineer\'s Debt is non-zero, that Imagineer may not '
            "declare victory.\" - Alice's Debt is -50, not 0"
        )
    # Either way the Boss's Debt is 0 by now, and Alice has the most Smiles.
    assert data["victory"]["winner"] == "Alice"
    assert data["victory"]["rule"] == "Project Completion"
    assert "(12, next 10)" in data["victory"]["reason"]


def test_victory_is_loud_in_the_table(tmp_path: Path) -> None:
    out = _status(_mirror(tmp_path, repaid_at=POSTED - SECOND))
    assert out.splitlines()[3].startswith(  # after the As of, Ruleset and Roster lines
        'VICTORY: Alice has achieved victory (rule "Project Completion": "If the Boss\'s Debt '
        "is 0, the Imagineer with the most Smiles has achieved victory.\" - the Boss Kevan's "
        "Debt is 0 and Alice has the most Smiles (12, next 10))."
    )


def test_no_victory_while_the_boss_is_in_debt(tmp_path: Path) -> None:
    data = json.loads(_status(_mirror(tmp_path, repaid_at=None), "--json"))
    assert data["victory"] is None
    assert data["matters"][0]["illegal"] is True  # Alice's Debt is still -50 from the first read


def test_a_mirror_without_a_ledger_notes_the_debt_rule_unchecked(tmp_path: Path) -> None:
    path = tmp_path / "mirror.sqlite"
    with Mirror.open(str(path)) as mirror:
        mirror.store_game(game(dov("victory", "Alice", when=POSTED)), seen_at=POSTED)
    config = tmp_path / "nomicbot.toml"
    config.write_text(f'[mirror]\ndatabase = "{path}"\n', encoding="utf-8")
    out = _status(config)
    assert (
        "warning: rule \"Spending\" was not checked for the Declaration of Victory 'victory' by "
        "Alice: no ledger holds the economy at 2016-05-03T00:00:00Z (an archive has none; a "
        "mirror's starts at its first read); check by hand that their Debt was 0"
    ) in out
    assert json.loads(_status(config, "--json"))["matters"][0]["illegal"] is False
