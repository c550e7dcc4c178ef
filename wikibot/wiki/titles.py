"""Wiki page titles: refusing, before any request, one that cannot name one page."""

from __future__ import annotations

from wikibot.errors import WikiError

__all__ = ["check_title"]

_TITLE_FORBIDDEN = "#<>[]{}|"
"""Characters MediaWiki never allows in a page title (``$wgLegalTitleChars``): the
API reads ``|`` as a separator between titles and ``#`` as the start of a section."""


def check_title(title: str, *, setting: str | None = None) -> str:
    """``title`` if it can name one wiki page; otherwise a one-line WikiError.

    Catches what would make a request go to another page than the one meant
    (``"Votes|bad"`` is two titles to the API, ``"Votes#x"`` is "Votes"); other
    invalid titles are refused by the wiki itself. ``setting`` names the config
    key the title came from.
    """
    where = f"[wiki] {setting} {title!r}" if setting else f"wiki page title {title!r}"
    if not title.strip():
        raise WikiError(f"{where}: a page title cannot be empty")
    bad = sorted({ch for ch in title if ch in _TITLE_FORBIDDEN or ord(ch) < 32 or ch == "\x7f"})
    if bad:
        shown = " ".join(repr(ch) if ord(ch) < 32 or ch == "\x7f" else ch for ch in bad)
        raise WikiError(
            f"{where}: MediaWiki does not allow {shown} in page titles "
            f"(none of {_TITLE_FORBIDDEN} or control characters)"
        )
    return title
