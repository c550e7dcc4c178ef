"""The mirror's schema: today's tables, and the steps that built them.

The current schema is :mod:`wikibot.mirror.schema`. A database is never
created from it directly: :func:`migrate` brings any
mirror, new or old, to the current version one step at a time and records
each step in the ``schema_version`` table, so an admin can see which
nomicbot shaped their mirror and when. Steps are frozen history: each one
spells out its tables as they were at that version, never borrowing today's
models, so an old mirror is upgraded exactly as it would have been then.

Versions:

1. posts, comments (with content hash and first/last seen), roster
   snapshots, sync runs and their warnings.
2. voting icons as derived rows (filled in for comments already stored),
   audit findings for edited or vanished comments, unknown archive fields,
   HTTP validators for conditional requests, pages fetched per sync run.
3. bids ("I bid X", rule "Planning") as derived rows, filled in likewise.
4. a robots.txt cache.
5. each post page's ETag / Last-Modified and when it was last checked (so a
   sync can re-read every post for edited comments at the cost of a 304 each);
   each sync run's walk (its floor date, start page, whether it reads back to
   the dynasty's Ascension Address, when the walk began, and the run whose
   walk it resumes), so a walk that was killed or failed is resumed.
6. the ledger of applied actions (each under an operation id, ``started``
   then ``applied``), resolutions recorded while they await the blog, named
   locks for a mirror several admins share, and the announcements ``watch`` made.
7. each ledger row's domain (``nomicland``, ``resolve``...), so the economy's
   replay reads only its own rows.
8. the wiki's Ruleset page: every revision read (id, time, editor, summary, text),
   so the Ruleset in force at any instant is known offline.
"""

from __future__ import annotations

from wikibot.mirror.migrations.base import Migration
from wikibot.mirror.migrations.runner import CURRENT_VERSION, MIGRATIONS, migrate, schema_version

__all__ = ["CURRENT_VERSION", "MIGRATIONS", "Migration", "migrate", "schema_version"]
