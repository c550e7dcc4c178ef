"""The watch loop: sync, republish the Votes page, announce each new event once.

Each cycle:

1. syncs the blog into the mirror (:func:`wikibot.mirror.sync.sync`: one
   conditional request when nothing changed), and with ``[wiki]`` the Ruleset
   page's new revisions (:mod:`wikibot.wiki.ruleset_history`: one request when
   there are none; a failure is logged and the revisions stored stand);
2. evaluates the game at the cycle's instant
   (:func:`gamestate.profiles.blognomic_139.evaluate.evaluate`) with the dynasty in play
   (:func:`wikibot.wiki.dynasty.dynasty_from_mirror`: its posting
   rules, victory and events, the economy read from the ledger);
3. republishes the wiki's Votes page when the tally's fingerprint differs from
   the one it last published (the page itself is edited only on a change);
4. records each event (:mod:`wikibot.watch.events`) not yet in the mirror's
   ``announcements`` table, prints it on stdout, and posts it to the webhook;
   a row whose webhook POST failed keeps ``sent_at`` NULL and is posted again
   next cycle (a process killed between the POST and the update may post it
   twice: at least once, never silently lost).

Steps 2 to 4 (and ``[watch] auto_resolve_as``'s resolutions) run under the game
lock (:func:`wikibot.mirror.locks.game_lock`), the one ``resolve``, ``publish``
and the economy commands hold, taken before the game is read: an Admin's command
and the watcher never write from a state the other changed meanwhile. While an
Admin's command holds it, the cycle waits (logged), and then fails like any
failed cycle if it is still held.

A cycle that fails (the blog, the wiki or the database unreachable, maxlag) is
logged and retried after a backoff that doubles up to 16 intervals (capped at an
hour, or at the interval if that is longer), never fatal. A stop request
(SIGINT/SIGTERM: :attr:`Watcher.stop`) is honoured between the steps of a cycle
and ends the wait within 0.2 s. The loop never resolves a matter.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Protocol, TypeVar

from gamestate import Game, GameStatus, Verdict, evaluate
from gamestate.dynasties import Dynasty
from wikibot.blog.scraper import BlogScraper
from wikibot.config import Config
from wikibot.errors import NomicbotError, WebhookError
from wikibot.mirror.api import Mirror
from wikibot.mirror.locks import game_lock
from wikibot.mirror.rulesets import latest_ruleset
from wikibot.mirror.schema import AnnouncementRow
from wikibot.mirror.sync import SyncReport, sync
from wikibot.resolve.run import Resolver, game_with_resolutions
from wikibot.watch.announce import record_announcements
from wikibot.watch.events import Announcement, events_from_status
from wikibot.watch.ruleset_events import ruleset_events
from wikibot.watch.webhook import post_webhook
from wikibot.wiki.client import PageRevision, WikiClient, connect
from wikibot.wiki.dynasty import dynasty_from_mirror
from wikibot.wiki.revisions import format_wiki_time
from wikibot.wiki.ruleset_history import RulesetSync, sync_ruleset
from wikibot.wiki.votes_view import votes_view

__all__ = [
    "LOCK_NAME",
    "MAX_BACKOFF",
    "POLL",
    "CycleReport",
    "Cycling",
    "StopRequest",
    "Watcher",
    "backoff_delay",
    "deliver_announcements",
    "run_cycles",
]

LOCK_NAME = "watch"
"""The mirror lock a watcher holds while it runs."""
MAX_BACKOFF = 3600.0
"""The longest wait after failed cycles, in seconds."""

POLL = 0.2
"""Seconds between two looks at the stop flag while waiting."""

log = logging.getLogger("nomicbot.watch")

R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


def backoff_delay(interval: float, failures: int) -> float:
    """Seconds to wait after ``failures`` failed cycles in a row (0: the interval)."""
    return min(interval * 2.0 ** min(failures, 4), max(interval, MAX_BACKOFF))


class StopRequest:
    """A stop flag a signal handler may set: no lock, so it cannot deadlock the thread it
    interrupts (a ``threading.Event`` can); :meth:`wait` polls it every 0.2 s."""

    def __init__(self, *, sleep: Callable[[float], None] = time.sleep) -> None:
        self._set = False
        self._sleep = sleep

    def set(self) -> None:
        """Asks the loop to stop."""
        self._set = True

    def is_set(self) -> bool:
        """Was a stop asked for?"""
        return self._set

    def wait(self, seconds: float) -> bool:
        """Waits up to ``seconds``, less if a stop is asked for; returns whether it was."""
        deadline = time.monotonic() + seconds
        while not self._set and (left := deadline - time.monotonic()) > 0:
            self._sleep(min(POLL, left))
        return self._set


class Cycling(Protocol[R_co]):
    """A watcher :func:`run_cycles` drives: its stop flag, its counts, its one cycle."""

    stop: StopRequest
    cycles: int
    failures: int

    def cycle(self) -> R_co:
        """Runs one cycle; raises NomicbotError or WebhookError if a step failed."""
        ...


def run_cycles(
    watcher: Cycling[R], *, interval: float, once: bool, done: Callable[[R], bool]
) -> bool:
    """Runs ``watcher``'s cycles until stopped (or once), waiting ``interval`` seconds
    between them and longer after failures in a row (:func:`backoff_delay`); ``done``
    logs a cycle that raised nothing and says whether it did its work. Returns whether
    the last cycle did."""
    ok = False
    while not watcher.stop.is_set():
        try:
            report = watcher.cycle()
        except (NomicbotError, WebhookError) as exc:
            ok = False
            watcher.failures += 1
            delay = backoff_delay(interval, watcher.failures)
            log.error(
                "cycle %d failed (%d in a row): %s; next try in %.0f s",
                watcher.cycles,
                watcher.failures,
                exc,
                delay,
            )
        else:
            ok = done(report)
            watcher.failures = 0
            delay = interval
        if once:
            break
        watcher.stop.wait(delay)
    return ok


def deliver_announcements(
    mirror: Mirror,
    url: str | None,
    *,
    user_agent: str,
    clock: Callable[[], datetime],
    stop: Callable[[], bool] = lambda: False,
) -> int:
    """Posts every announcement not yet sent to the webhook ``url``; returns how many went."""
    if not url:
        return 0
    with mirror.bound():
        waiting = list(
            AnnouncementRow.select()
            .where(AnnouncementRow.sent_at.is_null())
            .order_by(AnnouncementRow.at, AnnouncementRow.key)
        )
    sent = 0
    for row in waiting:
        if stop():
            break
        post_webhook(url, row.text, user_agent=user_agent)
        with mirror.bound():
            AnnouncementRow.update(sent_at=clock()).where(AnnouncementRow.key == row.key).execute()
        sent += 1
    return sent


@dataclass(frozen=True)
class CycleReport:
    """What one cycle did."""

    sync: SyncReport
    published: bool
    """Whether the Votes page was saved (it changed)."""
    resolved: int
    """Resolutions made for ``[watch] auto_resolve_as`` this cycle (0 unless it is set)."""
    announced: tuple[Announcement, ...]
    """Events announced for the first time this cycle."""
    delivered: int
    """Announcements posted to the webhook this cycle (new or retried)."""
    ruleset: RulesetSync | None = None
    """The Ruleset page's history read this cycle (None: no ``[wiki]``, or it failed)."""


