"""Rules "Votable Matters", "Special Proposal Voting", "Idle Imagineers", "Dynasties";
appendix "Voting Icons", "Effective Vote Comment", "Quorum".

Default roster: Kevan (the Boss), Alice (the author), Bob, Carol, Dave: Quorum 3.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from gamestate import Game, MatterStatus, Vote, quorum
from tests.builders import at, cfj, comment, dov, game, matter, proposal, status

NOW = at(1)
"""An hour after posting: every builder comment (one a minute) is in."""


def votes(text: str) -> dict[str, Vote]:
    """``"Alice=FOR Bob=AGAINST"`` -> ``{"Alice": Vote.FOR, "Bob": Vote.AGAINST}``."""
    out = {}
    for pair in text.split():
        name, _, word = pair.partition("=")
        out[name] = Vote(word)
    return out


@dataclass(frozen=True)
class Tallied:
    """What the Ruleset says the Votes on a matter are."""

    votes: str
    for_: int
    against: int
    deferential: int = 0
    self_killed: bool = False
    vetoed: bool = False
    evc: dict[str, str | None] = field(default_factory=dict)


def first(g: Game) -> MatterStatus:
    """The only pending matter of ``g``, evaluated at NOW."""
    (m,) = status(g, NOW).matters
    return m


def check(m: MatterStatus, want: Tallied) -> None:
    assert dict(m.tally.votes) == votes(want.votes)
    assert (m.tally.for_count, m.tally.against_count, m.tally.deferential_count) == (
        want.for_,
        want.against,
        want.deferential,
    )
    assert (m.tally.self_killed, m.tally.vetoed) == (want.self_killed, want.vetoed)
    for player, evc in want.evc.items():
        assert m.tally.evc[player] == evc


# Votable Matters: which icon is a player's Vote.
LAST_ICON = [
    pytest.param(
        game(proposal(votes=[("Bob", "for"), ("Bob", "against")])),
        Tallied("Alice=FOR Bob=AGAINST", 1, 1, evc={"Bob": "c2"}),
        id='Votable Matters: "the last valid voting icon that they have used in any comment"'
        " - FOR then AGAINST is AGAINST",
    ),
    pytest.param(
        game(proposal(votes=[("Bob", "against"), ("Carol", "for"), ("Bob", "for")])),
        Tallied("Alice=FOR Bob=FOR Carol=FOR", 3, 0, evc={"Bob": "c3"}),
        id='Votable Matters: "the last valid voting icon" - interleaved with others: still the'
        " last",
    ),
    pytest.param(
        game(proposal(votes=[("Bob", "for"), ("Bob", "")])),
        Tallied("Alice=FOR Bob=FOR", 2, 0, evc={"Bob": "c1"}),
        id='Votable Matters: "the last valid voting icon ... in any comment"'
        " - a later comment with no icon leaves the Vote",
    ),
    pytest.param(
        game(proposal(votes=[("Bob", "for against")])),
        Tallied("Alice=FOR Bob=AGAINST", 1, 1, evc={"Bob": "c1"}),
        id='Votable Matters: "the last valid voting icon" - several icons in one comment: the last',
    ),
    pytest.param(
        game(proposal(votes=[("Bob", "against for")])),
        Tallied("Alice=FOR Bob=FOR", 2, 0),
        id='Votable Matters: "the last valid voting icon" - AGAINST then FOR in one comment is FOR',
    ),
    pytest.param(
        game(proposal(votes=[("Bob", "for"), ("Bob", "veto")])),
        Tallied("Alice=FOR Bob=FOR", 2, 0, evc={"Bob": "c1"}),
        id='Votable Matters: "the last valid voting icon" - a later invalid icon'
        " (VETO by a non-Boss) is skipped",
    ),
    pytest.param(
        game(proposal(votes=[("Bob", "against veto")])),
        Tallied("Alice=FOR Bob=AGAINST", 1, 1),
        id='Votable Matters: "the last valid voting icon" - a trailing invalid icon in the same'
        " comment is skipped",
    ),
    pytest.param(
        game(cfj(votes=[("Bob", "for"), ("Bob", "imperial")])),
        Tallied("Alice=FOR Bob=DEFERENTIAL", 1, 0, 1, evc={"Bob": "c2"}),
        id='Votable Matters: "using a voting icon of FOR, AGAINST, or DEFERENTIAL" - DEFERENTIAL'
        " on a CfJ is Bob's Vote, not a valid one: the earlier FOR no longer counts",
    ),
    pytest.param(
        game(dov(votes=[("Bob", "against"), ("Bob", "imperial")])),
        Tallied("Alice=FOR Bob=DEFERENTIAL", 1, 0, 1, evc={"Bob": "c2"}),
        id='Votable Matters: "using a voting icon of FOR, AGAINST, or DEFERENTIAL" - DEFERENTIAL'
        " on a DoV replaces the earlier AGAINST and counts for neither side",
    ),
]


# Votable Matters: the author's implicit FOR.
IMPLICIT_FOR = [
    pytest.param(
        game(proposal()),
        Tallied("Alice=FOR", 1, 0, evc={"Alice": None}),
        id='Votable Matters: "if the author ... has not used a valid voting icon in a comment'
        " to the post, then the author's Vote is FOR\"",
    ),
    pytest.param(
        game(proposal(votes=[("Alice", "")])),
        Tallied("Alice=FOR", 1, 0, evc={"Alice": None}),
        id='Votable Matters: "has not used a valid voting icon" - a comment without an icon'
        " keeps the implicit FOR",
    ),
    pytest.param(
        game(cfj(votes=[("Alice", "against")])),
        Tallied("Alice=AGAINST", 0, 1, evc={"Alice": "c1"}),
        id='Votable Matters: "has not used a valid voting icon" - the author\'s own AGAINST'
        " replaces the implicit FOR",
    ),
    pytest.param(
        game(proposal(votes=[("Alice", "veto")])),
        Tallied("Alice=FOR", 1, 0, evc={"Alice": None}),
        id='Votable Matters: "has not used a valid voting icon" - an invalid icon (VETO by a'
        " non-Boss author) keeps the implicit FOR",
    ),
    pytest.param(
        game(dov(votes=[("Alice", "imperial")])),
        Tallied("Alice=FOR", 1, 0, evc={"Alice": None}),
        id='Votable Matters: "has not used a valid voting icon" - DEFERENTIAL is not valid on a'
        " DoV, so the author keeps the implicit FOR",
    ),
    pytest.param(
        game(proposal(votes=[("Alice", "imperial")])),
        Tallied("Alice=DEFERENTIAL", 0, 0, 1),
        id='Votable Matters: "has not used a valid voting icon" - DEFERENTIAL is a valid icon on'
        " a Proposal, so the author's Vote is DEFERENTIAL (not counted: the Boss has not voted)",
    ),
]


# Votable Matters / Idle Imagineers: who has a Vote at all.
WHO_VOTES = [
    pytest.param(
        game(proposal(votes=[("Mallory", "for"), ("Mallory", "against")])),
        Tallied("Alice=FOR", 1, 0),
        id='Votable Matters: "A non-Imagineer never has a Vote"',
    ),
    pytest.param(
        game(proposal("p", "Mallory", votes=[("Bob", "for")])),
        Tallied("Bob=FOR", 1, 0),
        id='Votable Matters: "A non-Imagineer never has a Vote" - not even the implicit FOR'
        " of a non-player author",
    ),
    pytest.param(
        game(proposal(votes=[("Erin", "against")]), idle=["Erin"]),
        Tallied("Alice=FOR", 1, 0),
        id='Idle Imagineers: "Idle Imagineers are not counted as Imagineers" - an Idle player'
        " has no Vote",
    ),
    pytest.param(
        game(proposal("p", "Erin", votes=[("Bob", "for")]), idle=["Erin"]),
        Tallied("Bob=FOR", 1, 0),
        id='Idle Imagineers: "Idle Imagineers are not counted as Imagineers" - an Idle author'
        " has no implicit FOR",
    ),
    pytest.param(
        game(proposal(votes=[("Erin", "against"), ("Erin", "")]), idle=["Erin"]),
        Tallied("Alice=FOR", 1, 0),
        id='Idle Imagineers: "not counted as Imagineers" - an Idle player\'s AGAINST does not'
        " count",
    ),
]


# Special Proposal Voting: DEFERENTIAL.
DEFERENTIAL = [
    pytest.param(
        game(proposal(votes=[("Kevan", "for"), ("Bob", "imperial")])),
        Tallied("Alice=FOR Kevan=FOR Bob=FOR", 3, 0, evc={"Bob": "c2"}),
        id='Special Proposal Voting: "all votes of DEFERENTIAL are instead considered to be'
        " valid and the same as the Boss's Vote\" - the Boss's FOR",
    ),
    pytest.param(
        game(proposal(votes=[("Kevan", "against"), ("Bob", "imperial"), ("Carol", "imperial")])),
        Tallied("Alice=FOR Kevan=AGAINST Bob=AGAINST Carol=AGAINST", 1, 3),
        id="Special Proposal Voting: \"the same as the Boss's Vote\" - the Boss's AGAINST",
    ),
    pytest.param(
        game(proposal(votes=[("Bob", "imperial"), ("Kevan", "for")])),
        Tallied("Alice=FOR Kevan=FOR Bob=FOR", 3, 0),
        id='Special Proposal Voting: "the same as the Boss\'s Vote" - a DEFERENTIAL cast before'
        " the Boss votes follows the Boss",
    ),
    pytest.param(
        game(proposal(votes=[("Kevan", "for"), ("Bob", "imperial"), ("Kevan", "against")])),
        Tallied("Alice=FOR Kevan=AGAINST Bob=AGAINST", 1, 2),
        id="Special Proposal Voting: \"the same as the Boss's Vote\" - follows the Boss's latest"
        " Vote",
    ),
    pytest.param(
        game(proposal(votes=[("Bob", "imperial")])),
        Tallied("Alice=FOR Bob=DEFERENTIAL", 1, 0, 1),
        id='Special Proposal Voting: "When the Boss has a valid Vote" - the Boss has not voted:'
        " DEFERENTIAL is not counted",
    ),
    pytest.param(
        game(proposal(votes=[("Kevan", "seal"), ("Bob", "imperial")])),
        Tallied("Alice=FOR Kevan=VETO Bob=DEFERENTIAL", 1, 0, 1, vetoed=True),
        id='Special Proposal Voting: "When the Boss has a valid Vote other than VETO" - after a'
        " VETO, DEFERENTIAL is not counted",
    ),
    pytest.param(
        game(proposal("p", "Kevan", votes=[("Bob", "imperial")])),
        Tallied("Kevan=FOR Bob=FOR", 2, 0),
        id='Special Proposal Voting: "When the Boss has a valid Vote" - the Boss\'s implicit FOR'
        " as author counts",
    ),
    pytest.param(
        game(proposal(votes=[("Kevan", "for"), ("Kevan", "imperial"), ("Bob", "imperial")])),
        Tallied("Alice=FOR Kevan=FOR Bob=FOR", 3, 0, evc={"Kevan": "c1"}),
        id='Special Proposal Voting: "If an Imagineer other than the Boss casts a vote of'
        " DEFERENTIAL\" - the Boss's own DEFERENTIAL is not valid; the earlier FOR stands",
    ),
    pytest.param(
        game(proposal(votes=[("Kevan", "imperial"), ("Bob", "imperial")])),
        Tallied("Alice=FOR Bob=DEFERENTIAL", 1, 0, 1),
        id='Special Proposal Voting: "an Imagineer other than the Boss" - the Boss\'s DEFERENTIAL'
        " alone is no Vote, so Bob's is not counted",
    ),
    pytest.param(
        game(proposal("p", "Kevan", votes=[("Kevan", "imperial"), ("Bob", "imperial")])),
        Tallied("Kevan=FOR Bob=FOR", 2, 0, evc={"Kevan": None}),
        id='Special Proposal Voting: "an Imagineer other than the Boss" - the Boss-author\'s'
        " DEFERENTIAL leaves the implicit FOR, which Bob's DEFERENTIAL follows",
    ),
    pytest.param(
        game(proposal(votes=[("Kevan", "for"), ("Bob", "imperial")]), idle=["Kevan"]),
        Tallied("Alice=FOR Bob=DEFERENTIAL", 1, 0, 1),
        id='Idle Imagineers: "not counted as Imagineers" - an Idle Boss has no Vote, so'
        " DEFERENTIAL is not counted",
    ),
    pytest.param(
        game(proposal(votes=[("Bob", "imperial"), ("Kevan", "for")]), boss=None),
        Tallied("Alice=FOR Kevan=FOR Bob=DEFERENTIAL", 2, 0, 1),
        id='Dynasties: "If there is no Boss, the Dynasty is a Metadynasty" - DEFERENTIAL is'
        " never counted",
    ),
    pytest.param(
        game(proposal(votes=[("Kevan", "seal")]), boss=None),
        Tallied("Alice=FOR", 1, 0),
        id='Dynasties: "a Metadynasty" - there is no Boss to VETO: the seal is no Vote',
    ),
    pytest.param(
        game(dov(votes=[("Kevan", "for"), ("Bob", "imperial")])),
        Tallied("Alice=FOR Kevan=FOR Bob=DEFERENTIAL", 2, 0, 1),
        id='Special Proposal Voting: "casts a vote of DEFERENTIAL on a Proposal" - on a DoV it'
        " is not the Boss's Vote, even with the Boss voting; not valid, not counted",
    ),
    pytest.param(
        game(cfj(votes=[("Kevan", "for"), ("Bob", "imperial")])),
        Tallied("Alice=FOR Kevan=FOR Bob=DEFERENTIAL", 2, 0, 1),
        id='Votable Matters: "A valid Vote is ... FOR or AGAINST" - DEFERENTIAL on a CfJ is'
        " not valid, and not converted to the Boss's Vote",
    ),
]


# Special Proposal Voting: Self-Killed and Vetoed.
SELF_KILL_AND_VETO = [
    pytest.param(
        game(proposal(votes=[("Alice", "against")])),
        Tallied("Alice=AGAINST", 0, 1, self_killed=True),
        id='Special Proposal Voting: "When an Imagineer casts a vote AGAINST their own Proposal'
        ' ... this renders the Proposal Self-Killed"',
    ),
    pytest.param(
        game(proposal(votes=[("Alice", "against"), ("Alice", "for")])),
        Tallied("Alice=FOR", 1, 0, self_killed=True),
        id='Special Proposal Voting: Self-Killed "even if the author later changes their Vote"',
    ),
    pytest.param(
        game(proposal(votes=[("Alice", "against for")])),
        Tallied("Alice=FOR", 1, 0, self_killed=True),
        id='Special Proposal Voting: "casts a vote AGAINST their own Proposal" - read from the'
        " icons used (README): AGAINST then FOR in one comment still self-kills",
    ),
    pytest.param(
        game(proposal("p", "Kevan", votes=[("Kevan", "against")])),
        Tallied("Kevan=AGAINST", 0, 1, self_killed=True),
        id='Special Proposal Voting: "When an Imagineer casts a vote AGAINST their own Proposal"'
        " - the Boss's own Proposal too",
    ),
    pytest.param(
        game(proposal(votes=[("Kevan", "against"), ("Alice", "imperial")])),
        Tallied("Alice=AGAINST Kevan=AGAINST", 0, 2),
        id='Special Proposal Voting: "(which is not in the form of a DEFERENTIAL vote)" - the'
        " author's DEFERENTIAL resolving to AGAINST is not a self-kill",
    ),
    pytest.param(
        game(cfj(votes=[("Alice", "against")])),
        Tallied("Alice=AGAINST", 0, 1),
        id='Special Proposal Voting: "AGAINST their own Proposal" - not on a CfJ',
    ),
    pytest.param(
        game(dov(votes=[("Alice", "against")])),
        Tallied("Alice=AGAINST", 0, 1),
        id='Special Proposal Voting: "AGAINST their own Proposal" - not on a DoV',
    ),
    pytest.param(
        game(proposal(votes=[("Kevan", "seal")])),
        Tallied("Alice=FOR Kevan=VETO", 1, 0, vetoed=True),
        id='Special Proposal Voting: "when the Boss casts a vote of VETO on a Proposal, this'
        ' renders the Proposal Vetoed"',
    ),
    pytest.param(
        game(proposal(votes=[("Kevan", "seal"), ("Kevan", "for"), ("Bob", "imperial")])),
        Tallied("Alice=FOR Kevan=FOR Bob=FOR", 3, 0, vetoed=True),
        id='Special Proposal Voting: Vetoed "even if the Boss later changes their Vote"',
    ),
    pytest.param(
        game(proposal(votes=[("Bob", "seal")])),
        Tallied("Alice=FOR", 1, 0),
        id='Special Proposal Voting: "The Boss may use VETO" - a non-Boss VETO is no Vote and'
        " no veto",
    ),
    pytest.param(
        game(cfj(votes=[("Kevan", "seal")])),
        Tallied("Alice=FOR", 1, 0),
        id='Special Proposal Voting: "VETO as a voting icon to cast a Vote on a proposal" - not'
        " on a CfJ",
    ),
    pytest.param(
        game(dov(votes=[("Kevan", "seal")])),
        Tallied("Alice=FOR", 1, 0),
        id='Special Proposal Voting: "VETO as a voting icon to cast a Vote on a proposal" - not'
        " on a DoV",
    ),
    pytest.param(
        game(proposal(votes=[("Kevan", "seal")]), idle=["Kevan"]),
        Tallied("Alice=FOR", 1, 0),
        id='Idle Imagineers: "not counted as Imagineers" - an Idle Boss\'s VETO is no Vote',
    ),
    pytest.param(
        game(proposal(votes=[("Alice", "against")]), idle=["Alice"]),
        Tallied("", 0, 0),
        id='Idle Imagineers: "not counted as Imagineers" - an Idle author\'s AGAINST is no'
        " self-kill",
    ),
]


@pytest.mark.parametrize(
    ("g", "want"), [*LAST_ICON, *IMPLICIT_FOR, *WHO_VOTES, *DEFERENTIAL, *SELF_KILL_AND_VETO]
)
def test_votes(g: Game, want: Tallied) -> None:
    check(first(g), want)


def test_comments_published_after_now_are_not_yet_votes() -> None:
    """The evaluation is "as of" now: a later comment is not yet used."""
    p = proposal(
        votes=[
            comment("Bob", "for", when=at(0, 30), id="early"),
            comment("Carol", "imperial", when=at(0, 40), id="def"),
            comment("Bob", "against", when=at(2), id="late"),
            comment("Alice", "against", when=at(2), id="self-kill-later"),
            comment("Kevan", "for", when=at(2), id="boss-later"),
        ]
    )
    m = first(game(p))
    assert dict(m.tally.votes) == votes("Alice=FOR Bob=FOR Carol=DEFERENTIAL")
    assert (
        m.tally.for_count,
        m.tally.against_count,
        m.tally.deferential_count,
        m.tally.self_killed,
    ) == (2, 0, 1, False)
    later = matter(game(p), "p", at(3))
    assert dict(later.tally.votes) == votes("Alice=AGAINST Bob=AGAINST Kevan=FOR Carol=FOR")
    assert (later.tally.for_count, later.tally.against_count, later.tally.self_killed) == (
        2,
        2,
        True,
    )


def test_comment_exactly_at_now_counts() -> None:
    p = proposal(votes=[comment("Bob", "against", when=NOW, id="c1")])
    assert dict(first(game(p)).tally.votes) == votes("Alice=FOR Bob=AGAINST")


def test_last_icon_is_the_latest_in_time_whatever_the_listing_order() -> None:
    """Votable Matters: "the last valid voting icon that they have used": the latest in time,
    even when the archive lists a later comment first."""
    p = proposal(
        votes=[
            comment("Bob", "against", when=at(0, 30), id="later"),
            comment("Bob", "for", when=at(0, 10), id="earlier"),
        ]
    )
    m = first(game(p))
    assert m.tally.votes["Bob"] is Vote.AGAINST
    assert m.tally.evc["Bob"] == "later"


# Appendix "Voting Icons" and ARCHITECTURE section 1: an <img> whose alt or file name
# is for / against / imperial|deferential / veto|seal, case-insensitive.
ICONS = [
    pytest.param(
        "Bob",
        '<img src="/images/vote/for.gif" alt="for">',
        Vote.FOR,
        id='Voting Icons: "a check box .../for.gif shall represent a Vote FOR"',
    ),
    pytest.param(
        "Bob",
        '<img src="http://blognomic.com/images/vote/against.gif">',
        Vote.AGAINST,
        id='Voting Icons: "an X .../against.gif shall represent a Vote AGAINST" - by file name,'
        " no alt",
    ),
    pytest.param(
        "Bob",
        '<img alt="X" src="/images/vote/against.gif">',
        Vote.AGAINST,
        id='Voting Icons: "an X .../against.gif" - an unknown alt falls back to the file name',
    ),
    pytest.param(
        "Bob",
        '<img src="/images/vote/imperial.gif" alt="IMP">',
        Vote.DEFERENTIAL,
        id='Voting Icons: "an IMP .../imperial.gif shall represent a Vote of DEFERENTIAL"',
    ),
    pytest.param(
        "Bob",
        '<img alt="deferential" src="/pics/x.png">',
        Vote.DEFERENTIAL,
        id='Voting Icons: DEFERENTIAL by alt "deferential"',
    ),
    pytest.param(
        "Kevan",
        '<img src="/images/vote/seal.gif" alt="Imperial Seal">',
        Vote.VETO,
        id='Voting Icons: "an Imperial Seal .../seal.gif shall represent the Imperial Veto" - by'
        " file name seal.gif",
    ),
    pytest.param(
        "Kevan",
        '<img alt="veto" src="/pics/stamp.png">',
        Vote.VETO,
        id='Voting Icons: the Imperial Veto by alt "veto"',
    ),
    pytest.param(
        "Bob",
        '<IMG SRC="/images/vote/FOR.GIF" ALT="FOR">',
        Vote.FOR,
        id="Voting Icons: case-insensitive tag, alt and file name",
    ),
    pytest.param(
        "Bob",
        '<p>I agree <img src="/images/vote/for.gif" alt="for"/> strongly</p>',
        Vote.FOR,
        id="Voting Icons: a self-closing icon inside prose",
    ),
    pytest.param(
        "Bob",
        '<img src="/images/smilies/happy.gif" alt=":)"> for sure',
        None,
        id="Voting Icons: a smiley and the word 'for' in prose are not voting icons",
    ),
    pytest.param(
        "Bob",
        '<img src="/images/vote/for.gif',
        None,
        id="Voting Icons: truncated HTML is no icon and no crash",
    ),
]


@pytest.mark.parametrize(("voter", "html", "cast"), ICONS)
def test_icons(voter: str, html: str, cast: Vote | None) -> None:
    m = first(game(proposal(votes=[comment(voter, html=html, when=at(0, 5), id="c1")])))
    assert m.tally.votes.get(voter) is cast
    assert m.tally.evc.get(voter) == ("c1" if cast is not None else None)


FOR_ICON = '<img src="/images/vote/for.gif" alt="for">'
AGAINST_ICON = '<img src="/images/vote/against.gif" alt="against">'


@pytest.mark.parametrize(
    ("html", "cast", "set_aside"),
    [
        pytest.param(
            f"{FOR_ICON} Re Bob: <blockquote>{AGAINST_ICON} this is bad</blockquote>",
            Vote.FOR,
            "AGAINST",
            id='Votable Matters: "the last valid voting icon that they have used" - a quoted'
            " icon is another's words",
        ),
        pytest.param(
            f"<q>{AGAINST_ICON}</q> said Bob; no vote from me yet",
            None,
            "AGAINST",
            id='Votable Matters: "that they have used" - an icon only in a <q> is no Vote',
        ),
        pytest.param(
            f"{AGAINST_ICON} <s>{FOR_ICON}</s>",
            Vote.AGAINST,
            "FOR",
            id='Votable Matters: "the last valid voting icon" - a struck-through icon is'
            " taken back",
        ),
        pytest.param(
            f"<del>{FOR_ICON}</del> <BLOCKQUOTE>x</BLOCKQUOTE> {AGAINST_ICON}",
            Vote.AGAINST,
            "FOR",
            id="Votable Matters: after the quotation closes, icons are used again",
        ),
    ],
)
def test_icons_in_a_quotation_or_struck_through_are_not_used(
    html: str, cast: Vote | None, set_aside: str
) -> None:
    """Alice is the author: an AGAINST she only quotes does not Self-Kill her Proposal
    (one she uses does)."""
    m = first(game(proposal(votes=[comment("Alice", html=html, when=at(0, 5), id="c1")])))
    assert m.tally.votes.get("Alice") is (cast or Vote.FOR)  # no icon: the author's FOR
    assert m.tally.evc.get("Alice") == ("c1" if cast is not None else None)
    assert m.tally.self_killed is (cast is Vote.AGAINST)
    assert (
        f"comment c1 by Alice: {set_aside} inside a quotation or struck through, not used as a Vote"
    ) in m.warnings


def test_an_icon_whose_alt_text_names_another_is_read_as_its_image() -> None:
    """Appendix "Voting Icons" defines each icon by its image (against.gif)."""
    html = '<img src="/images/vote/against.gif" alt="for">'
    m = first(game(proposal(votes=[comment("Bob", html=html, when=at(0, 5), id="c1")])))
    assert m.tally.votes["Bob"] is Vote.AGAINST
    assert (
        "comment c1 by Bob: the icon /images/vote/against.gif (alt 'for') is read as its "
        "image, not its alt text"
    ) in m.warnings


def test_unknown_icon_is_warned_and_not_a_vote() -> None:
    html = '<img src="/images/vote/abstain.gif" alt="abstain">'
    m = first(game(proposal(votes=[comment("Bob", html=html, when=at(0, 5), id="c1")])))
    assert "Bob" not in m.tally.votes
    assert "Bob" in m.not_voted
    assert any("abstain" in w and "c1" in w for w in m.warnings), m.warnings


def test_invalid_icon_and_non_player_are_warned() -> None:
    m = first(game(proposal(votes=[("Bob", "seal"), ("Mallory", "for")])))
    assert any("c1" in w and "VETO" in w for w in m.warnings), m.warnings
    assert any("c2" in w and "Mallory" in w for w in m.warnings), m.warnings


# ARCHITECTURE section 1: "A comment may also carry an explicit "vote" field ...; it then
# counts as the comment's last icon."
EXPLICIT = [
    pytest.param("for", "against", Vote.AGAINST, id='explicit "vote" field: the last icon'),
    pytest.param("against", "for", Vote.FOR, id='explicit "vote" field: overrides a body icon'),
    pytest.param("", "imperial", Vote.DEFERENTIAL, id='explicit "vote" field: imperial'),
    pytest.param("", "FOR", Vote.FOR, id='explicit "vote" field: case-insensitive'),
    pytest.param("against", "none", Vote.AGAINST, id='explicit "vote" field "none": body stands'),
    pytest.param("for", "", Vote.FOR, id='explicit "vote" field empty: body stands'),
]


@pytest.mark.parametrize(("body", "field_vote", "cast"), EXPLICIT)
def test_explicit_vote_field(body: str, field_vote: str, cast: Vote) -> None:
    c = comment("Bob", body, when=at(0, 5), id="c1", vote=field_vote)
    m = first(game(proposal(votes=[c])))
    assert m.tally.votes["Bob"] is cast
    assert m.tally.evc["Bob"] == "c1"


def test_explicit_vote_field_unknown_is_warned() -> None:
    c = comment("Bob", "for", when=at(0, 5), id="c1", vote="maybe")
    m = first(game(proposal(votes=[c])))
    assert m.tally.votes["Bob"] is Vote.FOR
    assert any("maybe" in w for w in m.warnings), m.warnings


def test_effective_vote_comment() -> None:
    """Appendix "Effective Vote Comment": "that Imagineer's Comment ... that contains that
    Imagineer's Vote"."""
    p = proposal(
        votes=[
            ("Bob", "for"),  # c1
            ("Bob", "against"),  # c2: Bob's EVC
            ("Bob", "seal"),  # c3: invalid, not a Vote
            ("Bob", ""),  # c4: no icon
            ("Carol", "imperial"),  # c5: counted DEFERENTIAL
            ("Kevan", "for"),  # c6
            ("Dave", "for against"),  # c7: one comment, last icon
            ("Mallory", "for"),  # c8: non-player
        ]
    )
    m = first(game(p))
    assert dict(m.tally.evc) == {
        "Alice": None,
        "Bob": "c2",
        "Carol": "c5",
        "Kevan": "c6",
        "Dave": "c7",
    }


