"""An Admin's whole resolution, each write exactly once.

:class:`Resolver` plans the resolutions (:mod:`wikibot.resolve.plan`), prints
each verdict, clause, tally and note, and with ``apply`` carries out every
mechanical effect under an operation id of the ledger
(:mod:`wikibot.resolve.ledger`):

* ``resolve/POST/record``: the resolution recorded in the mirror, awaiting the
  blog (the Admin sets the status word and note in the blog's control panel;
  the next sync confirms it or reports a mismatch);
* ``resolve/POST/boss``: an enacted DoV's new Boss (the next sync checks the
  roster's Boss against it);
* ``resolve/POST/ruleset``, ``resolve/POST/gamestate``: an enacted Proposal's or
  CfJ's text in a mechanical form (:mod:`wikibot.resolve.text`), with ``--with-text``;
* ``resolve/POST/votes``: the Votes page republished;
* ``ascension/POST/archive-{ruleset,nomicland,gamestate}``, ``ascension/POST/ruleset``: an
  Ascension Address by the new Boss: the Ruleset and the gamestate pages archived
  as "PAGE N", then the Ruleset edited once.

A run killed at any point is completed by the next run (it resumes the
resolutions the ledger shows ``started``) and repeats nothing. The resolution
stays its first Admin's: each effect the next run makes is recorded under that
Admin's name (and its edit summaries say so), whoever runs it.

With ``apply`` the run holds the game lock from before it reads the game until
its last write (:func:`wikibot.resolve.ledger.resolve_lock`), unless the caller
holds it already (``locked``: the command line takes it before it reads the
dynasty's economy, a ``watch`` cycle before it reads the game).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import quote, urljoin

from gamestate import Category, Game, PostStatus
from gamestate.dynasties import Dynasty
from rules_text import Page
from wikibot.archive import format_time, parse_time
from wikibot.config import WikiConfig
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import APPLIED, LedgerEntry
from wikibot.mirror.resolutions import (
    BOSS_EFFECT,
    Resolution,
    load_resolutions,
    record_resolution,
    with_resolutions,
)
from wikibot.resolve.ascension import AddressChanges, archive_number, read_address
from wikibot.resolve.errors import ResolveError
from wikibot.resolve.ledger import Operations, kill_point, resolve_lock
from wikibot.resolve.plan import Step, check_admin, plan_steps
from wikibot.resolve.text import apply_text, page_diff, read_text
from wikibot.wiki.client import EditCause, EditResult, WikiClient
from wikibot.wiki.votes_view import votes_view

__all__ = ["Resolver", "game_with_resolutions"]


def game_with_resolutions(mirror: Mirror) -> Game:
    """The mirror's game with the resolutions the blog does not show yet."""
    return with_resolutions(mirror.to_game(), load_resolutions(mirror))


