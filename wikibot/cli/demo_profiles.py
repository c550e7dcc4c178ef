"""The rule profiles' example games in ``nomicbot demo``: each game's ``status`` as its
Admin would run it. The e-mail games need no servers: their archive is the record.

An example may say when to look at it (``"demo": {"now": ISO, "since": ISO}``, or a
top-level ``"now"``: fields the archive format keeps); otherwise it is judged a day
after its last recorded instant, with everything since its first listed as fallen due.
"""

from __future__ import annotations

import json
from datetime import timedelta
from urllib.parse import quote

import click

from gamestate.profiles import format_time, parse_time
from wikibot.examples import example_names, example_path

__all__ = ["EXAMPLES", "demo_times", "publish_profile_pages", "run_profile_examples"]

EXAMPLES = {
    name: name
    for name in ("borednomic", "nomopoly", "infinite-nomic", "nomopoly-iv")
    if name in example_names()
}
"""Profile -> its shipped example (``example:NAME``)."""


def demo_times(example: str) -> tuple[str, str]:
    """(now, since) for an example: its own ``demo`` field, else from its records."""
    data = json.loads(example_path(example).read_text(encoding="utf-8"))
    demo = data.get("demo") if isinstance(data.get("demo"), dict) else {}
    stamps = [
        parse_time(value, "example")
        for record in [*data.get("matters", []), *data.get("events", [])]
        for key, value in record.items()
        if key in ("at", "posted_at") and isinstance(value, str)
    ]
    now = demo.get("now") or data.get("now") or format_time(max(stamps) + timedelta(days=1))
    since = demo.get("since") or format_time(min(stamps) - timedelta(seconds=1))
    return now, since


def run_profile_examples(ctx: click.Context, profiles: list[str]) -> None:
    """Prints ``status`` of each profile's example, as the demo's reader would run it."""
    from wikibot.cli.status import status

    for profile in profiles:
        if profile not in EXAMPLES:
            raise click.ClickException(f"profile {profile} has no example game yet")
        now, since = demo_times(EXAMPLES[profile])
        name = f"example:{EXAMPLES[profile]}"
        click.echo(f"\n$ nomicbot status --archive {name} --now {now} --since {since}")
        ctx.invoke(
            status,
            archive_path=name,
            now_text=now,
            since_text=since,
            as_json=False,
            config_path=None,
        )


def publish_profile_pages(ctx: click.Context, config_path: str, wiki_url: str) -> list[str]:
    """Publishes each example game's pages on the sandbox wiki (``pages --apply``, as its
    Admin would) and returns a line per page with its address."""
    from wikibot.cli.common import parse_now
    from wikibot.cli.profile_pages import game_pages, pages

    lines: list[str] = []
    for example in EXAMPLES.values():
        now, _ = demo_times(example)
        name = f"example:{example}"
        click.echo(
            f"\n$ nomicbot pages --archive {name} --now {now} --apply --config {config_path}"
        )
        ctx.invoke(pages, archive_path=name, apply_=True, now_text=now, config_path=config_path)
        _, built = game_pages(config_path, name, parse_now(now))
        lines += [
            f"  {page.title}: {wiki_url}index.php?title={quote(page.title.replace(' ', '_'))}"
            for page in built
        ]
    return lines
