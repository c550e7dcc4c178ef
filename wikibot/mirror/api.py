"""The audit mirror: every post, comment and roster the bot saw, kept for good.

The mirror is a Peewee database (a SQLite file by default, or a
``postgresql://`` URL for a mirror several admins share). It keeps:

- posts, with the "Comments (N)" figure the blog last listed for each;
- comments, each with a hash of its text and vote and when it was first and
  last seen. The Ruleset's Fair Play rule says a comment must not be edited
  once posted, so the mirror keeps the text the blog showed *first*; a later
  change, or a comment vanishing, becomes an audit finding that records the
  new text alongside the original. A comment is known by its id on the blog
  *and* its author: another author's comment under a known id is a new
  comment, and the one that had the id has vanished (it is kept, under the id
  ``{id}~gone{n}``); a comment that comes back under another id with the
  same author, time and text is the same comment, not a new one;
- voting icons and bids ("I bid X") found in each comment, as derived rows;
- roster snapshots (who was on the roster, admin or idle, and the Boss),
  one row each time the roster changes;
- sync runs, their warnings, and the HTTP validators of conditional requests
  (listing pages, and each post page with when it was last checked).

Storing is idempotent: storing what is already there adds no rows and
changes nothing but the "last seen" times. Each post is stored in one
transaction, so a failure part-way through a sync never leaves half a post.
Rows are never deleted.

The database is passed in (``Mirror(db)``) or opened from a config string
(``Mirror.open("nomicbot.sqlite")``); there is no global database. The model classes are bound to a
mirror's database only while one of its methods runs, so use one mirror per thread at a time.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import peewee

from gamestate.profiles.blognomic_139.bids import bids_in_text
from gamestate.profiles.blognomic_139.icons import scan_comment
from gamestate.profiles.blognomic_139.models import Comment, Game, Player, Post, PostStatus, Terms
from gamestate.profiles.blognomic_139.votes import Vote
from wikibot.errors import MirrorError
from wikibot.mirror import history, rulesets
from wikibot.mirror.comment_text import comment_text
from wikibot.mirror.database import (
    CHUNK,
    connect_url,
    insert_rows,
    redact_url,
    select_where,
    sqlite_database,
    update_where,
    without_secret,
)
from wikibot.mirror.migrations import migrate, schema_version
from wikibot.mirror.records import AuditFinding, PageCheck, Stored, content_hash
from wikibot.mirror.schema import (
    MODELS,
    AuditFindingRow,
    BidRow,
    CommentRow,
    PostRow,
    RosterPlayerRow,
    RosterSnapshotRow,
    VoteRow,
)

__all__ = [
    "AuditFinding",
    "Mirror",
    "PageCheck",
    "Stored",
    "content_hash",
    "load_game_from_mirror",
]


# Results -------------------------------------------------------------------


_PAGE_COLUMNS = frozenset(PageCheck(None).columns())

_TERMS_EXTRA = "terms"
"""Where a snapshot's extra JSON keeps unknown fields of the archive's "terms"."""


# The mirror ----------------------------------------------------------------


class Mirror:
    """The audit mirror on one Peewee database (brought up to date when opened)."""

    def __init__(self, db: peewee.Database) -> None:
        self.db = db
        with self.bound():
            migrate(db)

    @classmethod
    def open(cls, database: str, *, create: bool = True) -> Mirror:
        """Opens a SQLite file path or a ``postgresql://`` URL.

        With ``create=False`` a missing SQLite file, or a database that holds
        no mirror yet (a URL: the database itself must exist), is an error
        instead of a new, empty mirror. No error message shows the URL's password.
        """
        url = "://" in database
        if not url and not create and not Path(database).exists():
            raise MirrorError(
                f"mirror database {database} does not exist; run `nomicbot sync` first"
            )
        try:
            if url:
                db = connect_url(database)
            else:
                db = sqlite_database(database)
            db.connect(reuse_if_open=True)
            if url and not create and schema_version(db) == 0:
                db.close()
                raise MirrorError(
                    f"mirror database {redact_url(database)} holds no mirror yet; "
                    "run `nomicbot sync` first"
                )
        except MirrorError:
            raise
        except (peewee.PeeweeException, RuntimeError, ValueError) as exc:
            # One line: psycopg's messages add a hint on a line of their own.
            message = " ".join(without_secret(str(exc), database).split())
            raise MirrorError(
                f"cannot open mirror database {redact_url(database)}: {message}"
            ) from None
        try:
            return cls(db)
        except BaseException:
            db.close()
            raise

    def close(self) -> None:
        """Closes the database connection."""
        self.db.close()

    def __enter__(self) -> Mirror:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def bound(self) -> Iterator[None]:
        """Binds the models to this mirror's database; database errors become MirrorError."""
        # Binding is global to the model classes: rebinding only when another
        # mirror used them last keeps a store call cheap.
        if CommentRow._meta.database is not self.db:
            self.db.bind(MODELS, bind_refs=False, bind_backrefs=False)
        try:
            yield
        except peewee.PeeweeException as exc:
            raise MirrorError(f"mirror database: {exc}") from None

    # Storing ---------------------------------------------------------------

    def store_game(self, game: Game, *, seen_at: datetime, sync_run: int | None = None) -> Stored:
        """Stores a whole game (an archive, say): its roster snapshots of the past (each at
        its own time), today's roster, Boss and terms, and every post."""
        for r in game.rosters:
            self.store_roster(
                r.players,
                boss=r.boss,
                terms=game.terms,
                extra=history.snapshot_extra(game.extra, r),
                seen_at=r.at,
                sync_run=sync_run,
            )
        self.store_roster(
            game.players,
            boss=game.boss,
            terms=game.terms,
            extra=game.extra,
            seen_at=seen_at,
            sync_run=sync_run,
        )
        total = Stored()
        for post in game.posts:
            total += self.store_post(post, seen_at=seen_at, sync_run=sync_run)
        return total

    def store_roster(
        self,
        players: Sequence[Player],
        *,
        boss: str | None,
        seen_at: datetime,
        terms: Terms | None = None,
        player_count: int | None = None,
        quorum: int | None = None,
        extra: Mapping[str, Any] | None = None,
        sync_run: int | None = None,
    ) -> int:
        """Records the roster and Boss if they differ from the last snapshot.

        ``player_count`` and ``quorum`` are what the sidebar stated, if it did.
        ``terms`` and ``extra`` of None keep the previous snapshot's. Returns
        the id of the snapshot now in force.
        """
        with self.bound(), self.db.atomic():
            last = history.latest_snapshot()
            kept = dict(last.extra) if last else {}
            if terms is None:
                terms = Terms(
                    last.term_player if last else "Imagineer",
                    last.term_boss if last else "Boss",
                    extra=kept.get(_TERMS_EXTRA, {}),
                )
            stored_extra = kept if extra is None else dict(extra)
            stored_extra.pop(_TERMS_EXTRA, None)
            if terms.extra:
                stored_extra[_TERMS_EXTRA] = dict(terms.extra)
            header = {
                "boss": boss,
                "term_player": terms.player,
                "term_boss": terms.boss,
                "player_count": player_count,
                "quorum": quorum,
                "extra": stored_extra,
            }
            roster = [
                {"name": p.name, "admin": p.admin, "idle": p.idle, "extra": dict(p.extra)}
                for p in players
            ]
            if last is not None and history.snapshot_record(last) == (header, roster):
                return last.id
            taken = seen_at.replace(microsecond=0)  # whole seconds, as archives and --now
            snap = RosterSnapshotRow.create(sync_run=sync_run, taken_at=taken, **header)
            insert_rows(
                RosterPlayerRow,
                [{"snapshot": snap.id, "position": i, **p} for i, p in enumerate(roster)],
            )
            return snap.id

    def store_post(
        self,
        post: Post,
        *,
        seen_at: datetime,
        sync_run: int | None = None,
        comments_complete: bool = True,
        listed_comments: int | None = None,
        page: PageCheck | None = None,
    ) -> Stored:
        """Stores one post, in one transaction.

        ``comments_complete`` says ``post.comments`` is every comment the blog
        shows (a post page or an archive), so a stored comment missing from it
        has vanished. With ``comments_complete=False`` (a listing entry, which
        shows no comments, or a page cut off in transfer) the comments given
        are stored and none is taken as gone. ``listed_comments`` is the
        "Comments (N)" figure the listing showed, if known. ``page`` records
        the post page this was read from (see :meth:`post_page_checked`).
        """
        ids = [c.id for c in post.comments]
        if len(set(ids)) != len(ids):
            raise MirrorError(f"post {post.id!r}: two comments share an id")
        values: dict[str, Any] = {
            "category": post.category,
            "title": post.title,
            "author": post.author,
            "posted_at": post.posted_at,
            "status": post.status.value,
            "body_html": post.body_html,
            "admin_note": post.admin_note,
            "resolved_at": post.resolved_at,
        }
        if comments_complete:
            synced = len(post.comments) if listed_comments is None else listed_comments
            values.update(synced_comments=synced, listed_comments=synced)
        elif listed_comments is not None:
            values["listed_comments"] = listed_comments
        if page is not None:
            values.update(page.columns())
        with self.bound(), self.db.atomic():
            found = select_where(PostRow, "id = ?", post.id)
            row = found[0] if found else None
            result = Stored()
            if row is None:
                new = {"id": post.id, "first_seen": seen_at, "last_seen": seen_at}
                insert_rows(PostRow, [{**new, "extra": history.post_extra(post), **values}])
                result = Stored(new_posts=1)
            else:
                changes = {k: v for k, v in values.items() if getattr(row, k) != v}
                extra = {**row.extra, **history.post_extra(post)}
                if extra != row.extra:
                    changes["extra"] = extra
                if seen_at > row.last_seen:
                    changes["last_seen"] = seen_at
                if changes:
                    update_where(PostRow, changes, "id = ?", post.id)
                if set(changes) - {"last_seen", "synced_comments", *_PAGE_COLUMNS}:
                    result = Stored(changed_posts=1)
            if post.comments or (comments_complete and row is not None):
                result += self._store_comments(post, seen_at, sync_run, comments_complete, row)
            return result

    def post_page_checked(self, post_id: str, page: PageCheck) -> None:
        """Records when a post's page was last read or found unchanged, and its validators.

        A sync re-reads a post page with them (``If-None-Match``), so an
        unchanged post costs a 304.
        """
        with self.bound():
            update_where(PostRow, page.columns(), "id = ?", post_id)

    def _store_comments(
        self, post: Post, seen_at: datetime, sync_run: int | None, complete: bool, old: Any
    ) -> Stored:
        query = select_where(CommentRow, "post_id = ?", post.id) if old is not None else []
        existing = {r.blog_id: r for r in query}
        matched: list[tuple[Comment, Any]] = []
        fresh: list[Comment] = []
        displaced: list[Any] = []
        for comment in post.comments:
            row = existing.get(comment.id)
            if row is not None and row.author == comment.author:
                del existing[comment.id]
                matched.append((comment, row))
                continue
            if row is not None:
                # Another author's comment under this id: a new comment; the one
                # that had the id is gone (position-made ids shift when one vanishes).
                displaced.append(existing.pop(comment.id))
            fresh.append(comment)
        unseen = sorted([*existing.values(), *displaced], key=lambda r: r.id)
        for row in displaced:  # free their ids for the new comments
            row.blog_id = f"{row.blog_id}~gone{row.id}"
            update_where(CommentRow, {"blog_id": row.blog_id}, "id = ?", row.id)
        if fresh and unseen:
            matched, fresh, unseen = self._same_comments_new_ids(matched, fresh, unseen)
        still: list[int] = []
        findings = 0
        for comment, row in matched:
            still.append(row.id)
            changes: dict[str, Any] = {}
            if row.gone_since is not None:
                changes["gone_since"] = None
                findings += self._finding("reappeared", row, seen_at, sync_run)
            digest = content_hash(comment)
            if digest != row.content_hash:
                # Fair Play: the original text stays; the edit is recorded beside it.
                findings += self._finding("edited", row, seen_at, sync_run, comment, digest)
            added = {k: v for k, v in comment.extra.items() if k not in row.extra}
            if added:
                changes["extra"] = {**row.extra, **added}
            if changes:
                update_where(CommentRow, changes, "id = ?", row.id)
        for start in range(0, len(still), CHUNK):
            chunk = still[start : start + CHUNK]
            where = f"last_seen < ? AND id IN ({', '.join('?' * len(chunk))})"
            update_where(CommentRow, {"last_seen": seen_at}, where, _AT(seen_at), *chunk)
        moved = {row.id for row in displaced}
        for row in unseen:
            # A displaced comment is gone from its id even on a page read only in part.
            if row.gone_since is None and (complete or row.id in moved):
                update_where(CommentRow, {"gone_since": seen_at}, "id = ?", row.id)
                findings += self._finding("disappeared", row, seen_at, sync_run)
        if fresh:
            self._add_comments(post.id, fresh, seen_at)
        return Stored(new_comments=len(fresh), findings=findings)

    @staticmethod
    def _same_comments_new_ids(
        matched: list[tuple[Comment, Any]], fresh: list[Comment], unseen: list[Any]
    ) -> tuple[list[tuple[Comment, Any]], list[Comment], list[Any]]:
        """Pairs new-looking comments with unseen rows of the same author, time and text.

        Such a comment is one already stored whose id changed (a mirror made
        when ids were made from positions, say): its row takes the new id,
        so it is neither a new comment nor a vanished one.
        """
        by_content: dict[tuple[str, datetime, str], list[Any]] = {}
        for row in unseen:
            by_content.setdefault((row.author, row.posted_at, row.content_hash), []).append(row)
        still_fresh: list[Comment] = []
        taken: set[int] = set()
        for comment in fresh:
            rows = by_content.get((comment.author, comment.posted_at, content_hash(comment)))
            if not rows:
                still_fresh.append(comment)
                continue
            row = rows.pop(0)
            taken.add(row.id)
            row.blog_id = comment.id
            update_where(CommentRow, {"blog_id": comment.id}, "id = ?", row.id)
            matched.append((comment, row))
        return matched, still_fresh, [r for r in unseen if r.id not in taken]

    def _add_comments(self, post_id: str, comments: list[Comment], seen_at: datetime) -> None:
        """Inserts new comments with their derived votes and bids, a few statements in all."""
        insert_rows(
            CommentRow,
            [
                {
                    "post": post_id,
                    "blog_id": c.id,
                    "author": c.author,
                    "posted_at": c.posted_at,
                    "body_html": c.body_html,
                    "vote": c.vote,
                    "content_hash": content_hash(c),
                    "first_seen": seen_at,
                    "last_seen": seen_at,
                    "extra": dict(c.extra),
                }
                for c in comments
            ],
        )
        ids = {r.blog_id: r.id for r in select_where(CommentRow, "post_id = ?", post_id)}
        votes = []
        bids = []
        for c in comments:
            row_id = ids[c.id]
            for i, vote in enumerate(scan_comment(c).votes):
                votes.append({"comment": row_id, "position": i, "vote": vote.value})
            for i, amount in enumerate(bids_in_text(comment_text(c.body_html))):
                bids.append({"comment": row_id, "position": i, "amount": amount})
        insert_rows(VoteRow, votes)
        insert_rows(BidRow, bids)

    def _finding(
        self,
        kind: str,
        row: CommentRow,
        seen_at: datetime,
        sync_run: int | None,
        new: Comment | None = None,
        digest: str | None = None,
    ) -> int:
        """Records a finding unless the same edit is already on record; returns 1 if new."""
        if digest is not None:
            already = AuditFindingRow.select().where(
                (AuditFindingRow.comment == row.id) & (AuditFindingRow.new_hash == digest)
            )
            if already.exists():
                return 0
        AuditFindingRow.create(
            kind=kind,
            comment=row.id,
            sync_run=sync_run,
            found_at=seen_at,
            new_html=new.body_html if new else None,
            new_vote=new.vote if new else None,
            new_hash=digest,
        )
        return 1

    # Reading ---------------------------------------------------------------

    def votes(self, post_id: str) -> dict[str, tuple[Vote, ...]]:
        """The voting icons found in each comment of a post, by comment id."""
        found = self._derived(VoteRow, post_id)
        return {c: tuple(Vote(v) for v in votes) for c, votes in found.items()}

    def bids(self, post_id: str) -> dict[str, tuple[int, ...]]:
        """The bids ("I bid X", rule "Planning") in each comment of a post, by comment id."""
        return self._derived(BidRow, post_id)

    def _derived(self, model: Any, post_id: str) -> dict[str, tuple[Any, ...]]:
        value = model.vote if model is VoteRow else model.amount
        with self.bound():
            query = (
                model.select(CommentRow.blog_id, value)
                .join(CommentRow)
                .where(CommentRow.post == post_id)
                .order_by(CommentRow.id, model.position)
                .tuples()
            )
            out: dict[str, tuple[Any, ...]] = {}
            for blog_id, item in query:
                out[blog_id] = (*out.get(blog_id, ()), item)
            return out

    def findings(self) -> list[AuditFinding]:
        """Every audit finding, oldest first."""
        with self.bound():
            query = (
                AuditFindingRow.select(AuditFindingRow, CommentRow)
                .join(CommentRow)
                .order_by(AuditFindingRow.id)
            )
            return [
                AuditFinding(
                    kind=f.kind,
                    post_id=f.comment.post_id,
                    comment_id=f.comment.blog_id,
                    author=f.comment.author,
                    found_at=f.found_at,
                    original_html=f.comment.body_html,
                    original_vote=f.comment.vote,
                    new_html=f.new_html,
                    new_vote=f.new_vote,
                )
                for f in query
            ]

    def row_counts(self) -> dict[str, int]:
        """How many rows each table holds."""
        with self.bound():
            return {m._meta.table_name: m.select().count() for m in MODELS}

    def to_game(self) -> Game:
        """The mirror as a Game, as ``nomicbot export`` writes it.

        The roster, Boss and terms are the latest snapshot's. Posts carry their latest
        title, status and Admin's note (Admins edit posts to resolve them). Comments carry
        the text the blog showed *first*: Fair Play forbids editing a comment, so a later
        edit is an audit finding, not the record; comments that vanished from the blog are
        kept too. Posts are in posting order, comments and the Ruleset's revisions in time order.
        """
        with self.bound():
            snap = history.latest_snapshot()
            players = history.snapshot_players(snap) if snap is not None else ()
            by_post: dict[str, list[Comment]] = {}
            comments = CommentRow.select().order_by(
                CommentRow.post, CommentRow.posted_at, CommentRow.id
            )
            for c in comments.iterator():
                by_post.setdefault(c.post_id, []).append(
                    Comment(c.blog_id, c.author, c.posted_at, c.body_html, c.vote, c.extra)
                )
            # Sorted here, not by the database: PostgreSQL orders text by the
            # database's collation, SQLite by code point, as Python does.
            post_rows = sorted(PostRow.select().iterator(), key=lambda r: (r.posted_at, r.id))
            posts = tuple(
                Post(
                    id=r.id,
                    category=r.category,
                    title=r.title,
                    author=r.author,
                    posted_at=r.posted_at,
                    status=PostStatus(r.status),
                    body_html=r.body_html,
                    admin_note=r.admin_note,
                    resolved_at=r.resolved_at,
                    comments=tuple(by_post.get(r.id, ())),
                    passes_boss_to=history.passes_boss_to(r.extra),
                    extra=history.post_extra_fields(r.extra),
                )
                for r in post_rows
            )
            # The Ruleset's revisions and the Admins' acknowledgements of what nomicbot
            # could not read of them (ARCHITECTURE.md 1c).
            from wikibot.mirror.acknowledgements import acknowledged

            stored, acks = rulesets.stored_rulesets(), acknowledged(self)
            if snap is None:
                return Game(
                    players=(),
                    posts=posts,
                    rulesets=stored,
                    rulesets_source="wiki",
                    acknowledged=acks,
                )
            extra = dict(snap.extra)
            # "terms" is an archive field, so no unknown game field can be called that.
            terms_extra = extra.pop(_TERMS_EXTRA, {})
            extra.pop(history.ROSTER_EXTRA, None)
            return Game(
                players=players,
                posts=posts,
                boss=snap.boss,
                terms=Terms(snap.term_player, snap.term_boss, extra=terms_extra),
                rosters=history.stored_rosters(),
                rulesets=stored,
                rulesets_source="wiki",
                acknowledged=acks,
                extra=extra,
            )


_AT: Any = PostRow.last_seen.db_value
"""A UTC time as the time columns hold it, for hand-written SQL."""


def load_game_from_mirror(database: str) -> Game:
    """The game as the mirror at ``database`` holds it (for ``nomicbot status``).

    ``database`` is a SQLite file path or a ``postgresql://`` URL, as in
    ``[mirror] database``; a missing SQLite file is a MirrorError.
    """
    with Mirror.open(database, create=False) as mirror:
        return mirror.to_game()