@dataclass
class Resolver:
    """One Admin's ``resolve`` run against a mirror and a wiki."""

    mirror: Mirror
    admin: str
    now: datetime
    wiki: WikiClient | None
    """The wiki (a dry-run client for a dry run); None: no wiki configured."""
    pages: WikiConfig
    blog_url: str
    cause: str
    """The command line, for the ledger."""
    clock: Callable[[], datetime]
    echo: Callable[[str], None]
    apply: bool = False
    with_text: bool = False
    dynasty: Dynasty | None = None
    """The dynasty in play: its posting rules (rule "Spending"'s Debt) and victory."""
    locked: bool = False
    """The caller holds the game lock (taken before it read the game and the dynasty)."""

    def _lock(self) -> AbstractContextManager[object]:
        if self.locked:
            return nullcontext()
        return resolve_lock(self.mirror, admin=self.admin, at=self.clock())

    def run(self, matter: str | None = None) -> int:
        """Resolves what may be resolved now; returns how many resolutions it made."""
        if not self.apply:
            return self._dry_run(matter)
        with self._lock():
            ledger = Operations(
                self.mirror, actor=self.admin, at=self.now, cause=self.cause, clock=self.clock
            )
            for op in ledger.unfinished():
                author = op.actor
                self.echo(
                    f"Completing {op.op_id}, left unfinished by an earlier run of {author}"
                    + (":" if author == self.admin else f"; recorded under {author}'s name:")
                )
                self._complete(ledger, op)
            game = game_with_resolutions(self.mirror)
            steps = plan_steps(
                game, self.now, admin=self.admin, matter=matter, dynasty=self.dynasty
            )
            for step in steps:
                self._show(step)
                op = ledger.start(
                    f"resolve/{step.post_id}", action="resolve", parent=None, arguments=_args(step)
                )
                kill_point(f"{op.op_id} started")
                self._complete(ledger, op)
            ascended = self._ascension(ledger)
        if not steps and not ascended:
            self.echo("Nothing to resolve.")
        return len(steps)

    # Showing.

    def _show(self, step: Step) -> None:
        m = step.matter
        self.echo(f"{m.post.id} ({m.post.title}): {m.decision.verdict.value}")
        self.echo(f"  clause: {m.decision.clause.value}: {m.decision.why}")
        t = m.tally
        deferential = f", DEFERENTIAL {t.deferential_count}" if t.deferential_count else ""
        self.echo(
            f"  tally: FOR {t.for_count}, AGAINST {t.against_count}{deferential}, Quorum {m.quorum}"
        )
        self.echo(f"  note: {step.note}")
        self.echo(
            f"  on the blog, the Admin sets: status {step.status_word}, note "
            f'"{step.note}", Adminned at {format_time(step.at)}'
        )

    def _post_url(self, post_id: str) -> str:
        return urljoin(self.blog_url, f"archive/{quote(post_id)}")

    # A dry run.

    def _dry_run(self, matter: str | None) -> int:
        game = game_with_resolutions(self.mirror)
        steps = plan_steps(game, self.now, admin=self.admin, matter=matter, dynasty=self.dynasty)
        if not steps:
            self.echo("Nothing to resolve.")
            return 0
        for step in steps:
            self._show(step)
            self.echo("  - would record the resolution in the mirror, awaiting the blog")
            self._text_effect(None, None, step.post_id, step.matter.post.category, step.outcome)
            if step.matter.post.category == Category.DOV.value and step.outcome == "enacted":
                self.echo(f"  - would record {step.matter.post.author} as the new Boss")
        resolved = {s.post_id: s for s in steps}
        game = _overlay(game, resolved)
        if self.wiki is not None:
            result = self._edit_votes(game, "dry run")
            self._report(result, "Votes page")
        self.echo("Dry run: nothing written (use --apply).")
        return len(steps)

    # Applying one resolution and its effects.

    def _complete(self, ledger: Operations, op: LedgerEntry) -> None:
        if op.action == "ascension":
            self._complete_ascension(ledger, op)
            return
        args = op.arguments
        resolution = _resolution(op)
        self._effect(
            ledger,
            op,
            "record",
            "record the resolution",
            lambda: {
                "recorded": record_resolution(self.mirror, resolution, recorded_at=self.clock())
            },
        )
        self.echo("  - recorded in the mirror, awaiting the blog")
        if args["category"] == Category.DOV.value and args["outcome"] == "enacted":
            self._effect(
                ledger, op, BOSS_EFFECT, "record the new Boss", lambda: {"boss": args["author"]}
            )
            self.echo(f"  - {args['author']} recorded as the new Boss")
        self._text_effect(ledger, op, args["post_id"], args["category"], args["outcome"])
        if self.wiki is not None:
            self._wiki_effect(
                ledger,
                op,
                "votes",
                self.pages.votes_page,
                lambda op_id: self._edit_votes(
                    game_with_resolutions(self.mirror), op_id, by=op.actor
                ),
                "Votes page republished",
            )
        ledger.applied(op.op_id, after={"state": "awaiting_blog"})
        kill_point(f"{op.op_id} applied")

    def _text_effect(
        self,
        ledger: Operations | None,
        parent: LedgerEntry | None,
        post_id: str,
        category: str,
        outcome: str,
    ) -> None:
        """An enacted Proposal's or CfJ's text: its diff, applied with ``--with-text``.

        A dry run (no ledger) shows the diff; ``--apply`` alone shows it as not
        applied; ``--apply --with-text`` makes one edit per page under the
        operation ``resolve/POST/ruleset`` or ``resolve/POST/gamestate``.
        """
        if outcome != "enacted" or category not in (Category.PROPOSAL.value, Category.CFJ.value):
            return
        game = game_with_resolutions(self.mirror)
        post = next((p for p in game.posts if p.id == post_id), None)
        text = read_text(post.body_html if post else "", player=game.terms.player)
        self.echo(f"  - its text: {text.describe()}")
        if not text.is_mechanical:
            return
        if self.wiki is None:
            self.echo("    no wiki configured: apply it by hand")
            return
        wiki = self.wiki
        url = self._post_url(post_id)
        for page, title in (
            (Page.RULESET, self.pages.ruleset_page),
            (Page.GAMESTATE, self.pages.gamestate_page),
        ):
            changes = text.on(page)
            if not changes:
                continue

            def change(
                old: str, page: Page = page, title: str = title, changes: Any = changes
            ) -> str:
                return apply_text(page, old, changes, title=title)

            op_id = None if parent is None else f"{parent.op_id}/{page.value}"
            if op_id is None or ledger is None or ledger.get(op_id) is None:
                try:
                    old = wiki.read(title).text
                    new = change(old)
                except ValueError as exc:
                    self.echo(f"    {title}: not applied: {exc}; apply it by hand")
                    continue
                if ledger is None or parent is None or not self.with_text:
                    verb = "would change" if ledger is None else "not applied (add --with-text)"
                    self.echo(f"  - {title}: {verb}:")
                    self.echo(page_diff(title, old, new).rstrip("\n"))
                    continue

            def edit(op_id: str, title: str = title, change: Any = change) -> EditResult:
                by = parent.actor if parent is not None else self.admin
                cause = EditCause(f"enacted text of {post_id}, resolved by {by}", url, op_id)
                try:
                    return wiki.edit(title, change, cause=cause)
                except ValueError as exc:
                    raise ResolveError(f"{post_id}: {title} cannot be changed: {exc}") from None

            assert ledger is not None and parent is not None
            self._wiki_effect(ledger, parent, page.value, title, edit, f"{title} edited")

    def _effect(
        self,
        ledger: Operations,
        parent: LedgerEntry,
        name: str,
        action: str,
        do: Callable[[], dict[str, Any]],
    ) -> None:
        op_id = f"{parent.op_id}/{name}"
        done = ledger.get(op_id)
        if done is not None and done.state == APPLIED:
            return
        ledger.start(op_id, action=action, parent=parent.op_id, arguments={}, actor=parent.actor)
        kill_point(f"{op_id} started")
        after = do()
        kill_point(f"{op_id} written")
        ledger.applied(op_id, after=after)
        kill_point(f"{op_id} applied")

    def _wiki_effect(
        self,
        ledger: Operations,
        parent: LedgerEntry,
        name: str,
        title: str,
        edit: Callable[[str], EditResult],
        what: str,
    ) -> None:
        assert self.wiki is not None
        op_id = f"{parent.op_id}/{name}"
        done = ledger.get(op_id)
        if done is not None and done.state == APPLIED:
            return
        revid = None
        if done is not None:
            # Started by a run that was killed: did its edit reach the wiki?
            mark = f"ledger #{op_id})"
            revid = next((r.revid for r in self.wiki.history(title) if mark in r.comment), None)
        if revid is None:
            ledger.start(
                op_id,
                action=what,
                parent=parent.op_id,
                arguments={"page": title},
                actor=parent.actor,
            )
            kill_point(f"{op_id} started")
            result = edit(op_id)
            kill_point(f"{op_id} written")
            revid = result.revid
            self._report(result, what)
        else:
            self.echo(f"  - {what}: already saved as revision {revid}")
        ledger.applied(
            op_id, after={"page": title}, revisions={title: revid} if revid is not None else {}
        )
        kill_point(f"{op_id} applied")

    def _report(self, result: EditResult, what: str) -> None:
        if not result.changed:
            self.echo(f"  - {what}: no change")
        elif result.dry_run:
            self.echo(f"  - {what}, would change {result.title}:")
            self.echo(result.diff.rstrip("\n"))
        else:
            self.echo(f"  - {what}: {result.title} saved as revision {result.revid}")

    def _edit_votes(self, game: Game, op_id: str, *, by: str | None = None) -> EditResult:
        """The Votes page as ``publish`` would write it now (the tally and the open
        Demand Posts), republished after the resolutions (``by``: their Admin)."""
        assert self.wiki is not None
        view = votes_view(
            game,
            self.now,
            dynasty=self.dynasty,
            pages=self.pages,
            client=self.wiki,
            mirror=self.mirror,
        )
        pending = len(view.status.matters)
        cause = EditCause(
            f"Votes tally as of {format_time(self.now)}, resolved by {by or self.admin}: "
            f"{pending} pending",
            ledger_id=None if op_id == "dry run" else op_id,
        )
        return view.publish(
            self.wiki, title=self.pages.votes_page, blog_url=self.blog_url, cause=cause
        )

    # The Ascension Address.

    def _ascension(self, ledger: Operations) -> bool:
        game = game_with_resolutions(self.mirror)
        post = _pending_address(game, self.now, ledger)
        if post is None or self.wiki is None:
            return False
        check_admin(game, self.admin)
        changes = read_address(post, game.terms)
        prefix = f"{self.pages.ruleset_page} "
        titles = [p.name for p in self.wiki.site.allpages(prefix=prefix)]
        number = archive_number(self.pages.ruleset_page, titles)
        self.echo(f"{post.id} ({post.title}): Ascension Address by {post.author}")
        self.echo(f"  {changes.describe()}")
        op = ledger.start(
            f"ascension/{post.id}",
            action="ascension",
            parent=None,
            arguments={
                "post_id": post.id,
                "renames": changes.renames,
                "keep": list(changes.keep),
                "number": number,
            },
        )
        kill_point(f"{op.op_id} started")
        self._complete_ascension(ledger, op)
        return True

    def _complete_ascension(self, ledger: Operations, op: LedgerEntry) -> None:
        assert self.wiki is not None
        wiki = self.wiki
        args = op.arguments
        changes = AddressChanges(dict(args["renames"]), tuple(args["keep"]))
        number = int(args["number"])
        url = self._post_url(args["post_id"])
        pages = {
            "ruleset": self.pages.ruleset_page,
            "nomicland": self.pages.nomicland_page,
            "gamestate": self.pages.gamestate_page,
        }
        for key, page in pages.items():
            archive = f"{page} {number}"

            def copy(op_id: str, page: str = page, archive: str = archive) -> EditResult:
                old = wiki.read(page).text
                cause = EditCause(f'archive "{page}" as "{archive}"', url, op_id)
                return wiki.edit(archive, lambda text: text if text.strip() else old, cause=cause)

            what = f'"{page}" archived as "{archive}"'
            self._wiki_effect(ledger, op, f"archive-{key}", archive, copy, what)

        def ruleset(op_id: str) -> EditResult:
            cause = EditCause(f"Ascension Address: {changes.describe()}", url, op_id)
            try:
                return wiki.edit(self.pages.ruleset_page, changes.apply, cause=cause)
            except ValueError as exc:
                raise ResolveError(
                    f"{args['post_id']}: the Ruleset cannot be changed: {exc}"
                ) from None

        self._wiki_effect(ledger, op, "ruleset", self.pages.ruleset_page, ruleset, "Ruleset edited")
        ledger.applied(op.op_id, after={"archive": number})
        kill_point(f"{op.op_id} applied")


