"""BlogNomic's pages as HTML, in its two markups, for the sandbox blog.

``classic`` is the ExpressionEngine-era markup: each post a ``div.post`` whose
``<h3 class="proposal Enacted">`` holds the title link, comments as
``div.comment`` with the commenter in the ``h3`` and the body in
``div.commentbody``. ``wp2020`` is the 2020 WordPress theme: ``article`` posts
with ``status-*`` and ``term-category-*`` classes, comments as ``li.comment``
with ``data-*`` attributes, the vote in ``div.vote > img`` and the body in
``div.content``. See ``shared/BLOGNOMIC_MARKUP.md``; :mod:`wikibot.blog.parse`
reads both.

Both markups share these parts:

* the post footer ``posted by <a href="/member/NNN">NAME</a> at 23 May 2016
  10:17:44  UTC`` (two spaces before UTC, as on the real site), a category link
  ``<a rel="tag">`` (``rel="category tag"`` in wp2020) and ``Comments (N)``;
* the Admin field: ``<p class="admin-note">`` with the resolving Admin's note,
  then ``<p>Adminned at 24 May 2016  04:16:57 UTC</p>`` (the odd spacing of
  real "closed" dates);
* the sidebar: ``#PlayerList > a`` per player, Idle players with a trailing
  ``*``, Admins' links with ``class="admin"`` and ``title="Admin"``; then
  ``<p id="PlayerCount">There are 7 active Imagineers; Quorum is 4.</p>`` and
  ``<p id="Boss">Boss: <a href="/member/1">Kevan</a></p>`` (omitted in a
  Metadynasty), both in the game's own Terms.

A comment's explicit ``vote`` (the 2020 theme's ``data-vote``) is shown outside
its body in both markups: wp2020 as ``data-vote`` and ``div.vote > img``,
classic as ``div.commentvote > img``, so the body stays exactly as written.
The icons themselves are small SVGs (:func:`render_vote_icon`), for a person
browsing the sandbox.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from html import escape

from gamestate.profiles.blognomic_139.models import Comment, Player, Post, PostStatus, Terms
from wikibot.blog.dates import DateOrder, format_named_date, format_numeric_date
from wikibot.blog.markup import category_slug
from wikibot.blog.outcome import status_from_page

__all__ = [
    "MARKUPS",
    "Site",
    "page_href",
    "render_listing",
    "render_message",
    "render_post_page",
    "render_vote_icon",
]

MARKUPS = ("classic", "wp2020")

_CLASSIC_ICONS = {
    "for": "for.gif",
    "against": "against.gif",
    "deferential": "imperial.gif",
    "imperial": "imperial.gif",
    "veto": "seal.gif",
}
_WP_ICONS = {
    "for": "for.svg",
    "against": "against.svg",
    "deferential": "imperial.svg",
    "imperial": "imperial.svg",
    "veto": "veto.svg",
}
_CLASSIC_ICON_FOLDER = "/images/vote"
_WP_ICON_FOLDER = "/wp-content/uploads/icons"
# Voting icons for a person browsing the sandbox (the real site's are GIFs).
_ICON_SHAPES = {
    "for": ("#2a2", "M4 11 L8 15 L16 5"),
    "against": ("#c22", "M5 5 L15 15 M15 5 L5 15"),
    "imperial": ("#a70", "M4 16 L4 4 M10 16 L10 4 L13 8 L16 4 L16 16"),
    "deferential": ("#a70", "M4 16 L4 4 M10 16 L10 4 L13 8 L16 4 L16 16"),
    "seal": ("#609", "M10 3 L12 8 L17 8 L13 11 L15 16 L10 13 L5 16 L7 11 L3 8 L8 8 Z"),
    "veto": ("#609", "M10 3 L12 8 L17 8 L13 11 L15 16 L10 13 L5 16 L7 11 L3 8 L8 8 Z"),
}


@dataclass(frozen=True)
class Site:
    """What every page shows besides its posts, and how it prints them."""

    markup: str
    """``classic`` or ``wp2020``."""
    players: tuple[Player, ...]
    """The roster for the sidebar, Idle players included."""
    boss: str | None
    """The Boss, None in a Metadynasty."""
    terms: Terms
    """The words for "Imagineer" and "Boss"."""
    member_id: Callable[[str], int]
    """The number in a player's ``/member/NNN`` link."""
    comment_dates: DateOrder = DateOrder.DAY_FIRST
    """How classic comment headers print dates (``25-07-2016`` or ``07-25-2016``)."""
    clock: Callable[[], datetime] = field(default=lambda: datetime.now(UTC))
    """The blog's clock (the 2020 theme marks posts over 48 hours old ``freshness-stale``)."""


