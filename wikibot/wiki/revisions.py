"""Reading the gamestate pages' history: every revision after a point, in batches.

``nomicbot wiki audit`` and ``watch`` ask :func:`read_revisions` for every
revision of the Nomicland and Gamestate pages after a point: the last audited
revision of each page (:class:`Cursor`, kept in the mirror), or a moment given
by ``--since`` (:class:`Since`: an instant, or a revision id). Each comes with
its editor, timestamp, edit summary, parent revision and content, and whether
the bot saved it; and with each page's text at the point (the *base*).

The cost, in API requests (``n`` new revisions of the two pages together,
``L`` the revisions one request may hold with their content: 500 for an
account with the ``apihighlimits`` right, which bots have, else 50):

* **one look** at both pages' latest revisions (``prop=revisions`` with
  ``titles=A|B``): when neither has a revision after the cursor, that is all,
  so an audit with nothing new costs **1 request**;
* per page with news, its revisions newest first, down to the point
  (``rvdir=older``, ``rvlimit=max``, following ``continue``): ``ceil(k / L)``
  requests for ``k`` revisions read, the page's latest read again and the
  cursor's revision (the base) included, so ``k = n_p + 1``;
* with ``--since``, the base of a page with news is one more request (the
  newest revision at or before the point), and ``--since REVID`` one more to
  learn that revision's time.

In all: at most ``ceil(n / 50) + 3`` requests from a cursor (the look, and one
partly filled batch per page), ``ceil(n / 50) + 4`` with ``--since ISO`` and
``ceil(n / 50) + 5`` with ``--since REVID``; never one request per revision.
A batch the wiki cuts short because its answer would pass
``$wgAPIMaxResultSize`` (8 MB by default: 500 revisions of 16 KB) is continued
with one more request; the Gamestate pages are a few KB.

A revision whose content the wiki does not show (revision deletion:
``texthidden``, or content missing from storage) is returned with ``text``
None and a ``hidden`` reason: it is reported, never guessed. The front page
as of an instant (rule "Zones" reads the dynasty descriptions there) is one
request, asked for only when a Zone creation is audited
(:meth:`RevisionReader.front_page_at`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from wikibot.errors import WikiError
from wikibot.wiki.client import WikiClient, check_title

__all__ = [
    "PROPS",
    "Cursor",
    "PageBase",
    "RevisionReader",
    "Revisions",
    "Since",
    "WikiRevision",
    "format_wiki_time",
    "parse_wiki_time",
    "read_revisions",
    "same_user",
]

PROPS = "ids|timestamp|user|comment|content|flags"
"""What each revision is read with (``rvprop``)."""
_LOOK_PROPS = "ids|timestamp|user|comment|content|flags"


def parse_wiki_time(text: str) -> datetime:
    """A MediaWiki timestamp (``2016-05-17T12:00:00Z``) as an aware UTC datetime."""
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(UTC)
    except ValueError:
        raise WikiError(f"the wiki gave a timestamp that is not ISO 8601: {text!r}") from None


def format_wiki_time(moment: datetime) -> str:
    """``moment`` as the API writes timestamps (whole seconds, UTC, ``Z``)."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def same_user(a: str, b: str) -> bool:
    """Two user names naming one account, as MediaWiki compares them (``_`` is a space;
    the first letter's case is not significant)."""

    def norm(name: str) -> str:
        name = " ".join(name.replace("_", " ").split())
        return name[:1].upper() + name[1:]

    return bool(a) and norm(a) == norm(b)


