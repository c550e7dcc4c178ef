"""``import mbox``: an e-mail nomic's mailbox into ``nomic-archive/2``, reporting, never
guessing, what it cannot place."""

from __future__ import annotations

import json
import mailbox
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from gamestate.profiles import archive_from_dict, archive_to_dict
from wikibot.cli import cli
from wikibot.importers import (
    ImporterError,
    Mail,
    Unplaceable,
    VoteLine,
    import_mails,
    import_mbox,
    load_addresses,
    mail_from_bytes,
    merge_addresses,
    parse_date,
    read_judgement_lines,
    read_mbox,
    read_vote_lines,
)

DATA = Path(__file__).parent / "data"
WEEK_MBOX = DATA / "borednomic_week.mbox"
WEEK_JSON = DATA / "borednomic_week.json"
WEEK_ADDRESSES = DATA / "borednomic_addresses.toml"
CHICAGO = {"timezone": "America/Chicago"}


def _week_archive() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(WEEK_JSON.read_text(encoding="utf-8"))
    return data


def _import_week() -> Any:
    return import_mbox(
        WEEK_MBOX,
        profile="borednomic",
        addresses=load_addresses(WEEK_ADDRESSES),
        settings=CHICAGO,
    )


def _mail(
    sender: str,
    date: str | None,
    subject: str,
    body: str,
    *,
    message_id: str | None = None,
) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "admin@game.example"
    msg["Subject"] = subject
    if date is not None:
        msg["Date"] = date
    if message_id is not None:
        msg["Message-ID"] = message_id
    msg.set_content(body)
    return msg


def _mbox(path: Path, messages: list[EmailMessage]) -> Path:
    box = mailbox.mbox(path)
    try:
        for msg in messages:
            box.add(msg)
        box.flush()
    finally:
        box.close()
    return path


# The BoredNomic week.


def test_the_week_imports_as_its_archive() -> None:
    result = _import_week()
    assert archive_to_dict(result.archive) == _week_archive()
    assert result.messages == 13


def test_the_expected_archive_is_a_valid_nomic_archive() -> None:
    archive = archive_from_dict(_week_archive(), source=str(WEEK_JSON))
    assert [m.id for m in archive.matters] == ["p1", "p2", "p3", "p4", "p5"]
    admin = archive.member("The T")
    assert admin is not None and not admin.player and admin.roles == {"admin"}


WEEK_REPORTS = {
    8: "a vote for unknown proposal P6",
    9: "conflicting vote words for P4: Nay and Yay",
    10: "unknown sender eve@example.org",
    11: "no vote word",
    12: "the Date 'Sat, 6 Mar 2004 20:00:00' has no time zone",
}


@pytest.mark.parametrize(("position", "reason"), sorted(WEEK_REPORTS.items()), ids=str)
def test_each_unplaceable_message_of_the_week_is_reported_with_its_reason(
    position: int, reason: str
) -> None:
    problems = {p.position: p for p in _import_week().problems}
    assert reason in "; ".join(problems[position].reasons)
    assert problems[position].line().startswith(f"message {position} <")


def test_only_the_unplaceable_messages_of_the_week_are_reported() -> None:
    result = _import_week()
    assert [p.position for p in result.problems] == sorted(WEEK_REPORTS)
    assert not result.complete


def test_a_message_partly_placed_keeps_what_could_be_placed() -> None:
    # Cat's message 8 votes on P1-P4 and on P6, which nobody proposed.
    archive = _import_week().archive
    cat = [(m.id, v.value) for m in archive.matters for v in m.votes if v.voter == "Cat"]
    assert cat == [("p1", "Yay"), ("p2", "Yay"), ("p3", "Nay"), ("p4", "Yay")]


# Dates.


