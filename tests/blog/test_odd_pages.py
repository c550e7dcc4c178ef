"""Unusual classic pages a reviewer fed the parser: each reads right, or says what it could not."""

from __future__ import annotations

from datetime import UTC, datetime

from wikibot.blog.parse import ScrapedPost, parse_listing, parse_post

URL = "http://blog.test/archive/odd"


def _page(
    comments: str = "",
    *,
    count: int = 0,
    h3_class: str = "proposal open",
    tag: str = '<a href="/category/proposal/" rel="tag">Proposal</a> | ',
    admin: str = "",
    posted: str = "13 Mar 2016 10:00:00  UTC",
) -> str:
    """A classic post page in the real shape, with the parts a test varies."""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head><title>BlogNomic</title></head>\n<body>\n'
        '<div id="page">\n<div id="main">\n<div id="content">\n'
        f'<div class="post" id="post-odd">\n<h3 class="{h3_class}">'
        '<a href="/archive/odd">Proposal: Odd</a></h3>\n'
        '<div class="postcontent">\n<div class="postbody"><p>Text</p></div>\n'
        f'<p><em>posted by <a href="/member/1">Kevan</a> at {posted}</em></p>\n'
        f'<p>{tag}<a href="/archive/odd#comments">Comments ({count})</a></p>\n'
        f'<div class="adminbox"><div class="adminfield">{admin}</div></div>\n'
        "</div>\n</div>\n"
        f'<div id="comments">\n<h4>Comments</h4>\n{comments}</div>\n'
        "</div>\n</div>\n</div>\n</body>\n</html>\n"
    )


def _comment(ident: str, author: str, when: str, body: str = "", *, head: str = "") -> str:
    head = head or f'<a href="/member/2">{author}</a>: {when}'
    return (
        f'<div class="comment" id="comment-{ident}">\n<h3>{head}</h3>\n'
        f'<div class="commentbody">{body}</div>\n</div>\n'
    )


def _messages(scraped: ScrapedPost) -> str:
    return " | ".join(w.message for w in scraped.warnings)


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)  # type: ignore[misc]


# 1. The 12-hour clock and zones, on a page.


def test_pm_comment_is_later_than_an_am_one_on_the_page() -> None:
    html = _page(
        _comment("c1", "Josh", "13-03-2016 11:00:00 AM UTC", '<img alt="against">')
        + _comment("c2", "Josh", "13-03-2016 01:00:00 PM UTC", '<img alt="for">'),
        count=2,
    )
    scraped = parse_post(html, URL, "odd")
    assert [c.posted_at for c in scraped.post.comments] == [
        utc(2016, 3, 13, 11, 0, 0),
        utc(2016, 3, 13, 13, 0, 0),
    ]
    assert scraped.warnings == ()


def test_a_comment_in_a_named_zone_is_a_warning_not_utc() -> None:
    html = _page(
        _comment("c1", "Josh", "13-03-2016 11:00:00 UTC")
        + _comment("c2", "Josh", "13-03-2016 12:00:00 BST"),
        count=2,
    )
    scraped = parse_post(html, URL, "odd")
    assert scraped.post.comments[1].posted_at == utc(2016, 3, 13, 11, 0, 0)  # the one before's
    assert "time zone 'BST' is not UTC" in _messages(scraped)


# 6. The commenter is the member link, not a permalink.


def test_the_commenter_is_the_member_link_not_a_permalink() -> None:
    head = (
        '<a href="/archive/odd#comment-9">#</a> <a href="/member/3">Josh</a>: '
        "13-03-2016 11:00:00 UTC"
    )
    html = _page(_comment("9", "", "", "hi", head=head), count=1)
    scraped = parse_post(html, URL, "odd")
    assert [(c.id, c.author) for c in scraped.post.comments] == [("9", "Josh")]
    assert scraped.warnings == ()


# 2. Comment dates that contradict the page's order.


