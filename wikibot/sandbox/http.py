"""The sandbox blog's HTTP side: one request in, one answer out.

:class:`BlogServer` listens for a :class:`~wikibot.sandbox.blog.SandboxBlog`
(which holds the game, the faults and the counts, and renders each page), and
its handler turns each request into an answer:

* ``GET``/``HEAD`` of a page: counted, then any pending fault applied (a delay,
  a 429/500/503, a reset connection, the page cut off midway, or rewritten); the page gets
  an ``ETag`` (a hash of its bytes) and ``Last-Modified``, and a conditional
  request (``If-None-Match``, else ``If-Modified-Since``) whose page is
  unchanged gets 304; ``/robots.txt`` and the SVG voting icons are served too;
* ``POST /archive/{id}/comment``: the form's comment added (303 to it, with
  ``X-Comment-Id``), or 400/404/500 with a JSON ``{"error": ...}``; a
  ``Content-Length`` that is not a number is a 400, one over
  :data:`MAX_POST_BYTES` a 413 (either closes the connection, whose body
  cannot be told from the next request);
* the control paths, never counted or faulted: ``GET /_stats``,
  ``GET``/``POST``/``DELETE /_faults``.

Connections are kept alive, as the real site's are, and a client that hangs up
is not an error.
"""

from __future__ import annotations

import email.utils
import hashlib
import json
import re
import socket
import struct
import sys
import time
from dataclasses import asdict, replace
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, quote, unquote, urlsplit

from wikibot.sandbox.admin import admin_request
from wikibot.sandbox.render import render_vote_icon

if TYPE_CHECKING:
    from wikibot.sandbox.blog import Fault, SandboxBlog

__all__ = ["MAX_POST_BYTES", "BlogServer"]

_COMMENT = re.compile(r"/archive/(?P<id>[^/]+)/comment/?")
MAX_POST_BYTES = 1 << 20
"""The largest POST body taken (a comment form or a fault spec): 1 MiB."""


