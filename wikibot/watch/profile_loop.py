"""The watch loop of a profile game (BoredNomic, Nomopoly, Nomopoly IV, Infinite Nomic):
read its source, republish its pages when they changed, announce each new event once.

Each cycle:

1. reads the source afresh: an archive file (``nomic-archive/2``), or a mailbox
   imported as ``nomicbot import mbox`` would (:class:`ArchiveSource`,
   :class:`MboxSource`). A source that cannot be read (junk, half written, gone) is
   one warning line and the cycle is skipped: nothing is written, and the next
   cycle reads it again;
2. evaluates the game at the cycle's instant, as ``status`` does (2b), once for the
   pages (:func:`~wikibot.wiki.pages.profile_pages.pages_report`, as ``nomicbot pages``
   builds them: what fell due in the week before) and once from the game's start for
   the announcements (so ``due`` lists every event that fell due);
3. republishes each page whose part changed, through
   :func:`wikibot.wiki.pages.profile_publish.publish_pages` (a ledger row per edit,
   exactly once across a crash). The part's first line says "as of" the instant it
   was computed (and a due page, the week before it); a page whose part differs from
   the wiki's only in that instant is not edited, so a quiet game costs reads, not
   edits. A dry run (no ``apply``) prints each diff and writes nothing;
4. announces each event of :mod:`wikibot.watch.profile_events` not yet in the
   mirror's ``announcements`` table, on stdout and to the webhook
   (:mod:`wikibot.watch.announce`); a dry run prints what it would announce.

Steps 3 and 4 run under the game lock, as BlogNomic's watcher's do. A failed cycle
(the wiki unreachable, a database error) is logged and retried with the same backoff.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from gamestate.profiles import ProfileError, Report, archive_to_dict, format_time, parse_time
from wikibot.config import Config
from wikibot.errors import NomicbotError
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger
from wikibot.mirror.locks import game_lock
from wikibot.profile_archive import (
    LoadedArchive,
    load_profile_archive,
    profile_archive_from_data,
)
from wikibot.resolve.ledger import kill_point
from wikibot.watch.announce import announced_keys, record_announcements
from wikibot.watch.events import Announcement
from wikibot.watch.loop import StopRequest, deliver_announcements, run_cycles
from wikibot.watch.profile_events import game_start, profile_events
from wikibot.wiki.client import WikiClient, connect
from wikibot.wiki.pages.profile_pages import (
    DUE_WINDOW,
    Page,
    pages_report,
    profile_pages,
    update_region,
)
from wikibot.wiki.pages.profile_publish import PAGES, PageResult, publish_pages

__all__ = [
    "ArchiveSource",
    "MboxSource",
    "ProfileCycle",
    "ProfileWatcher",
    "Source",
    "announcement_line",
]

log = logging.getLogger("nomicbot.watch")

_AS_OF = re.compile(r" as of (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)\.''")
"""The instant in the first line of a page's part (``''BoredNomic as of T.''``)."""


def announcement_line(a: Announcement) -> str:
    """An announcement as stdout shows it: its instant, then its text."""
    return f"{a.at.isoformat().replace('+00:00', 'Z')} {a.text}"


class Source(Protocol):
    """Where a profile game is read from on each cycle."""

    def read(self) -> LoadedArchive:
        """The game as the source holds it now; a NomicbotError when it cannot be read."""
        ...

    def describe(self) -> str:
        """The source in a few words, for the log."""
        ...


@dataclass(frozen=True)
class ArchiveSource:
    """A ``nomic-archive/2`` file (or ``example:NAME``), read whole on each cycle."""

    path: str
    profile: str | None = None
    """``[game] profile``, for an archive that names none."""
    settings: Mapping[str, Any] = field(default_factory=dict)

    def read(self) -> LoadedArchive:
        """The archive file, checked against its profile (an ArchiveError if not)."""
        return load_profile_archive(self.path, profile=self.profile, settings=self.settings)

    def describe(self) -> str:
        """The file."""
        return self.path


@dataclass(frozen=True)
class MboxSource:
    """A mailbox, imported on each cycle as ``nomicbot import mbox`` imports it."""

    path: str
    profile: str
    addresses: Mapping[str, str]
    admin: str | None = None
    settings: Mapping[str, Any] = field(default_factory=dict)

    def read(self) -> LoadedArchive:
        """The mailbox's archive, checked as an archive file is; each message that could
        not be placed is a warning (an ImporterError if the mailbox cannot be read)."""
        from wikibot.importers import import_mbox

        imported = import_mbox(
            self.path,
            profile=self.profile,
            addresses=self.addresses,
            admin=self.admin,
            settings=self.settings,
        )
        loaded = profile_archive_from_data(archive_to_dict(imported.archive), self.path)
        problems = tuple(f"{self.path}: {p.line()}" for p in imported.problems)
        return LoadedArchive(loaded.archive, loaded.profile, problems + loaded.warnings, "mbox")

    def describe(self) -> str:
        """The mailbox and its game."""
        return f"{self.path} ({self.profile} mail)"


