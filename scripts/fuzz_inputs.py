"""Hostile inputs for ``scripts/fuzz.py``: what a player, an editor or a damaged page may send.

Every input is a pure function of a seed (``random.Random``), so a run with the
same seed makes the same inputs, and a failure names the reader and index that
reproduce it (``scripts/fuzz.py --only READER --first INDEX --count 1 -v``).

The atoms: numbers of thousands of digits (``int()`` refuses more than 4,300),
deep nesting (thousands of nested tags, quotations, strike-throughs), control
and invisible characters (NUL, C0 and C1 controls, zero-width and bidi marks,
non-characters, line and paragraph separators), huge and odd text (a megabyte
of one letter, combining marks, markup of HTML and of wikitext, the bot's own
markers), dates that cannot be, and links that look like the blog's hooks.
"""

from __future__ import annotations

import random
from collections.abc import Callable

__all__ = [
    "CONTROL",
    "INVISIBLE",
    "dice_command",
    "hostile_html",
    "hostile_name",
    "hostile_number",
    "hostile_text",
]

CONTROL = [chr(i) for i in range(32)] + ["\x7f"] + [chr(i) for i in range(0x80, 0xA0)]
"""C0 and C1 controls, NUL and DEL included."""
INVISIBLE = [
    "\u00ad",  # soft hyphen
    "\u200b",  # zero-width space
    "\u200c",
    "\u200d",
    "\u2060",  # word joiner
    "\ufeff",  # byte order mark
    "\u202e",  # right-to-left override
    "\u202d",
    "\u2066",  # left-to-right isolate
    "\u2028",  # line separator
    "\u2029",  # paragraph separator
    "\u0085",  # next line
    "\u00a0",  # no-break space
    "\u3000",  # ideographic space
    "\ufffe",  # non-characters
    "\uffff",
    "\U0010ffff",
    "\U000e0001",  # language tag
    "\u0301",  # a combining mark alone
]
_TAGS = [
    "div", "b", "i", "p", "span", "blockquote", "q", "s", "strike", "del", "a", "li", "ol",
    "ul", "table", "tr", "td", "font", "em", "h3", "article", "section", "code", "pre",
]  # fmt: skip
_ICON = '<img src="/images/vote/for.gif" alt="for">'
_AGAINST = '<img src="/wp-content/uploads/icons/against.svg" alt="against">'
_SPECIALS = [
    "<!--", "-->", "<![CDATA[", "]]>", "<script>", "</script>", "<style>", "</div>", "</p>",
    "</html>", "<html>", "<body>", "</body>", "&#0;", "&#xFFFFFFFF;", "&#99999999999999999999;",
    "&#x110000;", "&nbsp", "&amp", "&", "<", ">", '"', "'", "\\", "\\1", "\\g<0>", "{{", "}}",
    "[[", "]]", "|", "||", "!!", "|-", "{|", "|}", "~~~~", "__NOTOC__", "<nowiki>",
    "</nowiki>", "<pre>", "<!-- nomicbot:votes begin -->", "<!-- nomicbot:votes end -->",
    "== Zone ==", "\n== Visitors ==\n", "* Operator: ", "# AtSScAA", "%", "%00", "%ff", "..",
    "/", "?", "#", "*", "Adminned at", "posted by", "Comments (", "Quorum is", "Boss:",
]  # fmt: skip
_DATES = [
    "99-99-9999 99:99:99 UTC", "31 Feb 2016 25:61:61", "00-00-0000 00:00:00", "29-02-2015 10:00",
    "01-01-9999 23:59:59 UTC", "01-01-0001 00:00:00 UTC", "01 Jan 0001 00:00:00",
    "13-13-2016 10:00:00 UTC", "12-12-2016 13:00:00 PM", "01-01-2016 10:00 +99:99",
    "01-01-2016 10:00 BST", "23 Smarch 2016 10:17:44", "23 May 2016 10:17:44 +1400",
    "03-20-2017 09:37:19 UTC", "25-07-2016 03:32:29 UTC",
]  # fmt: skip


def hostile_number(rng: random.Random) -> str:
    """Digits: many (past ``int()``'s 4,300), or just past a guard."""
    length = rng.choice([10, 13, 20, 100, 4300, 4301, 5000, 50_000])
    return rng.choice("123456789") + "".join(rng.choices("0123456789", k=length - 1))


def _nest(rng: random.Random, inner: str) -> str:
    tag = rng.choice(_TAGS)
    depth = rng.choice([50, 300, 1000, 5000, 20_000])
    closed = rng.random() < 0.5
    attrs = rng.choice(["", ' class="comment"', ' class="commentbody"', ' class="content"'])
    return f"<{tag}{attrs}>" * depth + inner + (f"</{tag}>" * depth if closed else "")


def _odd_chars(rng: random.Random) -> str:
    pool = CONTROL + INVISIBLE
    return "".join(rng.choice(pool) for _ in range(rng.choice([1, 5, 50, 5000])))


