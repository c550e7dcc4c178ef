"""``nomicbot demo``: the whole bot at work on the embedded sandbox.

It starts the sandbox blog (serving an example game) and a real local
MediaWiki, writes a ``nomicbot.toml`` joining them, then runs what an Admin
runs: ``sync`` (blog -> mirror), ``status`` (the verdicts),
``publish --apply`` (the tally on the wiki's Votes page), then seeds the GNDT
with the example game's players and plays a few Nomicland actions (Zones,
Buildings, an IP License, a Business Day) so the Nomicland and Gamestate pages
change, and ends with one human edit (the sandbox's Admin giving a player unearned
Smiles) flagged by ``wiki audit --apply`` on the "Gamestate audit" report page.
Each step is the very CLI command, invoked with that config.
"""

from __future__ import annotations

import hashlib
import json
import shlex
import shutil
import signal
import socket
import threading
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path
from types import FrameType
from typing import Any
from urllib.parse import quote, urlsplit

import click
import mwclient

from gamestate.dynasties.nomicland import Economy, PlayerRow
from gamestate.dynasties.nomicland.audit import DEFAULT_PAIRING_WINDOW
from gamestate.profiles import DEFAULT_PROFILE, profile_names
from gamestate.profiles.blognomic_139.models import Game
from wikibot.archive import read_archive_file
from wikibot.cli.common import load, now_option, reported
from wikibot.cli.demo_profiles import EXAMPLES, publish_profile_pages, run_profile_examples
from wikibot.cli.mirror import sync_command
from wikibot.cli.status import status
from wikibot.cli.wiki import publish
from wikibot.config import WikiConfig
from wikibot.examples import NOMICLAND
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger, LedgerEntry
from wikibot.sandbox.blog import serve_in_thread
from wikibot.sandbox.mediawiki import RunningWiki, start_wiki
from wikibot.secrecy import write_private
from wikibot.wiki.client import WikiClient, connect
from wikibot.wiki.economy import changed_values, finish_pending, record_of
from wikibot.wiki.pages.gamestate import GamestatePage
from wikibot.wiki.pages.nomicland import NomiclandPage
from wikibot.wiki.revisions import format_wiki_time, parse_wiki_time

__all__ = ["demo", "write_demo_config"]

EXAMPLE = NOMICLAND
EXAMPLE_NOW = "2016-05-17T12:00:00Z"


def write_demo_config(
    path: Path,
    *,
    blog_url: str,
    markup: str,
    start: str,
    wiki_url: str,
    wiki_user: str,
    password_file: Path,
    player: str,
) -> None:
    """A nomicbot.toml joining the sandbox blog, the sandbox wiki and a local mirror
    (mode 0600, as every file that may name a secret)."""
    write_private(
        path,
        "# Written by `nomicbot demo`: the sandbox blog, wiki and mirror.\n"
        "[blog]\n"
        f'url = "{blog_url}"\n'
        f'markup = "{markup}"\n'
        "min_interval = 0  # the sandbox is local; be polite (1 s or more) to the real blog\n"
        f'start = "{start}"\n'
        "\n[wiki]\n"
        f'url = "{wiki_url}"\n'
        f'user = "{wiki_user}"\n'
        f'password_file = "{password_file}"\n'
        "\n[mirror]\n"
        'database = "mirror.sqlite"\n'
        "\n[game]\n"
        f'player = "{player}"  # the Admin running the bot\n'
        "# How wiki and blog admins reach whoever runs the bot (the User-Agent names it):\n"
        f'contact = "{wiki_url.rstrip("/")}/index.php?title=User:{player}"\n',
    )


ECONOMY_NOW = "2016-05-17T12:00:00Z"
"""When the demo's economy actions are played (fixed, so a second run repeats none)."""
BOSS_DEBT = -50000
"""The Boss's Debt the demo starts with: at 0, Project Completion would end the game at once."""

