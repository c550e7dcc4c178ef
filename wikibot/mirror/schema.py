"""The mirror's current schema: one Peewee model per table.

A database is never created from these models directly: :func:`wikibot.mirror.migrations.migrate`
brings any mirror, new or old, to the current version one step at a time (see
:mod:`wikibot.mirror.migrations` for the history of the tables).
"""

from __future__ import annotations

from typing import Any

import peewee

from wikibot.mirror.fields import (
    JSONField,
    at_field,
    at_or_none_field,
    counter_field,
)

__all__ = [
    "MODELS",
    "AnnouncementRow",
    "LedgerRow",
    "LockRow",
    "ResolutionRow",
    "AuditFindingRow",
    "BidRow",
    "CommentRow",
    "PageValidatorRow",
    "PostRow",
    "RobotsRow",
    "RosterPlayerRow",
    "RosterSnapshotRow",
    "RulesetRevisionRow",
    "SchemaVersionRow",
    "SyncRunRow",
    "VoteRow",
    "WarningRow",
]


# The current schema (migrate() builds it) ----------------------------------


class _Model(peewee.Model):
    class Meta:
        database = None  # no global database: Mirror.bound() binds these


class SchemaVersionRow(_Model):
    version = peewee.IntegerField(primary_key=True)
    applied_at = at_field()
    description = peewee.TextField()

    class Meta:
        table_name = "schema_version"


class SyncRunRow(_Model):
    id = peewee.AutoField()
    kind = peewee.TextField()
    source = peewee.TextField()
    started_at = at_field()
    finished_at = at_or_none_field()
    requests_made = peewee.IntegerField(default=0)
    outcome = peewee.TextField()
    pages_fetched = counter_field()
    walk_since = peewee.TextField(null=True)
    """A full walk's floor date (ISO), if it has one."""
    start_url = peewee.TextField(null=True)
    """The listing page a full walk started at, if not the front page."""
    to_dynasty_start = peewee.BooleanField(null=True)
    """A full walk that reads on back to the current dynasty's Ascension Address."""
    walk_started_at = at_or_none_field()
    """When the full walk began (a resumed walk: when the walk it resumes began)."""
    resumes = peewee.IntegerField(null=True)
    """The run whose unfinished walk this run resumes."""

    class Meta:
        table_name = "sync_runs"


class PostRow(_Model):
    id = peewee.TextField(primary_key=True)
    category = peewee.TextField()
    title = peewee.TextField()
    author = peewee.TextField()
    posted_at = at_field(index=True)
    status = peewee.TextField()
    body_html = peewee.TextField()
    admin_note = peewee.TextField(null=True)
    resolved_at = at_or_none_field()
    listed_comments = peewee.IntegerField(null=True)
    synced_comments = peewee.IntegerField(null=True)
    first_seen = at_field()
    last_seen = at_field()
    extra = JSONField()
    page_etag = peewee.TextField(null=True)
    """The post page's ETag when last read in full, for a conditional re-read."""
    page_last_modified = peewee.TextField(null=True)
    """The post page's Last-Modified when last read in full."""
    checked_at = at_or_none_field()
    """When the post page was last read in full or found unchanged (304)."""

    class Meta:
        table_name = "posts"


class CommentRow(_Model):
    id = peewee.AutoField()
    post = peewee.ForeignKeyField(PostRow, column_name="post_id", backref="comments")
    post_id: str
    blog_id = peewee.TextField()
    author = peewee.TextField()
    posted_at = at_field()
    body_html = peewee.TextField()
    vote = peewee.TextField(null=True)
    content_hash = peewee.TextField()
    first_seen = at_field()
    last_seen = at_field()
    gone_since = at_or_none_field()
    extra = JSONField()

    class Meta:
        table_name = "comments"
        indexes = ((("post", "blog_id"), True),)


class VoteRow(_Model):
    id = peewee.AutoField()
    comment = peewee.ForeignKeyField(CommentRow, column_name="comment_id")
    position = peewee.IntegerField()
    vote = peewee.TextField()

    class Meta:
        table_name = "votes"
        indexes = ((("comment", "position"), True),)


class BidRow(_Model):
    id = peewee.AutoField()
    comment = peewee.ForeignKeyField(CommentRow, column_name="comment_id")
    position = peewee.IntegerField()
    amount = peewee.IntegerField()

    class Meta:
        table_name = "bids"
        indexes = ((("comment", "position"), True),)


class AuditFindingRow(_Model):
    id = peewee.AutoField()
    kind = peewee.TextField()
    comment = peewee.ForeignKeyField(CommentRow, column_name="comment_id")
    sync_run = peewee.ForeignKeyField(SyncRunRow, column_name="sync_run_id", null=True)
    found_at = at_field()
    new_html = peewee.TextField(null=True)
    new_vote = peewee.TextField(null=True)
    new_hash = peewee.TextField(null=True)

    class Meta:
        table_name = "audit_findings"


class RosterSnapshotRow(_Model):
    id = peewee.AutoField()
    sync_run = peewee.ForeignKeyField(SyncRunRow, column_name="sync_run_id", null=True)
    taken_at = at_field()
    boss = peewee.TextField(null=True)
    term_player = peewee.TextField()
    term_boss = peewee.TextField()
    player_count = peewee.IntegerField(null=True)
    quorum = peewee.IntegerField(null=True)
    extra = JSONField()

    class Meta:
        table_name = "roster_snapshots"


class RosterPlayerRow(_Model):
    id = peewee.AutoField()
    snapshot = peewee.ForeignKeyField(RosterSnapshotRow, column_name="snapshot_id")
    position = peewee.IntegerField()
    name = peewee.TextField()
    admin = peewee.BooleanField()
    idle = peewee.BooleanField()
    extra = JSONField()

    class Meta:
        table_name = "roster_players"