@dataclass(frozen=True)
class WikiRevision:
    """One revision of a gamestate page, as the wiki's history shows it."""

    title: str
    """The page, as the wiki writes its title."""
    revid: int
    """The revision id."""
    parent: int | None
    """The revision it was saved on top of (None for a page's first revision)."""
    editor: str
    """Who saved it ('' when the wiki hides the name)."""
    at: datetime
    """When it was saved (UTC)."""
    summary: str
    """Its edit summary."""
    text: str | None
    """Its wikitext, or None when the wiki does not show it (see ``hidden``)."""
    bot: bool
    """Saved by the bot's own account."""
    minor: bool = False
    """Marked as a minor edit."""
    hidden: str | None = None
    """Why ``text`` (or the editor) is not shown: revision deletion, missing content."""

    @property
    def readable(self) -> bool:
        """The content and the editor are known."""
        return self.hidden is None


@dataclass(frozen=True)
class PageBase:
    """A page as it stood at the point the audit starts from."""

    title: str
    """The page."""
    revid: int | None
    """The revision in force at the point (None: the page did not exist yet)."""
    text: str | None
    """Its text ('' for no page; None when the wiki hides it)."""


@dataclass(frozen=True)
class Cursor:
    """Continue after the last audited revision of each page (title -> revision id)."""

    last: Mapping[str, int] = field(default_factory=dict)
    """Page title -> the last revision audited; a page missing here is read from its
    first revision."""


@dataclass(frozen=True)
class Since:
    """Start after a point of the history: an instant, or a revision (``--since``)."""

    at: datetime | None = None
    """Revisions saved after this instant (strictly later)."""
    revid: int | None = None
    """Revisions after this one: saved later, or in the same second with a higher id."""

    @classmethod
    def parse(cls, text: str) -> Since:
        """``12345`` (a revision id) or an ISO 8601 instant (``2016-05-16T00:00:00Z``)."""
        written = text.strip()
        if written.isdigit():
            return cls(revid=int(written))
        try:
            moment = datetime.fromisoformat(written.replace("Z", "+00:00"))
        except ValueError:
            raise WikiError(
                f"--since {text!r} is neither a revision id nor an ISO 8601 instant"
            ) from None
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        return cls(at=moment.astimezone(UTC))


@dataclass(frozen=True)
class Revisions:
    """What :func:`read_revisions` found."""

    revisions: tuple[WikiRevision, ...]
    """Every revision after the point, both pages together, oldest first (by time, then
    id)."""
    bases: Mapping[str, PageBase]
    """Page title -> the page at the point."""
    latest: Mapping[str, int]
    """Page title -> its latest revision id (0 when the page does not exist)."""
    requests: int
    """API requests made."""

    @property
    def unreadable(self) -> tuple[WikiRevision, ...]:
        """The revisions whose content or editor the wiki hides."""
        return tuple(r for r in self.revisions if not r.readable)