@pytest.mark.parametrize(
    ("header", "utc"),
    [
        ("Mon, 1 Mar 2004 09:15:00 -0600", datetime(2004, 3, 1, 15, 15, 0, tzinfo=UTC)),
        ("Fri, 05 Mar 2004 19:45:12 +0100", datetime(2004, 3, 5, 18, 45, 12, tzinfo=UTC)),
        ("Tue, 2 Mar 2004 13:05:30 -0500 (EST)", datetime(2004, 3, 2, 18, 5, 30, tzinfo=UTC)),
        ("Sun, 7 Mar 2004 02:59:59 +0530", datetime(2004, 3, 6, 21, 29, 59, tzinfo=UTC)),
        ("Wed, 3 Mar 2004 23:30:01 CST", datetime(2004, 3, 4, 5, 30, 1, tzinfo=UTC)),
        ("Sat, 6 Mar 04 23:59:59 -0600", datetime(2004, 3, 7, 5, 59, 59, tzinfo=UTC)),
        ("Sat, 6 Mar 2004 12:00:00 -0000", datetime(2004, 3, 6, 12, 0, 0, tzinfo=UTC)),
    ],
    ids=["CST offset", "CET offset", "comment", "half hour", "zone name", "2-digit year", "-0000"],
)
def test_a_date_with_a_zone_is_utc_to_the_second(header: str, utc: datetime) -> None:
    assert parse_date(header) == utc


@pytest.mark.parametrize(
    ("header", "reason"),
    [
        (None, "no Date header"),
        ("", "no Date header"),
        ("Sat, 6 Mar 2004 20:00:00", "has no time zone"),
        ("Sat, 6 Mar 2004 20:00:00 XYZ", "has no time zone"),
        ("next Tuesday", "cannot be read"),
        ("Sat, 6 Mar 2004 25:61:00 -0600", "cannot be read"),
    ],
    ids=["missing", "empty", "no zone", "unknown zone", "words", "no such time"],
)
def test_a_date_without_a_usable_zone_is_unplaceable(header: str | None, reason: str) -> None:
    with pytest.raises(Unplaceable, match=reason):
        parse_date(header)


def test_offsets_convert_to_utc_through_the_whole_import(tmp_path: Path) -> None:
    path = _mbox(
        tmp_path / "p.mbox",
        [_mail("ann@x.example", "Sun, 07 Mar 2004 02:59:58 +0530", "Proposal 7: Tea", "Tea.")],
    )
    result = import_mbox(path, profile="borednomic", addresses={"ann@x.example": "Ann"})
    assert archive_to_dict(result.archive)["matters"][0]["posted_at"] == "2004-03-06T21:29:58Z"
    assert result.complete


def test_a_zone_less_date_rewritten_by_the_email_package_is_still_reported() -> None:
    # email.policy.default would turn this Date into "... -0000" (UTC): read raw.
    raw = b"From: a@x.example\nDate: Sat, 6 Mar 2004 20:00:00\nSubject: Votes\n\nP1: Yay\n"
    mail = mail_from_bytes(raw, 1)
    assert mail.date == "Sat, 6 Mar 2004 20:00:00"
    result = import_mails([mail], profile="borednomic", addresses={"a@x.example": "A"})
    assert result.problems[0].reasons == ("the Date 'Sat, 6 Mar 2004 20:00:00' has no time zone",)


# Vote lines (BoredNomic).