def _e(text: str) -> str:
    return escape(text, quote=True)


def _member(site: Site, name: str) -> str:
    return f'<a href="/member/{site.member_id(name)}">{_e(name)}</a>'


def _status_word(status: PostStatus) -> str:
    """The status as the title's class shows it: ``open`` while Pending, and only the
    real site's words (a Self-Killed post is ``Failed``; its note says why)."""
    if status is PostStatus.SELF_KILLED:
        return PostStatus.FAILED.value
    return "open" if status is PostStatus.PENDING else status.value


def page_href(markup: str, base: str, offset: int, per_page: int) -> str:
    """The URL of the listing at ``base`` starting ``offset`` posts in.

    Classic pages use ExpressionEngine's offsets (``/2016/05/P10``); wp2020 uses
    WordPress's page numbers (``/2016/05/page/2/``).
    """
    if offset <= 0:
        return base
    if markup == "classic":
        return f"{base}P{offset}"
    return f"{base}page/{offset // per_page + 1}/"


# Posts.


def _posted_date(moment: datetime) -> str:
    """The footer's date as the real site prints it: ``03 Aug  2005 05:42:56  UTC``."""
    day, month, year, clock = format_named_date(moment).split(" ")
    return f"{day} {month}  {year} {clock}  UTC"


def _adminned_date(moment: datetime) -> str:
    """The Admin field's date as the real site prints it: ``04 Aug 2005  04:16:57 UTC``."""
    day, clock = format_named_date(moment).rsplit(" ", 1)
    return f"{day}  {clock} UTC"


def _shown_note(post: Post) -> str | None:
    """The Admin's note as shown: a Self-Killed post is ``Failed``, so its note must say why."""
    note = post.admin_note
    if post.status is PostStatus.SELF_KILLED:
        if status_from_page(PostStatus.FAILED, note) is not PostStatus.SELF_KILLED:
            return f"Self-killed. {note}" if note else "Self-killed."
    return note


def _admin_paragraphs(post: Post, *, note_class: str = "") -> str:
    """The Admin field's two paragraphs: the note, then ``Adminned at``."""
    note = _shown_note(post)
    parts = []
    if note is not None:
        parts.append(f"<p{note_class}>{_e(note)}</p>")
    if post.resolved_at is not None:
        parts.append(f"<p>Adminned at {_adminned_date(post.resolved_at)}</p>")
    return "".join(parts)


def _footer(site: Site, post: Post) -> str:
    when = _posted_date(post.posted_at)
    return f"<p><em>posted by {_member(site, post.author)} at {when}</em></p>\n"


def _classic_post(site: Site, post: Post) -> str:
    """The post's ``div``: the title ``h3``, then a child ``div`` holding the body, the
    footer, ``Comments (N)`` and, two ``div``s further down, the Admin field."""
    pid = _e(post.id)
    href = f"/archive/{pid}"
    slug = category_slug(post.category)
    admin = _admin_paragraphs(post)
    if admin:
        admin = f'<div class="adminbox"><div class="adminfield">{admin}</div></div>\n'
    return (
        f'<div class="post" id="post-{pid}">\n'
        f'<h3 class="{_e(slug)} {_e(_status_word(post.status))}">'
        f'<a href="{href}">{_e(post.title)}</a></h3>\n'
        f'<div class="postcontent">\n<div class="postbody">{post.body_html}</div>\n'
        f"{_footer(site, post)}"
        f'<p><a href="/category/{_e(slug)}/" rel="tag">{_e(post.category)}</a> | '
        f'<a href="{href}#comments">Comments ({len(post.comments)})</a></p>\n'
        f"{admin}</div>\n</div>\n"
    )


def _comment_words(n: int) -> str:
    """WordPress's comment count: ``No Comments``, ``One Comment``, ``8 Comments``."""
    return "No Comments" if n == 0 else "One Comment" if n == 1 else f"{n} Comments"


