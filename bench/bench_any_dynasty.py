"""Benchmark: any dynasty's ``wiki audit`` on 1,000 revisions: its requests and its time.

Starts a real sandbox MediaWiki in a temporary directory, imports (``importDump.php``)
1,000 revisions of a made-up dynasty's gamestate table (the Seekers: twelve rows, a
template in each, each revision changing one Score), and a mirror whose Ruleset
revision repeals Nomicland's rules. Then it runs the whole audit
(:func:`wikibot.wiki.generic_audit.run_generic_audit`: reading every revision, the
Template page, the tables of each revision, each edit judged) as the bot (``rvlimit=max``)
and as an account without ``apihighlimits`` (50 a request), and prints the requests
against the bound ``ceil(n / 50) + 3`` and the CPU seconds of this process (target:
under 2 s). Then an audit with nothing new (target: 1 request).

    python bench/bench_any_dynasty.py
    python bench/bench_any_dynasty.py --revisions 2000
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import secrets
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' dynasties

from gamestate.profiles.blognomic_139.models import Player  # noqa: E402
from tests.any_dynasty import SEEKERS, seekers_table  # noqa: E402
from tests.plugins.wiki import HumanEditor  # noqa: E402
from wikibot.config import load_config  # noqa: E402
from wikibot.mirror.api import Mirror  # noqa: E402
from wikibot.mirror.rulesets import store_ruleset_revisions  # noqa: E402
from wikibot.resolve.run import game_with_resolutions  # noqa: E402
from wikibot.sandbox.mediawiki import create_account, start_wiki  # noqa: E402
from wikibot.wiki.client import connect  # noqa: E402
from wikibot.wiki.dump import DumpRevision, import_history  # noqa: E402
from wikibot.wiki.generic_audit import record_generic, run_generic_audit  # noqa: E402
from wikibot.wiki.revisions import RevisionReader, WikiRevision  # noqa: E402

PLAYERS = tuple(f"Seeker{n}" for n in range(12))
TITLE = "Bench/Seekers"
START = datetime(2016, 6, 1, 0, 0, tzinfo=UTC)


def history(count: int) -> list[DumpRevision]:
    """``count`` revisions, each raising one Seeker's Score by one."""
    scores = dict.fromkeys(PLAYERS, 0)

    def text() -> str:
        return seekers_table([(p, 3, scores[p], "Active") for p in PLAYERS])

    out = [DumpRevision(TITLE, text(), PLAYERS[0], START, "start")]
    for n in range(count):
        player = PLAYERS[n % len(PLAYERS)]
        scores[player] += 1
        out.append(
            DumpRevision(TITLE, text(), player, START + timedelta(minutes=10 * (n + 1)), "+1")
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--revisions", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as where:
        wiki = start_wiki(Path(where) / "wiki")
        try:
            for name in PLAYERS:
                create_account(wiki.data_dir, name, secrets.token_urlsafe(18))
            started = time.perf_counter()
            import_history(wiki.data_dir, history(args.revisions))
            print(
                f"imported {args.revisions + 1} revisions with importDump.php in "
                f"{time.perf_counter() - started:.1f} s"
            )
            config = load_config(wiki.config_path)
            client = connect(config, min_interval=0)
            HumanEditor(wiki).edit("Template:Active", "active")
            pages = dataclasses.replace(config.wiki, gamestate_pages=(TITLE,))
            with Mirror.open(str(Path(where) / "mirror.sqlite")) as mirror:
                mirror.store_roster([Player(p) for p in PLAYERS], boss=PLAYERS[0], seen_at=START)
                address = WikiRevision("Ruleset", 1, None, "A", START, "", SEEKERS, False)
                store_ruleset_revisions(mirror, "Ruleset", [address], seen_at=START)
                game = game_with_resolutions(mirror)
                now = START + timedelta(days=365)
                bound = math.ceil(args.revisions / 50) + 3
                for label, batch in (("bot (rvlimit=max, 500)", "max"), ("no apihighlimits", 50)):
                    reader = RevisionReader(client, batch=batch)
                    cpu, wall = time.process_time(), time.perf_counter()
                    run = run_generic_audit(
                        reader, mirror, pages, now=now, game=game, from_start=True
                    )
                    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
                    verdicts: dict[str, int] = {}
                    for r in run.result.revisions:
                        verdicts[r.verdict] = verdicts.get(r.verdict, 0) + 1
                    print(
                        f"auditing {len(run.result.revisions)} revisions as {label}: "
                        f"{run.requests} requests (bound ceil(n/50)+3 = {bound}), "
                        f"{cpu:.2f} s of CPU (target: under 2 s), {wall:.2f} s wall; "
                        f"verdicts {verdicts}"
                    )
                record_generic(mirror, run)
                reader = RevisionReader(client)
                again = run_generic_audit(reader, mirror, pages, now=now, game=game)
                print(
                    f"an audit with no new revision: {again.requests} request(s) (target: 1), "
                    f"{len(again.result.revisions)} revisions"
                )
        finally:
            wiki.stop()


if __name__ == "__main__":
    main()