@pytest.mark.parametrize(
    ("body", "votes"),
    [
        ("P3: Yay", [VoteLine(3, "Yay")]),
        ("proposal 3 - NAY", [VoteLine(3, "Nay")]),
        ("Proposal #3: abstain", [VoteLine(3, "Abstain")]),
        ("#12 Yay!", [VoteLine(12, "Yay")]),
        ("P3, P4 and P5: nay", [VoteLine(3, "Nay"), VoteLine(4, "Nay"), VoteLine(5, "Nay")]),
        ("P3: Yay (spend 2 VotesInReserve)", [VoteLine(3, "Yay", 2)]),
        ("P3: Nay, spending 1 votes in reserve", [VoteLine(3, "Nay", 1)]),
        ("Hi T,\n\nP1: Yay\nP2: Yay\n\nCheers", [VoteLine(1, "Yay"), VoteLine(2, "Yay")]),
        ("P1: Yay\n> P2: Nay\n", [VoteLine(1, "Yay")]),
        ("P1: Yay\n-- \nP2: Nay is my motto\n", [VoteLine(1, "Yay")]),
        ("P1: Yay\nP1: yay\n", [VoteLine(1, "Yay")]),
    ],
    ids=[
        "P3: Yay",
        "Proposal 3 - word in capitals",
        "Proposal #3",
        "#12",
        "a list of proposals",
        "spend N VotesInReserve",
        "spending, lower case",
        "prose around the votes",
        "quoted lines are not read",
        "the signature is not read",
        "the same vote twice is one vote",
    ],
)
def test_vote_lines_are_read(body: str, votes: list[VoteLine]) -> None:
    assert read_vote_lines(body) == (votes, [])


@pytest.mark.parametrize(
    ("body", "placed", "reason"),
    [
        ("P3: Yay, no wait, Nay\nP4: Yay", [VoteLine(4, "Yay")], "conflicting vote words for P3"),
        ("P3: Yay\nP4: Nay\nP3: Nay", [VoteLine(4, "Nay")], "conflicting vote words for P3"),
        ("P3: I like it\nP4: Yay", [VoteLine(4, "Yay")], "no vote word for P3"),
        ("Yay to everything!", [], "a vote word on a line that names no proposal"),
        ("P3: Yay with my VotesInReserve", [], "VotesInReserve for P3 not written as"),
    ],
    ids=["two words on a line", "two lines", "no word", "no proposal", "spend not written"],
)
def test_vote_lines_that_cannot_be_placed_are_reported(
    body: str, placed: list[VoteLine], reason: str
) -> None:
    votes, reasons = read_vote_lines(body)
    assert votes == placed
    assert len(reasons) == 1 and reasons[0].startswith(reason)


def test_a_vote_for_an_unknown_proposal_is_reported_and_the_rest_placed(tmp_path: Path) -> None:
    path = _mbox(
        tmp_path / "v.mbox",
        [
            _mail("ann@x.example", "Mon, 1 Mar 2004 10:00:00 -0600", "Proposal 1: A", "A."),
            _mail(
                "ben@x.example",
                "Fri, 5 Mar 2004 10:00:00 -0600",
                "Votes",
                "P1: Yay\nP2: Nay\n",
                message_id="<v@x.example>",
            ),
        ],
    )
    addresses = {"ann@x.example": "Ann", "ben@x.example": "Ben"}
    result = import_mbox(path, profile="borednomic", addresses=addresses)
    assert [p.line() for p in result.problems] == [
        "message 2 <v@x.example>: a vote for unknown proposal P2 "
        "(no 'Proposal 2:' mail in the mailbox)"
    ]
    assert [(v.voter, v.value) for v in result.archive.matters[0].votes] == [("Ben", "Yay")]


def test_a_second_mail_for_a_proposal_number_is_reported_the_earlier_kept(
    tmp_path: Path,
) -> None:
    path = _mbox(
        tmp_path / "d.mbox",
        [
            # In the mailbox's order the later mail comes first: Date order decides.
            _mail("ben@x.example", "Tue, 2 Mar 2004 10:00:00 -0600", "Proposal 1: B", "B."),
            _mail("ann@x.example", "Mon, 1 Mar 2004 10:00:00 -0600", "Proposal 1: A", "A."),
            _mail("ann@x.example", "Mon, 1 Mar 2004 11:00:00 -0600", "Proposal: C", "C."),
        ],
    )
    addresses = {"ann@x.example": "Ann", "ben@x.example": "Ben"}
    result = import_mbox(path, profile="borednomic", addresses=addresses)
    assert [(m.id, m.author, m.text) for m in result.archive.matters] == [("p1", "Ann", "A.")]
    assert [(p.position, p.reasons) for p in result.problems] == [
        (1, ("P1 was already proposed in message 2",)),
        (3, ("a Subject beginning 'Proposal' but not 'Proposal 3: title'",)),
    ]


