"""``nomicbot wiki audit`` on the real sandbox MediaWiki: the edits it used to misread (issue 30).

Each test imports a short history with its real authors and 2016 timestamps
(``importDump.php``), stores the roster (and the blog's posts) in a mirror, and runs the
command as an Admin would, with ``--since`` and ``--now`` (:mod:`tests.wiki.audit_histories`):

1. several Buildings in one edit, listed in another order than the one their costs need;
2. an Imagineer writing a Building into another's Zone, or spending another's Budget;
3. a Demand Post's close written in by hand, and the later build that unplans it;
4. Sunday interest written on an Idle Imagineer's Debt too.

Kinds 5 to 8 are in ``test_audit_misreads_more.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from gamestate.dynasties.nomicland import Construct, Payment, apply
from gamestate.dynasties.nomicland.economy import Economy
from gamestate.dynasties.nomicland.models import PlayerRow, Zone, parse_buildings
from gamestate.profiles.blognomic_139.models import Comment, Player, Post
from tests.gamestate.dynasties.nomicland.game import CATALOGUE, TEN
from tests.wiki.audit_histories import (
    Row,
    audit,
    by_summary,
    flagged,
    history,
    recorded,
    zone_text,
)
from tests.wiki.test_audit_end_to_end import SUN, at, park, table
from wikibot.config import load_config
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger
from wikibot.sandbox.mediawiki import RunningWiki

# 1. Several actions in one edit.


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
