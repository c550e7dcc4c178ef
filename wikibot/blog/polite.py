"""A polite HTTP client for reading the blog.

BlogNomic is a small community site run by volunteers, so the bot reads it the
way a considerate person would:

* every request names the bot and who runs it (the User-Agent);
* one request at a time, at least ``min_interval`` seconds apart; a
  ``Crawl-delay`` in the site's robots.txt (fetched once per site) raises that,
  and a path robots.txt disallows is not fetched at all. robots.txt is read by
  protego as RFC 9309 says: the longest matching Allow/Disallow rule wins, and
  Crawl-delay is seconds with a fraction if given (``1.2``), from the group
  naming this bot, else the ``*`` group (the standard library's parser takes
  the first matching rule and whole seconds only);
* every request has a timeout;
* a connection error, a cut-off transfer, a 429 or a 5xx is retried, waiting
  longer each time (exponential backoff with jitter, so several bots don't
  retry in step) or exactly as long as the server's ``Retry-After`` asks;
* a page the caller finds incomplete (e.g. HTML with no closing ``</html>``)
  is fetched again the same way; if it stays incomplete the last copy is
  returned so the caller can keep what it holds and say what is missing.

Every wait for the interval, retry, ``Retry-After`` and robots.txt refusal is
logged (``nomicbot -v`` shows them); the log names URLs and statuses, nothing else.
A blog behind HTTP Basic authentication gets its login as ``auth``, never inside
the URLs, and any URL a log line or error names has its login masked.

When the retries run out it raises :class:`~wikibot.errors.ScrapeError` with
one line naming the URL and the cause. ``sleep`` and the clocks are injectable
so tests run without waiting.
"""

from __future__ import annotations

import email.utils
import logging
import math
import random
import threading
import time
from collections.abc import Callable, Mapping
from types import TracebackType
from urllib.parse import urlsplit

import requests
from protego import Protego

from wikibot.errors import ScrapeError
from wikibot.secrecy import redact_url
from wikibot.useragent import warn_once_without_contact

__all__ = ["PoliteSession", "parse_crawl_delay", "parse_retry_after"]

log = logging.getLogger(__name__)

_RETRY_ERRORS = (
    requests.exceptions.ConnectionError,
    requests.exceptions.Timeout,
    requests.exceptions.ChunkedEncodingError,
    requests.exceptions.ContentDecodingError,
)


def parse_retry_after(value: str | None, *, now: float) -> float | None:
    """Seconds to wait from a ``Retry-After`` header: ``"120"`` or an HTTP date.

    ``now`` is the current Unix time (for the date form). Returns None when the
    header is absent or unreadable, so the caller falls back to its own backoff.
    """
    if value is None:
        return None
    text = value.strip()
    if text.isdigit():
        return float(text)
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:  # RFC 9110: an HTTP date is always GMT
        return None
    return max(0.0, when.timestamp() - now)


def parse_crawl_delay(robots_txt: str, user_agent: str) -> float | None:
    """The ``Crawl-delay`` (seconds, fractions allowed) robots.txt sets for ``user_agent``.

    Read by protego: the group naming the bot's product token (``nomicbot`` for
    ``nomicbot/0.1 (...)``, case-insensitive) applies, else the ``*`` group; None
    when that group sets no readable, finite, non-negative delay.
    """
    delay = Protego.parse(robots_txt).crawl_delay(user_agent)
    if delay is None:
        return None
    value = float(delay)
    return value if math.isfinite(value) and value >= 0 else None


def _describe(exc: BaseException) -> str:
    """One line for an exception: its type and its innermost cause's words."""
    root, seen = exc, {id(exc)}
    while (inner := root.__cause__ or root.__context__) is not None and id(inner) not in seen:
        root = inner
        seen.add(id(inner))
    # requests wraps urllib3 wraps the socket error; the innermost says it plainly,
    # e.g. "Connection refused" or "Remote end closed connection without response".
    detail = str(root.args[-1]) if root is not exc and root.args else str(exc)
    detail = " ".join(detail.split())
    if len(detail) > 160:
        detail = detail[:157] + "..."
    return f"{type(exc).__name__}: {detail}" if detail else type(exc).__name__