def test_the_admins_veto_lines_are_admin_veto_events(tmp_path: Path) -> None:
    path = _mbox(
        tmp_path / "veto.mbox",
        [
            _mail("ann@x.example", "Mon, 1 Mar 2004 10:00:00 -0600", "Proposal 1: A", "A."),
            _mail("t@x.example", "Sat, 6 Mar 2004 10:00:00 -0600", "Vetoes", "Veto: P1\n"),
            _mail("t@x.example", "Sat, 6 Mar 2004 11:00:00 -0600", "Update", "Site updated.\n"),
        ],
    )
    addresses = {"ann@x.example": "Ann", "t@x.example": "The T"}
    result = import_mbox(path, profile="borednomic", addresses=addresses)
    assert archive_to_dict(result.archive)["events"] == [
        {"at": "2004-03-06T16:00:00Z", "type": "admin_veto", "matter": "p1", "by": "The T"}
    ]
    assert [p.position for p in result.problems] == [3]


# Nomopoly: proposals and the Admin's judgements.


def test_a_nomopoly_mailbox_gives_proposals_and_the_admins_judgements(tmp_path: Path) -> None:
    admin = "joejava@dragoncat.net"
    path = _mbox(
        tmp_path / "nomopoly.mbox",
        [
            _mail("ann@x.example", "Mon, 1 Mar 2004 09:00:00 +0000", "Proposal 1: Rent", "R."),
            _mail("ben@x.example", "Mon, 1 Mar 2004 10:00:00 +0000", "Proposal 2: Dice", "D."),
            _mail("cat@x.example", "Mon, 1 Mar 2004 11:00:00 +0000", "Proposal 3: Jail", "J."),
            _mail("ben@x.example", "Mon, 1 Mar 2004 12:00:00 +0000", "Buy", "I buy square 5."),
            _mail(
                admin,
                "Tue, 2 Mar 2004 00:30:00 +0000",
                "Judgements for 1 March",
                "Judgement: P1 accepted\nP2: rejected\nProposal 3: accepted in part\n"
                "P9: accepted\n\nJoel",
            ),
            _mail(admin, "Tue, 2 Mar 2004 01:00:00 +0000", "Oops", "Judgement: P2 accepted"),
        ],
    )
    addresses = {
        "ann@x.example": "Ann",
        "ben@x.example": "Ben",
        "cat@x.example": "Cat",
        admin: "Joel Ricker",
    }
    result = import_mbox(path, profile="nomopoly", addresses=addresses)
    data = archive_to_dict(result.archive)
    assert data["profile"] == "nomopoly"
    assert [(m["id"], m["author"], m["votes"], m["judgement"]) for m in data["matters"]] == [
        ("p1", "Ann", [], {"at": "2004-03-02T00:30:00Z", "result": "accepted"}),
        ("p2", "Ben", [], {"at": "2004-03-02T00:30:00Z", "result": "rejected"}),
        ("p3", "Cat", [], {"at": "2004-03-02T00:30:00Z", "result": "accepted in part"}),
    ]
    assert data["roster"][-1] == {"name": "Joel Ricker", "roles": ["admin"], "player": False}
    assert [m["name"] for m in data["roster"] if m.get("player", True)] == ["Ann", "Ben", "Cat"]
    assert [(p.position, p.reasons) for p in result.problems] == [
        (4, ("not a proposal (Subject 'Proposal 3: title'); nomopoly has no votes",)),
        (5, ("a judgement of unknown proposal P9 (no 'Proposal 9:' mail in the mailbox)",)),
        (6, ("P2 was already judged in message 5",)),
    ]
    archive_from_dict(data)  # the archive is well formed