def test_a_comment_dated_before_its_post_or_the_one_above_is_a_warning() -> None:
    html = _page(
        _comment("c1", "Josh", "13-03-2016 09:00:00 UTC")  # before the post (10:00)
        + _comment("c2", "Josh", "13-03-2016 12:00:00 UTC")
        + _comment("c3", "Josh", "13-03-2016 11:00:00 UTC"),  # before c2
        count=3,
    )
    scraped = parse_post(html, URL, "odd")
    assert [c.posted_at.hour for c in scraped.post.comments] == [9, 12, 11]  # kept as dated
    text = _messages(scraped)
    assert "comment 'c1' by 'Josh': dated 2016-03-13 09:00:00+00:00 UTC, before its post" in text
    assert "comment 'c3' by 'Josh': dated 2016-03-13 11:00:00+00:00 UTC, before the comment" in text
    assert "'c2'" in text and "c2' by" not in text


def test_the_page_order_proves_month_first_for_ambiguous_dates() -> None:
    # Posted 1 Jan 2016. Day first, 01-03 is 1 March and 12-02 is 12 February: out of
    # order. Month first, 3 January then 2 December: in order, so the page proves it.
    html = _page(
        _comment("c1", "Josh", "01-03-2016 10:00:00 UTC")
        + _comment("c2", "Josh", "12-02-2016 10:00:00 UTC"),
        count=2,
        posted="01 Jan 2016 09:00:00  UTC",
    )
    scraped = parse_post(html, URL, "odd")
    assert [c.posted_at for c in scraped.post.comments] == [
        utc(2016, 1, 3, 10, 0, 0),
        utc(2016, 12, 2, 10, 0, 0),
    ]
    assert scraped.warnings == ()


def test_without_proof_from_the_order_ambiguous_dates_stay_day_first() -> None:
    html = _page(
        _comment("c1", "Josh", "03-05-2016 10:00:00 UTC")
        + _comment("c2", "Josh", "04-05-2016 10:00:00 UTC"),
        count=2,
        posted="01 Mar 2016 09:00:00  UTC",
    )
    scraped = parse_post(html, URL, "odd")
    assert [c.posted_at.month for c in scraped.post.comments] == [5, 5]
    assert scraped.warnings == ()


# 8. The Admin's note and "Adminned at" in one paragraph.


def test_note_and_adminned_in_one_paragraph_are_both_read() -> None:
    admin = "<p>Enacted 5-0 by Kevan<br>Adminned at 14 Mar 2016 20:05:45 UTC</p>"
    scraped = parse_post(_page(h3_class="proposal Enacted", admin=admin), URL, "odd")
    assert scraped.post.admin_note == "Enacted 5-0 by Kevan"
    assert scraped.post.resolved_at == utc(2016, 3, 14, 20, 5, 45)
    assert scraped.warnings == ()


def test_a_resolved_post_without_adminned_line_is_a_warning() -> None:
    scraped = parse_post(_page(h3_class="proposal Enacted"), URL, "odd")
    assert scraped.post.resolved_at is None
    assert "shown Enacted but no readable 'Adminned at' line" in _messages(scraped)
    admin = "<p>Enacted by Kevan</p><p>Adminned at 14 Mar 2016 20:05:45 UTC</p>"
    scraped = parse_post(_page(admin=admin), URL, "odd")
    assert "shown open (Pending) but has an 'Adminned at' line" in _messages(scraped)


# 5. Category and status only from what carries them.


def test_a_layout_class_is_never_the_category() -> None:
    scraped = parse_post(_page(h3_class="posttitle open", tag=""), URL, "odd")
    assert scraped.post.category == ""
    assert "no category shown (its classes 'posttitle' name none)" in _messages(scraped)
    scraped = parse_post(_page(h3_class="posttitle proposal open", tag=""), URL, "odd")
    assert scraped.post.category == "Proposal" and scraped.warnings == ()


def test_a_category_link_and_class_that_disagree_are_a_warning() -> None:
    scraped = parse_post(_page(h3_class="cfj open"), URL, "odd")
    assert scraped.post.category == "Proposal"
    assert "category link says 'Proposal' but its classes say 'Call for Judgement'" in (
        _messages(scraped)
    )


def test_two_status_words_are_a_warning() -> None:
    scraped = parse_post(_page(h3_class="proposal Enacted open"), URL, "odd")
    assert scraped.post.status.value == "Pending"
    assert "classes show 2 statuses (Enacted, open); read as Pending" in _messages(scraped)
    admin = "<p>Enacted by Kevan</p><p>Adminned at 14 Mar 2016 20:05:45 UTC</p>"
    scraped = parse_post(_page(h3_class="proposal Enacted open", admin=admin), URL, "odd")
    assert scraped.post.status.value == "Enacted"
    assert "read as Enacted (it has an 'Adminned at' line)" in _messages(scraped)