_PLAYS: tuple[tuple[str, ...], ...] = (
    ("day", "new", "--as", "{boss}"),
    ("zone", "create", "--word", "Mouse", "--as", "Josh"),
    ("zone", "create", "--word", "Coaster", "--as", "Clucky"),
    ("build", "Playpit", "--as", "Josh"),
    ("build", "Gift Shop", "--budget", "C", "--as", "Clucky"),
    ("license", "create", "Mouse Empire", "cA", "--as", "Josh"),
    ("license", "exercise", "--day", "1", "--as", "Josh"),
    ("day", "process", "--as", "Josh"),
)
"""The economy actions the demo plays, as typed at the command line."""


SEED = "gndt seed"
"""The ledger's action for the demo's seeding of the GNDT, one row per player."""


def seed_gndt(
    client: WikiClient,
    ledger: Ledger,
    pages: WikiConfig,
    rows: Sequence[PlayerRow],
    *,
    actor: str,
    now: datetime,
    boss: str,
    idle: frozenset[str] = frozenset(),
    cause: str = "",
) -> int | None:
    """Writes ``rows`` into an empty Gamestate table as an economy action: recorded in the
    ledger first (op id ``seed:TITLE``, its whole economy after, as every bot write is, so
    ``wiki audit`` matches the edit to it), then the edit (its summary names the op id), then
    the row marked applied. Rule "Imagineers": an Admin adds each Imagineer to the GNDT.

    Returns the revision saved; None when nothing was done: the table has rows already, or
    the seeding is recorded already (a rerun). A run that stopped between the row and the
    edit is finished here (or by the next action's :func:`finish_pending`)."""
    title = pages.gamestate_page
    op_id = f"seed:{title}"
    known = ledger.get(op_id)
    if known is None:
        table_rev = client.read(title)
        if GamestatePage.from_wikitext(table_rev.text, title=title).rows:
            return None  # seeded already, by hand or before the ledger kept it
        park_rev = client.read(pages.nomicland_page)
        park = NomiclandPage.from_wikitext(park_rev.text, title=park_rev.title)
        days = park.business_days
        empty = Economy.from_pages(rows=[], zones=park.zones, days=days, boss=boss, idle=idle)
        seeded = Economy.from_pages(rows=rows, zones=park.zones, days=days, boss=boss, idle=idle)
        changed = changed_values(record_of(empty), record_of(seeded))
        client.check_run_page()  # the emergency stop, before anything is recorded
        ledger.start(
            LedgerEntry(
                op_id,
                now,
                actor,
                SEED,
                before={
                    "values": [v[:4] for v in changed],
                    "revisions": {park_rev.title: park_rev.revid, title: table_rev.revid},
                },
                after={
                    "values": [[*v[:3], v[4]] for v in changed],
                    "state": record_of(seeded),
                    "books": seeded.books.to_json(),
                    "pages": [title],
                    "rule": "Imagineers",
                    "changes": [f'{r.name}: a GNDT row (rule "Imagineers")' for r in rows],
                },
                cause=cause,
            )
        )
    elif known.is_applied:
        return None
    finished = {e.op_id: e for e in finish_pending(client, ledger, pages)}
    done = finished.get(op_id)
    return done.revisions.get(title) if done is not None else None


def _seed_gndt(config: Path, game: Game) -> None:
    """One Gamestate row per player (the Ruleset's defaults, the Boss in Debt), unless the
    table has rows already; recorded in the ledger with its cause, as every bot write is."""
    settings = load(str(config))
    client = connect(settings, min_interval=0)
    rows = [PlayerRow(p.name, debt=BOSS_DEBT if p.name == game.boss else 0) for p in game.players]
    with Mirror.open(settings.mirror.database) as mirror:
        revid = seed_gndt(
            client,
            Ledger(mirror),
            settings.wiki,
            rows,
            actor=settings.game.player or "nomicbot",
            now=parse_wiki_time(ECONOMY_NOW),
            boss=game.boss or "",
            idle=frozenset(p.name for p in game.players if p.idle),
            cause="nomicbot demo: seed the GNDT with the example game's players",
        )
    if revid is not None:
        click.echo(f"{settings.wiki.gamestate_page}: seeded one row per player (revision {revid}).")


