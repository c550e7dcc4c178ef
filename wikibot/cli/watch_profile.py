"""``nomicbot watch --archive F`` / ``--mbox F --profile NAME``: a profile game's watcher
(:mod:`wikibot.watch.profile_loop`), started and stopped as BlogNomic's is."""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from types import FrameType

import click

from wikibot.cli.common import parse_now
from wikibot.config import Config
from wikibot.errors import MirrorError
from wikibot.mirror.api import Mirror
from wikibot.mirror.locks import Holder, acquire_lock, release_lock
from wikibot.watch.loop import LOCK_NAME, StopRequest
from wikibot.watch.profile_loop import ArchiveSource, MboxSource, ProfileWatcher, Source

__all__ = [
    "ProfileOptions",
    "profile_source",
    "run_profile_watch",
    "stop_on_signals",
    "watch_until_stopped",
]


@contextmanager
def stop_on_signals(stop: StopRequest) -> Iterator[None]:
    """SIGINT or SIGTERM asks ``stop`` to stop after the current step; a second one stops
    at once (KeyboardInterrupt). The handlers before are restored on the way out."""

    def on_signal(signum: int, frame: FrameType | None) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()

    previous = {s: signal.signal(s, on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


class ProfileOptions:
    """The watch options that only a profile game's watcher takes."""

    def __init__(
        self,
        *,
        archive: str | None,
        mbox: str | None,
        profile: str | None,
        addresses: str | None,
        admin: str | None,
        apply: bool,
        now: str | None,
    ) -> None:
        self.archive = archive
        self.mbox = mbox
        self.profile = profile
        self.addresses = addresses
        self.admin = admin
        self.apply = apply
        self.now = now

    def given(self) -> bool:
        """Whether any of them was given (so this is a profile game's watch)."""
        named = (self.archive, self.mbox, self.profile, self.addresses, self.admin, self.now)
        return self.apply or any(v is not None for v in named)


def profile_source(config: Config, options: ProfileOptions) -> Source:
    """The source the options name; a usage error for a combination that names none."""
    if options.archive is not None and options.mbox is not None:
        raise click.UsageError("give --archive or --mbox, not both")
    if options.archive is None and options.mbox is None:
        raise click.UsageError(
            "--apply, --now, --profile, --addresses and --admin are for a profile game's "
            "watch: name its source with --archive FILE or --mbox FILE --profile NAME"
        )
    if options.archive is not None:
        if options.profile or options.addresses or options.admin:
            raise click.UsageError(
                "--profile, --addresses and --admin are the mailbox's (--mbox); an archive "
                "names its profile, else [game] profile does"
            )
        return ArchiveSource(options.archive, config.game.profile, config.game.settings)
    from wikibot.importers import load_addresses, merge_addresses

    assert options.mbox is not None
    if options.profile is None:
        raise click.UsageError("--mbox needs --profile (the game the mail is from)")
    addresses = dict(config.game.addresses)
    if options.addresses is not None:
        addresses = merge_addresses(addresses, load_addresses(options.addresses))
    same = config.game.profile == options.profile
    settings = dict(config.game.settings) if same else {}
    settings.pop("pages", None)  # the config's page titles, not a setting of the archive
    return MboxSource(options.mbox, options.profile, addresses, options.admin, settings)


@contextmanager
def _mirror(database: str, *, create: bool) -> Iterator[Mirror | None]:
    """The mirror; in a dry run (``create`` false) None when there is none yet, so a dry
    run leaves no new file behind."""
    try:
        mirror = Mirror.open(database, create=create)
    except MirrorError:
        if create:
            raise
        yield None
        return
    with mirror:
        yield mirror


def watch_until_stopped(
    mirror: Mirror | None, stop: StopRequest, *, once: bool, run: Callable[[], bool]
) -> bool:
    """Calls ``run`` (a watcher's loop) holding ``mirror``'s watch lock (None: no lock, as
    in a dry run), saying so when it takes over a lock a dead process left; SIGINT and
    SIGTERM stop it (:func:`stop_on_signals`). Returns ``run``'s answer, or after a second
    signal whether that is not a failure (a watch that was not ``once``)."""
    me = Holder.this_process()
    if mirror is not None:
        took = acquire_lock(mirror, LOCK_NAME, holder=me, now=datetime.now(UTC))
        if took is not None:
            click.echo(f"Took over the watch lock left by {took} (no longer running).", err=True)
    try:
        with stop_on_signals(stop):
            ok = run()
    except KeyboardInterrupt:
        ok = not once
    finally:
        if mirror is not None:
            release_lock(mirror, LOCK_NAME, holder=me)
    if stop.is_set():
        click.echo("Stopped.", err=True)
    return ok


def run_profile_watch(
    config: Config, options: ProfileOptions, *, interval: str, seconds: float, once: bool
) -> bool:
    """Runs the watcher until stopped (or once); returns whether its last cycle did its work.
    With ``--apply`` it holds the mirror's watch lock, as BlogNomic's watcher does."""
    source = profile_source(config, options)
    fixed = parse_now(options.now) if options.now is not None else None
    webhook = config.watch.webhook_url() if options.apply else None
    stop = StopRequest()
    with _mirror(config.mirror.database, create=options.apply) as mirror:

        def run() -> bool:
            target = "stdout and the webhook" if webhook else "stdout"
            how = "" if options.apply else " (a dry run: nothing is written; --apply writes)"
            click.echo(
                f"Watching {source.describe()} every {interval}; announcing on {target}{how}.",
                err=True,
            )
            watcher = ProfileWatcher(
                config,
                mirror,
                source,
                apply=options.apply,
                webhook_url=webhook,
                stop=stop,
                out=lambda line: click.echo(line),
            )
            if fixed is not None:
                watcher.clock = lambda: fixed
            return watcher.run(interval=seconds, once=once)

        locked = mirror if options.apply else None
        return watch_until_stopped(locked, stop, once=once, run=run)