def test_withdrawn_is_read_as_failed_with_a_warning() -> None:
    admin = "<p>Withdrawn. Failed by Kevan.</p><p>Adminned at 14 Mar 2016 20:05:45 UTC</p>"
    scraped = parse_post(_page(h3_class="proposal Withdrawn", admin=admin), URL, "odd")
    assert scraped.post.status.value == "Failed"
    text = _messages(scraped)
    assert "status class 'Withdrawn' is none the site shows" in text
    assert "no status" not in text
    scraped = parse_post(_page(h3_class="proposal Whatever"), URL, "odd")
    assert "no status word (Enacted, Failed, Vetoed, Illegal, open) among its classes" in (
        _messages(scraped)
    )


# 11. wp2020: the vote is data-vote, not an icon.


def test_wp2020_vote_is_data_vote_only() -> None:
    html = """<html><body><article class="post status-open term-category-proposal">
<h2 class="entry-title"><a href="/archive/x">Proposal: X</a></h2><div class="entry-content">b</div>
<p><em>posted by <a href="/member/1">Kevan</a> at 01 Jun 2016 00:00:00  UTC</em></p>
<a href="/archive/x#comments">Comments (2)</a></article>
<ol class="comment-list">
<li class="comment" id="comment-a" data-author-name="Josh" data-comment-time="1464742800"
 data-vote=""><div class="meta"><div class="vote">
<img alt="for" src="/wp-content/uploads/icons/for.svg"></div></div>
<div class="content">no vote field</div></li>
<li class="comment" id="comment-b" data-author-name="Kevan" data-comment-time="1464746400"
 data-vote="against"><div class="meta"><div class="vote">
<img alt="against" src="/wp-content/uploads/icons/against.svg"></div></div>
<div class="content">voted</div></li>
</ol></body></html>"""
    scraped = parse_post(html, "http://blog.test/archive/x", "x")
    assert [(c.id, c.vote) for c in scraped.post.comments] == [("a", None), ("b", "against")]
    assert "comment 'a' by 'Josh': its div.vote shows 'for' but its data-vote is empty" in (
        _messages(scraped)
    )


# 10. A post listed twice.


def test_a_post_listed_twice_is_kept_once_with_a_warning() -> None:
    one = _page(count=0)
    post = one[one.index('<div class="post"') : one.index('<div id="comments">')]
    twice = one.replace(post, post + post.replace("Proposal: Odd", "Proposal: Odd again"))
    page = parse_listing(twice, "http://blog.test/")
    assert [(e.id, e.title) for e in page.entries] == [("odd", "Proposal: Odd")]
    assert [w.message for w in page.warnings] == [
        "post 'odd': listed twice on the page; the first kept"
    ]


# 7. Comments swallowed by a tag left open in an earlier comment.


def test_comments_swallowed_by_an_unclosed_div_are_named() -> None:
    html = _page(
        _comment("c1", "Josh", "13-03-2016 11:00:00 UTC", "<div><div>oops")
        + _comment("c2", "Kevan", "13-03-2016 12:00:00 UTC", '<img alt="for">')
        + _comment("c3", "Josh", "13-03-2016 13:00:00 UTC", '<img alt="against">'),
        count=3,
    )
    scraped = parse_post(html, URL, "odd")
    assert [c.id for c in scraped.post.comments] == ["c1"]
    text = _messages(scraped)
    assert "comment 'c2' by 'Kevan': inside the body of comment 'c1'" in text
    assert "comment 'c3' by 'Josh': inside the body of comment 'c1'" in text
    assert "skipped, so its vote is not read" in text
    assert "Comments (3) but shows 1" in text


# 9. Names in warnings are quoted so a non-breaking space shows.


def test_a_name_with_a_non_breaking_space_is_visible_in_a_warning() -> None:
    head = '<a href="/member/3">Josh\u00a0Smith</a>: 13-03-2016 11:00:00 UTC'
    html = _page(_comment("c1", "", "", '<img src="/images/vote/maybe.gif">', head=head), count=1)
    scraped = parse_post(html, URL, "odd")
    assert scraped.post.comments[0].author == "Josh\u00a0Smith"  # kept exactly
    assert "comment 'c1' by 'Josh\\xa0Smith': unknown voting icon" in _messages(scraped)