def _play_economy(config: Path, game: Game) -> None:
    """Seeds the GNDT and plays a few economy actions, each the very CLI command."""
    from wikibot.cli.economy import register

    group = click.Group()
    register(group)
    with reported():
        _seed_gndt(config, game)
    for words in _PLAYS:
        args = [w.format(boss=game.boss or "") for w in words]
        args += ["--apply", "--now", ECONOMY_NOW, "--config", str(config)]
        click.echo("\n$ nomicbot " + " ".join(shlex.quote(a) for a in args))
        try:
            group.main(args, prog_name="nomicbot", standalone_mode=False)
        except click.ClickException as exc:
            click.echo(f"Error: {exc.format_message()}")


UNEARNED_SMILES = 20
"""The Smiles the demo's human edit writes for a non-Boss player (the ledger says 10)."""
_FLAGGED = "* [[Special:Diff/"
"""How a flagged revision's line starts on the audit's report page."""


def _flag_a_human_edit(config: Path, game: Game, wiki: RunningWiki) -> str:
    """One human edit flagged on the report page: the sandbox's Admin (a person, not the bot)
    gives a non-Boss player unearned Smiles on the Gamestate page, then ``wiki audit --apply``
    runs once the pairing window has closed. Done once: when the report page lists a flagged
    revision, nothing is edited or recorded again. Returns the report page's title."""
    from wikibot.cli.wiki_audit import register

    settings = load(str(config))
    title, audit_page = settings.wiki.gamestate_page, settings.wiki.audit_page
    with reported():
        bot = connect(settings, dry_run=True, min_interval=0)
        report = bot.read(audit_page)
    flagged = [line for line in report.text.splitlines() if line.startswith(_FLAGGED)]
    if flagged:
        click.echo(f"\n{audit_page}: a human edit is flagged already (no new edit):")
        for line in flagged:
            click.echo(f"  {line}")
        return audit_page
    row = next(
        (r for r in GamestatePage.from_wikitext(bot.read(title).text).rows if r.name != game.boss),
        None,
    )
    if row is None:
        click.echo(f"\n{title}: no non-Boss player to give Smiles to; no human edit made.")
        return audit_page
    click.echo(
        f"\n(a human edit) {wiki.credentials.admin_user} gives {row.name} "
        f"{UNEARNED_SMILES - row.smiles} unearned Smiles on {title}"
    )
    site: Any = mwclient.Site(
        urlsplit(wiki.url).netloc, path="/", scheme="http", clients_useragent="nomicbot demo"
    )
    site.clientlogin(
        username=wiki.credentials.admin_user, password=wiki.credentials.admin_password()
    )
    site.site_init()  # clientlogin leaves the user's rights unread (mwclient would refuse)

    def give(text: str) -> str:
        table = GamestatePage.from_wikitext(text)
        rows = [replace(r, smiles=UNEARNED_SMILES) if r.name == row.name else r for r in table.rows]
        return table.render(rows)

    page = site.pages[title]
    # Setting a value (not adding to it) keeps a rerun after a crash to a null edit.
    page.edit(give(page.text()), summary=f"{UNEARNED_SMILES} Smiles for {row.name}")
    latest = site.get(
        "query", prop="revisions", titles=title, rvprop="ids|timestamp", formatversion=2
    )["query"]["pages"][0]["revisions"][0]
    edited = parse_wiki_time(str(latest["timestamp"]))
    click.echo(f"{title}: revision {latest['revid']} by {wiki.credentials.admin_user}.")
    # Late enough that the edit's pairing window has closed: it is judged, not pending.
    late = format_wiki_time(edited + DEFAULT_PAIRING_WINDOW + timedelta(hours=1))
    args = ["audit", "--apply", "--now", late, "--config", str(config)]
    click.echo("\n$ nomicbot wiki " + " ".join(shlex.quote(a) for a in args))
    group = click.Group()
    register(group)
    try:
        group.main(args, prog_name="nomicbot wiki", standalone_mode=False)
    except click.ClickException as exc:
        click.echo(f"Error: {exc.format_message()}")
    with reported():
        report = bot.read(audit_page)
    for line in report.text.splitlines():
        if line.startswith(_FLAGGED):
            click.echo(f"{audit_page}: {line}")
    return audit_page