def _wp_post(site: Site, post: Post, *, heading_tag: str) -> str:
    """The theme's ``article.post`` (its classes: the post's term names), the body
    straight inside it, then the post template: a section carrying
    ``status-*``, ``term-category-*`` and ``freshness-*``, the title, footer,
    comment count and Admin field."""
    pid = _e(post.id)
    href = f"/archive/{pid}"
    slug = category_slug(post.category)
    status = _status_word(post.status).lower()
    fresh = "stale" if site.clock() - post.posted_at > timedelta(hours=48) else "fresh"
    admin = _admin_paragraphs(post, note_class=' class="admin-note"')
    if admin:
        admin = f'<div class="admin-field">{admin}</div>\n'
    return (
        f'<article class="post {_e(post.category)}">{post.body_html}'
        '<div class="elementor elementor-195" data-elementor-type="section">\n'
        f'<section class="elementor-section status-{_e(status)} term-category-{_e(slug)} '
        f'freshness-{fresh}">\n'
        f'<{heading_tag} class="elementor-heading-title elementor-size-default">'
        f'<a href="{href}">{_e(post.title)}</a></{heading_tag}>\n'
        f"{_footer(site, post)}"
        f'<p class="post-info"><a href="/category/{_e(slug)}/" rel="category tag">'
        f"{_e(post.category)}</a> | "
        f'<a href="{href}#comments">{_comment_words(len(post.comments))}</a></p>\n'
        f"{admin}</section>\n</div>\n</article>\n"
    )


def _post_block(site: Site, post: Post, *, heading_tag: str) -> str:
    if site.markup == "classic":
        return _classic_post(site, post)
    return _wp_post(site, post, heading_tag=heading_tag)


# Comments.


def _vote_icon(markup: str, vote: str) -> str:
    word = vote.strip().lower()
    if markup == "classic":
        path = f"{_CLASSIC_ICON_FOLDER}/" + _CLASSIC_ICONS.get(word, word + ".gif")
        return f'<img src="{_e(path)}" alt="{_e(word)}">'
    path = f"{_WP_ICON_FOLDER}/" + _WP_ICONS.get(word, word + ".svg")
    return f'<img alt="{_e(word)}" src="{_e(path)}" />'


def _classic_comment(site: Site, c: Comment) -> str:
    vote = ""
    if c.vote is not None:
        vote = f'<div class="commentvote">{_vote_icon("classic", c.vote)}</div>\n'
    when = format_numeric_date(c.posted_at, site.comment_dates)
    return (
        f'<div class="comment" id="comment-{_e(c.id)}">\n'
        f"<h3>{_member(site, c.author)}: {when} UTC</h3>\n"
        f'<div class="commentbody">{c.body_html}</div>\n{vote}</div>\n'
    )


def _wp_comment(site: Site, c: Comment, roster: dict[str, Player]) -> str:
    """As the theme's ``comment.twig`` writes a comment (replies are not used here)."""
    player = roster.get(c.author)
    status = "" if player is None else ("idle" if player.idle else "active")
    vote_word = c.vote.strip().lower() if c.vote is not None else ""
    vote = "" if c.vote is None else f'<div class="vote">{_vote_icon("wp2020", c.vote)}</div>\n'
    member = site.member_id(c.author)
    return (
        f'<li id="comment-{_e(c.id)}" class="comment not-evc" data-author-id="{member}" '
        f'data-author-name="{_e(c.author)}" data-comment-time="{int(c.posted_at.timestamp())}" '
        f'data-author-status="{status}" data-vote="{_e(vote_word)}" '
        f'data-is-player="{"true" if player else "false"}">\n<section>\n'
        f'<span class="rule"></span>\n<img class="avatar" src="/avatars/{member}.png" />\n'
        f'<div class="meta">\n<span class="author-name"><a href="/member/{member}">'
        f"{_e(c.author)}</a> says:</span>\n{vote}</div>\n"
        f'<div class="content">{c.body_html}</div>\n</section>\n</li>\n'
    )


def _comments(site: Site, post: Post) -> str:
    if site.markup == "classic":
        inner = "".join(_classic_comment(site, c) for c in post.comments)
        return f'<div id="comments">\n<h4>Comments</h4>\n{inner}</div>\n'
    roster = {p.name: p for p in site.players}
    n = len(post.comments)
    out = '<section id="comments" class="comments-area">\n'
    if n:
        word = "Response" if n == 1 else "Responses"
        inner = "".join(_wp_comment(site, c, roster) for c in post.comments)
        out += (
            f'<h2 class="title-comments">{n} {word}</h2>\n<ol class="comment-list">\n{inner}</ol>\n'
        )
    if post.status is not PostStatus.PENDING or not n:
        out += '<p class="no-comments">Comments are closed.</p>\n'
    return out + "</section>\n"


