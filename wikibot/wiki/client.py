"""The wiki client: how nomicbot reads and edits MediaWiki pages, as a well-behaved bot.

* It logs in with a bot password (``Name@appid``) and sends ``assert=bot`` with
  every edit, so an edit never goes out logged out or as a human account.
* Every request carries ``maxlag``; a User-Agent names the bot and its operator;
  edits are spaced at least ``min_interval`` seconds apart.
* Each edit summary cites its cause: the action, the blog post, the ledger entry.
* Edits are conflict-safe. A change is a function ``text -> text``: the client
  reads the page (revision id and timestamp, start timestamp), applies it, and
  saves with ``baserevid``/``basetimestamp``/``starttimestamp``. On an edit
  conflict it reads the page again and applies the change to the new text, so a
  human's edit in between survives. When the change lies within one section,
  only that section is sent.
* An edit computed from a page read earlier (the economy's: the values it writes
  were computed from that revision) is saved on that revision (``base``), so a
  change made since is an edit conflict the wiki reports, never overwritten; the
  change is then applied to the new text, and it is the change's own business to
  refuse (raise) when the new text no longer holds what it was computed from.
* A dry run returns the unified diff of each page and writes nothing.
* Before any edit, dry run or not, the bot obeys the wiki's etiquette
  (:mod:`wikibot.wiki.etiquette`): the run page must say ``run`` (a missing run
  page counts as ``run``), and a ``{{nobots}}`` or ``{{bots|deny=...}}`` on the
  page keeps it off; it then changes nothing and says why.

Failures are :class:`~wikibot.errors.WikiError` with one line naming the page and
the cause. The password never appears in a message, a log record or an exception.
"""

from __future__ import annotations

import difflib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import mwclient
import mwclient.errors
import requests

from wikibot.config import Config, WikiConfig
from wikibot.errors import WikiError
from wikibot.useragent import warn_once_without_contact
from wikibot.wiki.etiquette import BOTS_TEMPLATES, bots_refusal, is_run
from wikibot.wiki.titles import check_title
from wikibot.wiki.wikitext import changed_section

__all__ = [
    "EditCause",
    "EditResult",
    "PageRevision",
    "Revision",
    "WikiClient",
    "build_site",
    "check_title",
    "connect",
    "script_path",
]

log = logging.getLogger(__name__)

DEFAULT_MIN_INTERVAL = 10.0
"""Seconds between two edits: a bot's usual pace on a small wiki."""
DEFAULT_MAXLAG = 5
"""Seconds of database replication lag above which the wiki asks bots to wait."""
MAX_CONFLICTS = 3
"""Edit conflicts retried before giving up."""
SUMMARY_LIMIT = 490
"""MediaWiki cuts edit summaries at 500 characters."""

_CAUSES = {
    "protectedpage": "the page is protected",
    "cascadeprotected": "the page is protected (cascading)",
    "protectednamespace": "the page's namespace is protected",
    "protectedtitle": "the title is protected from creation",
    "blocked": "the bot account is blocked",
    "autoblocked": "the bot's IP address is blocked",
    "assertbotfailed": "not logged in as a bot (assert=bot failed)",
    "assertuserfailed": "not logged in (assert=bot failed)",
    "assertnameduserfailed": "logged in as another user",
    "ratelimited": "rate limited by the wiki: too many edits too fast",
    "maxlag": "the wiki's database lag is over maxlag",
    "readonly": "the wiki is read-only",
    "permissiondenied": "the bot account may not edit this page",
    "writeapidenied": "the bot account may not edit through the API",
    "pagedeleted": "the page was deleted while the bot was editing it",
    "missingtitle": "the page was deleted while the bot was editing it",
    "spamblacklist": "a link in the text is on the spam blacklist",
    "abusefilter-disallowed": "an abuse filter refused the edit",
    "contenttoobig": "the text is over the wiki's page size limit",
}
_RETRY = {"editconflict", "articleexists"}


