"""Benchmark: what ``nomicbot wiki audit`` costs on the wiki, and how fast it audits.

Starts a real sandbox MediaWiki in a temporary directory and imports (with
``importDump.php``) 1,000 revisions of the Nomicland and Gamestate pages made by
four Imagineers: their Zones, then Buildings each written in two edits (the
Building on Nomicland, its cost on Gamestate), every value computed by the
economy's pure rules. Then it prints:

* reading all of them: the API requests and seconds, as the bot reads them
  (``rvlimit=max``: 500 a request for an account with ``apihighlimits``) and as an
  account without that right (50 a request), against the stated bound
  ``ceil(n / 50) + 3``;
* the audit itself (the pure engine on the revisions read): seconds on one core;
* an audit with no new revision: its requests (target: 1).

    python bench/bench_audit.py
    python bench/bench_audit.py --revisions 2000
"""

from __future__ import annotations

import argparse
import math
import secrets
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from gamestate.dynasties.nomicland import (
    ActionRefused,
    Construct,
    CreateZone,
    Economy,
    PlayerRow,
)
from gamestate.dynasties.nomicland import apply as apply_action
from gamestate.dynasties.nomicland.audit import audit
from gamestate.dynasties.nomicland.audit.inputs import (
    GAMESTATE,
    NOMICLAND,
    AuditInput,
    Revision,
    RosterView,
)
from rules_text import buildings, parse_ruleset, ruleset_139_wikitext
from wikibot.config import load_config
from wikibot.sandbox.mediawiki import create_account, start_wiki
from wikibot.wiki.client import connect
from wikibot.wiki.dump import DumpRevision, import_history
from wikibot.wiki.economy import render_pages
from wikibot.wiki.pages.gamestate import SEED_WIKITEXT as TABLE_SEED
from wikibot.wiki.pages.nomicland import SEED_WIKITEXT as PARK_SEED
from wikibot.wiki.revisions import Cursor, RevisionReader, read_revisions

PLAYERS = ("Josh", "Clucky", "Ais", "Larry")
BOSS = "Kevan"
WORDS = ("Mouse", "Coaster", "Lagoon", "Castle")
FRONT = "".join(f"* The {w} Dynasty.\n" for w in WORDS)
NOMICLAND_TITLE = "Bench/Nomicland"
GAMESTATE_TITLE = "Bench/Gamestate"
START = datetime(2016, 5, 16, 0, 0, tzinfo=UTC)


def history(count: int) -> tuple[list[DumpRevision], str, str]:
    """``count`` revisions of legal play (and the pages they start from)."""
    catalogue = buildings(parse_ruleset(ruleset_139_wikitext()))
    names = [d.name for d in catalogue.definitions]
    start = [PlayerRow(BOSS, 0, -(10**9), 10, 0)] + [PlayerRow(p, 0, 0, 10, 0) for p in PLAYERS]
    state = Economy.from_pages(
        rows=start,
        zones=(),
        days=[],
        boss=BOSS,
    )
    body = "".join(f"|-\n| {r.name} || 0 || {r.debt} || 10 || 0\n" for r in start)
    park, table = PARK_SEED, TABLE_SEED.replace("|}\n", body + "|}\n")
    base = (park, table)
    out: list[DumpRevision] = []
    when = START
    for player, word in zip(PLAYERS, WORDS, strict=True):
        state = apply_action(
            state, CreateZone(word, FRONT), actor=player, now=when, catalogue=catalogue
        ).state
        park, table = render_pages(park, table, state)
        out.append(DumpRevision(NOMICLAND_TITLE, park, player, when, "my Zone"))
        when += timedelta(minutes=10)
    turn = 0
    while len(out) < count:
        player = PLAYERS[turn % len(PLAYERS)]
        name = names[turn % len(names)]
        turn += 1
        when += timedelta(hours=1)
        try:
            outcome = apply_action(
                state, Construct(name), actor=player, now=when, catalogue=catalogue
            )
        except ActionRefused:
            continue
        state = outcome.state
        new_park, new_table = render_pages(park, table, state)
        out.append(DumpRevision(NOMICLAND_TITLE, new_park, player, when, f"build {name}"))
        out.append(
            DumpRevision(
                GAMESTATE_TITLE, new_table, player, when + timedelta(minutes=2), "its cost"
            )
        )
        park, table = new_park, new_table
    return out[:count], *base


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--revisions", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as where:
        wiki = start_wiki(Path(where) / "wiki")
        try:
            for name in (BOSS, *PLAYERS):
                create_account(wiki.data_dir, name, secrets.token_urlsafe(18))
            revisions, park, table = history(args.revisions)
            seed = START - timedelta(days=1)
            started = time.perf_counter()
            import_history(
                wiki.data_dir,
                [
                    DumpRevision(NOMICLAND_TITLE, park, "Admin", seed, "start"),
                    DumpRevision(GAMESTATE_TITLE, table, "Admin", seed, "start"),
                    *revisions,
                ],
            )
            print(
                f"imported {len(revisions) + 2} revisions with importDump.php in "
                f"{time.perf_counter() - started:.1f} s"
            )
            client = connect(load_config(wiki.config_path), min_interval=0)
            titles = [NOMICLAND_TITLE, GAMESTATE_TITLE]
            first = read_revisions(RevisionReader(client), titles, after=Cursor())
            cursor = Cursor(
                {t: min(r.revid for r in first.revisions if r.title == t) for t in titles}
            )
            n = len([r for r in first.revisions if r.revid not in cursor.last.values()])
            bound = math.ceil(n / 50) + 3
            for label, batch in (("bot (rvlimit=max, 500)", "max"), ("no apihighlimits (50)", 50)):
                reader = RevisionReader(client, batch=batch)
                started = time.perf_counter()
                read = read_revisions(reader, titles, after=cursor)
                seconds = time.perf_counter() - started
                print(
                    f"reading {len(read.revisions)} revisions as {label}: {read.requests} "
                    f"requests (bound ceil(n/50)+3 = {bound}), {seconds:.2f} s"
                )
            roles = {NOMICLAND_TITLE: NOMICLAND, GAMESTATE_TITLE: GAMESTATE}
            roster = RosterView(frozenset((BOSS, *PLAYERS)), frozenset(), BOSS)
            inp = AuditInput(
                revisions=[
                    Revision(
                        roles[r.title], r.revid, r.parent, r.editor, r.at, r.summary, r.text, r.bot
                    )
                    for r in read.revisions
                ],
                base={roles[t]: read.bases[t].text or "" for t in titles},
                ledger=(),
                roster_at=lambda moment: roster,
                hiatus_at=lambda moment: None,
                catalogue=buildings(parse_ruleset(ruleset_139_wikitext())),
                front_page_at=lambda moment: FRONT,
                now=read.revisions[-1].at + timedelta(days=1),
            )
            started = time.process_time()
            result = audit(inp)
            cpu = time.process_time() - started
            verdicts: dict[str, int] = {}
            for r in result.revisions:
                verdicts[r.verdict.value] = verdicts.get(r.verdict.value, 0) + 1
            print(
                f"auditing {len(result.revisions)} revisions: {cpu:.2f} s of CPU on one core "
                f"(target: under 2 s); verdicts {verdicts}"
            )
            latest = Cursor(dict(read.latest))
            nothing = read_revisions(RevisionReader(client), titles, after=latest)
            print(
                f"an audit with no new revision: {nothing.requests} request(s) (target: 1), "
                f"{len(nothing.revisions)} revisions"
            )
        finally:
            wiki.stop()


if __name__ == "__main__":
    main()
