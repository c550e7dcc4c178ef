"""Posting an announcement to a chat webhook (Discord- and Slack-compatible JSON).

The URL is a secret (anyone who has it can post to the channel): no message this
module raises or logs contains it.
"""

from __future__ import annotations

import requests

from wikibot.errors import WebhookError

__all__ = ["MAX_LENGTH", "post_webhook", "webhook_payload"]

MAX_LENGTH = 1900
"""Discord refuses a ``content`` over 2000 characters; longer texts are cut here."""


def webhook_payload(text: str) -> dict[str, str]:
    """``{"content": ..., "text": ...}``: Discord reads ``content``, Slack ``text``."""
    if len(text) > MAX_LENGTH:
        text = text[: MAX_LENGTH - 1] + "…"
    return {"content": text, "text": text}


def post_webhook(
    url: str,
    text: str,
    *,
    user_agent: str,
    timeout: float = 10.0,
    session: requests.Session | None = None,
) -> None:
    """POSTs ``text`` to the webhook; raises WebhookError (without the URL) if it fails."""
    http = session or requests
    try:
        resp = http.post(
            url,
            json=webhook_payload(text),
            headers={"User-Agent": user_agent},
            timeout=timeout,
            allow_redirects=False,
        )
    except requests.RequestException as exc:
        # The exception's text holds the URL: only its kind is reported.
        raise WebhookError(f"the webhook POST failed ({type(exc).__name__})") from None
    if not 200 <= resp.status_code < 300:
        raise WebhookError(f"the webhook answered HTTP {resp.status_code}")