@pytest.mark.parametrize(
    ("line", "judged", "reasons"),
    [
        ("Judgement: P3 accepted", [(3, "accepted")], 0),
        ("judgment P3 - REJECTED", [(3, "rejected")], 0),
        ("Proposal 3: accepted  in part", [(3, "accepted in part")], 0),
        ("P3: accepted, no, rejected", [], 1),
        ("P3: thinking about it", [], 1),
        ("Thanks all", [], 0),
    ],
    ids=["accepted", "judgment, rejected", "accepted in part", "two results", "none", "prose"],
)
def test_judgement_lines(line: str, judged: list[tuple[int, str]], reasons: int) -> None:
    got, why = read_judgement_lines(line)
    assert got == judged and len(why) == reasons


# Addresses.


def test_the_addresses_file_wins_over_the_config() -> None:
    config = {"Ann@X.example": "Ann", "ben@x.example": "Ben"}
    given = {"ann@x.example": "Annie"}
    assert merge_addresses(config, given) == {"ann@x.example": "Annie", "ben@x.example": "Ben"}


def test_addresses_load_from_toml_and_json(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text('{"Ann@X.example": "Ann"}', encoding="utf-8")
    assert load_addresses(tmp_path / "a.json") == {"ann@x.example": "Ann"}
    assert load_addresses(WEEK_ADDRESSES)["ben.smith@example.net"] == "Ben"


@pytest.mark.parametrize(
    ("name", "text", "reason"),
    [
        ("a.json", '{"ann@x.example": 3}', "expected one mapping"),
        ("a.json", "[1, 2]", "expected one mapping"),
        ("a.toml", "ann = [", "not valid TOML"),
        ("a.txt", "{}", "name it .toml or .json"),
    ],
    ids=["not a name", "not a mapping", "bad TOML", "unknown suffix"],
)
def test_a_bad_addresses_file_is_one_error(
    tmp_path: Path, name: str, text: str, reason: str
) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    with pytest.raises(ImporterError, match=reason):
        load_addresses(tmp_path / name)


# Reading the mailbox.


def test_a_file_that_is_not_an_mbox_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "x.mbox").write_text("Subject: hi\n\nnot an mbox\n", encoding="utf-8")
    with pytest.raises(ImporterError, match="no messages in mbox format"):
        read_mbox(tmp_path / "x.mbox")
    with pytest.raises(ImporterError, match="no such mailbox"):
        read_mbox(tmp_path / "missing.mbox")


def test_the_week_is_read_in_mailbox_order_with_senders_lower_cased() -> None:
    mails = read_mbox(WEEK_MBOX)
    assert [m.position for m in mails] == list(range(1, 14))
    assert mails[2].sender == "ben.smith@example.net"
    assert mails[3].body is not None and "opponent beaten." in mails[3].body  # quoted-printable


@given(st.binary(max_size=400))
def test_junk_never_breaks_an_import(junk: bytes) -> None:
    mail = mail_from_bytes(junk, 1)
    result = import_mails([mail], profile="borednomic", addresses={mail.sender: "Ann"})
    archive_from_dict(archive_to_dict(result.archive))
    # One mail with no proposal before it: a proposal, or reported; never both, never lost.
    assert len(result.archive.matters) + len(result.problems) == 1


def test_an_unknown_profile_is_an_error() -> None:
    with pytest.raises(ImporterError, match="borednomic, nomopoly"):
        import_mails([], profile="blognomic-139", addresses={})


def test_a_mail_with_no_sender_is_reported() -> None:
    mail = Mail(1, None, "", "Mon, 1 Mar 2004 10:00:00 -0600", "Votes", "P1: Yay")
    result = import_mails([mail], profile="borednomic", addresses={})
    assert result.problems[0].line() == "message 1: unknown sender (no From address)"


# The command line.


