"""The ``sandbox blog`` command: an archive served as BlogNomic's blog pages."""

from __future__ import annotations

import hashlib
from pathlib import Path

import click

from wikibot.archive import read_archive_file
from wikibot.blog.dates import DateOrder
from wikibot.cli.common import reported
from wikibot.errors import ArchiveError
from wikibot.examples import resolve_archive_path

STATE_FOLDER = Path("sandbox-data") / "blog"
"""Where accepted comments are saved by default, under the current directory."""


def default_state_path(archive: Path) -> Path:
    """``sandbox-data/blog/<archive stem>-<hash of its absolute path>.state.json``.

    One state file per archive file (two ``game.json`` in different folders do
    not share one), and never the archive itself.
    """
    digest = hashlib.sha256(str(archive.resolve()).encode("utf-8")).hexdigest()[:8]
    return STATE_FOLDER / f"{archive.stem}-{digest}.state.json"


@click.command("blog")
@click.option(
    "--archive",
    "archive_path",
    required=True,
    type=click.Path(dir_okay=False),
    help="The nomic-archive/1 JSON file to serve, or example:NAME (a shipped example).",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8080, show_default=True, type=int, help="Port (0: any free one).")
@click.option(
    "--markup",
    type=click.Choice(["classic", "wp2020"]),
    default="classic",
    show_default=True,
    help="The blog's markup: ExpressionEngine-era classic, or the 2020 WordPress theme.",
)
@click.option(
    "--state",
    "state_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="The game as served, with the comments accepted: saved after each comment, and "
    "served instead of the archive on a restart if it exists. Default: "
    "sandbox-data/blog/ARCHIVE-NAME-HASH.state.json under the current directory (HASH: "
    "of the archive's path); the archive itself is written only if named here.",
)
@click.option("--per-page", default=10, show_default=True, type=int, help="Posts per listing.")
@click.option(
    "--crawl-delay", type=float, default=None, help="Crawl-delay (seconds) to put in robots.txt."
)
@click.option(
    "--comment-dates",
    type=click.Choice([o.value for o in DateOrder]),
    default=DateOrder.DAY_FIRST.value,
    show_default=True,
    help="How classic comment headers print dates: dmy (25-07-2016) or mdy (07-25-2016).",
)
def sandbox_blog(
    archive_path: str,
    host: str,
    port: int,
    markup: str,
    state_path: str | None,
    per_page: int,
    crawl_delay: float | None,
    comment_dates: str,
) -> None:
    """Serve an archive as BlogNomic's blog pages, on this machine.

    Players can comment (POST /archive/ID/comment with author, body and an
    optional vote); accepted comments are saved to the state file (--state),
    never to the archive unless --state names it, and a restart serves the
    state file, earlier comments included. Delete the state file to start
    afresh from the archive. Faults for testing the scraper are injected with
    POST /_faults; GET /_stats counts requests. Stop with Ctrl-C.

    Example:

        nomicbot sandbox blog --archive example:nomicland --port 8080
    """
    from wikibot.sandbox.blog import SandboxBlog

    try:
        path = resolve_archive_path(archive_path)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--archive'") from None
    # What click.Path(exists=True) would say, which cannot know example:NAME.
    if path.is_dir():
        raise click.BadParameter(f"File {archive_path!r} is a directory.", param_hint="'--archive'")
    if not path.exists():
        raise click.BadParameter(f"File {archive_path!r} does not exist.", param_hint="'--archive'")
    state = Path(state_path) if state_path else default_state_path(path)
    # A restart carries on from the saved state: the comments accepted so far stay.
    source = state if state.exists() else path
    with reported():
        if state_path is None:
            try:
                state.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise ArchiveError(f"{state.parent}: {exc.strerror}") from None
        game = read_archive_file(source)
    try:
        blog = SandboxBlog(
            game,
            markup=markup,
            state_path=state,
            per_page=per_page,
            crawl_delay=crawl_delay,
            comment_dates=DateOrder(comment_dates),
        )
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    try:
        blog.bind(host, port)
    except OSError as exc:
        raise click.ClickException(f"cannot serve on {host}:{port}: {exc.strerror}") from None
    resumed = f" (the saved state of {path})" if source != path else ""
    click.echo(
        f"Serving {len(game.posts)} posts from {source}{resumed} as a {markup} blog at "
        f"{blog.url} (comments saved to {state}); Ctrl-C to stop."
    )
    try:
        blog.serve_forever()
    except KeyboardInterrupt:
        click.echo("Stopped.")
    finally:
        blog.stop()


def register(cli: click.Group, sandbox: click.Group) -> None:
    """Adds this module's commands to the CLI."""
    sandbox.add_command(sandbox_blog)