@dataclass(frozen=True)
class EditCause:
    """Why the bot edits: it goes into the edit summary."""

    action: str
    """What the bot does, e.g. "publish the Votes tally"."""
    post_url: str | None = None
    """The blog post that caused it, if any."""
    ledger_id: str | None = None
    """The ledger entry recording it, if any."""

    def summary(self) -> str:
        """The edit summary: ``nomicbot: ACTION (POST URL; ledger #ID)``."""
        refs = [r for r in (self.post_url, self.ledger_id and f"ledger #{self.ledger_id}") if r]
        text = f"nomicbot: {self.action}" + (f" ({'; '.join(refs)})" if refs else "")
        text = " ".join(text.split())
        return text if len(text) <= SUMMARY_LIMIT else text[: SUMMARY_LIMIT - 1] + "…"


@dataclass(frozen=True)
class PageRevision:
    """A page as read, with what a conflict-safe edit needs."""

    title: str
    """The page title as the wiki normalises it."""
    text: str
    """The wikitext ('' when the page does not exist)."""
    exists: bool
    """Does the page exist."""
    revid: int | None
    """The revision read, or None."""
    timestamp: str | None
    """Its timestamp: the ``basetimestamp`` of an edit."""
    starttimestamp: str
    """When it was read: the ``starttimestamp`` of an edit."""
    bots_templates: tuple[str, ...] = ()
    """``Bots``/``Nobots`` if the wiki says the page transcludes them, directly or
    through another template (the API's ``prop=templates``)."""


@dataclass(frozen=True)
class EditResult:
    """What an edit did (or, in a dry run, would do)."""

    title: str
    """The page."""
    changed: bool
    """The change makes a difference to the page."""
    saved: bool
    """A new revision was saved."""
    diff: str
    """Unified diff from the page as read to the page as changed ('' if unchanged)."""
    revid: int | None = None
    """The new revision, when saved."""
    section: int | None = None
    """The section sent, or None for the whole page."""
    conflicts: int = 0
    """Edit conflicts met and resolved by re-applying the change."""
    dry_run: bool = False
    """Nothing was written."""
    summary: str = ""
    """The edit summary used."""


@dataclass(frozen=True)
class Revision:
    """One entry of a page's history."""

    revid: int
    """The revision id."""
    user: str
    """Who saved it."""
    timestamp: str
    """When."""
    comment: str
    """Its edit summary."""


def script_path(wiki: WikiConfig) -> str:
    """Where ``api.php`` lives: ``[wiki] path``, or the path of ``[wiki] url`` when
    ``path`` is left at its default ``/`` (``http://host/w/`` gives ``/w/``).

    A pasted ``.../api.php`` or ``.../index.php`` URL names its directory.
    """
    written = wiki.path if wiki.path.strip("/") else urlsplit(wiki.url).path
    segments = [s for s in written.split("/") if s]
    if segments and segments[-1].endswith(".php"):
        segments.pop()
    return "/" + "".join(f"{s}/" for s in segments)


