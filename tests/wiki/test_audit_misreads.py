"""``nomicbot wiki audit`` on the real sandbox MediaWiki: the edits it used to misread (issue 30).

Each test imports a short history with its real authors and 2016 timestamps
(``importDump.php``), stores the roster (and the blog's posts) in a mirror, and runs the
command as an Admin would, with ``--since`` and ``--now``:

1. several Buildings in one edit, listed in another order than the one their costs need;
2. an Imagineer writing a Building into another's Zone, or spending another's Budget;
3. a Demand Post's close written in by hand, and the later build that unplans it;
4. Sunday interest written on an Idle Imagineer's Debt too;
5. Business Day 3 processed while day 2 is not, undone, then day 2 processed;
6. undos named as the editor's ``correction``;
8. the pairing window said in the output.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from gamestate.dynasties.nomicland import Construct, Payment, apply
from gamestate.dynasties.nomicland.economy import Economy
from gamestate.dynasties.nomicland.models import PlayerRow, Zone, parse_buildings
from gamestate.profiles.blognomic_139.models import Comment, Player, Post
from rules_text import ruleset_139
from rules_text.buildings import buildings
from tests.wiki.test_audit_end_to_end import FRONT, SUN, at, park, table, write_audit_config
from wikibot.cli import cli
from wikibot.config import load_config
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger
from wikibot.sandbox.mediawiki import RunningWiki, create_account
from wikibot.wiki.dump import DumpRevision, import_history

SINCE = ("--since", "2016-05-15T12:00:00Z", "--now", "2016-05-20T00:00:00Z")
CATALOGUE = buildings(ruleset_139())
Row = tuple[str, int, int, int, int]


def history(
    wiki: RunningWiki,
    tmp_path: Path,
    page_title: str,
    edits: Sequence[tuple[str, str, str, datetime, str]],
    *,
    players: Sequence[Player],
    idle_at: Sequence[tuple[datetime, Sequence[str]]] = (),
    posts: Sequence[Post] = (),
    seen: datetime = SUN,
) -> Path:
    """Imports ``edits`` (page ``N``/``G``, text, editor, time, summary) after the front
    page, stores the roster (Kevan the Boss; ``idle_at``: later rosters' Idle names) and
    ``posts`` in a new mirror; returns the config."""
    titles = {"N": f"{page_title}/Nomicland", "G": f"{page_title}/Gamestate"}
    for name in {e[2] for e in edits} - {"Admin", wiki.wiki_config().bot_name}:
        create_account(wiki.data_dir, name, secrets.token_urlsafe(18))
    import_history(
        wiki.data_dir,
        [
            DumpRevision("Main Page", FRONT, "Admin", datetime(2016, 5, 1, tzinfo=UTC)),
            *(DumpRevision(titles[p], text, who, when, said) for p, text, who, when, said in edits),
        ],
    )
    database = tmp_path / "mirror.sqlite"
    with Mirror.open(str(database)) as mirror:
        mirror.store_roster(players, boss="Kevan", seen_at=datetime(2016, 5, 1, tzinfo=UTC))
        for when, idle in idle_at:
            roster = [replace(p, idle=p.name in idle) for p in players]
            mirror.store_roster(roster, boss="Kevan", seen_at=when)
        for post in posts:
            mirror.store_post(post, seen_at=seen)
    return write_audit_config(
        tmp_path, wiki.wiki_config(), (titles["N"], titles["G"]), f"{page_title}/Audit", database
    )


def audit(config: Path, *args: str, since: Sequence[str] = SINCE) -> dict[str, Any]:
    result = CliRunner().invoke(
        cli, ["wiki", "audit", "--config", str(config), *since, "--json", *args]
    )
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def audit_text(config: Path, *args: str, since: Sequence[str] = SINCE) -> str:
    result = CliRunner().invoke(cli, ["wiki", "audit", "--config", str(config), *since, *args])
    assert result.exit_code == 0, result.output
    return result.output


def by_summary(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["summary"]: r for r in data["revisions"]}


def flagged(revision: dict[str, Any]) -> list[tuple[str, str, str, Any, Any]]:
    """(kind, rule, cell, expected, found) of the findings that flag."""
    return [
        (f["kind"], f["rule"], f["cell"], f["expected"], f["found"])
        for f in revision["findings"]
        if f["kind"] not in ("reading", "alternatives")
    ]


def recorded(config: Path) -> list[tuple[str, str, dict[str, Any]]]:
    with Mirror.open(str(load_config(config).mirror.database)) as mirror:
        return [(r.action, r.actor, dict(r.arguments)) for r in Ledger(mirror).actions()]


def zone_text(name: str, operator: str, buildings: Sequence[str] = (), planned: str = "") -> str:
    out = f"== {name} ==\n* Operator: {operator}\n"
    if buildings:
        out += f"* Buildings: {', '.join(buildings)}\n"
    if planned:
        out += f"* Planned Buildings: {planned}\n"
    return out + "\n"


# 1. Several actions in one edit.

TEN = (
    "Tunnel System",
    "Indoor Coaster",
    "Playpit",
    "Concession Stand",
    "Guest Assistance Station",
    "Lazy River",
    "Gift Shop",
    "Haunted House",
    "Turnstile",
    "Expedited Pass Point",
)
"""Ten Buildings of total Size 12 (the most a Zone may reach alone): their costs depend on
where the Tunnel System (halving S after it) and the Size-2 Indoor Coaster come."""


def built_debt(order: Sequence[str], debt: int = 0) -> int:
    """The Debt after constructing ``order`` by Debt in an empty Zone, as the rules give it."""
    rows = [PlayerRow("Kevan", debt=-900_000), PlayerRow("Josh", debt=debt)]
    state = Economy.from_pages(
        rows=rows, zones=[Zone("The Mouse Zone", "Josh")], days=[""], boss="Kevan"
    )
    for name in order:
        action = Construct(name, None, Payment.DEBT, "The Mouse Zone")
        state = apply(state, action, actor="Josh", now=at(0, 10), catalogue=CATALOGUE).state
    josh = state.player("Josh")
    assert josh is not None and parse_buildings(", ".join(order))
    return josh.debt


def test_ten_buildings_in_one_edit_listed_in_another_order_than_their_costs_need(
    sandbox_wiki: RunningWiki, page_title: str, tmp_path: Path
) -> None:
    # Construction's price depends on the order (X, and S halved after the Tunnel System):
    # Josh built the Tunnel System last, Clucky first, Ais in the middle; each lists the ten
    # on the page in another order, and writes the Debt their own order costs.
    orders = {
        "Josh": [*TEN[1:], TEN[0]],
        "Clucky": list(TEN),
        "Ais": [*TEN[2:6], TEN[0], *TEN[6:], TEN[1]],
    }
    written = {
        "Josh": sorted(TEN),
        "Clucky": sorted(TEN, reverse=True),
        "Ais": [*TEN[5:], *TEN[:5]],
    }
    debts = {name: built_debt(order) for name, order in orders.items()}
    assert len(set(debts.values())) == 3, "three orders, three prices"
    start: list[Row] = [("Kevan", 0, -900_000, 10, 1)] + [(n, 0, 0, 10, 1) for n in orders]
    zones = {n: f"The {w} Zone" for n, w in zip(orders, ("Mouse", "Theme", "Park"), strict=True)}
    built: dict[str, Sequence[str]] = {}
    rows_now = list(start)
    edits: list[tuple[str, str, str, datetime, str]] = []

    def park_now() -> str:
        return park("".join(zone_text(zones[n], n, built.get(n, ())) for n in orders), ["cA"])

    edits += [
        ("N", park_now(), "Admin", SUN, "as they stood"),
        ("G", table(start), "Admin", SUN, ""),
    ]
    for hour, name in enumerate(orders, start=9):
        built[name] = written[name]
        edits.append(("N", park_now(), name, at(0, hour), f"{name}: ten Buildings"))
        rows_now = [(n, b, debts[n] if n == name else d, s, lbd) for n, b, d, s, lbd in rows_now]
        edits.append(("G", table(rows_now), name, at(0, hour, 5), f"{name}: their cost"))
    config = history(
        sandbox_wiki,
        tmp_path,
        page_title,
        edits,
        players=[Player("Kevan", admin=True), *(Player(n) for n in orders)],
    )
    data = audit(config)
    found = by_summary(data)
    for name in orders:
        for summary in (f"{name}: ten Buildings", f"{name}: their cost"):
            revision = found[summary]
            assert revision["verdict"] == "legal", (summary, flagged(revision))
            assert [a["action"] for a in revision["actions"]] == ["build"] * 10
            assert {a["actor"] for a in revision["actions"]} == {name}
        assert data["state"]["players"][name]["debt"] == debts[name]
    assert data["discrepancies"] == []
    # --apply records thirty builds, each Imagineer's Debt as their page shows it.
    audit(config, "--apply")
    rows = recorded(config)
    assert [(action, who) for action, who, _args in rows] == [
        ("build", name) for name in orders for _ in range(10)
    ]
    with Mirror.open(str(load_config(config).mirror.database)) as mirror:
        last = list(Ledger(mirror).actions())[-1]
    assert {n: last.after["state"]["players"][n]["debt"] for n in orders} == debts


# 2. The editor is the actor.


def test_a_building_written_into_anothers_zone_or_paid_from_anothers_budget(
    sandbox_wiki: RunningWiki, page_title: str, tmp_path: Path
) -> None:
    # Josh operates The Mouse Zone, Clucky The Theme Zone. Clucky writes a Playpit into
    # Josh's Zone and its 1000 on Josh's Debt; later Josh builds a Playpit in his own Zone
    # and takes its 1000 from Ais's Budget.
    start: list[Row] = [
        ("Kevan", 0, -50_000, 10, 1),
        ("Josh", 0, 0, 10, 1),
        ("Clucky", 0, 0, 10, 1),
        ("Ais", 5000, 0, 10, 1),
    ]

    def park_with(mouse: Sequence[str] = ()) -> str:
        zones = zone_text("The Mouse Zone", "Josh", mouse) + zone_text("The Theme Zone", "Clucky")
        return park(zones, ["cA"])

    def rows(**debts: tuple[int, int]) -> list[Row]:
        return [(n, *debts.get(n, (b, d)), s, lbd) for n, b, d, s, lbd in start]

    edits = [
        ("N", park_with(), "Admin", SUN, "as they stood"),
        ("G", table(start), "Admin", SUN, "as they stood"),
        ("N", park_with(["Playpit"]), "Clucky", at(0, 9), "a Playpit for Josh"),
        ("G", table(rows(Josh=(0, -1000))), "Clucky", at(0, 9, 2), "on Josh's Debt"),
        ("N", park_with(), "Kevan", at(0, 12), "undo Clucky"),
        ("G", table(start), "Kevan", at(0, 12, 1), "undo Clucky's Debt"),
        ("N", park_with(["Playpit"]), "Josh", at(1, 9), "my Playpit"),
        ("G", table(rows(Ais=(4000, 0))), "Josh", at(1, 9, 2), "paid by Ais"),
    ]
    config = history(
        sandbox_wiki,
        tmp_path,
        page_title,
        edits,
        players=[Player("Kevan", admin=True), Player("Josh"), Player("Clucky"), Player("Ais")],
    )
    found = by_summary(audit(config))
    for summary in ("a Playpit for Josh", "on Josh's Debt"):
        clucky = found[summary]
        assert clucky["verdict"] == "illegal", clucky
        # Clucky's own construction, not Josh's: "in a Zone which they operate".
        assert [(a["action"], a["actor"], a["ledger"]) for a in clucky["actions"]] == [
            ("build", "Clucky", None)
        ]
        [(kind, rule, cell, why, value)] = flagged(clucky)
        assert (kind, rule, cell, value) == (
            "refused",
            "Construction",
            "Nomicland/The Mouse Zone/Buildings",
            "Playpit",
        )
        assert why == "refused: Clucky does not operate a Zone named 'The Mouse Zone'"
    for summary in ("my Playpit", "paid by Ais"):
        josh = found[summary]
        assert josh["verdict"] == "illegal", josh
        assert [(a["action"], a["actor"], a["ledger"]) for a in josh["actions"]] == [
            ("build", "Josh", None)
        ]
        [(kind, rule, cell, why, value)] = flagged(josh)
        assert (kind, rule, cell, value) == (
            "refused",
            "Construction",
            "Gamestate/Ais/Budget",
            "4000",
        )
        assert why.startswith("refused: Josh's build is paid from Ais's Budget")
    # The ledger records neither Building, nor any spending.
    audit(config, "--apply")
    assert [action for action, _who, _args in recorded(config) if action == "build"] == []
    with Mirror.open(str(load_config(config).mirror.database)) as mirror:
        rows_after = list(Ledger(mirror).actions())
    last = rows_after[-1].after["state"] if rows_after else None
    assert last is None or last["players"]["Ais"]["budget"] == 5000


# 3. The blog's decisions: a Demand Post's close written in by hand, then unplanned.


def demand_post(post_id: str, building: str, posted: datetime, *comments: Comment) -> Post:
    return Post(
        post_id, "Story Post", f"Demand: {building}", "Kevan", posted, comments=tuple(comments)
    )


def comment(n: str, author: str, when: datetime, text: str) -> Comment:
    return Comment(n, author, when, f"<p>{text}</p>")


def test_a_demand_close_written_by_hand_then_built_and_unplanned(
    sandbox_wiki: RunningWiki, page_title: str, tmp_path: Path
) -> None:
    # Kevan (the Boss, Budget 9000) demands a Playpit on Monday; Clucky's 900 beats Josh's
    # 1000, and on Tuesday Clucky comments that the post is closed: Ais writes the close in
    # (Clucky's, by comment). On Wednesday Clucky builds the Playpit and unplans it. Kevan
    # demands a Lazy River on Tuesday; Ais bids 600 and, the bid a day old on Wednesday,
    # closes it herself by writing it in (no comment).
    posts = [
        demand_post(
            "demand_playpit",
            "Playpit",
            at(0, 8),
            comment("c1", "Josh", at(0, 9), "I bid 1000"),
            comment("c2", "Clucky", at(0, 10), "I bid 900"),
            comment("c3", "Clucky", at(1, 11), "Closing: my bid is a day old."),
        ),
        demand_post(
            "demand_lazy_river",
            "Lazy River",
            at(1, 8),
            comment("c1", "Ais", at(1, 9), "I bid 600"),
        ),
    ]
    start: list[Row] = [
        ("Kevan", 9000, -50_000, 10, 1),
        ("Josh", 0, 0, 10, 1),
        ("Clucky", 0, 0, 10, 1),
        ("Ais", 0, 0, 10, 1),
    ]

    def park_with(theme: Sequence[str] = (), planned: str = "", park_planned: str = "") -> str:
        zones = (
            zone_text("The Mouse Zone", "Josh")
            + zone_text("The Theme Zone", "Clucky", theme, planned)
            + zone_text("The Park Zone", "Ais", (), park_planned)
        )
        return park(zones, ["cA"])

    def rows(**money: tuple[int, int]) -> list[Row]:
        return [(n, *money.get(n, (b, d)), s, lbd) for n, b, d, s, lbd in start]

    closed = rows(Kevan=(8100, -50_000), Clucky=(900, 0))
    built = rows(Kevan=(8100, -50_000), Clucky=(900, -1000))
    both = rows(Kevan=(7500, -50_000), Clucky=(900, -1000), Ais=(600, 0))
    edits = [
        ("N", park_with(), "Admin", SUN, "as they stood"),
        ("G", table(start), "Admin", SUN, "as they stood"),
        ("N", park_with(planned="Playpit"), "Ais", at(1, 12), "Playpit planned for Clucky"),
        ("G", table(closed), "Ais", at(1, 12, 2), "demand_playpit closed"),
        ("N", park_with(["Playpit"]), "Clucky", at(2, 9), "built my Playpit"),
        ("G", table(built), "Clucky", at(2, 9, 1), "its cost"),
        ("N", park_with(["Playpit"], park_planned="Lazy River"), "Ais", at(2, 12), "I close"),
        ("G", table(both), "Ais", at(2, 12, 1), "my bid"),
    ]
    config = history(
        sandbox_wiki,
        tmp_path,
        page_title,
        edits,
        players=[Player("Kevan", admin=True), Player("Josh"), Player("Clucky"), Player("Ais")],
        posts=posts,
        seen=at(3, 0),
    )
    found = by_summary(audit(config))
    close = {
        "action": "demand close",
        "post": "demand_playpit",
        "building": "Playpit",
        "builder": "Clucky",
        "amount": 900,
    }
    for summary in ("Playpit planned for Clucky", "demand_playpit closed"):
        revision = found[summary]
        assert (revision["verdict"], flagged(revision)) == ("legal", []), revision
        [action] = revision["actions"]
        # The post's decider: Clucky, who closed it by comment; Ais only wrote it in.
        assert (action["action"], action["actor"]) == ("demand close", "Clucky")
        assert {k: action["args"].get(k) for k in close if k != "action"} == {
            k: v for k, v in close.items() if k != "action"
        }
    for summary in ("built my Playpit", "its cost"):
        revision = found[summary]
        assert revision["verdict"] == "legal", flagged(revision)
        assert sorted((a["action"], a["actor"]) for a in revision["actions"]) == [
            ("build", "Clucky"),
            ("demand unplan", "Clucky"),
        ]
    for summary in ("I close", "my bid"):
        revision = found[summary]
        assert revision["verdict"] == "legal", flagged(revision)
        assert [(a["action"], a["actor"], a["args"]["amount"]) for a in revision["actions"]] == [
            ("demand close", "Ais", 600)
        ]
    audit(config, "--apply")
    assert [(action, who) for action, who, _args in recorded(config)] == [
        ("demand close", "Clucky"),
        *sorted([("build", "Clucky"), ("demand unplan", "Clucky")]),
        ("demand close", "Ais"),
    ]


# 4. Idle Imagineers in communal actions.


def test_sunday_interest_written_on_an_idle_imagineers_debt_too(
    sandbox_wiki: RunningWiki, page_title: str, tmp_path: Path
) -> None:
    # Sunday 15 May 2016: Kevan multiplies every Debt by 1.1, Ais's too; Ais is Idle.
    start: list[Row] = [
        ("Kevan", 0, -50_000, 10, 0),
        ("Josh", 0, -1000, 10, 0),
        ("Clucky", 0, -2000, 10, 0),
        ("Ais", 0, -3000, 10, 0),
    ]
    charged: list[Row] = [(n, b, d * 11 // 10, s, lbd) for n, b, d, s, lbd in start]
    sunday = datetime(2016, 5, 15, 15, 0, tzinfo=UTC)
    edits = [
        ("N", park("", [""]), "Admin", SUN, "as they stood"),
        ("G", table(start), "Admin", SUN, "as they stood"),
        ("G", table(charged), "Kevan", sunday, "Sunday interest"),
    ]
    config = history(
        sandbox_wiki,
        tmp_path,
        page_title,
        edits,
        players=[
            Player("Kevan", admin=True),
            Player("Josh"),
            Player("Clucky"),
            Player("Ais", idle=True),
        ],
    )
    data = audit(config)
    revision = by_summary(data)["Sunday interest"]
    assert revision["verdict"] == "illegal"
    [(kind, rule, cell, why, value)] = flagged(revision)
    assert (kind, rule, cell, value) == (
        "refused",
        "Idle Imagineers",
        "Gamestate/Ais/Debt",
        "-3300",
    )
    assert why.startswith("refused: Ais is Idle at 2016-05-15T15:00:00Z")
    assert why.endswith("the ledger holds -3000")
    # The interest on the active rows is the Boss's legal action, recorded.
    assert [(a["action"], a["actor"]) for a in revision["actions"]] == [("debt interest", "Kevan")]
    debts = {n: p["debt"] for n, p in data["state"]["players"].items()}
    assert debts == {"Kevan": -55_000, "Josh": -1100, "Clucky": -2200, "Ais": -3000}
    audit(config, "--apply")
    assert [(action, who) for action, who, _args in recorded(config)] == [
        ("debt interest", "Kevan")
    ]


# 5. Days processed out of order.


def test_business_day_3_processed_while_day_2_is_not(
    sandbox_wiki: RunningWiki, page_title: str, tmp_path: Path
) -> None:
    # Josh has processed Business Day 1. He processes day 3 (three Visitors: the Boss's Debt
    # toward 0 by 30, his by 60), undoes it, then processes day 2 (four: 40 and 80).
    start: list[Row] = [("Kevan", 0, -50_000, 10, 3), ("Josh", 0, -5000, 10, 1)]
    day3: list[Row] = [("Kevan", 0, -49_970, 10, 3), ("Josh", 0, -4940, 10, 3)]
    day2: list[Row] = [("Kevan", 0, -49_960, 10, 3), ("Josh", 0, -4920, 10, 2)]
    queue = park("", ["cA", "ttSS", "ccA"])
    edits = [
        ("N", queue, "Admin", SUN, "as they stood"),
        ("G", table(start), "Admin", SUN, "as they stood"),
        ("G", table(day3), "Josh", at(0, 10), "processed Business Day 3"),
        ("G", table(start), "Josh", at(0, 12), "oops, undo"),
        ("G", table(day2), "Josh", at(0, 13), "processed Business Day 2"),
    ]
    config = history(
        sandbox_wiki,
        tmp_path,
        page_title,
        edits,
        players=[Player("Kevan", admin=True), Player("Josh")],
    )
    found = by_summary(audit(config))
    skipped = found["processed Business Day 3"]
    assert skipped["verdict"] == "illegal"
    # One processing, of day 3, refused: not days 2 and 3 (which need other values).
    assert [(a["action"], a["actor"], a["ledger"]) for a in skipped["actions"]] == [
        ("day process", "Josh", None)
    ]
    [(kind, rule, cell, why, value)] = flagged(skipped)
    assert (kind, rule, cell, value) == ("refused", "Visitors", "Gamestate/Josh/LBD", "3")
    assert "has not processed Business Day 2" in why
    undo = found["oops, undo"]
    assert (undo["verdict"], flagged(undo)) == ("legal", [])
    assert [(a["action"], a["actor"]) for a in undo["actions"]] == [("correction", "Josh")]
    day = found["processed Business Day 2"]
    assert (day["verdict"], flagged(day)) == ("legal", [])
    assert [(a["action"], a["actor"]) for a in day["actions"]] == [("day process", "Josh")]
    audit(config, "--apply")
    assert [(action, who) for action, who, _args in recorded(config)] == [
        ("correction", "Josh"),
        ("day process", "Josh"),
    ]


# 6. Undos name themselves.


def test_undos_are_the_editors_corrections_whatever_they_undo(
    sandbox_wiki: RunningWiki, page_title: str, tmp_path: Path
) -> None:
    # Ais adds a Zone no front page allows (refused), Kevan removes it; Josh gives himself
    # ten Smiles (no action gives them), Clucky puts them back; Mallory, no Imagineer, adds
    # a row for herself (vandalism), Kevan removes it.
    start: list[Row] = [("Kevan", 0, -50_000, 10, 1), ("Josh", 0, 0, 10, 1), ("Ais", 0, 0, 10, 1)]
    smiles: list[Row] = [("Kevan", 0, -50_000, 10, 1), ("Josh", 0, 0, 20, 1), ("Ais", 0, 0, 10, 1)]
    vandal: list[Row] = [*start, ("Mallory", 900, 0, 99, 1)]
    plain, evil = park("", ["cA"]), park(zone_text("The Evil Zone", "Ais"), ["cA"])
    edits = [
        ("N", plain, "Admin", SUN, "as they stood"),
        ("G", table(start), "Admin", SUN, "as they stood"),
        ("N", evil, "Ais", at(0, 9), "my Zone"),
        ("N", plain, "Kevan", at(0, 11), "undo Ais"),
        ("G", table(smiles), "Josh", at(1, 9), "smiles"),
        ("G", table(start), "Clucky", at(1, 11), "undo Josh"),
        ("G", table(vandal), "Mallory", at(2, 9), "me too"),
        ("G", table(start), "Kevan", at(2, 11), "undo Mallory"),
    ]
    config = history(
        sandbox_wiki,
        tmp_path,
        page_title,
        edits,
        players=[Player("Kevan", admin=True), Player("Josh"), Player("Clucky"), Player("Ais")],
    )
    found = by_summary(audit(config))
    assert [found[s]["verdict"] for s in ("my Zone", "smiles", "me too")] == [
        "illegal",
        "unexplained",
        "illegal",
    ]
    undos = {"undo Ais": "Kevan", "undo Josh": "Clucky", "undo Mallory": "Kevan"}
    for summary, editor in undos.items():
        undo = found[summary]
        assert (undo["verdict"], flagged(undo)) == ("legal", []), summary
        assert [(a["action"], a["actor"]) for a in undo["actions"]] == [("correction", editor)]
    assert found["undo Ais"]["actions"][0]["args"] == {"cells": {"Nomicland/The Evil Zone": None}}
    assert found["undo Mallory"]["actions"][0]["args"] == {"cells": {"Gamestate/Mallory": None}}
    audit(config, "--apply")
    assert [(action, who) for action, who, _args in recorded(config)] == [
        ("correction", "Kevan"),
        ("correction", "Clucky"),
        ("correction", "Kevan"),
    ]


# 7. Names of actions.


def test_action_names_are_the_documented_ones_and_an_alias_is_read(
    sandbox_wiki: RunningWiki, page_title: str, tmp_path: Path
) -> None:
    # Ais gives Josh five Smiles; the bot's account puts them back, and the ledger row of
    # that edit (an older tool's, typed by Kevan) names its action "Undo".
    from gamestate.dynasties.nomicland.audit.names import ACTIONS
    from wikibot.mirror.ledger import LedgerEntry

    bot = sandbox_wiki.wiki_config().bot_name
    start: list[Row] = [("Kevan", 0, -50_000, 10, 1), ("Josh", 0, 0, 10, 1), ("Ais", 0, 0, 10, 1)]
    gift: list[Row] = [("Kevan", 0, -50_000, 10, 1), ("Josh", 0, 0, 15, 1), ("Ais", 0, 0, 10, 1)]
    edits = [
        ("N", park("", ["cA"]), "Admin", SUN, "as they stood"),
        ("G", table(start), "Admin", SUN, "as they stood"),
        ("N", park(zone_text("The Mouse Zone", "Josh"), ["cA"]), "Josh", at(0, 9), "my Zone"),
        ("G", table(gift), "Ais", at(0, 10), "five for Josh"),
        ("G", table(start), bot, at(0, 11), "undo Ais"),
    ]
    config = history(
        sandbox_wiki,
        tmp_path,
        page_title,
        edits,
        players=[Player("Kevan", admin=True), Player("Josh"), Player("Ais")],
    )
    undo = by_summary(audit(config))["undo Ais"]
    with Mirror.open(str(load_config(config).mirror.database)) as mirror:
        ledger = Ledger(mirror)
        title = load_config(config).wiki.gamestate_page
        entry = LedgerEntry(
            "older-tool:undo",
            at(0, 11),
            "Kevan",
            "Undo",
            arguments={"cells": {"Gamestate/Josh/Smiles": "10"}},
            cause="typed by hand",
        )
        ledger.start(entry)
        ledger.finish(entry.op_id, {title: undo["revid"]})
    data = audit(config)
    found = by_summary(data)
    assert found["undo Ais"]["bot"] is True
    assert [(a["action"], a["actor"]) for a in found["undo Ais"]["actions"]] == [
        ("correction", "Kevan")
    ]
    assert found["my Zone"]["actions"][0]["action"] == "zone create"
    names = {a["action"] for r in data["revisions"] for a in r["actions"]}
    assert names == {"zone create", "correction"} and names <= set(ACTIONS)


# 8. The pairing window.


def test_an_audit_inside_the_pairing_window_says_when_the_pending_edit_is_judged(
    sandbox_wiki: RunningWiki, page_title: str, tmp_path: Path
) -> None:
    # Josh writes a Playpit at 10:00 and no cost yet; the audit runs at 10:30.
    start: list[Row] = [("Kevan", 0, -50_000, 10, 1), ("Josh", 0, 0, 10, 1)]
    edits = [
        ("N", park(zone_text("The Mouse Zone", "Josh"), ["cA"]), "Admin", SUN, "as they stood"),
        ("G", table(start), "Admin", SUN, "as they stood"),
        (
            "N",
            park(zone_text("The Mouse Zone", "Josh", ["Playpit"]), ["cA"]),
            "Josh",
            at(0, 10),
            "Playpit",
        ),
    ]
    config = history(
        sandbox_wiki,
        tmp_path,
        page_title,
        edits,
        players=[Player("Kevan", admin=True), Player("Josh")],
    )
    inside = ("--since", "2016-05-15T12:00:00Z", "--now", "2016-05-16T10:30:00Z")
    data = audit(config, since=inside)
    [half] = data["revisions"]
    assert half["verdict"] == "pending"
    assert [p["until"] for p in data["pending"]] == ["2016-05-16T11:00:00+00:00"]
    said = (
        "the pairing window: one action may span an editor's next edits within 1 hour; as of "
        "2016-05-16T10:30:00Z, 1 revision(s) still inside it are pending, judged by an audit as "
        "of 2016-05-16T11:00:00Z or later (--now 2016-05-16T11:00:00Z judges them now)"
    )
    assert said in data["assumptions"]
    text = audit_text(config, since=inside)
    assert f"Assumed: {said}" in text
    assert (
        f"Pending: r{half['revid']} Nomicland by Josh (its other half may come until "
        "2016-05-16T11:00:00Z; judged by an audit as of then or later, or now with --now "
        "2016-05-16T11:00:00Z): Nomicland/The Mouse Zone/Buildings"
    ) in text
    # --now past the window judges it: a lone half, nothing pending, nothing said.
    past = ("--since", "2016-05-15T12:00:00Z", "--now", "2016-05-16T11:00:01Z")
    data = audit(config, since=past)
    assert [r["verdict"] for r in data["revisions"]] == ["unexplained"]
    assert data["pending"] == []
    assert not any("pairing window" in a for a in data["assumptions"])