@pytest.fixture
def no_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory with no nomicbot.toml, and no $NOMICBOT_CONFIG."""
    monkeypatch.delenv("NOMICBOT_CONFIG", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_command_writes_the_archive_reports_and_exits_1(no_config: Path) -> None:
    out = no_config / "week.json"
    args = ["import", "mbox", str(WEEK_MBOX), "--profile", "borednomic"]
    args += ["--addresses", str(WEEK_ADDRESSES), "--output", str(out)]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 1
    expected = _week_archive()
    expected["settings"] = {}  # no config: no [game] settings
    assert json.loads(out.read_text(encoding="utf-8")) == expected
    report = [line for line in result.stderr.splitlines() if line.startswith("message ")]
    assert [int(line.split()[1]) for line in report] == sorted(WEEK_REPORTS)
    assert "5 messages reported" in result.stderr


def test_the_command_exits_0_when_everything_is_placed_and_writes_stdout(
    no_config: Path,
) -> None:
    path = _mbox(
        no_config / "ok.mbox",
        [_mail("ann@x.example", "Mon, 1 Mar 2004 10:00:00 -0600", "Proposal 1: A", "A.")],
    )
    (no_config / "a.json").write_text('{"ann@x.example": "Ann"}', encoding="utf-8")
    args = ["import", "mbox", str(path), "--profile", "nomopoly", "--addresses", "a.json"]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [m["id"] for m in data["matters"]] == ["p1"]
    assert data["roster"][-1]["name"] == "Joel Ricker"


def test_an_unreadable_mailbox_exits_2_and_writes_nothing(no_config: Path) -> None:
    out = no_config / "out.json"
    args = ["import", "mbox", "missing.mbox", "--profile", "borednomic", "--output", str(out)]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 2
    assert "missing.mbox: no such mailbox file" in result.stderr
    assert "Traceback" not in result.output
    assert not out.exists()


def test_the_config_gives_settings_and_addresses_and_the_file_wins(no_config: Path) -> None:
    config = no_config / "nomicbot.toml"
    config.write_text(
        '[game]\nprofile = "borednomic"\ntimezone = "America/Chicago"\n\n'
        '[game.addresses]\n"Dan@Example.co.uk" = "Daniel"\n"cat@example.com" = "Cat"\n',
        encoding="utf-8",
    )
    out = no_config / "week.json"
    args = ["import", "mbox", str(WEEK_MBOX), "--profile", "borednomic", "--config", str(config)]
    args += ["--addresses", str(WEEK_ADDRESSES), "-o", str(out)]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 1
    # The file maps Dan's address to "Dan", over the config's "Daniel".
    assert json.loads(out.read_text(encoding="utf-8")) == _week_archive()


# The BoredNomic profile reads the import as it reads the archive.


@pytest.mark.parametrize(
    "now",
    [
        datetime(2004, 3, 3, 12, 0, tzinfo=UTC),  # Rule Proposition Period
        datetime(2004, 3, 6, 12, 0, tzinfo=UTC),  # Voting Period
        datetime(2004, 3, 7, 5, 59, 59, tzinfo=UTC),  # the last second of Saturday, Chicago
        datetime(2004, 3, 8, 0, 0, tzinfo=UTC),  # after the week
    ],
    ids=["Wednesday", "Saturday", "Saturday's last second", "next Monday"],
)
def test_the_mbox_fixture_imports_and_gives_the_same_verdicts_as_its_archive(
    now: datetime,
) -> None:
    from gamestate.profiles.borednomic import PROFILE

    imported = _import_week().archive
    expected = archive_from_dict(_week_archive(), source=str(WEEK_JSON))
    got = PROFILE.evaluate(imported, now, None)
    want = PROFILE.evaluate(expected, now, None)
    assert sorted(want.matters) == [m.id for m in expected.matters if m.posted_at <= now]
    assert got.matters == want.matters
    assert got.warnings == want.warnings
    if "p5" in want.matters:
        # Proposal 5 came on Thursday: BoredNomic 9.2's "before midnight Wednesday".
        assert want.matters["p5"].outcome == "late"
