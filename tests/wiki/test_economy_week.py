"""A week of Nomicland played on the real sandbox MediaWiki, every value computed by hand.

Four players: Kevan (the Boss, Debt -50000), Josh, Clucky and Ais. Monday they
create their Zones, build one of each of the twelve Buildings of Ruleset 139
(Josh's Guest Assistance Station a Budget version) and create IP Licenses;
Business Days 1 to 3 are started by the Boss, filled by exercising Licenses and
processed by several players; on Sunday the interest is applied. The comments
beside each action give the arithmetic the expected pages are built from.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gamestate.dynasties.nomicland import (
    Action,
    ActionRefused,
    ApplyInterest,
    BudgetVersion,
    Construct,
    CreateLicense,
    CreateZone,
    ExerciseLicense,
    NewBusinessDay,
    ProcessBusinessDay,
    Segment,
)
from tests.plugins.wiki import HumanEditor
from wikibot.archive import parse_time
from wikibot.config import Config, WikiConfig
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger, LedgerEntry
from wikibot.wiki.client import WikiClient
from wikibot.wiki.drift import check_wiki
from wikibot.wiki.economy import ActionResult, perform
from wikibot.wiki.pages.gamestate import SEED_WIKITEXT as TABLE_SEED
from wikibot.wiki.pages.nomicland import SEED_WIKITEXT as PARK_SEED
from wikibot.wiki.replay import replay_ledger

FRONT_PAGE = """\
Welcome to BlogNomic. Past dynasties:
* The Mouse Dynasty of Kevan, a theme park.
* The Second Coaster Dynasty, with rides.
* The Lagoon Dynasty.
"""

C, T, A, S = Segment.CHILD, Segment.TEEN, Segment.ADULT, Segment.SENIOR


def table(*rows: tuple[str, int, int, int, int]) -> str:
    body = "".join(f"|-\n| {n} || {b} || {d} || {s} || {lbd}\n" for n, b, d, s, lbd in rows)
    return TABLE_SEED.replace("|}\n", body + "|}\n")


START = table(
    ("Kevan", 0, -50000, 10, 0),
    ("Josh", 0, 0, 10, 0),
    ("Clucky", 0, 0, 10, 0),
    ("Ais", 0, 0, 10, 0),
)


class Game:
    """Plays actions through :func:`perform`, as the commands do."""

    def __init__(self, bot: WikiClient, ledger: Ledger, pages: WikiConfig) -> None:
        self.bot, self.ledger, self.pages = bot, ledger, pages

    def __call__(
        self,
        command: str,
        action: Action,
        actor: str,
        when: str,
        *,
        on_started: Callable[[LedgerEntry], None] | None = None,
    ) -> ActionResult:
        return perform(
            self.bot,
            self.ledger,
            self.pages,
            command,
            action,
            actor=actor,
            now=parse_time(when, "now"),
            boss="Kevan",
            cause=f"test: {command} as {actor}",
            on_started=on_started,
        )


@pytest.fixture
def pages(page_title: str) -> WikiConfig:
    return WikiConfig(nomicland_page=f"{page_title}/Nomicland", gamestate_page=f"{page_title}/GNDT")


@pytest.fixture
def ledger(tmp_path: object) -> Ledger:
    from pathlib import Path

    mirror = Mirror.open(str(Path(str(tmp_path)) / "mirror.sqlite"))
    return Ledger(mirror)


@pytest.fixture
def game(
    bot: WikiClient, human: HumanEditor, ledger: Ledger, pages: WikiConfig, wiki_config: Config
) -> Game:
    human.edit(pages.nomicland_page, PARK_SEED)
    human.edit(pages.gamestate_page, START)
    return Game(bot, ledger, pages)


def _snapshot(human: HumanEditor, ledger: Ledger, pages: WikiConfig) -> tuple[str, str, int]:
    return (
        human.read(pages.nomicland_page),
        human.read(pages.gamestate_page),
        len(list(ledger.actions())) + len(ledger.pending()),
    )


def refused(
    game: Game, human: HumanEditor, rule: str, command: str, action: Action, actor: str, when: str
) -> str:
    """The action is refused quoting ``rule`` and changes no page and no ledger row."""
    before = _snapshot(human, game.ledger, game.pages)
    with pytest.raises(ActionRefused) as caught:
        game(command, action, actor, when)
    assert caught.value.clause.rule == rule
    assert f'(rule "{rule}": "' in caught.value.quoted()
    assert _snapshot(human, game.ledger, game.pages) == before
    return str(caught.value)


MON, TUE, WED, SUN = "2016-05-16T", "2016-05-17T", "2016-05-18T", "2016-05-22T"


def test_a_week_of_nomicland_on_the_wiki(game: Game, human: HumanEditor, pages: WikiConfig) -> None:
    # Monday. The Boss begins Business Day 1 (empty).
    game("day new", NewBusinessDay(), "Kevan", MON + "09:00:00Z")
    for actor, word in (("Josh", "Mouse"), ("Clucky", "Coaster"), ("Ais", "Lagoon")):
        game("zone create", CreateZone(word, FRONT_PAGE), actor, MON + "09:30:00Z")

    # Construction: C + 500*S + 1000*X, all by Debt (Budgets are 0).
    builds = [
        ("Josh", "Tunnel System", None),  # 2000 + 0 + 0 = 2000 -> -2000
        ("Josh", "Playpit", None),  # 1000 + 500*2/2 + 1000 = 2500 -> -4500
        ("Josh", "Concession Stand", None),  # 1000 + 500*3/2 (750) + 2000 = 3750 -> -8250
        ("Josh", "Indoor Coaster", None),  # 2000 + 500*4/2 + 3000 = 6000 -> -14250
        ("Josh", "Guest Assistance Station", BudgetVersion.X),  # 500 + 1500 + 0 -> -16250
        ("Clucky", "Lazy River", None),  # 1000 -> -1000
        ("Clucky", "Lagoon", None),  # 2000 + 500 + 1000 = 3500 -> -4500
        ("Clucky", "Monorail", None),  # 2000 + 1500 + 2000 = 5500 -> -10000
        ("Clucky", "Gift Shop", None),  # 500 + 2500 + 3000 = 6000 -> -16000
        ("Ais", "Haunted House", None),  # 1250 -> -1250
        ("Ais", "Turnstile", None),  # 500 + 500 + 1000 = 2000 -> -3250
        ("Ais", "Expedited Pass Point", None),  # 500 + 1000 + 2000 = 3500 -> -6750
    ]
    for minute, (actor, building, version) in enumerate(builds, start=10):
        game("build", Construct(building, version), actor, f"{MON}10:{minute}:00Z")
    # The thirteenth, "Size: 0", is not a Building: Construction says a Building has
    # "a positive integer Size" (rules_text reads the Ruleset to the letter).
    reason = refused(
        game,
        human,
        "Construction",
        "build",
        Construct("Costumed Character Rec Room"),
        "Ais",
        MON + "10:30:00Z",
    )
    assert "is not a Building in the Ruleset" in reason

    # Licensing: Fees cA 3000 (Josh -19250), tt 4000 (Clucky -20000).
    game("license create", CreateLicense("Mouse Empire", (C, A)), "Josh", MON + "11:00:00Z")
    game("license create", CreateLicense("Space Saga", (T, T)), "Clucky", MON + "11:01:00Z")
    refused(
        game,
        human,
        "Licensing",
        "license create",
        CreateLicense("Second Mouse", (C, C)),
        "Josh",
        MON + "11:02:00Z",
    )
    # Exercising onto Day 1 costs 1 + X Smiles; 4 Imagineers: Crowded above 8 Visitors.
    game("license exercise", ExerciseLicense(1), "Josh", MON + "12:00:00Z")  # Josh 9, cA
    game("license exercise", ExerciseLicense(1), "Clucky", MON + "12:01:00Z")  # Clucky 9, cAtt
    game("license exercise", ExerciseLicense(1), "Josh", MON + "12:02:00Z")  # Josh 7, cAttcA
    game("license exercise", ExerciseLicense(1), "Clucky", MON + "12:03:00Z")  # Clucky 7, 8 V.
    game("license exercise", ExerciseLicense(1), "Josh", MON + "12:04:00Z")  # Josh 4, 10 V.
    refused(
        game,
        human,
        "Licensing",
        "license exercise",
        ExerciseLicense(1),
        "Clucky",
        MON + "12:05:00Z",
    )

    # Tuesday. Day 1 is cAttcAttcA: 3 c, 4 t, 3 A, 10 Visitors.
    game("day new", NewBusinessDay(), "Kevan", TUE + "09:00:00Z")
    # Josh: Tourism 100 + 100 (Concession) -> Kevan -49800; Income 200 + 200 -> -18850;
    # Smiles +3 (Playpit) +7 (Indoor Coaster) -> 14.
    game("day process", ProcessBusinessDay(), "Josh", TUE + "10:00:00Z")
    # Clucky: Tourism 100 -> -49700; Income 200 -> -19800; Monorail: exercised, no Effect.
    game("day process", ProcessBusinessDay(), "Clucky", TUE + "10:01:00Z")
    # Ais: Tourism 100 -> -49600; Income 200 -> -6550;
    # Smiles +4 (Haunted House: 4 t, 0 Unaccompanied Adults) -> 14.
    game("day process", ProcessBusinessDay(), "Ais", TUE + "10:02:00Z")
    # Ais's License SS: Fee 2000 -> -8550; first to exercise onto Day 2: the Turnstile
    # moves Ais -8550 -> -6550 and Kevan -49600 -> -47600; Smiles 13.
    game("license create", CreateLicense("Golden Years", (S, S)), "Ais", TUE + "11:00:00Z")
    game("license exercise", ExerciseLicense(2), "Ais", TUE + "11:01:00Z")
    game("license exercise", ExerciseLicense(2), "Clucky", TUE + "11:02:00Z")  # Clucky 6
    game("license exercise", ExerciseLicense(2), "Josh", TUE + "11:03:00Z")  # Josh 13

    # Wednesday. Day 2 is SSttcA: 2 S, 2 t, 1 c, 1 A, 6 Visitors.
    game("day new", NewBusinessDay(), "Kevan", WED + "09:00:00Z")
    # Ais, first to process Day 2: Tourism 60 + 2000 (Expedited Pass Point) -> -45540;
    # Income 120 -> -6430; Smiles +2 (Haunted House) +2 (Expedited Pass Point) -> 17.
    game("day process", ProcessBusinessDay(), "Ais", WED + "10:00:00Z")
    # Clucky: Tourism 60 + 200 (Gift Shop) -> -45280; Income 120 + 200 (Lagoon) + 400
    # (Gift Shop) -> -19080; Smiles +1 (Lazy River: half of 2 Seniors) +4 (Lagoon) -> 11.
    game("day process", ProcessBusinessDay(), "Clucky", WED + "10:01:00Z")
    # Josh: Tourism 60 + 100 -> -45120; Income 120 + 200 -> -18530; Smiles +1 +3 -> 17.
    game("day process", ProcessBusinessDay(), "Josh", WED + "10:02:00Z")
    game("license exercise", ExerciseLicense(3), "Josh", WED + "11:00:00Z")  # Josh 16, cA
    # Day 3 is cA. Josh: Tourism 20 + 100 -> -45000; Income 40 + 200 -> -18290; +1 +1 -> 18.
    game("day process", ProcessBusinessDay(), "Josh", WED + "12:00:00Z")
    # Clucky: Tourism 20 -> -44980; Income 40 + 200 (Monorail) -> -18840; +4 -> 15.
    game("day process", ProcessBusinessDay(), "Clucky", WED + "12:01:00Z")
    reason = refused(
        game,
        human,
        "Visitors",
        "day process",
        ProcessBusinessDay(1),
        "Ais",
        WED + "12:02:00Z",
    )
    assert "LBD is 2" in reason and "3, not 1" in reason

    # Sunday: every Debt x1.1, rounding toward zero.
    game("debt interest", ApplyInterest(), "Clucky", SUN + "08:00:00Z")
    refused(game, human, "Spending", "debt interest", ApplyInterest(), "Josh", SUN + "09:00:00Z")

    expected_table = table(
        ("Kevan", 0, -49478, 10, 0),  # -44980 * 1.1
        ("Josh", 0, -20119, 18, 3),  # -18290 * 1.1
        ("Clucky", 0, -20724, 15, 3),  # -18840 * 1.1
        ("Ais", 0, -7073, 17, 2),  # -6430 * 1.1
    )
    zones = (
        "== The Mouse Zone ==\n"
        "* Operator: Josh\n"
        "* IP License: Mouse Empire (cA)\n"
        "* Buildings: Tunnel System, Playpit, Concession Stand, Indoor Coaster, "
        "Guest Assistance Station (Budget)\n"
        "\n"
        "== The Coaster Zone ==\n"
        "* Operator: Clucky\n"
        "* IP License: Space Saga (tt)\n"
        "* Buildings: Lazy River, Lagoon, Monorail, Gift Shop\n"
        "\n"
        "== The Lagoon Zone ==\n"
        "* Operator: Ais\n"
        "* IP License: Golden Years (SS)\n"
        "* Buildings: Haunted House, Turnstile, Expedited Pass Point\n"
        "\n"
    )
    expected_park = PARK_SEED.replace(
        "== Visitors ==\n", zones + "== Visitors ==\n# cAttcAttcA\n# SSttcA\n# cA\n"
    )
    park, gndt = human.read(pages.nomicland_page), human.read(pages.gamestate_page)
    assert gndt.rstrip() == expected_table.rstrip()
    assert park.rstrip() == expected_park.rstrip()

    # The ledger replays from the pages as first read to the very same pages.
    replayed = replay_ledger(game.ledger, pages)
    assert replayed is not None
    assert replayed.gaps == ()
    assert replayed.pages[pages.nomicland_page].rstrip() == park.rstrip()
    assert replayed.pages[pages.gamestate_page].rstrip() == gndt.rstrip()
    report = check_wiki(game.bot, pages, ledger=game.ledger)
    assert [
        p for p in report.problems if p.page in (pages.nomicland_page, pages.gamestate_page)
    ] == []

    # A human edit the ledger cannot explain is named, with its page and line.
    human.change(pages.gamestate_page, lambda t: t.replace("| Ais || 0 ||", "| Ais || 500 ||"))
    report = check_wiki(game.bot, pages, ledger=game.ledger)
    found = [p for p in report.problems if p.page == pages.gamestate_page]
    assert len(found) == 1
    assert "Ais's Budget: the wiki has '500' where replaying the ledger gives '0'" in (
        found[0].message
    )
    assert found[0].line == 12


def test_illegal_actions_change_nothing(game: Game, human: HumanEditor, pages: WikiConfig) -> None:
    human.edit(
        pages.gamestate_page,
        table(
            ("Kevan", 0, -5000, 10, 0),
            ("Josh", 30000, 0, 10, 0),
            ("Clucky", 0, -6000, 10, 0),
            ("Ais", 0, 0, 10, 0),
        ),
    )
    game("day new", NewBusinessDay(), "Kevan", MON + "09:00:00Z")
    game("day new", NewBusinessDay(), "Kevan", MON + "09:01:00Z")
    game("zone create", CreateZone("Mouse", FRONT_PAGE), "Josh", MON + "09:30:00Z")
    game("zone create", CreateZone("Coaster", FRONT_PAGE), "Clucky", MON + "09:31:00Z")
    # Ten Budget Turnstiles (X taken as 0: 500 + 500*S, S = 0..9, 27500 from Josh's
    # Budget of 30000), then an eleventh.
    room = Construct("Turnstile", BudgetVersion.X)
    for minute in range(10):
        game("build", room, "Josh", f"{MON}10:{minute:02}:00Z")
    refused(game, human, "Construction", "build", room, "Josh", MON + "23:59:59Z")
    # The next UTC day the limit starts again.
    game("build", room, "Josh", TUE + "00:00:00Z")
    # Clucky's Debt -6000 is further from zero than the Boss's -5000: Budget only.
    refused(
        game,
        human,
        "Spending",
        "build",
        Construct("Playpit", pay=None),
        "Clucky",
        TUE + "01:00:00Z",
    )
    # Out of sequence: Ais's LBD is 0, so Day 2 may not be processed before Day 1.
    refused(game, human, "Visitors", "day process", ProcessBusinessDay(2), "Ais", TUE + "02:00:00Z")
    # A Day after the last one does not exist yet.
    refused(game, human, "Visitors", "day process", ProcessBusinessDay(3), "Ais", TUE + "02:00:00Z")


def test_a_crash_between_the_ledger_and_the_wiki_then_a_rerun_edits_once(
    game: Game, human: HumanEditor, pages: WikiConfig, bot: WikiClient
) -> None:
    class Crash(Exception):
        pass

    def crash(entry: LedgerEntry) -> None:
        raise Crash(entry.op_id)

    with pytest.raises(Crash):
        game("day new", NewBusinessDay(), "Kevan", MON + "09:00:00Z", on_started=crash)
    (pending,) = game.ledger.pending()
    assert "# " not in human.read(pages.nomicland_page).split("== Visitors ==")[1]
    # The re-run (the clock has moved on) finishes the interrupted operation only.
    result = game("day new", NewBusinessDay(), "Kevan", MON + "09:05:00Z")
    assert result.already and result.op_id == pending.op_id
    assert game.ledger.pending() == []
    marker = f"ledger #{pending.op_id}"
    edits = [r for r in bot.history(pages.nomicland_page) if marker in r.comment]
    assert len(edits) == 1
    assert "Kevan: day new" in edits[0].comment and 'rule "Visitors"' in edits[0].comment
    assert human.read(pages.nomicland_page).rstrip().endswith("== Visitors ==\n#")


def test_a_crash_after_the_edit_is_recognised_on_the_page_history(
    game: Game,
    human: HumanEditor,
    pages: WikiConfig,
    bot: WikiClient,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Crash(Exception):
        pass

    finish = Ledger.finish
    calls = []

    def crash_once(self: Ledger, op_id: str, revisions: dict[str, int]) -> LedgerEntry:
        calls.append(op_id)
        if len(calls) == 1:
            raise Crash(op_id)
        return finish(self, op_id, revisions)

    monkeypatch.setattr(Ledger, "finish", crash_once)
    with pytest.raises(Crash):
        game("zone create", CreateZone("Mouse", FRONT_PAGE), "Josh", MON + "09:00:00Z")
    (pending,) = game.ledger.pending()
    result = game("zone create", CreateZone("Mouse", FRONT_PAGE), "Josh", MON + "09:10:00Z")
    assert result.already
    marker = f"ledger #{pending.op_id}"
    edits = [r for r in bot.history(pages.nomicland_page) if marker in r.comment]
    assert len(edits) == 1
    entry = game.ledger.get(pending.op_id)
    assert entry is not None and entry.revisions == {pages.nomicland_page: edits[0].revid}
    assert human.read(pages.nomicland_page).count("== The Mouse Zone ==") == 1


def test_a_dry_run_shows_the_diff_and_writes_nothing(
    game: Game, human: HumanEditor, pages: WikiConfig, wiki_config: Config
) -> None:
    from wikibot.wiki.client import connect

    dry = Game(connect(wiki_config, dry_run=True, min_interval=0), game.ledger, pages)
    before = _snapshot(human, game.ledger, pages)
    result = dry("zone create", CreateZone("Mouse", FRONT_PAGE), "Josh", MON + "09:00:00Z")
    assert result.dry_run
    assert "+== The Mouse Zone ==" in result.diffs[pages.nomicland_page]
    assert "+* Operator: Josh" in result.diffs[pages.nomicland_page]
    assert result.diffs[pages.gamestate_page] == ""
    assert _snapshot(human, game.ledger, pages) == before


def test_a_broken_page_is_reported_and_not_edited(
    game: Game, human: HumanEditor, pages: WikiConfig
) -> None:
    from wikibot.errors import WikiError

    broken = START.replace("| Josh || 0 || 0 ||", "| Josh || 0 || 12 ||")
    human.edit(pages.gamestate_page, broken)
    with pytest.raises(WikiError) as caught:
        game("day new", NewBusinessDay(), "Kevan", MON + "09:00:00Z")
    assert f"{pages.gamestate_page} line 8" in str(caught.value)
    assert 'rule "Budget"' in str(caught.value)
    assert human.read(pages.gamestate_page).rstrip() == broken.rstrip()