def _ports(data_dir: Path, blog_port: int, wiki_port: int) -> tuple[int, int]:
    """The ports asked for, else those of the last run in ``data_dir`` (so links and
    the published tally stay the same from run to run), else 0 (any free port)."""
    try:
        last = json.loads((data_dir / "ports.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        last = {}
    return blog_port or _free(last.get("blog")), wiki_port or _free(last.get("wiki"))


def _free(port: object) -> int:
    """``port`` if a server may listen on it now, else 0 (any free port). A port whose
    last connections linger in TIME_WAIT (the last run, stopped a moment ago) is free:
    both servers listen with SO_REUSEADDR, as this probe does."""
    if not isinstance(port, int) or port <= 0:
        return 0
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return 0
    return port


def _wait_for_interrupt() -> None:
    stop = threading.Event()

    def handler(signum: int, frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, handler)
    try:
        while not stop.wait(1.0):
            pass
    except KeyboardInterrupt:
        pass


@click.command("demo")
@click.option(
    "--data",
    "data_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("sandbox-data/demo"),
    show_default=True,
    help="Where the blog's state, the wiki and the mirror live (kept between runs).",
)
@click.option(
    "--archive",
    "archive_path",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    default=EXAMPLE,
    help="The game the sandbox blog serves (default: the example Nomicland game).",
)
@click.option(
    "--markup",
    type=click.Choice(["classic", "wp2020"]),
    default="classic",
    show_default=True,
    help="Which of BlogNomic's page markups the sandbox blog serves.",
)
@click.option(
    "--blog-port", type=int, default=0, help="Port for the blog (0: last run's, or any free)."
)
@click.option(
    "--wiki-port", type=int, default=0, help="Port for the wiki (0: last run's, or any free)."
)
@now_option
@click.option("--once", is_flag=True, help="Stop the servers at the end instead of serving.")
@click.option(
    "--profile",
    "profile_name",
    type=click.Choice(profile_names()),
    default=None,
    help="Run only this game's example (the e-mail games need no servers); "
    "default: BlogNomic on the sandbox, then every other profile's example.",
)
@click.pass_context
def demo(
    ctx: click.Context,
    data_dir: Path,
    archive_path: Path,
    markup: str,
    blog_port: int,
    wiki_port: int,
    now_text: str | None,
    once: bool,
    profile_name: str | None = None,
) -> None:
    """Run the bot end to end on the embedded sandbox blog and a real local MediaWiki.

    Serves the game as BlogNomic's pages, syncs it into the mirror, shows every
    pending matter's verdict, publishes the tally to the wiki's Votes page, and
    (unless --once) keeps both servers up for you to browse until Ctrl-C.
    The example game is from May 2016, so it is evaluated at noon on 17 May
    2016 unless --now says otherwise.

    Example:

        nomicbot demo --data sandbox-data/demo --now 2016-05-17T12:00:00Z
        nomicbot demo --profile borednomic
    """
    if profile_name is not None and profile_name != DEFAULT_PROFILE:
        run_profile_examples(ctx, [profile_name])
        return
    data_dir.mkdir(parents=True, exist_ok=True)
    state = data_dir / "blog-state.json"
    source = data_dir / "blog-source.json"
    digest = hashlib.sha256(archive_path.read_bytes()).hexdigest()
    if not state.exists():
        shutil.copyfile(archive_path, state)
    if not source.exists():
        source.write_text(json.dumps({"archive": str(archive_path), "sha256": digest}))
    else:
        try:
            known = json.loads(source.read_text(encoding="utf-8")).get("sha256")
        except (OSError, ValueError, AttributeError):
            known = None
        if known != digest:
            # The blog's state (with any comments posted to it) and the mirror belong
            # to the game first served here: never mix in another game silently.
            raise click.ClickException(
                f"{data_dir} holds the sandbox of another game than {archive_path}; "
                "use another --data directory, or delete this one to start afresh"
            )
    with reported():
        game = read_archive_file(state)
    if now_text is None and archive_path == EXAMPLE:
        now_text = EXAMPLE_NOW
    start = min((p.posted_at for p in game.posts), default=None)
    click.echo("Starting the sandbox blog and the sandbox wiki (a real MediaWiki)...")
    blog_port, wiki_port = _ports(data_dir, blog_port, wiki_port)
    blog = serve_in_thread(game, markup=markup, port=blog_port, state_path=state)
    try:
        with reported():
            wiki = start_wiki(data_dir / "wiki", port=wiki_port)
        try:
            used = {"blog": int(blog.url.rstrip("/").rsplit(":", 1)[1]), "wiki": wiki.port}
            (data_dir / "ports.json").write_text(json.dumps(used), encoding="utf-8")
            config = data_dir / "nomicbot.toml"
            write_demo_config(
                config,
                blog_url=blog.url,
                markup=markup,
                start=(start.date().isoformat() if start else "2000-01-01"),
                wiki_url=wiki.url,
                wiki_user=wiki.credentials.bot_user,
                password_file=wiki.credentials.bot_password_file.resolve(),
                player=next((p.name for p in game.players if p.admin), "demo"),
            )
            now_args = ["--now", now_text] if now_text else []
            click.echo(f"\n$ nomicbot sync --config {config}")
            ctx.invoke(sync_command, config_path=str(config), since=None, archive_url=None)
            click.echo(f"\n$ nomicbot status --config {config} {' '.join(now_args)}")
            ctx.invoke(
                status, archive_path=None, now_text=now_text, as_json=False, config_path=str(config)
            )
            click.echo(f"\n$ nomicbot publish --apply --config {config} {' '.join(now_args)}")
            ctx.invoke(
                publish, apply_=True, now_text=now_text, archive_path=None, config_path=str(config)
            )
            _play_economy(config, game)
            audit_page = _flag_a_human_edit(config, game, wiki)
            profile_page_lines: list[str] = []
            if profile_name is None:
                run_profile_examples(
                    ctx, [n for n in profile_names() if n != DEFAULT_PROFILE and n in EXAMPLES]
                )
                # Each other game's pages, published on the same wiki as its Admin would.
                profile_page_lines = publish_profile_pages(ctx, str(config), wiki.url)
            heading = (
                "The servers stop now (--once); to browse these pages, run the demo without --once:"
                if once
                else "Open in a browser:"
            )
            click.echo(
                f"\n{heading}\n"
                f"  the blog:            {blog.url}\n"
                f"  the published tally: {wiki.url}index.php?title=Votes\n"
                f"  the Zones and Visitors: {wiki.url}index.php?title=Nomicland\n"
                f"  the GNDT:            {wiki.url}index.php?title=Gamestate\n"
                f"  the audit's report:  {wiki.url}index.php?title="
                f"{quote(audit_page.replace(' ', '_'))}"
            )
            if profile_page_lines:
                click.echo("  the other games' pages:\n" + "\n".join(profile_page_lines))
            if not once:
                click.echo(
                    f"Play a player: POST a comment to {blog.url}archive/<post id>/comment "
                    "(form fields author, body, vote), then in another shell run\n"
                    f"  .venv/bin/nomicbot sync --config {config}\n"
                    f"  .venv/bin/nomicbot status --config {config} {' '.join(now_args)}\n"
                    "Serving; press Ctrl-C to stop."
                )
                _wait_for_interrupt()
        finally:
            wiki.stop()
    finally:
        blog.stop()