def test_not_voted_lists_active_players_without_a_vote() -> None:
    g = game(proposal(votes=[("Bob", "for"), ("Carol", "imperial")]), players=6, idle=["Erin"])
    m = first(g)
    assert m.not_voted == ("Dave", "Kevan")
    assert m.quorum == 3


# Appendix "Quorum": "half the number of Imagineers in that subset, rounded down, plus one".
QUORUM = [
    pytest.param(n, q, id=f'Quorum: "half ..., rounded down, plus one" - {n} players: {q}')
    for n, q in [(0, 1), (1, 1), (2, 2), (3, 2), (4, 3), (5, 3), (6, 4), (7, 4), (8, 5), (9, 5)]
]


@pytest.mark.parametrize(("n", "q"), QUORUM)
def test_quorum(n: int, q: int) -> None:
    assert quorum(n) == q


ROSTER_QUORUM = [
    pytest.param(5, [], 5, 3, id="Quorum of all Imagineers: 5 players, Quorum 3"),
    pytest.param(
        9,
        ["Heidi"],
        8,
        5,
        id='Idle Imagineers: "not counted as Imagineers" - 9 on the roster, 1 Idle: Quorum 5',
    ),
    pytest.param(
        6,
        ["Dave", "Erin"],
        4,
        3,
        id='Idle Imagineers: "not counted as Imagineers" - 6 on the roster, 2 Idle: Quorum 3',
    ),
    pytest.param(
        4,
        ["Zed", "Yan"],
        4,
        3,
        id="Idle Imagineers: Idle players off the sidebar list do not count either",
    ),
]


@pytest.mark.parametrize(("n", "idle", "players", "q"), ROSTER_QUORUM)
def test_quorum_of_the_roster(n: int, idle: list[str], players: int, q: int) -> None:
    s = status(game(proposal(), players=n, idle=idle), NOW)
    assert (s.players, s.quorum) == (players, q)
    (m,) = s.matters
    assert m.quorum == q