def _args(step: Step) -> dict[str, Any]:
    m = step.matter
    return {
        "post_id": step.post_id,
        "category": m.post.category,
        "author": m.post.author,
        "admin": step.admin,
        "at": format_time(step.at),
        "outcome": step.outcome,
        "status_word": step.status_word,
        "note": step.note,
        "for": m.tally.for_count,
        "against": m.tally.against_count,
        "quorum": m.quorum,
        "clause": f"{m.decision.clause.value}: {m.decision.why}",
    }


def _resolution(op: LedgerEntry) -> Resolution:
    a = op.arguments
    return Resolution(
        post_id=a["post_id"],
        op_id=op.op_id,
        admin=a["admin"],
        resolved_at=parse_time(a["at"], "ledger"),
        outcome=a["outcome"],
        status_word=a["status_word"],
        note=a["note"],
        for_votes=a["for"],
        against_votes=a["against"],
        quorum=a["quorum"],
        clause=a["clause"],
    )


def _overlay(game: Game, steps: dict[str, Step]) -> Game:
    resolutions = {
        post_id: Resolution(
            post_id, "", s.admin, s.at, s.outcome, s.status_word, s.note, 0, 0, 0, ""
        )
        for post_id, s in steps.items()
    }
    return with_resolutions(game, resolutions)


def _pending_address(game: Game, now: datetime, ledger: Operations) -> Any:
    """The new Boss's Ascension Address the ledger has not applied yet, if any."""
    enacted = [
        p
        for p in game.posts
        if p.category == Category.DOV.value
        and p.status is PostStatus.ENACTED
        and p.posted_at <= now
    ]
    if not enacted:
        return None
    dov = max(enacted, key=lambda p: (p.posted_at, p.id))
    for post in sorted(game.posts, key=lambda p: (p.posted_at, p.id)):
        if (
            post.category == Category.ASCENSION_ADDRESS.value
            and post.author == dov.author
            and dov.posted_at <= post.posted_at <= now
        ):
            done = ledger.get(f"ascension/{post.id}")
            if done is None:
                return post
    return None