class PoliteSession:
    """Fetches pages one at a time, spaced out, retried, with robots.txt obeyed."""

    def __init__(
        self,
        *,
        user_agent: str,
        session: requests.Session | None = None,
        min_interval: float = 1.0,
        timeout: float = 30.0,
        max_retries: int = 5,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        backoff_base: float = 1.0,
        backoff_cap: float = 60.0,
        max_retry_after: float = 600.0,
        obey_robots: bool = True,
        robots_txt: Mapping[str, str | None] | None = None,
        auth: tuple[str, str] | None = None,
    ) -> None:
        if not user_agent.strip():
            raise ValueError("a User-Agent naming the bot and its operator is required")
        if min_interval < 0 or timeout <= 0 or max_retries < 0:
            raise ValueError("min_interval >= 0, timeout > 0 and max_retries >= 0 are required")
        warn_once_without_contact(user_agent)
        self.user_agent = user_agent
        """Sent with every request."""
        self.min_interval = min_interval
        """Seconds between two requests, before any robots.txt Crawl-delay."""
        self.timeout = timeout
        """Seconds to wait for a connection or a response."""
        self.max_retries = max_retries
        """Extra attempts after the first one fails."""
        self.requests_made = 0
        """Every HTTP request actually sent, robots.txt and retries included."""
        self._session = session if session is not None else requests.Session()
        self._auth = auth  # HTTP Basic (user, password); None: whatever the session has
        self._owns_session = session is None
        self._sleep = sleep
        self._clock = clock
        self._wall_clock = wall_clock
        self._rng = rng if rng is not None else random.Random()
        self._backoff_base = backoff_base
        self._backoff_cap = backoff_cap
        self._max_retry_after = max_retry_after
        self._obey_robots = obey_robots
        self._robots: dict[str, Protego | None] = {}
        self._crawl_delays: dict[str, float | None] = {}
        self.robots_txt: dict[str, str | None] = {}
        """Site -> its robots.txt as read (None: it has none); a caller may keep it
        and pass it back as ``robots_txt`` so the next run need not fetch it again."""
        for site, text in (robots_txt or {}).items():
            self.remember_robots(site, text)
        self._last_start: float | None = None
        self._lock = threading.Lock()

    # Lifecycle.

    def close(self) -> None:
        """Closes the connection pool if this object created it."""
        if self._owns_session:
            self._session.close()

    def __enter__(self) -> PoliteSession:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # Politeness.

    def crawl_delay(self, url: str) -> float | None:
        """The robots.txt Crawl-delay of ``url``'s site for this bot, once fetched."""
        return self._crawl_delays.get(_site(url))

    def interval(self, url: str) -> float:
        """Seconds between two requests to ``url``'s site: ``min_interval`` or Crawl-delay."""
        return max(self.min_interval, self.crawl_delay(url) or 0.0)

    def _throttle(self, url: str, wait: float = 0.0) -> None:
        """Waits until the next request may start: ``wait`` from now, and the interval."""
        delay = wait
        if self._last_start is not None:
            delay = max(delay, self._last_start + self.interval(url) - self._clock())
        if delay > 0:
            log.debug("waiting %.2f s before the next request to %s", delay, redact_url(_site(url)))
            self._sleep(delay)
        self._last_start = self._clock()

    def _send(self, url: str, headers: Mapping[str, str] | None) -> requests.Response:
        sent = {"User-Agent": self.user_agent, **(headers or {})}
        self.requests_made += 1
        resp = self._session.get(url, headers=sent, timeout=self.timeout, auth=self._auth)
        self.requests_made += len(resp.history)  # each redirect followed was a request too
        return resp

    def _load_robots(self, url: str) -> None:
        """Fetches the site's robots.txt once (one attempt; unreadable means no rules)."""
        site = _site(url)
        if site in self._robots:
            return
        self._throttle(url)
        try:
            resp = self._send(site + "/robots.txt", None)
        except requests.exceptions.RequestException:
            resp = None
        self.remember_robots(
            site, resp.text if resp is not None and resp.status_code == 200 else None
        )

    def remember_robots(self, site: str, text: str | None) -> None:
        """Takes ``site``'s robots.txt as known (None: it has none), so it is not fetched."""
        self._robots[site] = Protego.parse(text) if text is not None else None
        self._crawl_delays[site] = parse_crawl_delay(text, self.user_agent) if text else None
        self.robots_txt[site] = text

    def _backoff(self, attempt: int) -> float:
        """Exponential backoff with "equal jitter": half fixed, half random."""
        delay = min(self._backoff_cap, self._backoff_base * 2.0 ** (attempt - 1))
        return delay / 2 + self._rng.random() * delay / 2

    # Fetching.

    def get(
        self,
        url: str,
        *,
        headers: Mapping[str, str] | None = None,
        is_complete: Callable[[requests.Response], bool] | None = None,
    ) -> requests.Response:
        """GETs ``url`` politely and returns the response (2xx or 304).

        ``is_complete`` checks a 2xx body; an incomplete one is retried like a
        5xx, and if every attempt is incomplete the last one is returned.
        Raises ScrapeError for other 4xx statuses, a robots.txt refusal, or when
        the retries run out.
        """
        with self._lock:
            if self._obey_robots:
                self._load_robots(url)
                robots = self._robots.get(_site(url))
                if robots is not None and not robots.can_fetch(url, self.user_agent):
                    shown = redact_url(url)
                    log.warning("robots.txt of %s does not allow %s", redact_url(_site(url)), shown)
                    raise ScrapeError(f"{shown}: robots.txt does not allow this bot to read it")
            return self._get_with_retries(url, headers, is_complete)

    def _get_with_retries(
        self,
        url: str,
        headers: Mapping[str, str] | None,
        is_complete: Callable[[requests.Response], bool] | None,
    ) -> requests.Response:
        attempts = self.max_retries + 1
        shown = redact_url(url)
        incomplete: requests.Response | None = None
        cause = ""
        wait = 0.0
        for attempt in range(attempts):
            self._throttle(url, wait)
            wait = self._backoff(attempt + 1)
            try:
                resp = self._send(url, headers)
            except _RETRY_ERRORS as exc:
                cause = _describe(exc)
                self._log_retry(url, cause, attempt, wait)
                continue
            status = resp.status_code
            if status == 429 or status >= 500:
                cause = f"HTTP {status} {resp.reason or ''}".strip()
                retry_after = parse_retry_after(
                    resp.headers.get("Retry-After"), now=self._wall_clock()
                )
                if retry_after is not None:
                    if retry_after > self._max_retry_after:
                        raise ScrapeError(
                            f"{shown}: {cause}, and the server asks to wait "
                            f"{retry_after:.0f} s (more than {self._max_retry_after:.0f} s)"
                        )
                    wait = retry_after
                    log.info("%s: the server asks to wait %.1f s (Retry-After)", shown, wait)
                self._log_retry(url, cause, attempt, wait)
                continue
            if status >= 400:
                raise ScrapeError(f"{shown}: HTTP {status} {resp.reason or ''}".strip())
            if status != 304 and is_complete is not None and not is_complete(resp):
                incomplete = resp
                cause = "the page arrived incomplete"
                self._log_retry(url, cause, attempt, wait)
                continue
            return resp
        if incomplete is not None:
            log.warning("%s: still incomplete after %d attempts; keeping the last", shown, attempts)
            return incomplete
        raise ScrapeError(f"could not read {shown} after {attempts} attempts: {cause}")

    def _log_retry(self, url: str, cause: str, attempt: int, wait: float) -> None:
        if attempt < self.max_retries:
            log.info(
                "%s: %s; retry %d of %d in %.1f s",
                redact_url(url),
                cause,
                attempt + 1,
                self.max_retries,
                wait,
            )


def _site(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"