class WarningRow(_Model):
    id = peewee.AutoField()
    sync_run = peewee.ForeignKeyField(SyncRunRow, column_name="sync_run_id")
    sync_run_id: int
    url = peewee.TextField()
    message = peewee.TextField()

    class Meta:
        table_name = "warnings"


class PageValidatorRow(_Model):
    page = peewee.TextField(primary_key=True)
    url = peewee.TextField()
    etag = peewee.TextField(null=True)
    last_modified = peewee.TextField(null=True)
    entry_ids = peewee.TextField(default="", constraints=[peewee.SQL("DEFAULT ''")])
    next_url = peewee.TextField(null=True)
    checked_at = at_field()

    class Meta:
        table_name = "page_validators"


class RobotsRow(_Model):
    site = peewee.TextField(primary_key=True)
    text = peewee.TextField(null=True)
    """The site's robots.txt, or NULL when it has none."""
    fetched_at = at_field()

    class Meta:
        table_name = "robots_cache"


def _json() -> JSONField:
    return JSONField()


class LedgerRow(_Model):
    """One applied action (or one effect of a resolution): who, when, what, why, and
    the values before and after. Written ``started`` before the action's writes and
    ``applied`` after them, under an operation id a re-run recognises."""

    op_id = peewee.TextField(unique=True)
    """The operation id: the same action run twice has the same id."""
    domain = peewee.TextField(index=True, default="nomicland")
    """Whose row it is: a dynasty's economy (``nomicland``) or ``resolve``; each
    reader (a replay, a re-run finishing what a crash left) reads only its own."""
    parent = peewee.TextField(null=True, index=True)
    """The operation this one is an effect of (a resolution's id), if any."""
    state = peewee.TextField()
    """``started`` (its writes may be partly done) or ``applied``."""
    at = at_field(index=True)
    """The game time of the action (``--now``)."""
    recorded_at = at_field()
    """When the bot recorded it (the clock)."""
    actor = peewee.TextField()
    action = peewee.TextField()
    """The command, e.g. ``build`` or ``day process``."""
    arguments = _json()
    before = _json()
    """The values the action changes, as they were."""
    after = _json()
    """The same values after it (and any random draw, with its seed)."""
    cause = peewee.TextField()
    """The command line, or the post or comment URL, that asked for it."""
    revisions = _json()
    """Wiki page title -> the revision id the action's edit produced."""

    class Meta:
        table_name = "ledger"


class ResolutionRow(_Model):
    """An Admin's resolution of a Votable Matter, as the bot decided and recorded it."""

    post_id = peewee.TextField(primary_key=True)
    op_id = peewee.TextField(unique=True)
    state = peewee.TextField()
    """``awaiting_blog``, ``confirmed`` (a sync saw it on the blog) or ``mismatch``."""
    admin = peewee.TextField()
    resolved_at = at_field()
    outcome = peewee.TextField()
    """``enacted`` or ``failed`` (with the status word the blog shows)."""
    status_word = peewee.TextField()
    note = peewee.TextField()
    """The Admin's note in BlogNomic's form, e.g. "Enacted by Kevan (5-1, Quorum 4)"."""
    for_votes = peewee.IntegerField(null=True)
    against_votes = peewee.IntegerField(null=True)
    quorum = peewee.IntegerField(null=True)
    clause = peewee.TextField()
    """The clause that decided it, with the numbers."""
    blog_status = peewee.TextField(null=True)
    """What the blog showed when a sync found it resolved otherwise."""
    blog_note = peewee.TextField(null=True)
    recorded_at = at_field()
    checked_at = at_or_none_field()

    class Meta:
        table_name = "resolutions"


class LockRow(_Model):
    """A named lock in the database (e.g. ``resolve:POST``, ``watch``), so two admins
    sharing a mirror cannot do one thing twice; the second is told who holds it."""

    name = peewee.TextField(primary_key=True)
    holder = peewee.TextField()
    acquired_at = at_field()

    class Meta:
        table_name = "locks"


class AnnouncementRow(_Model):
    """An event ``watch`` announced, kept so it is announced once across restarts."""

    key = peewee.TextField(primary_key=True)
    at = at_field()
    text = peewee.TextField()
    sent_at = at_or_none_field()

    class Meta:
        table_name = "announcements"


class RulesetRevisionRow(_Model):
    """One revision of the wiki's Ruleset page, as its history showed it."""

    id = peewee.AutoField()
    title = peewee.TextField(index=True)
    """The page, as the wiki writes its title."""
    revid = peewee.IntegerField(unique=True)
    """The wiki's revision id (unique across a wiki, so a page moved keeps its rows)."""
    at = at_field(index=True)
    """When it was saved (UTC)."""
    editor = peewee.TextField()
    """Who saved it ('' when the wiki hides the name)."""
    summary = peewee.TextField()
    """Its edit summary."""
    text = peewee.TextField(null=True)
    """Its wikitext; NULL when the wiki does not show it (see ``hidden``)."""
    hidden = peewee.TextField(null=True)
    """Why the text or the editor is not shown (revision deletion), if it is not."""
    seen_at = at_field()
    """When the bot read it."""

    class Meta:
        table_name = "ruleset_revisions"


MODELS: tuple[type[Any], ...] = (
    SchemaVersionRow,
    SyncRunRow,
    PostRow,
    CommentRow,
    VoteRow,
    BidRow,
    AuditFindingRow,
    RosterSnapshotRow,
    RosterPlayerRow,
    WarningRow,
    PageValidatorRow,
    RobotsRow,
    LedgerRow,
    ResolutionRow,
    LockRow,
    AnnouncementRow,
    RulesetRevisionRow,
)
"""Every table of the current schema."""
