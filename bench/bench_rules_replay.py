"""How much the Ruleset in force costs: ``status`` and ``history`` across 20 years, with
the Ruleset changing 300 times, against the same game with no Ruleset revision (Ruleset
139 assumed).

The game is ``bench/synthetic.py``'s whole history (15,792 real Proposals, made-up
comments); the 300 revisions are Ruleset 139's text with one clause changed each time
(the enact clock in hours written in words, the stale rule's days, a dynastic rule
added), spread evenly over the 20 years, so every revision is read (parsed and matched
phrasing by phrasing) once, as a real replay would.

Prints the best of ``--repeat`` runs of:
- ``status`` at the end of the history (one ``evaluate``), with and without revisions;
- ``history`` (every resolved matter judged at its own moment, each by the Ruleset of
  its day), with and without revisions.
Target (issue 26): ``status`` under 1 s beyond today's (``history`` is printed beside it:
it judges each of the 15,792 matters at its own moment, and was 24 s before this issue).

Usage: python bench/bench_rules_replay.py [--changes 300] [--repeat 3] [--data DIR]
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.synthetic import synthetic_game  # noqa: E402
from gamestate import Game, RulesetRevision, evaluate  # noqa: E402
from gamestate.profiles.blognomic_139.audit import audit_resolutions  # noqa: E402
from rules_text.core.read import _read  # noqa: E402
from rules_text.seed import ruleset_139_wikitext  # noqa: E402

_WORDS = ["twelve", "thirteen", "fourteen", "fifteen", "sixteen", "eighteen", "twenty"]


def revisions(game: Game, changes: int) -> tuple[RulesetRevision, ...]:
    """``changes`` revisions of Ruleset 139 spread over the game's years."""
    times = sorted(p.posted_at for p in game.posts)
    first, last = times[0], times[-1]
    step = (last - first) / (changes + 1)
    text = ruleset_139_wikitext()
    out = []
    for i in range(changes):
        word = _WORDS[i % len(_WORDS)]
        changed = text.replace(
            "at least 12 hours, and has not been Vetoed",
            f"at least {word} hours, and has not been Vetoed",
        )
        changed = changed.replace("more than 7 days", f"more than {7 + i % 5} days")
        changed += f"\n== Rule {i} ==\nEach Imagineer has {i} Points.\n"
        out.append(
            RulesetRevision(at=first + step * (i + 1), text=changed, revision=1000 + i, by="Bench")
        )
    return tuple(out)


def _best(run, repeat: int) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(repeat):
        _read.cache_clear()  # every revision read afresh, as a new process would
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--data", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "data"
    )
    args = parser.parse_args()
    game = synthetic_game(args.data, scale="full")
    changed = replace(game, rulesets=revisions(game, args.changes))
    end = max(p.posted_at for p in game.posts) + timedelta(days=1)
    print(f"{len(game.posts):,} posts; {args.changes} Ruleset revisions")
    plain_status = _best(lambda: evaluate(game, end), args.repeat)
    ruled_status = _best(lambda: evaluate(changed, end), args.repeat)
    extra_status = ruled_status - plain_status
    print(f"status, Ruleset 139 assumed: {plain_status:.3f} s")
    print(f"status, {args.changes} revisions: {ruled_status:.3f} s (+{extra_status:.3f} s)")
    plain_history = _best(lambda: audit_resolutions(game), args.repeat)
    ruled_history = _best(lambda: audit_resolutions(changed), args.repeat)
    extra_history = ruled_history - plain_history
    print(f"history, Ruleset 139 assumed: {plain_history:.3f} s")
    print(f"history, {args.changes} revisions: {ruled_history:.3f} s (+{extra_history:.3f} s)")
    met = "met" if extra_status < 1 else "NOT met"
    print(f"target: status under 1 s beyond today's: {met} (+{extra_status:.3f} s)")


if __name__ == "__main__":
    main()