# Whole pages.


def _sidebar(site: Site) -> str:
    links = []
    for p in site.players:
        admin = ' class="admin" title="Admin"' if p.admin else ""
        star = "*" if p.idle else ""
        links.append(f'<a href="/member/{site.member_id(p.name)}"{admin}>{_e(p.name)}{star}</a>')
    active = sum(1 for p in site.players if not p.idle)
    quorum = active // 2 + 1
    count = (
        f'<p id="PlayerCount">There are {site.terms.players(active)} active; '
        f"Quorum is {quorum}.</p>\n"
    )
    boss = ""
    if site.boss is not None:
        boss = f'<p id="Boss">{_e(site.terms.boss)}: {_member(site, site.boss)}</p>\n'
    roster = "<br>\n".join(links)
    return (
        f"<h4>{_e(site.terms.player)}s</h4>\n"
        f'<div id="PlayerList">\n{roster}\n</div>\n{count}{boss}'
        '<p class="key">* Idle</p>\n'
    )


def _page(site: Site, title: str, main: str) -> str:
    head_title = f"BlogNomic: {_e(title)}" if title else "BlogNomic"
    if site.markup == "classic":
        return (
            '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{head_title}</title>\n"
            '<meta name="generator" content="ExpressionEngine">\n</head>\n<body>\n'
            '<div id="page">\n<div id="header"><h1><a href="/">BlogNomic</a></h1></div>\n'
            f'<div id="main">\n<div id="content">\n{main}</div>\n'
            f'<div id="sidebar">\n{_sidebar(site)}</div>\n</div>\n</div>\n</body>\n</html>\n'
        )
    return (
        '<!DOCTYPE html>\n<html lang="en-GB">\n<head>\n<meta charset="UTF-8">\n'
        f"<title>{head_title}</title>\n"
        '<meta name="generator" content="WordPress 5.4.2">\n</head>\n'
        '<body class="blog wp-theme-blognomic2020">\n<div id="page" class="site">\n'
        '<header class="site-header"><p class="site-title"><a href="/">BlogNomic</a></p>'
        f'</header>\n<main>\n<div class="wrapper">\n{main}</div>\n</main>\n'
        f'<aside id="secondary" class="widget-area">\n{_sidebar(site)}</aside>\n'
        "</div>\n</body>\n</html>\n"
    )


def render_listing(
    site: Site, posts: Sequence[Post], *, heading: str, next_href: str | None
) -> str:
    """A listing page (front page, month, category): full posts, no comments."""
    tag = "h2" if site.markup == "wp2020" else "h3"
    main = f'<h2 class="page-title">{_e(heading)}</h2>\n' if heading else ""
    main += "".join(_post_block(site, p, heading_tag=tag) for p in posts)
    if not posts:
        main += '<p class="no-posts">No entries.</p>\n'
    if next_href is not None:
        main += (
            f'<p class="paginate"><a rel="next" class="next" href="{_e(next_href)}">'
            "Older entries</a></p>\n"
        )
    return _page(site, heading, main)


def render_post_page(site: Site, post: Post) -> str:
    """One post's own page, with its comments."""
    tag = "h1" if site.markup == "wp2020" else "h3"
    main = _post_block(site, post, heading_tag=tag) + _comments(site, post)
    if site.markup == "wp2020":
        main = f'<div class="elementor-location-single">\n{main}</div>\n'

    return _page(site, post.title, main)


def render_message(site: Site, title: str, text: str) -> str:
    """A plain page: "not found", a member's page."""
    return _page(site, title, f'<h2 class="page-title">{_e(title)}</h2>\n<p>{_e(text)}</p>\n')


def render_vote_icon(path: str) -> bytes | None:
    """A small SVG voting icon for ``/images/vote/X.gif`` or ``/wp-content/uploads/icons/X.svg``."""
    folder, _, name = path.rpartition("/")
    if folder not in (_CLASSIC_ICON_FOLDER, _WP_ICON_FOLDER):
        return None
    shape = _ICON_SHAPES.get(name.rsplit(".", 1)[0].lower())
    if shape is None:
        return None
    colour, d = shape
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20">'
        f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="2.5"/></svg>'
    ).encode()