@dataclass(frozen=True)
class ProfileCycle:
    """What one cycle did."""

    skipped: bool = False
    """The source could not be read (or evaluated): nothing was done."""
    pages: tuple[PageResult, ...] = ()
    """The pages published (or, in a dry run, diffed): only those whose part changed."""
    announced: tuple[Announcement, ...] = ()
    """Events announced for the first time (in a dry run: those it would announce)."""
    delivered: int = 0
    """Announcements posted to the webhook this cycle (new or retried)."""


@dataclass
class ProfileWatcher:
    """One watcher of one profile game on one mirror (the caller holds the watch lock
    when ``apply``)."""

    config: Config
    mirror: Mirror | None
    """None only in a dry run on a mirror not made yet (nothing was announced before)."""
    source: Source
    apply: bool = False
    webhook_url: str | None = None
    stop: StopRequest = field(default_factory=StopRequest)
    out: Callable[[str], None] = print
    clock: Callable[[], datetime] = field(default=lambda: datetime.now(UTC).replace(microsecond=0))
    wiki_factory: Callable[[], WikiClient] | None = None
    cycles: int = 0
    failures: int = 0
    _wiki: WikiClient | None = None
    _shown: dict[str, str] = field(default_factory=dict)
    """Page title -> its part without the instant, as the wiki was last seen to show it."""
    _warned: set[str] = field(default_factory=set)

    # One cycle.

    def cycle(self) -> ProfileCycle:
        """Runs one cycle; raises NomicbotError if a step failed (a source that cannot be
        read is not a failure of the cycle: it is a warning, and the cycle is skipped)."""
        self.cycles += 1
        now = self.clock()
        read = self._read(now)
        if read is None:
            return ProfileCycle(skipped=True)
        loaded, report, told = read
        spec = loaded.profile
        configured = self.config.game.settings.get("pages", {})
        pages = profile_pages(
            report,
            loaded.archive,
            game_title=spec.title,
            configured=configured if isinstance(configured, dict) else {},
        )
        events = profile_events(told, loaded.archive, game=spec.title)
        if not self.apply or self.mirror is None:
            return self._dry_run(spec.name, pages, events, now)
        lock = game_lock(
            self.mirror, who=None, doing="watch", notify=log.info, stop=self.stop.is_set
        )
        announced: list[Announcement] = []
        with lock:
            results = self._publish(spec.name, pages, now)
            if not self.stop.is_set():
                webhook = bool(self.webhook_url)
                announced = record_announcements(self.mirror, events, webhook=webhook)
                kill_point("announcements recorded")
                for a in announced:
                    self.out(announcement_line(a))
        delivered = deliver_announcements(
            self.mirror,
            self.webhook_url,
            user_agent=self.config.user_agent,
            clock=self.clock,
            stop=self.stop.is_set,
        )
        return ProfileCycle(False, tuple(results), tuple(announced), delivered)

    def _read(self, now: datetime) -> tuple[LoadedArchive, Report, Report] | None:
        """The source read and evaluated at ``now`` (for the pages, and from the game's start
        for the announcements); None, with one warning line, when that cannot be done."""
        try:
            loaded = self.source.read()
            spec = loaded.profile
            if spec.name == "blognomic-139":
                raise NomicbotError(
                    f"{self.source.describe()}: a BlogNomic 139 game is watched from its blog "
                    "(nomicbot watch without --archive or --mbox)"
                )
            report = pages_report(spec, loaded.archive, now)
            since = game_start(loaded.archive)
            start = since if since is not None and since < now else None
            told = spec.evaluate(loaded.archive, now, start)
        except (NomicbotError, ProfileError) as exc:
            log.warning(
                "%s; cycle %d skipped, the source is read again next cycle", exc, self.cycles
            )
            return None
        for warning in (*loaded.warnings, *report.warnings):
            if warning not in self._warned:
                self._warned.add(warning)
                log.warning("%s", warning)
        return loaded, report, told

    def _dry_run(
        self, profile: str, pages: list[Page], events: list[Announcement], now: datetime
    ) -> ProfileCycle:
        """Prints each changed page's diff and what would be announced; writes nothing."""
        results = self._publish(profile, pages, now)
        for r in results:
            if r.changed:
                self.out(r.diff.rstrip("\n"))
                self.out(f"{r.title}: dry run, nothing written (use --apply to save).")
        known = (
            set() if self.mirror is None else announced_keys(self.mirror, (e.key for e in events))
        )
        new = [e for e in events if e.key not in known]
        for a in new:
            self.out("(dry run) " + announcement_line(a))
        return ProfileCycle(False, tuple(results), tuple(new))

    # The pages.

    def _publish(self, profile: str, pages: list[Page], now: datetime) -> list[PageResult]:
        """Publishes the pages whose part changed (a dry run's diffs without ``apply``)."""
        if not self.config.wiki.url:
            if "no-wiki" not in self._warned:
                self._warned.add("no-wiki")
                log.warning("no [wiki] url in the config: the pages are not published")
            return []
        ledger = Ledger(self.mirror, domain=PAGES) if self.apply and self.mirror else None
        try:
            client = self._wiki_client()
            todo = self._changed(client, pages, now, ledger)
            who = self.config.game.player or "nomicbot"
            results = publish_pages(client, todo, profile=profile, at=now, actor=who, ledger=ledger)
        except NomicbotError:
            self._wiki = None  # log in afresh next time
            raise
        for r in results:
            if r.changed and not r.dry_run:
                log.info("%s: saved revision %s (ledger #%s)", r.title, r.revid, r.op_id)
        if self.apply:
            self._shown.update((p.title, _timeless(p, now)) for p in todo)
        return [r for r in results if r.changed]

    def _changed(
        self, client: WikiClient, pages: Sequence[Page], now: datetime, ledger: Ledger | None
    ) -> list[Page]:
        """The pages to hand to ``publish_pages``: those whose part differs from the wiki's
        other than in its instant, and those a killed run left a ledger row for (the part
        as the wiki shows it, so the row is finished with no edit)."""
        pending = {e.arguments.get("title") for e in ledger.pending()} if ledger else set()
        todo = []
        for page in pages:
            timeless = _timeless(page, now)
            if self._shown.get(page.title) == timeless and page.title not in pending:
                continue
            current = client.read(page.title)
            pinned = _pinned(page, current.text, now)
            if pinned is not None and update_region(current.text, pinned) == current.text:
                self._shown[page.title] = timeless
                if page.title in pending:
                    todo.append(pinned)
                continue
            todo.append(page)
        return todo

    def _wiki_client(self) -> WikiClient:
        if self._wiki is None:
            make = self.wiki_factory or (lambda: connect(self.config, dry_run=not self.apply))
            self._wiki = make()
        return self._wiki

    # The loop.

    def run(self, *, interval: float, once: bool = False) -> bool:
        """Cycles until stopped (or once); returns whether the last cycle did its work."""
        return run_cycles(self, interval=interval, once=once, done=self._done)

    def _done(self, report: ProfileCycle) -> bool:
        """Logs a cycle that did its work; a skipped one (its source unreadable) did not."""
        if report.skipped:
            return False
        log.info(
            "cycle %d ok: %s; %d pages %s; %d announced, %d sent to the webhook",
            self.cycles,
            self.source.describe(),
            len(report.pages),
            "saved" if self.apply else "would change (dry run)",
            len(report.announced),
            report.delivered,
        )
        return True


def _stamp(now: datetime) -> str:
    return f" as of {format_time(now)}.''"


def _timeless(page: Page, now: datetime) -> str:
    """The page's part without the instant of its first line, nor the start of the window
    of what fell due (:func:`~.profile_pages.due_since_words`): both move with the instant."""
    body = page.body.replace(_stamp(now), " as of -.''", 1)
    return body.replace(format_time(now - DUE_WINDOW), "-")


def _pinned(page: Page, text: str, now: datetime) -> Page | None:
    """``page`` with the instant the wiki's part shows in place of ``now``, and the start of
    its window in place of this one's (None: the wiki shows no part, or its first line
    names no instant)."""
    begin = text.find("<!-- nomicbot:page begin")
    found = _AS_OF.search(text, begin) if begin >= 0 else None
    if found is None or _stamp(now) not in page.body:
        return None
    body = page.body.replace(_stamp(now), f" as of {found.group(1)}.''", 1)
    then = parse_time(found.group(1), "wiki") - DUE_WINDOW
    body = body.replace(format_time(now - DUE_WINDOW), format_time(then))
    return Page(page.kind, page.title, body)
