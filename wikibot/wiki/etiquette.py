"""What a wiki community asks of a bot before it edits: ``{{bots}}``/``{{nobots}}`` and a run page.

Bot exclusion (the convention pywikibot enforces in ``Page.botMayEdit``): a
page may carry templates that keep bots off it. Every one on the page counts,
and the first that refuses wins:

* ``{{nobots}}``: no bot edits the page;
* ``{{nobots|deny=...}}`` or any other named parameter: refused, since the
  template only takes a list of bots;
* ``{{nobots|A,B}}``: bots A and B (or ``all``) may not edit;
* ``{{bots}}``: no restriction;
* ``{{bots|allow=A,B}}``: only A and B may edit (``all``: everyone, ``none``: no one);
* ``{{bots|deny=A,B}}``: A and B may not edit (``all``: no one, ``none``: no restriction).

A template may also reach the page through another template it transcludes
(``{{Keep out}}`` holding ``{{nobots}}``): the wiki's list of the page's
templates (the API's ``prop=templates``) shows it, though not its parameters.
Such a ``{{nobots}}`` or ``{{bots}}`` that is not in the page's own text keeps
the bot off, since what it allows cannot be read.

Only the first parameter of each template is read, as pywikibot does. Bot names
are compared as MediaWiki compares user names (``_`` is a space, the first letter
is not case-sensitive) and, to err on the side of leaving a page alone, without
regard to letter case at all. Templates quoted in ``<nowiki>`` or a comment do
not count.

The run page (``[wiki] run_page``, by default ``User:<bot name>/Run``) is the
emergency stop any Admin can pull: unless it says ``run`` the bot edits nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from wikibot.wiki.wikitext import PageTemplate, parse, templates

__all__ = ["BOTS_TEMPLATES", "RUN_WORD", "BotsRefusal", "bots_refusal", "is_run", "normalise_user"]

BOTS_TEMPLATES = ("Bots", "Nobots")
"""The bot-exclusion templates, as the wiki names them (in the Template namespace)."""

RUN_WORD = "run"
"""What the run page says while the bot may edit."""


@dataclass(frozen=True)
class BotsRefusal:
    """Why a page's bot-exclusion template keeps this bot off it."""

    template: str
    """The template as written on the page, e.g. ``{{nobots}}``."""
    reason: str
    """What it says, in a few words."""
    transcluded: bool = False
    """It reaches the page through a template the page transcludes, not its own text."""

    def __str__(self) -> str:
        if self.transcluded:
            return f"{self.template}, reached through a transcluded template, {self.reason}"
        return f"{self.template} on the page {self.reason}"


def normalise_user(name: str) -> str:
    """A user name as MediaWiki compares it, case-folded: ``nomic_bot`` -> ``nomic bot``."""
    return " ".join(name.replace("_", " ").split()).casefold()


def _names(value: str) -> set[str]:
    return {normalise_user(n) for n in value.split(",") if n.strip()}


def _refusal(template: PageTemplate, bot: str) -> str | None:
    """Why ``template`` refuses ``bot``, or None."""
    params = list(template.params.items())
    if not params:
        return "keeps all bots off the page" if template.name == "Nobots" else None
    key, value = params[0]
    positional = key.isdigit()
    names = _names(value)
    if template.name == "Nobots":
        if not positional:
            return f"has a {key}= parameter, which {{{{nobots}}}} does not take"
        if "all" in names or bot in names:
            return "keeps this bot off the page"
        return None
    if positional:
        return None  # {{bots|X}} means nothing; pywikibot ignores it too
    if key == "allow" and not ("all" in names or bot in names):
        return "allows only other bots" if "none" not in names else "allows no bot"
    if key == "deny" and ("all" in names or bot in names):
        return "denies this bot"
    return None


def bots_refusal(text: str, *, bot: str, transcluded: Iterable[str] = ()) -> BotsRefusal | None:
    """The first ``{{bots}}``/``{{nobots}}`` template on the page that refuses ``bot``.

    ``transcluded``: ``Bots``/``Nobots`` if the wiki says the page transcludes them; one
    not written in ``text`` came through another template and refuses, unread.
    """
    me = normalise_user(bot)
    written = set()
    for template in templates(text):
        if template.name not in BOTS_TEMPLATES:
            continue
        written.add(template.name)
        reason = _refusal(template, me)
        if reason is not None:
            return BotsRefusal(" ".join(template.wikitext.split()), reason)
    for name in transcluded:
        if name in BOTS_TEMPLATES and name not in written:
            reason = (
                "keeps all bots off the page"
                if name == "Nobots"
                else "may deny this bot (its parameters cannot be read there)"
            )
            return BotsRefusal(f"{{{{{name.lower()}}}}}", reason, transcluded=True)
    return None


def is_run(text: str) -> bool:
    """Does the run page say ``run``: its text, comments left out and spaces trimmed,
    is the word ``run`` in any letter case."""
    code = parse(text)
    for comment in code.filter_comments(recursive=True):
        code.remove(comment)
    return str(code).strip().casefold() == RUN_WORD