class BlogServer(ThreadingHTTPServer):
    """The HTTP server, holding its blog; quiet about clients that hang up."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], blog: SandboxBlog) -> None:
        self.blog = blog
        super().__init__(address, _Handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that gave up (timeout, test over) is normal here, not an error.
        exc = sys.exc_info()[1]
        if not isinstance(exc, ConnectionError | TimeoutError):
            super().handle_error(request, client_address)


class _Handler(BaseHTTPRequestHandler):
    """One HTTP exchange with the sandbox blog."""

    server: BlogServer

    protocol_version = "HTTP/1.1"  # keep-alive, as the real site and requests use
    server_version = "SandboxBlog/1"
    timeout = 10  # idle keep-alive connections are dropped after this

    @property
    def blog(self) -> SandboxBlog:
        return self.server.blog

    def setup(self) -> None:
        super().setup()
        # Headers and body go out in separate writes; without this, Nagle's
        # algorithm meets the client's delayed ACK and every response waits 40 ms.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: tests and benchmarks make thousands of requests."""

    def _send(
        self, status: int, body: bytes, headers: dict[str, str] | None = None, *, ctype: str = ""
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype or "text/html; charset=utf-8")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, data: object, headers: dict[str, str] | None = None) -> None:
        body = json.dumps(data).encode("utf-8")
        self._send(status, body, headers, ctype="application/json")

    def _reset(self) -> None:
        """Closes the connection with a TCP reset, sending nothing."""
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.close_connection = True
        self.connection.close()

    def _apply_fault(self, path: str) -> Fault | str | None:
        """Applies a pending fault; returns "done" if it answered, or the fault that
        changes the page sent (``truncate``, ``rewrite``)."""
        fault = self.blog.take_fault(path)
        if fault is None:
            return None
        if fault.kind == "latency":
            time.sleep(fault.seconds)
            return None
        if fault.kind == "reset":
            self._reset()
            return "done"
        if fault.kind in ("truncate", "rewrite"):
            return fault
        headers = {}
        if fault.retry_after is not None and fault.kind in ("429", "503"):
            ra = fault.retry_after
            headers["Retry-After"] = ra if isinstance(ra, str) else f"{ra:g}"
        status = int(fault.kind)
        self._send(status, f"<html><body><h1>{status}</h1></body></html>\n".encode(), headers)
        return "done"

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        path = urlsplit(self.path).path
        if path == "/_stats":
            blog = self.blog
            stats = {
                "requests": blog.request_count,
                "by_path": blog.requests_by_path(),
                "user_agents": blog.user_agents(),
            }
            self._json(200, stats)
            return
        if path == "/_faults":
            pending = [{**asdict(f), "remaining": n} for f, n in self.blog.pending_faults()]
            self._json(200, pending)
            return
        self.blog.count_request(path, self.headers.get("User-Agent", ""))
        outcome = self._apply_fault(path)
        if outcome == "done":
            return
        fault = None if isinstance(outcome, str) else outcome
        if path == "/robots.txt":
            self._send(200, self.blog.robots_txt().encode(), ctype="text/plain; charset=utf-8")
            return
        icon = render_vote_icon(path)
        if icon is not None:
            self._send(200, icon, ctype="image/svg+xml")
            return
        page = self.blog.page_at(path)
        if fault is not None and fault.kind == "rewrite":
            page = replace(page, body=fault.rewrite(page.body))
        etag = '"' + hashlib.sha1(page.body).hexdigest()[:24] + '"'
        headers = {"ETag": etag}
        if page.last_modified is not None:
            headers["Last-Modified"] = email.utils.format_datetime(page.last_modified, usegmt=True)
        if page.status == 200 and self._not_modified(etag, page.last_modified):
            self.send_response(304)
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            return
        cut = fault is not None and fault.kind == "truncate"
        body = page.body[: len(page.body) // 2] if cut else page.body
        self._send(page.status, body, headers)

    do_HEAD = do_GET

    def _not_modified(self, etag: str, modified: datetime | None) -> bool:
        """RFC 9110: If-None-Match decides when present, else If-Modified-Since."""
        inm = self.headers.get("If-None-Match")
        if inm is not None:
            tags = {t.strip().removeprefix("W/") for t in inm.split(",")}
            return "*" in tags or etag in tags
        ims = self.headers.get("If-Modified-Since")
        if ims is None or modified is None:
            return False
        try:
            since = email.utils.parsedate_to_datetime(ims)
        except (TypeError, ValueError):
            return False
        return since.tzinfo is not None and modified <= since

    def do_POST(self) -> None:  # noqa: N802
        path = urlsplit(self.path).path
        declared = (self.headers.get("Content-Length") or "0").strip()
        close = {"Connection": "close"}  # the body's end is unknown: take no next request
        if not declared.isdigit() or not declared.isascii():
            self._json(400, {"error": f"Content-Length is not a number: {declared[:40]!r}"}, close)
            return
        # Its length first: int() refuses more than 4,300 digits.
        length = int(declared) if len(declared) <= 12 else MAX_POST_BYTES + 1
        if length > MAX_POST_BYTES:
            self._json(413, {"error": f"a POST body is at most {MAX_POST_BYTES} bytes"}, close)
            return
        raw = self.rfile.read(length) if length > 0 else b""
        if path == "/_faults":
            try:
                spec = json.loads(raw or b"{}")
                fault = self.blog.add_fault(**spec)
            except (ValueError, TypeError) as exc:
                self._json(400, {"error": str(exc)})
                return
            self._json(201, asdict(fault))
            return
        self.blog.count_request(path, self.headers.get("User-Agent", ""))
        if self._apply_fault(path) == "done":
            return
        if (answer := admin_request(self.blog, path, raw)) is not None:
            self._json(*answer)  # the Admin's control panel (wikibot.sandbox.admin)
            return
        m = _COMMENT.fullmatch(path)
        if m is None:
            self._json(404, {"error": f"cannot POST to {path}"})
            return
        form = {k: v[-1] for k, v in parse_qs(raw.decode("utf-8", "replace")).items()}
        post_id = unquote(m["id"])
        try:
            comment = self.blog.add_comment(
                post_id,
                author=form.get("author", ""),
                body_html=form.get("body", ""),
                vote=form.get("vote") or None,
            )
        except KeyError:
            self._json(404, {"error": f"no post {post_id!r}"})
            return
        except ValueError as exc:
            self._json(400, {"error": str(exc)})
            return
        except OSError as exc:
            self._json(500, {"error": f"could not save the comment: {exc}"})
            return
        where = f"/archive/{quote(post_id)}#comment-{comment.id}"
        self._send(
            303,
            f'<p>Comment posted: <a href="{where}">{comment.id}</a></p>\n'.encode(),
            {"Location": where, "X-Comment-Id": comment.id},
        )

    def do_DELETE(self) -> None:  # noqa: N802
        if urlsplit(self.path).path != "/_faults":
            self._json(405, {"error": "only /_faults can be deleted"})
            return
        self.blog.clear_faults()
        self._json(200, [])