def _atom(rng: random.Random) -> str:
    """One hostile piece of text or markup."""
    number = hostile_number(rng)
    makers: list[Callable[[], str]] = [
        lambda: "I bid " + number,
        lambda: "I bid -" + number,
        lambda: "I bid " + ",".join(["999"] * rng.choice([4, 2000])),
        lambda: "I bid " + number + rng.choice([".5", "k", "", ","]),
        lambda: "I bid 0" + "0" * rng.choice([10, 5000]) + "250",
        lambda: "I bid " * rng.choice([2, 5000]) + "100",
        lambda: "I " + " " * rng.choice([10, 100_000]) + "bid 25",
        lambda: _nest(rng, rng.choice([_ICON, "I bid 100", _AGAINST, ""])),
        lambda: _odd_chars(rng),
        lambda: rng.choice(_SPECIALS) * rng.choice([1, 3, 1000]),
        lambda: rng.choice(_DATES),
        lambda: rng.choice("aX ") * rng.choice([1000, 100_000, 1_000_000]),
        lambda: "e" + "\u0301" * rng.choice([10, 5000]),
        lambda: "\u202e" + "Kevan" + "\u202c",
        lambda: "\U0001f600" * rng.choice([1, 1000]),
        lambda: "١٢٣" + "１００",
        lambda: f'<a href="/P{number}">next</a>',
        lambda: f'<a href="/page/{number}/">2</a>',
        lambda: f'<a href="/member/{number}">Josh</a>',
        lambda: f'<a rel="next" href="{rng.choice(["javascript:x", "//other.example/", "?a"])}">',
        lambda: f"Comments ({number})",
        lambda: f'<p id="PlayerCount">There are {number} players; Quorum is {number}.</p>',
        lambda: f'<li class="comment" data-comment-time="{number}" data-vote="for">',
        lambda: (
            '<div class="comment"><h3><a href="/member/2">Josh</a> 01-01-2016 10:00</h3>'
            f'<div class="commentbody">{_ICON}</div></div>' * rng.choice([1, 2000])
        ),
        lambda: (
            '<h3 class="proposal Enacted"><a href="/archive/fake">Proposal: Fake</a></h3>'
            "<p><em>posted by <a href='/member/1'>Kevan</a> at 01 May 2016 10:00:00 UTC</em></p>"
        ),
        lambda: '<span class="status-open term-category-proposal">wp?</span>',
        lambda: '<meta name="generator" content="WordPress 6">',
        lambda: f'<img alt="{"x" * rng.choice([10, 100_000])}" src="/images/vote/x{number}.gif">',
        lambda: f'<img src="http://[oops/{number}/for.gif" alt="veto">',
        lambda: "<s>" * rng.choice([1, 5000]) + _ICON,
        lambda: "<blockquote>" + _ICON + "</blockquote>" * rng.choice([1, 5000]),
        lambda: "<" + "a " * rng.choice([10, 50_000]),
        lambda: '<img alt="' + "'" * rng.choice([10, 50_000]),
        lambda: "<!--" * rng.choice([1, 5000]) + _ICON,
        lambda: f"Enacted by Kevan ({number}-1, Quorum {number})",
        lambda: f"Timed out {number} votes to {number}. Failed by Kevan.",
        lambda: "Self-killed. " * rng.choice([1, 10_000]),
        lambda: f"{{{{Budget|{number}}}}}",
        lambda: "\n" * rng.choice([10, 100_000]),
        lambda: "\r\n\t\v\f" * rng.choice([1, 1000]),
    ]
    return rng.choice(makers)()


def hostile_text(rng: random.Random) -> str:
    """Plain hostile text: one to four atoms, sometimes around ordinary words."""
    parts = [_atom(rng) for _ in range(rng.choice([1, 1, 2, 4]))]
    if rng.random() < 0.3:
        parts.insert(0, rng.choice(["Looks fine. ", _ICON, "I bid 250. "]))
    return "".join(parts)


def hostile_html(rng: random.Random) -> str:
    """A hostile comment or post body (HTML, as a player may write it)."""
    text = hostile_text(rng)
    if rng.random() < 0.3:
        text = _nest(rng, text)
    return text


def hostile_name(rng: random.Random) -> str:
    """A player's name, a title, an id: short and odd, or huge."""
    choice = rng.random()
    if choice < 0.4:
        return rng.choice(["Josh", "Alice", "Bob", "Kevan"]) + _odd_chars(rng)[:5]
    if choice < 0.7:
        return hostile_text(rng)[: rng.choice([30, 1000, 100_000])] or "x"
    return rng.choice(
        [
            "<b>Josh</b>",
            "Josh*",
            "*",
            "Josh\nKevan",
            "  Josh  ",
            "a" * 1_000_000,
            "Kevan\u200b",
            "\u202eKevan",
            "Ümlaut & Sons",
            "]]|}<!--",
            "Proposal: " + "x" * 100_000,
        ]
    )


def dice_command(rng: random.Random) -> str:
    """A GNDT command as an Admin might type it, or garbage."""
    number = hostile_number(rng)
    return rng.choice(
        [
            f"{number}DICE6",
            f"DICE{number}",
            f"DICE-{number}",
            f"{number}DICE-{number}",
            f"0{'0' * 5000}3DICE6",
            "DICE6\nDICE6",
            "\x00DICE6",
            "DICE６",
            "٣DICE6",
            f"{rng.randint(0, 2000)}DICE{rng.randint(-5, 10**10)}",
            rng.choice(["FRUIT", "colour", " VEGGIE ", "COLOR\x00"]),
            hostile_text(rng)[:10_000],
        ]
    )