def build_site(wiki: WikiConfig, *, user_agent: str, timeout: float = 30.0) -> Any:
    """An ``mwclient.Site`` for the ``[wiki]`` config (no login yet)."""
    parts = urlsplit(wiki.url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise WikiError(f"[wiki] url {wiki.url!r} is not an http(s) URL")
    path = script_path(wiki)
    try:
        return mwclient.Site(
            parts.netloc,
            path=path,
            scheme=parts.scheme,
            clients_useragent=user_agent,
            httpauth=wiki.http_auth,  # a login written in [wiki] url, kept out of the URL
            connection_options={"timeout": timeout},
            max_retries=3,
            retry_timeout=5,
        )
    except (requests.RequestException, mwclient.errors.MwClientError) as exc:
        raise WikiError(f"cannot reach the wiki at {wiki.url}: {_describe(exc)}") from None


def connect(
    config: Config,
    *,
    dry_run: bool = False,
    login: bool = True,
    min_interval: float | None = None,
) -> WikiClient:
    """A logged-in client for the configured wiki (edits spaced by ``[wiki] edit_interval``
    unless ``min_interval`` says otherwise)."""
    if not config.wiki.url:
        raise WikiError("no [wiki] url in nomicbot.toml")
    for setting in ("ruleset_page", "nomicland_page", "gamestate_page", "votes_page"):
        check_title(getattr(config.wiki, setting), setting=setting)
    if config.wiki.run_page:
        check_title(config.wiki.run_page, setting="run_page")
    warn_once_without_contact(config.user_agent)
    site = build_site(config.wiki, user_agent=config.user_agent)
    interval = config.wiki.edit_interval if min_interval is None else min_interval
    client = WikiClient(
        site, dry_run=dry_run, min_interval=interval, run_page=config.wiki.run_page or None
    )
    if login:
        client.login(config.wiki.user, config.wiki.password())
    return client


def _describe(exc: BaseException) -> str:
    """An exception in a few words, never its arguments (mwclient keeps post data there)."""
    if isinstance(exc, requests.HTTPError) and exc.response is not None:
        return f"HTTP {exc.response.status_code} from {exc.response.url.split('?')[0]}"
    if isinstance(exc, requests.RequestException):
        return f"{type(exc).__name__} (no answer from the server)"
    if isinstance(exc, mwclient.errors.APIError):
        return f"{exc.code}: {exc.info}"
    if isinstance(exc, mwclient.errors.MaximumRetriesExceeded):
        return "the wiki kept asking to wait (database lag or server errors)"
    if isinstance(exc, mwclient.errors.InvalidResponse):
        return "the answer is not from a MediaWiki API (check [wiki] url and path)"
    return type(exc).__name__


class WikiClient:
    """Reads and edits pages of one wiki through an ``mwclient.Site``."""

    def __init__(
        self,
        site: Any,
        *,
        dry_run: bool = False,
        min_interval: float = DEFAULT_MIN_INTERVAL,
        maxlag: int = DEFAULT_MAXLAG,
        max_conflicts: int = MAX_CONFLICTS,
        run_page: str | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.site = site
        self._run_page = run_page
        self.dry_run = dry_run
        self.min_interval = min_interval
        self.maxlag = maxlag
        self.max_conflicts = max_conflicts
        self._clock = clock
        self._sleep = sleep
        self._last_edit: float | None = None
        self._csrf: str | None = None

    def __repr__(self) -> str:
        mode = "dry run" if self.dry_run else "live"
        return f"<WikiClient {self.site.host}{self.site.path} as {self.user} ({mode})>"

    @property
    def user(self) -> str:
        """The account the client is logged in as (an IP address when logged out)."""
        return str(getattr(self.site, "username", "") or "anonymous")

    def login(self, user: str, password: str) -> None:
        """Logs in with a bot password; the password is kept nowhere afterwards."""
        if "@" not in user:
            raise WikiError(f"wiki user {user!r} is not a bot-password user (Name@appid)")
        try:
            self.site.login(user, password)
        except mwclient.errors.LoginError as exc:
            raise WikiError(f"wiki login as {user} failed: {exc.code}: {exc.info}") from None
        except (requests.RequestException, mwclient.errors.MwClientError) as exc:
            raise WikiError(f"wiki login as {user} failed: {_describe(exc)}") from None
        finally:
            self.site.credentials = None  # mwclient would keep the password otherwise
            self._csrf = None
        if "bot" not in self.site.rights:
            raise WikiError(
                f"wiki user {user} has no bot right: put the account in the bot group and "
                "give its bot password the 'High-volume editing' grant"
            )

    @property
    def bot_name(self) -> str:
        """The name ``{{bots}}`` templates call the bot by: the account, without ``@appid``."""
        return self.user.split("@", 1)[0]

    @property
    def run_page(self) -> str:
        """The emergency-stop page: as configured, else ``User:<bot name>/Run``."""
        return self._run_page or f"User:{self.bot_name}/Run"

    # Etiquette.

    def check_run_page(self) -> None:
        """A WikiError unless the run page says ``run`` (a missing page counts as ``run``)."""
        title = self.run_page
        page = self.read(title)
        if not page.exists or is_run(page.text):
            return
        said = " ".join(page.text.split())
        said = said if len(said) <= 60 else said[:59] + "…"
        log.warning("run page %s says %r: no edits", page.title, said)
        raise WikiError(
            f'edits stopped: the run page "{page.title}" says {said!r}, not "run" (an Admin '
            'pulled the emergency stop; nomicbot changed nothing). Write "run" there to resume'
        )

    def check_bots(self, page: PageRevision) -> None:
        """A WikiError when ``{{nobots}}`` or ``{{bots}}`` on ``page`` keeps this bot off."""
        refusal = bots_refusal(page.text, bot=self.bot_name, transcluded=page.bots_templates)
        if refusal is not None:
            log.warning("%s refuses bot %s: %s", page.title, self.bot_name, refusal)
            raise WikiError(
                f'wiki page "{page.title}": {refusal}; nomicbot leaves it alone (changed nothing)'
            )

    # Reading.

    def read(self, title: str) -> PageRevision:
        """The page's current text with its revision and the time it was read."""
        check_title(title)
        # One request: the text, and whether {{bots}}/{{nobots}} reach the page through
        # a template it transcludes (the text alone does not show that).
        data = self._api(
            title,
            "GET",
            "query",
            prop="revisions|templates",
            titles=title,
            rvprop="content|timestamp|ids",
            rvslots="main",
            tltemplates="|".join(f"Template:{name}" for name in BOTS_TEMPLATES),
            tllimit="max",
            curtimestamp=1,
        )
        page = data["query"]["pages"][0]
        if page.get("invalid"):
            raise WikiError(f'wiki page "{title}": invalid title: {page.get("invalidreason")}')
        start = str(data["curtimestamp"])
        if page.get("missing"):
            return PageRevision(page["title"], "", False, None, None, start)
        revision = page["revisions"][0]
        text = revision["slots"]["main"]["content"]
        found = {str(t["title"]).split(":", 1)[-1] for t in page.get("templates", ())}
        return PageRevision(
            page["title"],
            text,
            True,
            int(revision["revid"]),
            revision["timestamp"],
            start,
            tuple(name for name in BOTS_TEMPLATES if name in found),
        )

    def latest_revisions(self, titles: list[str]) -> dict[str, int | None]:
        """Each page's latest revision id (None: no such page), in one request; keyed by
        the titles as the wiki normalises them."""
        for title in titles:
            check_title(title)
        if not titles:
            return {}
        data = self._api(
            titles[0], "GET", "query", prop="revisions", titles="|".join(titles), rvprop="ids"
        )
        latest: dict[str, int | None] = {}
        for page in data["query"]["pages"]:
            revisions = page.get("revisions") or [{}]
            revid = revisions[0].get("revid")
            latest[str(page["title"])] = int(revid) if revid is not None else None
        return latest

    def history(self, title: str, *, limit: int = 50) -> tuple[Revision, ...]:
        """The page's latest revisions, newest first."""
        check_title(title)
        data = self._api(
            title,
            "GET",
            "query",
            prop="revisions",
            titles=title,
            rvprop="ids|timestamp|user|comment",
            rvlimit=limit,
        )
        page = data["query"]["pages"][0]
        return tuple(
            Revision(int(r["revid"]), r["user"], r["timestamp"], r.get("comment", ""))
            for r in page.get("revisions", ())
        )

    # Editing.

    def edit(
        self,
        title: str,
        change: Callable[[str], str],
        *,
        cause: EditCause,
        minor: bool = False,
        base: PageRevision | None = None,
    ) -> EditResult:
        """Applies ``change`` to the page's text and saves it, conflict-safely.

        ``change`` gets the current text and returns the new text; it may be
        called again on a newer text after an edit conflict. No change, or a
        change MediaWiki finds makes no difference (``nochange``), saves nothing.
        ``base`` is the page as read when the change was computed: the first try
        applies ``change`` to it and saves on its revision, so an edit made since is
        a conflict (then the page is read again, and ``change`` may refuse).
        """
        check_title(title)
        summary = cause.summary()
        conflicts = 0
        self.check_run_page()
        while True:
            page = base if base is not None and conflicts == 0 else self.read(title)
            self.check_bots(page)
            new = change(page.text)
            if new.rstrip() == page.text.rstrip():
                return EditResult(page.title, False, False, "", dry_run=self.dry_run)
            diff = _diff(page.title, page.text, new)
            if self.dry_run:
                return EditResult(page.title, True, False, diff, dry_run=True, summary=summary)
            section, text = self._section_edit(page, new)
            try:
                result = self._save(page, text, section, summary, minor)
            except _Conflict:
                conflicts += 1
                if conflicts > self.max_conflicts:
                    raise WikiError(
                        f'wiki page "{page.title}": still in an edit conflict after '
                        f"{self.max_conflicts} retries; try again later"
                    ) from None
                log.info("edit conflict on %s; re-applying the change (%d)", title, conflicts)
                continue
            saved = not result.get("nochange")
            return EditResult(
                page.title,
                saved,
                saved,
                diff if saved else "",
                revid=int(result["newrevid"]) if saved else None,
                section=section,
                conflicts=conflicts,
                summary=summary,
            )

    def _save(
        self, page: PageRevision, text: str, section: int | None, summary: str, minor: bool
    ) -> dict[str, Any]:
        params: dict[str, Any] = {
            "title": page.title,
            "text": text,
            "summary": summary,
            "bot": 1,
            "starttimestamp": page.starttimestamp,
            "assert": "bot",
        }
        if page.exists:
            # Both: timestamps have one-second resolution, so two saves in the same
            # second would look like no change since basetimestamp alone.
            params.update(baserevid=page.revid, basetimestamp=page.timestamp, nocreate=1)
        else:
            params["createonly"] = 1
        if section is not None:
            params["section"] = section
        if minor:
            params["minor"] = 1
        self._throttle()
        for attempt in (1, 2):
            params["token"] = self._token(page.title, force=attempt == 2)
            try:
                data = self._api(page.title, "POST", "edit", **params)
            except _BadToken:
                continue
            finally:
                self._last_edit = self._clock()
            result: dict[str, Any] = data["edit"]
            if result.get("result") != "Success":
                reasons = sorted(k for k in result if k not in ("result", "title", "pageid"))
                raise WikiError(
                    f'wiki page "{page.title}": edit refused ({", ".join(reasons) or "no reason"})'
                )
            return result
        raise WikiError(f'wiki page "{page.title}": the wiki refused the edit token twice')

    def _token(self, title: str, *, force: bool) -> str:
        """The session's edit (csrf) token, fetched once and again when it expires."""
        if force or self._csrf is None:
            data = self._api(title, "GET", "query", meta="tokens", type="csrf")
            self._csrf = str(data["query"]["tokens"]["csrftoken"])
        return self._csrf

    def _throttle(self) -> None:
        if self._last_edit is None:
            return
        wait = self.min_interval - (self._clock() - self._last_edit)
        if wait > 0:
            log.info("waiting %.1f s between edits (the edit throttle)", wait)
            self._sleep(wait)

    def _section_edit(self, page: PageRevision, new: str) -> tuple[int | None, str]:
        """The one section holding the change, checked against the wiki's own split."""
        found = changed_section(page.text, new)
        if found is None or page.revid is None:
            return None, new
        number, old_section, new_section = found
        data = self._api(
            page.title,
            "GET",
            "query",
            prop="revisions",
            revids=page.revid,
            rvprop="content",
            rvslots="main",
            rvsection=number,
        )
        try:
            theirs = data["query"]["pages"][0]["revisions"][0]["slots"]["main"]["content"]
        except (KeyError, IndexError):
            return None, new
        if theirs.rstrip() != old_section:
            return None, new  # MediaWiki numbers sections differently here
        return number, new_section

    def _api(self, title: str, method: str, action: str, /, **params: Any) -> dict[str, Any]:
        """One API call; errors become a one-line WikiError naming the page."""
        params.update(formatversion=2, maxlag=self.maxlag)
        try:
            data: dict[str, Any] = self.site.api(action, method, **params)
        except mwclient.errors.APIError as exc:
            if exc.code in _RETRY:
                raise _Conflict from None
            if exc.code == "badtoken":
                raise _BadToken from None
            cause = _CAUSES.get(exc.code, "the wiki refused")
            info = " ".join(str(exc.info).split())
            raise WikiError(f'wiki page "{title}": {cause} ({exc.code}: {info})') from None
        except (requests.RequestException, mwclient.errors.MwClientError) as exc:
            raise WikiError(
                f'wiki page "{title}": cannot reach the wiki ({_describe(exc)})'
            ) from None
        for module, warning in data.get("warnings", {}).items():
            log.warning("wiki %s warning on %s: %s", module, title, warning.get("warnings"))
        return data


class _Conflict(Exception):
    """An edit conflict: read again and re-apply."""


class _BadToken(Exception):
    """The edit token expired: fetch a new one."""


def _diff(title: str, old: str, new: str) -> str:
    lines = difflib.unified_diff(
        (old.rstrip() + "\n").splitlines(keepends=True),
        (new.rstrip() + "\n").splitlines(keepends=True),
        fromfile=f"{title} (wiki)",
        tofile=f"{title} (nomicbot)",
    )
    return "".join(lines)