class RevisionReader:
    """Reads page histories through a :class:`WikiClient` and counts its requests."""

    def __init__(
        self, client: WikiClient, *, batch: int | str = "max", bot_name: str | None = None
    ) -> None:
        self.client = client
        self.bot_name = bot_name or client.bot_name
        """The bot's account (its revisions are the bot's); by default the client's."""
        self.batch = batch
        """``rvlimit`` of each batch: "max" (500 for a bot, else 50) or a number."""
        self.requests = 0
        """API requests made so far."""
        self._front: dict[tuple[str, datetime], str | None] = {}

    def _query(self, title: str, **params: Any) -> dict[str, Any]:
        self.requests += 1
        # The client's one API seam: maxlag, formatversion=2 and one-line errors.
        return self.client._api(title, "GET", "query", **params)

    def _bot(self, editor: str) -> bool:
        return same_user(editor, self.bot_name)

    def _revision(
        self, title: str, raw: Mapping[str, Any], *, content: bool = True
    ) -> WikiRevision:
        hidden: list[str] = []
        slot = raw.get("slots", {}).get("main", {})
        text: str | None = slot.get("content")
        if not content:
            text = None  # not asked for: neither hidden nor missing
        elif slot.get("texthidden") or raw.get("texthidden"):
            hidden.append("its content is hidden (revision deletion)")
            text = None
        elif slot.get("textmissing") or raw.get("textmissing") or text is None:
            hidden.append("its content is missing on the wiki")
            text = None
        if raw.get("userhidden"):
            hidden.append("its editor is hidden (revision deletion)")
        editor = str(raw.get("user", ""))
        parent = int(raw.get("parentid") or 0) or None
        return WikiRevision(
            title=title,
            revid=int(raw["revid"]),
            parent=parent,
            editor=editor,
            at=parse_wiki_time(str(raw["timestamp"])),
            summary="" if raw.get("commenthidden") else str(raw.get("comment", "")),
            text=text,
            bot=self._bot(editor),
            minor=bool(raw.get("minor")),
            hidden="; ".join(hidden) or None,
        )

    # The look: both pages' latest revisions in one request.

    def look(
        self, titles: Sequence[str], *, content: bool = True
    ) -> dict[str, WikiRevision | None]:
        """Each page's latest revision, with its content (None: no such page).

        With ``content=False`` the revisions come without their text (``text`` None,
        ``hidden`` None): a cheap look at a long page such as the Ruleset."""
        for title in titles:
            check_title(title)
        data = self._query(
            titles[0],
            prop="revisions",
            titles="|".join(titles),
            rvprop=_LOOK_PROPS if content else _LOOK_PROPS.replace("|content", ""),
            rvslots="main",
        )
        query = data["query"]
        # The wiki answers with its own spelling of each title: map them back.
        renamed = {str(n["to"]): str(n["from"]) for n in query.get("normalized", ())}
        found: dict[str, WikiRevision | None] = {}
        for page in query["pages"]:
            asked = renamed.get(str(page["title"]), str(page["title"]))
            if page.get("invalid"):
                raise WikiError(f'wiki page "{asked}": invalid title: {page.get("invalidreason")}')
            revs = page.get("revisions") or ()
            found[asked] = (
                self._revision(str(page["title"]), revs[0], content=content) if revs else None
            )
        return {t: found.get(t) for t in titles}

    # A page's history, newest first, in batches.

    def history(
        self,
        title: str,
        *,
        start_id: int | None,
        stop: Callable[[WikiRevision], bool],
        end: datetime | None = None,
        end_id: int | None = None,
    ) -> list[WikiRevision]:
        """The page's revisions from ``start_id`` back (newest first; None: from its latest),
        up to and including the first for which ``stop`` holds (or to ``end``/``end_id``,
        inclusive). No revisions for a page that does not exist."""
        params: dict[str, Any] = {
            "prop": "revisions",
            "titles": title,
            "rvprop": PROPS,
            "rvslots": "main",
            "rvdir": "older",
            "rvlimit": self.batch,
        }
        if start_id is not None:
            params["rvstartid"] = start_id
        if end_id is not None:
            params["rvendid"] = end_id
        elif end is not None:
            params["rvend"] = format_wiki_time(end)
        out: list[WikiRevision] = []
        while True:
            data = self._query(title, **params)
            pages = data.get("query", {}).get("pages", ())
            for page in pages:
                for raw in page.get("revisions", ()):
                    revision = self._revision(str(page["title"]), raw)
                    out.append(revision)
                    if stop(revision):
                        return out
            more = data.get("continue")
            if not more or "rvcontinue" not in more:
                return out
            params.update(more)

    def revision_time(self, revid: int) -> tuple[str, datetime]:
        """The page and time of one revision (for ``--since REVID``)."""
        data = self._query(str(revid), prop="revisions", revids=revid, rvprop="ids|timestamp")
        query = data.get("query", {})
        if query.get("badrevids") or not query.get("pages"):
            raise WikiError(f"--since {revid}: the wiki has no revision {revid}")
        page = query["pages"][0]
        return str(page["title"]), parse_wiki_time(str(page["revisions"][0]["timestamp"]))

    def as_of(self, title: str, moment: datetime) -> WikiRevision | None:
        """The page's revision in force at ``moment`` (the newest saved at or before it)."""
        data = self._query(
            title,
            prop="revisions",
            titles=title,
            rvprop=PROPS,
            rvslots="main",
            rvdir="older",
            rvstart=format_wiki_time(moment),
            rvlimit=1,
        )
        for page in data.get("query", {}).get("pages", ()):
            for raw in page.get("revisions", ()):
                return self._revision(str(page["title"]), raw)
        return None

    def front_page_at(self, title: str, moment: datetime) -> str | None:
        """The front page's text as of ``moment`` (rule "Zones": the dynasty descriptions
        a Zone's name is taken from); None if it did not exist or is hidden. One request
        per instant, remembered."""
        key = (title, moment)
        if key not in self._front:
            found = self.as_of(title, moment)
            self._front[key] = found.text if found is not None else None
        return self._front[key]