@dataclass
class Watcher:
    """One watcher on one mirror (the caller holds its lock)."""

    config: Config
    mirror: Mirror
    scraper: BlogScraper
    webhook_url: str | None = None
    stop: StopRequest = field(default_factory=StopRequest)
    out: Callable[[str], None] = print
    clock: Callable[[], datetime] = field(default=lambda: datetime.now(UTC).replace(microsecond=0))
    wiki_factory: Callable[[], WikiClient] | None = None
    cycles: int = 0
    failures: int = 0
    _wiki: WikiClient | None = None
    _published: str | None = None

    # One cycle.

    def cycle(self) -> CycleReport:
        """Runs one cycle; raises NomicbotError if a step failed."""
        self.cycles += 1
        report = sync(self.mirror, self.scraper, terms=self.config.game.terms, clock=self.clock)
        for warning in report.warnings:
            log.warning("sync: %s", warning)
        rules = self._read_ruleset()
        lock = game_lock(
            self.mirror, who=None, doing="watch", notify=log.info, stop=self.stop.is_set
        )
        with lock:
            published, resolved, announced = self._under_lock(rules)
        delivered = self._deliver()
        return CycleReport(report, published, resolved, tuple(announced), delivered, rules)

    def _under_lock(self, rules: RulesetSync | None) -> tuple[bool, int, list[Announcement]]:
        """The cycle's reads of the game and its writes: (published, resolved, announced)."""
        now = self.clock()
        # Resolutions recorded but not yet on the blog count as made (as for `status`).
        game = game_with_resolutions(self.mirror)
        # Read once, for both the dynasty's Buildings and the Votes page's Demand section.
        ruleset = self._ruleset(game, rules)
        dynasty = self._dynasty(game, ruleset)
        status = evaluate(game, now, dynasty=dynasty)
        published = False
        if not self.stop.is_set():
            published = self._publish(game, now, dynasty, ruleset, status)
        announced: list[Announcement] = []
        if not self.stop.is_set():
            blog = self.config.blog.url
            events = events_from_status(status, blog_url=blog)
            events += [Announcement(e.key, now, e.text) for e in dynasty.events(game, now)]
            events += self._audit(game, now, ruleset)
            events += ruleset_events(game, now)
            announced = self._record(events)
            for a in announced:
                self.out(f"{a.at.isoformat().replace('+00:00', 'Z')} {a.text}")
        resolved = 0
        if self.config.watch.auto_resolve_as and not self.stop.is_set():
            # After the announcements: people hear a matter became decidable, then
            # that it was resolved (the Votes page drops it).
            resolved = self._auto_resolve(status, now, dynasty)
            if resolved:
                # The game has changed: evaluated afresh.
                after = game_with_resolutions(self.mirror)
                published = self._publish(after, now, dynasty, ruleset) or published
        return published, resolved, announced

    def _auto_resolve(self, status: GameStatus, now: datetime, dynasty: Dynasty) -> int:
        """``resolve --apply`` as ``[watch] auto_resolve_as``, when something is decidable.

        The Admin named in the config allowed it; a text change is never applied
        (that needs ``resolve --with-text`` by a person). A refusal (the Admin is
        not an active Admin, another run holds the lock) fails the cycle, logged.
        """
        verdicts = (Verdict.ENACT, Verdict.FAIL)
        if not any(m.decision.verdict in verdicts for m in status.matters):
            return 0
        admin = self.config.watch.auto_resolve_as
        resolver = Resolver(
            mirror=self.mirror,
            admin=admin,
            now=now,
            wiki=self._wiki_client() if self.config.wiki.url else None,
            pages=self.config.wiki,
            blog_url=self.config.blog.url,
            cause=f"nomicbot watch (auto_resolve_as = {admin})",
            clock=self.clock,
            echo=self.out,
            apply=True,
            dynasty=dynasty,
            locked=True,  # the cycle holds the game lock
        )
        return resolver.run()

    def _read_ruleset(self) -> RulesetSync | None:
        """The Ruleset page's revisions saved since the last read, into the mirror."""
        if not self.config.wiki.url:
            return None
        title = self.config.wiki.ruleset_page
        try:
            read = sync_ruleset(self.mirror, self._wiki_client(), title, clock=self.clock)
        except NomicbotError as exc:
            self._wiki = None  # log in afresh next time
            log.warning("Ruleset not read: %s", exc)
            return None
        log.info("%s", read.summary())
        return read

    def _ruleset(self, game: Game, rules: RulesetSync | None) -> PageRevision | None:
        """The wiki's Ruleset (for the Buildings of rule "Planning") when a post is titled
        "Demand: ...": its latest revision, as this cycle's read left it in the mirror."""
        if not self.config.wiki.url or not any(p.is_demand_post for p in game.posts):
            return None
        title = self.config.wiki.ruleset_page
        if rules is None:  # not read this cycle: the page itself, or the cycle fails
            return self._wiki_client().read(title)
        stored = latest_ruleset(self.mirror, title)
        read_at = format_wiki_time(self.clock())
        if stored is None or rules.latest is None:  # no such page (now)
            return PageRevision(title, "", False, None, None, read_at)
        at = format_wiki_time(stored.at)
        return PageRevision(title, stored.text, True, stored.revision, at, read_at)

    def _dynasty(self, game: Game, ruleset: PageRevision | None) -> Dynasty:
        """The dynasty in play, its economy from the ledger, its Buildings from ``ruleset``."""
        idle = frozenset(p.name for p in game.players if p.idle)
        return dynasty_from_mirror(
            self.mirror,
            self.config,
            boss=game.boss,
            idle=idle,
            ruleset_text=ruleset.text if ruleset is not None else None,
        )

    def _audit(self, game: Game, now: datetime, ruleset: PageRevision | None) -> list[Announcement]:
        """The gamestate pages' new revisions audited (:mod:`wikibot.watch.audit_step`)."""
        from wikibot.watch.audit_step import audit_step
        from wikibot.wiki.audit import audit_started

        if not self.config.wiki.url or not audit_started(self.mirror):
            return []  # the first `wiki audit --apply` says where the audit starts
        client = self._wiki_client()

        def read_ruleset() -> str | None:
            page = ruleset or client.read(self.config.wiki.ruleset_page)
            return page.text if page.exists else None

        return audit_step(self.config, self.mirror, client, game, now, ruleset=read_ruleset)

    def _wiki_client(self) -> WikiClient:
        if self._wiki is None:
            make = self.wiki_factory or (lambda: connect(self.config))
            self._wiki = make()
        return self._wiki

    def _publish(
        self,
        game: Game,
        now: datetime,
        dynasty: Dynasty,
        ruleset: PageRevision | None,
        status: GameStatus | None = None,
    ) -> bool:
        if not self.config.wiki.url:
            return False
        blog = self.config.blog.url
        # The page as `publish` (and `resolve`) writes it: the tally and the open Demand Posts.
        view = votes_view(
            game,
            now,
            dynasty=dynasty,
            pages=self.config.wiki,
            client=self._wiki_client(),
            mirror=self.mirror,
            ruleset=ruleset,
            status=status,
        )
        fingerprint = view.fingerprint(blog_url=blog)
        if fingerprint == self._published:
            return False
        try:
            result = view.publish(
                self._wiki_client(), title=self.config.wiki.votes_page, blog_url=blog
            )
        except NomicbotError:
            self._wiki = None  # log in afresh next time
            raise
        self._published = fingerprint
        if result.changed:
            log.info("%s: saved revision %s", result.title, result.revid)
        return bool(result.changed and not result.dry_run)

    def _record(self, events: list[Announcement]) -> list[Announcement]:
        """Adds the events not announced before; returns them."""
        return record_announcements(self.mirror, events, webhook=bool(self.webhook_url))

    def _deliver(self) -> int:
        """Posts every announcement not yet sent to the webhook; returns how many went."""
        return deliver_announcements(
            self.mirror,
            self.webhook_url,
            user_agent=self.config.user_agent,
            clock=self.clock,
            stop=self.stop.is_set,
        )

    # The loop.

    def run(self, *, interval: float, once: bool = False) -> bool:
        """Cycles until stopped (or once); returns whether the last cycle succeeded."""
        return run_cycles(self, interval=interval, once=once, done=self._done)

    def _done(self, report: CycleReport) -> bool:
        """Logs a cycle that did its work; every cycle that did not raise succeeded."""
        log.info(
            "cycle %d ok: sync run %d %s, %d requests (%d not modified); "
            "Votes page %s; %d announced, %d sent to the webhook",
            self.cycles,
            report.sync.run_id,
            report.sync.outcome,
            report.sync.requests_made,
            report.sync.not_modified,
            "saved" if report.published else "unchanged",
            len(report.announced),
            report.delivered,
        )
        return True
