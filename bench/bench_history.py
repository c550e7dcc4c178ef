"""How fast ``nomicbot history`` audits the whole twenty-year history.

Builds the 20-year synthetic game of ``bench/synthetic.py`` (15,792 real
proposals, 2005-2025, with made-up comments; the notes are "Enacted by NAME"
and give no tally), stores it in a fresh SQLite mirror, then times:

(a) ``history --json`` from that mirror, in-process, from opening the mirror to
    printing the JSON;
(b) the audit alone (``gamestate.audit_resolutions``, the timeline included);
(c) for comparison, the plain way: ``evaluate`` on the whole game at each
    resolution, over a sample of matters, extrapolated to all of them.

Usage: python bench/bench_history.py [--scale full|dynasty] [--sample 200] [--data DIR]
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
import time
from contextlib import redirect_stdout
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import DEFAULT_DATA, synthetic_game  # noqa: E402

from gamestate import PostStatus, Timeline, audit_resolutions, evaluate  # noqa: E402
from wikibot.cli import cli  # noqa: E402
from wikibot.mirror.api import Mirror  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", choices=("full", "dynasty"), default="full")
    parser.add_argument("--sample", type=int, default=200, help="Matters for the plain way.")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args()

    start = time.perf_counter()
    game = synthetic_game(args.data, scale=args.scale)
    built = time.perf_counter() - start
    comments = sum(len(p.comments) for p in game.posts)
    print(f"game               : {len(game.posts)} posts, {comments} comments ({built:.1f}s)")

    with tempfile.TemporaryDirectory() as tmp:
        database = str(Path(tmp) / "mirror.sqlite")
        start = time.perf_counter()
        with Mirror.open(database) as mirror:
            mirror.store_game(game, seen_at=datetime(2025, 6, 1, tzinfo=UTC))
        print(f"mirror stored      : {time.perf_counter() - start:.1f}s")
        config = Path(tmp) / "nomicbot.toml"
        config.write_text(f'[mirror]\ndatabase = "{database}"\n', encoding="utf-8")
        start = time.perf_counter()
        with redirect_stdout(io.StringIO()):
            result = CliRunner().invoke(cli, ["history", "--json", "--config", str(config)])
        command = time.perf_counter() - start
        if result.exit_code != 0:
            raise SystemExit(result.output)
        summary = json.loads(result.output)["summary"]
    print(f"history --json     : {command:.2f}s from the SQLite mirror")
    print(f"summary            : {json.dumps(summary)}")

    start = time.perf_counter()
    timeline = Timeline.from_game(game)
    audits = audit_resolutions(game, timeline=timeline)
    audit = time.perf_counter() - start
    print(f"audit alone        : {audit:.2f}s for {len(audits)} matters")

    dated = [a for a in audits if a.post.resolved_at is not None]
    step = max(1, len(dated) // args.sample)
    sample = dated[::step][: args.sample]
    start = time.perf_counter()
    for a in sample:
        assert a.post.resolved_at is not None
        reopened = replace(a.post, status=PostStatus.PENDING, resolved_at=None, admin_note=None)
        whole = replace(game, posts=tuple(reopened if p.id == a.post.id else p for p in game.posts))
        evaluate(whole, a.post.resolved_at, timeline=timeline)
    plain = (time.perf_counter() - start) / len(sample)
    print(
        f"plain evaluate     : {plain * 1000:.1f} ms a matter over {len(sample)} matters, "
        f"about {plain * len(dated):.0f}s for all {len(dated)}"
    )


if __name__ == "__main__":
    main()