def _order(revision: WikiRevision) -> tuple[datetime, int]:
    return revision.at, revision.revid


def _at_or_below(floor: int) -> Callable[[WikiRevision], bool]:
    return lambda r: r.revid <= floor


def _after(point: Since, at_time: datetime | None) -> Callable[[WikiRevision], bool]:
    """Is a revision after the ``--since`` point (``at_time``: the REVID's time)."""
    if point.revid is not None:
        assert at_time is not None
        boundary = (at_time, point.revid)
        return lambda r: _order(r) > boundary
    moment = point.at
    assert moment is not None
    return lambda r: r.at > moment


def read_revisions(
    client: WikiClient | RevisionReader,
    titles: Sequence[str],
    *,
    after: Cursor | Since,
) -> Revisions:
    """Every revision of ``titles`` after ``after``, oldest first, with each page's base.

    See the module's docstring for what it costs.
    """
    reader = client if isinstance(client, RevisionReader) else RevisionReader(client)
    spent = reader.requests
    latest = reader.look(titles)
    found: list[WikiRevision] = []
    bases: dict[str, PageBase] = {}
    when: datetime | None = None
    if isinstance(after, Since) and after.revid is not None:
        # Its time: from the look when it is a page's latest revision, else one request.
        known = [r for r in latest.values() if r is not None and r.revid == after.revid]
        when = known[0].at if known else reader.revision_time(after.revid)[1]
    for title in titles:
        top = latest[title]
        if top is None:
            bases[title] = PageBase(title, None, "")
            continue
        if isinstance(after, Cursor):
            last = after.last.get(title)
            if last is not None and top.revid <= last:
                bases[title] = PageBase(title, top.revid, top.text)
                continue
            floor = last or 0
            history = reader.history(
                title,
                start_id=top.revid,
                stop=_at_or_below(floor),
                end_id=last or None,
            )
            news = [r for r in history if r.revid > floor]
            old = [r for r in history if r.revid <= floor]
            bases[title] = (
                PageBase(title, old[0].revid, old[0].text) if old else PageBase(title, None, "")
            )
            found.extend(news)
            continue
        is_new = _after(after, when)
        if not is_new(top):
            bases[title] = PageBase(title, top.revid, top.text)
            continue
        # Newest first, down to the point: by time, the REVID's second included (ties).
        bound = after.at if after.at is not None else when
        assert bound is not None
        end = bound + timedelta(seconds=1) if after.revid is None else bound
        history = reader.history(title, start_id=top.revid, stop=lambda r: False, end=end)
        news = [r for r in history if is_new(r)]
        older = [r for r in history if not is_new(r)]
        if older:
            base: WikiRevision | None = older[0]
        else:
            before = bound if after.revid is None else bound - timedelta(seconds=1)
            base = reader.as_of(title, before)
        bases[title] = PageBase(title, base.revid if base else None, base.text if base else "")
        found.extend(news)
    found.sort(key=_order)
    return Revisions(
        tuple(found),
        bases,
        {t: (r.revid if r is not None else 0) for t, r in latest.items()},
        reader.requests - spent,
    )
