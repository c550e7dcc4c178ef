"""``import discord``: an Infinite Nomic channel export (and a reaction log) into
``nomic-archive/2``, reporting, never guessing, what it cannot place."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from gamestate.profiles import archive_from_dict, archive_to_dict, get_profile
from wikibot.cli import cli
from wikibot.importers import (
    DiscordImport,
    Emoji,
    ImporterError,
    Unplaceable,
    emoji_settings,
    import_discord,
    import_export,
    is_poll,
    load_players,
    parse_discord_time,
    proposal_class,
    read_export,
    read_players,
    read_reaction_log,
)

DATA = Path(__file__).parent / "data"
EXPORT = DATA / "infinite_export.json"
LOG = DATA / "infinite_reactions.json"
EXPECTED = DATA / "infinite_expected.json"
PLAYERS = DATA / "infinite_players.toml"
THUMBS = {"reactions": {"favour": "👍", "against": "👎"}}

M1, M2, M3, M4, M5, M6, M7 = (
    "1214229743927300103",
    "1214482537770913799",
    "1214497633075204103",
    "1214666267164676103",
    "1214905319424004103",
    "1215056313948573703",
    "1215102128767373319",
)
ANN = {"id": "402395712158351361", "name": "ann.hexley", "nickname": "Ann", "isBot": False}
BEN = {"id": "518820345610780672", "name": "benjamin_b", "nickname": "Ben", "isBot": False}
JUDGE = {"id": "300000000000000003", "name": "judy", "nickname": "Judge Judy", "isBot": False}
POLLBOT = {"id": "235148962103951360", "name": "Carl-bot", "nickname": "Carl", "isBot": True}
UP = {"id": "", "name": "👍", "code": "thumbsup", "isAnimated": False}
DOWN = {"id": "", "name": "👎", "code": "thumbsdown", "isAnimated": False}


def _expected() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXPECTED.read_text(encoding="utf-8"))
    return data


def _import(**options: Any) -> DiscordImport:
    kwargs: dict[str, Any] = {
        "settings": THUMBS,
        "players": load_players(PLAYERS),
        "reactions_path": LOG,
    }
    kwargs.update(options)
    return import_discord(EXPORT, **kwargs)


def _message(
    mid: str,
    author: dict[str, Any],
    content: str,
    at: str = "2024-03-04T12:00:00+00:00",
    *,
    kind: str = "Default",
    reactions: list[dict[str, Any]] | None = None,
    reply_to: str | None = None,
    edited: str | None = None,
) -> dict[str, Any]:
    message: dict[str, Any] = {
        "id": mid,
        "type": kind,
        "timestamp": at,
        "timestampEdited": edited,
        "author": author,
        "content": content,
        "reactions": reactions or [],
    }
    if reply_to is not None:
        message["reference"] = {"messageId": reply_to, "channelId": "1", "guildId": "2"}
    return message


def _reaction(emoji: dict[str, Any], *users: dict[str, Any], listed: bool = True) -> dict[str, Any]:
    out: dict[str, Any] = {"emoji": emoji, "count": len(users)}
    if listed:
        out["users"] = list(users)
    return out


def _export(channel: str, *messages: dict[str, Any], exported_at: str | None = None) -> str:
    data: dict[str, Any] = {
        "guild": {"id": "2", "name": "Infinite Nomic"},
        "channel": {"id": "1", "type": "GuildTextChat", "name": channel},
        "messages": list(messages),
    }
    if exported_at is not None:
        data["exportedAt"] = exported_at
    return json.dumps(data, ensure_ascii=False)


def _lines(result: DiscordImport) -> list[str]:
    return [p.line() for p in result.problems]


# The fixture: a week of #proposals, with its reaction log.


def test_the_export_with_its_log_imports_as_the_expected_archive() -> None:
    result = _import()
    assert archive_to_dict(result.archive) == _expected()
    assert result.messages == 7
    assert result.skipped == 1  # the pin notice


def test_the_expected_archive_is_a_valid_nomic_archive() -> None:
    archive = archive_from_dict(_expected(), source=str(EXPECTED))
    assert [m.id for m in archive.matters] == [M1, M2, M4, M6, M7]
    assert [m.cls for m in archive.matters] == [
        "standard",
        "urgent",
        "urgent",
        "standard",
        "standard",
    ]


FIXTURE_REPORTS = [
    f"message {M5}: unknown message type '20': not placed",
    f"message {M2}: reaction 🎉 x1 (Ann): neither setting's emoji (👍, 👎)",
    f"reaction log event 9 (message {M2}): 🎉 by Ann: neither setting's emoji (👍, 👎)",
    f"reaction log event 12 (message {M3}): add event for a message that is a Discord notice "
    "(ChannelPinnedMessage), not a matter",
    "reaction log event 13 (message 1214995916390404103): add event for a message that is not "
    "in the export",
    f"reaction log event 14 (message {M1}): the time '2024-03-06T10:00:00' has no zone",
    f"reaction log event 15 (message {M7}): unknown user '987654321098765432'",
    f"message {M6}: reaction 👎 by Ben stands in the export but not in the log at "
    "2024-03-07T12:00:00Z: time unknown, not placed",
]


@pytest.mark.parametrize("line", FIXTURE_REPORTS, ids=lambda line: line.split(":")[0])
def test_each_unplaceable_item_of_the_fixture_is_reported(line: str) -> None:
    assert line in _lines(_import())


def test_only_the_unplaceable_items_of_the_fixture_are_reported_in_order() -> None:
    result = _import()
    assert _lines(result) == FIXTURE_REPORTS
    assert not result.complete


def test_a_deletion_in_the_log_is_the_matters_deleted_at() -> None:
    matters = {m.id: m for m in _import().archive.matters}
    assert matters[M6].deleted_at == datetime(2024, 3, 8, 9, 30, tzinfo=UTC)
    assert [m for m, matter in matters.items() if matter.deleted_at is not None] == [M6]


def test_an_edit_in_the_log_earlier_than_the_exports_last_edit_wins() -> None:
    # The export's timestampEdited is the LAST edit (20:30:12Z); the log saw one at 20:20.
    matters = {m.id: m for m in _import().archive.matters}
    assert matters[M4].edited_at == datetime(2024, 3, 5, 20, 20, tzinfo=UTC)
    without_log = {m.id: m for m in _import(reactions_path=None).archive.matters}
    assert without_log[M4].edited_at == datetime(2024, 3, 5, 20, 30, 12, tzinfo=UTC)


def test_a_log_emoji_named_by_its_code_is_the_settings_emoji() -> None:
    # Event 6 logs Dee's reaction as "thumbsdown"; the export names 👎 so.
    m1 = next(m for m in _import().archive.matters if m.id == M1)
    assert [(v.voter, v.value, v.op) for v in m1.votes if v.voter == "Dee"] == [
        ("Dee", "👎", "add")
    ]


# Without a log: reactions as they are now are never timed votes.


def test_without_a_log_no_vote_is_invented_and_each_reaction_is_reported() -> None:
    result = _import(reactions_path=None)
    assert all(m.votes == () for m in result.archive.matters)
    assert all(m.deleted_at is None for m in result.archive.matters)
    unknown = [line for line in _lines(result) if "time unknown: not a vote" in line]
    assert unknown == [
        f"message {M1}: reaction 👍 x3 (Ann, Ben, Cat) as it is now, time unknown: not a vote "
        "(give --reactions LOG or --reactions-as-of ISO)",
        f"message {M1}: reaction 👎 x1 (Dee) as it is now, time unknown: not a vote "
        "(give --reactions LOG or --reactions-as-of ISO)",
        f"message {M2}: reaction 👍 x2 (Ben, Cat) as it is now, time unknown: not a vote "
        "(give --reactions LOG or --reactions-as-of ISO)",
        f"message {M4}: reaction 👍 x1 (Cat) as it is now, time unknown: not a vote "
        "(give --reactions LOG or --reactions-as-of ISO)",
        f"message {M6}: reaction 👍 x1 (Dee) as it is now, time unknown: not a vote "
        "(give --reactions LOG or --reactions-as-of ISO)",
        f"message {M6}: reaction 👎 x1 (Ben) as it is now, time unknown: not a vote "
        "(give --reactions LOG or --reactions-as-of ISO)",
    ]


def test_the_notes_say_reactions_are_as_they_are_now() -> None:
    for result in (_import(), _import(reactions_path=None)):
        assert result.notes[0] == (
            "a Discord export holds reactions as they are now (exported at "
            "2024-03-07T12:00:00Z), without times"
        )
    assert any("no reaction log" in note for note in _import(reactions_path=None).notes)


def test_reactions_as_of_an_instant_are_adds_at_that_instant() -> None:
    seen = datetime(2024, 3, 7, 12, 0, tzinfo=UTC)
    result = _import(reactions_path=None, as_of=seen)
    m1 = next(m for m in result.archive.matters if m.id == M1)
    assert [(v.voter, v.value, v.at, v.op) for v in m1.votes] == [
        ("Ann", "👍", seen, "add"),
        ("Ben", "👍", seen, "add"),
        ("Cat", "👍", seen, "add"),
        ("Dee", "👎", seen, "add"),
    ]
    assert not any("time unknown" in line for line in _lines(result))
    assert any("--reactions-as-of" in note for note in result.notes)


def test_reactions_as_of_before_a_message_was_posted_are_reported() -> None:
    result = _import(reactions_path=None, as_of=datetime(2024, 3, 6, 0, 0, tzinfo=UTC))
    m6 = next(m for m in result.archive.matters if m.id == M6)
    assert m6.votes == ()
    assert (
        f"message {M6}: reaction 👍: --reactions-as-of 2024-03-06T00:00:00Z is before the "
        "message was posted, not placed"
    ) in _lines(result)


def test_a_log_and_an_as_of_instant_together_are_an_error() -> None:
    with pytest.raises(ImporterError, match="not both"):
        _import(as_of=datetime(2024, 3, 7, tzinfo=UTC))


def test_an_export_without_reaction_users_is_checked_by_count() -> None:
    text = _export(
        "proposals",
        _message("10", ANN, "A", reactions=[_reaction(UP, ANN, BEN, listed=False)]),
        exported_at="2024-03-05T00:00:00Z",
    )
    events, problems = read_reaction_log(
        json.dumps(
            [
                {
                    "message_id": "10",
                    "user": ANN["id"],
                    "emoji": "👍",
                    "op": "add",
                    "at": "2024-03-04T13:00:00Z",
                }
            ]
        )
    )
    result = import_export(read_export(text), settings=THUMBS, reaction_log=events)
    assert _lines(result) == [
        "message 10: reaction 👍: the export counts 2, the log has 1 standing at "
        "2024-03-05T00:00:00Z"
    ]
    as_of = import_export(
        read_export(text), settings=THUMBS, as_of=datetime(2024, 3, 5, tzinfo=UTC)
    )
    assert as_of.archive.matters[0].votes == ()
    assert "the export does not list who reacted" in _lines(as_of)[0]


def test_a_reaction_standing_in_the_log_but_missing_from_the_export_is_reported() -> None:
    text = _export("proposals", _message("10", ANN, "A"), exported_at="2024-03-05T00:00:00Z")
    log = [
        {
            "message_id": "10",
            "user": "ann.hexley",
            "emoji": "👎",
            "op": "add",
            "at": "2024-03-04T13:00:00Z",
        }
    ]
    events, _ = read_reaction_log(json.dumps(log))
    result = import_export(read_export(text), settings=THUMBS, reaction_log=events)
    assert [v.value for v in result.archive.matters[0].votes] == ["👎"]
    assert _lines(result) == [
        "message 10: reaction 👎 by ann.hexley stands in the log at 2024-03-05T00:00:00Z but not "
        "in the export"
    ]


# Times.


@pytest.mark.parametrize(
    ("text", "utc"),
    [
        ("2024-03-04T10:15:30.250-05:00", datetime(2024, 3, 4, 15, 15, 30, tzinfo=UTC)),
        ("2024-03-05T08:00:00.999+00:00", datetime(2024, 3, 5, 8, 0, 0, tzinfo=UTC)),
        ("2024-03-06T23:59:59.900+02:00", datetime(2024, 3, 6, 21, 59, 59, tzinfo=UTC)),
        ("2024-03-07T00:30:00.1234567+05:30", datetime(2024, 3, 6, 19, 0, 0, tzinfo=UTC)),
        ("2024-03-04T15:16:02.113Z", datetime(2024, 3, 4, 15, 16, 2, tzinfo=UTC)),
        ("2024-12-31T23:59:59.9999999-01:00", datetime(2025, 1, 1, 0, 59, 59, tzinfo=UTC)),
    ],
    ids=[
        "-05:00",
        "never rounded up",
        "+02:00 across midnight",
        "7 digits +05:30",
        "Z",
        "year end",
    ],
)
def test_an_exporter_time_is_utc_truncated_to_the_second(text: str, utc: datetime) -> None:
    assert parse_discord_time(text) == utc


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("2024-03-04T10:15:30", "has no zone"),
        ("yesterday", "cannot be read"),
        ("", "no time"),
        (None, "no time"),
        ("0001-01-01T00:00:00+00:00", "out of range"),
    ],
)
def test_an_unusable_time_is_unplaceable(text: str | None, reason: str) -> None:
    with pytest.raises(Unplaceable, match=reason):
        parse_discord_time(text)


def test_a_message_with_a_zone_less_time_is_reported_and_not_placed() -> None:
    text = _export(
        "proposals",
        _message("10", ANN, "A", "2024-03-04T12:00:00"),
        _message("11", BEN, "B", "2024-03-04T12:00:00+01:00", edited="2024-03-04T13:00:00"),
    )
    result = import_export(read_export(text), settings=THUMBS)
    assert result.archive.matters == ()
    assert _lines(result) == [
        "message 10: the time '2024-03-04T12:00:00' has no zone: not placed",
        "message 11: the time '2024-03-04T13:00:00' has no zone: not placed",
    ]


def test_offsets_convert_to_utc_through_the_whole_import() -> None:
    matters = {m["id"]: m for m in archive_to_dict(_import().archive)["matters"]}
    assert matters[M1]["posted_at"] == "2024-03-04T15:15:30Z"  # 10:15:30.250-05:00
    assert matters[M2]["posted_at"] == "2024-03-05T08:00:00Z"  # 08:00:00.999, not 08:00:01
    assert matters[M6]["posted_at"] == "2024-03-06T21:59:59Z"  # 23:59:59.900+02:00
    ben = [v["at"] for v in matters[M1]["votes"] if v["voter"] == "Ben"]
    assert ben == ["2024-03-04T17:40:11Z"]  # logged 18:40:11.870+01:00


# The conventions.


@pytest.mark.parametrize(
    ("content", "cls"),
    [
        ("Urgent: fix rule 6.4.5", "urgent"),
        ("[urgent] fix rule 6.4.5", "urgent"),
        ("(URGENT) fix", "urgent"),
        ("**Urgent:** fix", "urgent"),
        ("__**[Urgent]**__ fix", "urgent"),
        ("> Urgent proposal: fix", "urgent"),
        ("Class: urgent. Fix", "urgent"),
        ("Standard: amend rule 9", "standard"),
        ("Add a rule: nothing is urgent", "standard"),
        ("Urgently needed: a rule", "standard"),
        ("", "standard"),
    ],
    ids=lambda x: repr(x)[:24],
)
def test_the_proposal_class_is_read_from_the_messages_first_word(content: str, cls: str) -> None:
    assert proposal_class(content) == cls


@pytest.mark.parametrize(
    ("content", "poll"),
    [
        ("Poll: confidence in the ruling above", True),
        ("**Vote of confidence** on RFJ 12", True),
        ("[poll] overturn?", True),
        ("Confidence vote: RFJ 12", True),
        ("Is a Lake a hex? (request)", False),
        ("Ruling: yes. Polls are separate messages.", False),
        ("Polling station", False),
    ],
    ids=lambda x: repr(x)[:24],
)
def test_a_poll_designates_itself(content: str, poll: bool) -> None:
    assert is_poll(content) is poll


def _justice(*extra: dict[str, Any]) -> str:
    return _export(
        "request-for-justice",
        _message("20", ANN, "Does Traverse into a Lake cost AP?", "2024-03-04T10:00:00+00:00"),
        _message(
            "21",
            JUDGE,
            "Ruling: yes, it does.",
            "2024-03-04T11:30:45.5+00:00",
            kind="Reply",
            reply_to="20",
        ),
        _message(
            "22",
            BEN,
            "Poll: vote of confidence on this ruling",
            "2024-03-05T09:00:00+00:00",
            kind="Reply",
            reply_to="21",
            reactions=[_reaction(UP, BEN, POLLBOT), _reaction(DOWN, ANN, POLLBOT)],
        ),
        *extra,
    )


def test_a_poll_replying_to_a_ruling_is_a_confidence_vote_on_it() -> None:
    poll = {"👍": "overturn", "👎": "affirm"}
    result = import_export(
        read_export(_justice()),
        settings={"poll": poll},
        as_of=datetime(2024, 3, 5, 12, tzinfo=UTC),
    )
    (matter,) = result.archive.matters
    assert (matter.id, matter.kind, matter.author, matter.cls) == (
        "22",
        "confidence_vote",
        "benjamin_b",
        None,
    )
    assert matter.ruling == {"by": "judy", "at": "2024-03-04T11:30:45Z"}
    assert [(v.voter, v.value) for v in matter.votes] == [
        ("benjamin_b", "👍"),
        ("Carl-bot", "👍"),
        ("ann.hexley", "👎"),
        ("Carl-bot", "👎"),
    ]
    assert result.skipped == 2  # the request and the ruling
    roster = {m.name: m.player for m in result.archive.roster}
    assert roster == {"ann.hexley": True, "benjamin_b": True, "judy": True, "Carl-bot": False}
    assert result.problems == ()


def test_a_poll_that_replies_to_no_ruling_is_reported_not_placed() -> None:
    result = import_export(
        read_export(_justice(_message("23", ANN, "Poll: overturn it?", "2024-03-05T10:00:00Z"))),
        settings={"poll": {"👍": "overturn", "👎": "affirm"}},
    )
    assert [m.id for m in result.archive.matters] == ["22"]
    assert (
        "message 23: a poll that replies to no ruling in this export: its ruling is unknown: "
        "not placed"
    ) in _lines(result)


def test_poll_reactions_without_poll_emoji_are_reported() -> None:
    result = import_export(read_export(_justice()), settings=THUMBS)
    assert _lines(result) == [
        "message 22: reaction 👍 x2 (benjamin_b, Carl-bot): no poll emoji are set "
        "(--overturn/--affirm, or [game] poll)",
        "message 22: reaction 👎 x2 (ann.hexley, Carl-bot): no poll emoji are set "
        "(--overturn/--affirm, or [game] poll)",
    ]


def test_each_message_in_judge_elections_is_a_candidacy() -> None:
    text = _export(
        "judge-elections",
        _message("30", ANN, "Urgent: I stand for Judge.", reactions=[_reaction(UP, BEN)]),
        _message("31", BEN, "Me too.", "2024-03-04T13:00:00+00:00"),
    )
    result = import_export(
        read_export(text), settings=THUMBS, as_of=datetime(2024, 3, 5, tzinfo=UTC)
    )
    assert [(m.id, m.kind, m.cls) for m in result.archive.matters] == [
        ("30", "judge_candidacy", None),
        ("31", "judge_candidacy", None),
    ]
    assert [v.voter for v in result.archive.matters[0].votes] == ["benjamin_b"]


def test_the_channel_role_comes_from_its_name_or_the_option() -> None:
    message = _message("40", ANN, "A")
    assert (
        import_export(read_export(_export("📜┃proposals", message))).archive.matters[0].kind
        == "proposal"
    )
    with pytest.raises(ImporterError, match="--channel-kind"):
        import_export(read_export(_export("general", message)))
    other = import_export(read_export(_export("general", message)), channel_kind="judge-elections")
    assert other.archive.matters[0].kind == "judge_candidacy"


# People.


def test_the_players_map_names_people_and_the_rest_are_not_players() -> None:
    text = _export(
        "proposals",
        _message("50", ANN, "A", reactions=[_reaction(UP, ANN, BEN)]),
    )
    result = import_export(
        read_export(text),
        settings=THUMBS,
        players={str(ANN["id"]): "Ann"},
        as_of=datetime(2024, 3, 5, tzinfo=UTC),
    )
    assert [(m.name, m.player) for m in result.archive.roster] == [
        ("Ann", True),
        ("benjamin_b", False),
    ]
    assert "benjamin_b is not in --players: on the roster as a non-player" in result.notes


def test_without_a_map_everyone_but_bots_is_a_player_named_by_username_not_nickname() -> None:
    result = import_export(read_export(_justice()), settings=THUMBS)
    assert result.archive.matters[0].author == "benjamin_b"  # nickname "Ben"
    assert any(note.startswith("no --players") for note in result.notes)


def test_players_load_from_toml_and_json(tmp_path: Path) -> None:
    assert load_players(PLAYERS)["catamaran"] == "Cat"
    (tmp_path / "p.json").write_text('{"1": " Ann "}', encoding="utf-8")
    assert load_players(tmp_path / "p.json") == {"1": "Ann"}
    with pytest.raises(ImporterError, match="name it .toml or .json"):
        load_players(tmp_path / "p.txt")
    with pytest.raises(ImporterError, match="user id or username -> player"):
        read_players('{"1": 2}', "json")


# Settings.


def test_the_options_win_over_the_config_and_the_profiles_defaults() -> None:
    config = {"reactions": {"favour": "yes", "against": "no"}, "timezone": "UTC"}
    defaults = {"reactions": {"favour": "a", "against": "b"}, "poll": {"o": "overturn"}}
    settings = emoji_settings(favour="👍", given=config, defaults=defaults)
    assert settings == {
        "reactions": {"favour": "👍", "against": "no"},
        "timezone": "UTC",
        "poll": {"o": "overturn"},
    }
    poll = emoji_settings(overturn="⬆️", given={"poll": {"o": "overturn", "x": "affirm"}})
    assert poll["poll"] == {"x": "affirm", "⬆️": "overturn"}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"favour": "👍"}, "needs a favour and an against"),
        ({"favour": "thumbsup", "against": ":thumbsup:"}, "the same"),
        ({"given": {"poll": {"👍": "yes"}}}, "'overturn' or 'affirm'"),
    ],
)
def test_bad_emoji_settings_are_one_error(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ImporterError, match=message):
        emoji_settings(**options)


def test_a_setting_spelled_as_a_code_matches_and_is_written_as_spelled() -> None:
    text = _export("proposals", _message("60", ANN, "A", reactions=[_reaction(UP, BEN)]))
    settings = {"reactions": {"favour": ":thumbsup:", "against": "thumbsdown"}}
    result = import_export(
        read_export(text), settings=settings, as_of=datetime(2024, 3, 5, tzinfo=UTC)
    )
    assert [v.value for v in result.archive.matters[0].votes] == [":thumbsup:"]
    assert Emoji("👍", "thumbsup").aliases == {"👍", "thumbsup"}


# Junk.


def test_a_file_that_is_not_an_export_is_an_error() -> None:
    with pytest.raises(ImporterError, match="not valid JSON"):
        read_export("{")
    with pytest.raises(ImporterError, match="no 'messages' list"):
        read_export('{"channel": {}}')
    with pytest.raises(ImporterError, match="a JSON list of events"):
        read_reaction_log("{}")


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=20,
)
_MESSAGE = st.fixed_dictionaries(
    {},
    optional={
        "id": st.one_of(st.text(max_size=4), st.integers()),
        "type": st.sampled_from(["Default", "Reply", "ChannelPinnedMessage", "20", ""]),
        "timestamp": st.sampled_from(["2024-03-04T12:00:00+00:00", "2024-03-04T12:00:00", "x"]),
        "timestampEdited": st.none() | st.just("2024-03-04T13:00:00Z"),
        "author": st.just(ANN) | _JSON,
        "content": st.text(max_size=20) | _JSON,
        "reactions": st.lists(st.just(_reaction(UP, BEN)) | _JSON, max_size=2) | _JSON,
        "reference": _JSON,
    },
)


@given(
    messages=st.lists(_MESSAGE | _JSON, max_size=5),
    log=st.lists(
        st.fixed_dictionaries(
            {},
            optional={
                "message_id": st.text(max_size=3),
                "op": st.sampled_from(["add", "remove", "delete", "edit", "x"]),
                "at": st.sampled_from(["2024-03-04T12:30:00Z", "2024-03-04T12:30:00", "", "z"]),
                "user": st.just(BEN["id"]) | _JSON,
                "emoji": st.just("👍") | _JSON,
            },
        )
        | _JSON,
        max_size=5,
    ),
)
def test_junk_never_breaks_an_import(messages: list[Any], log: list[Any]) -> None:
    text = json.dumps({"channel": {"name": "proposals"}, "messages": messages})
    events, problems = read_reaction_log(json.dumps(log))
    result = import_export(
        read_export(text), settings=THUMBS, reaction_log=events, log_problems=problems
    )
    # Whatever it placed is an archive the format reads back.
    again = archive_from_dict(archive_to_dict(result.archive))
    assert again.matters == result.archive.matters


# The command line.


@pytest.fixture
def no_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory with no nomicbot.toml, and no $NOMICBOT_CONFIG."""
    monkeypatch.delenv("NOMICBOT_CONFIG", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _args(*extra: str) -> list[str]:
    return ["import", "discord", str(EXPORT), "--profile", "infinite-nomic", *extra]


def test_the_command_writes_the_archive_reports_and_exits_1(no_config: Path) -> None:
    out = no_config / "archive.json"
    args = _args("--reactions", str(LOG), "--players", str(PLAYERS), "--favour", "👍")
    args += ["--against", "👎", "--output", str(out)]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 1, result.stderr
    written = json.loads(out.read_text(encoding="utf-8"))
    # Settings the options do not give are the profile's defaults (once it is registered).
    assert written["settings"]["reactions"] == _expected()["settings"]["reactions"]
    assert {**written, "settings": None} == {**_expected(), "settings": None}
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines[0] == (
        "nomicbot: note: a Discord export holds reactions as they are now (exported at "
        "2024-03-07T12:00:00Z), without times"
    )
    assert [line for line in lines if not line.startswith("nomicbot: ")] == FIXTURE_REPORTS
    assert lines[-1].endswith("8 items reported")


def test_the_command_without_a_log_prints_the_note_and_places_no_vote(no_config: Path) -> None:
    args = _args("--players", str(PLAYERS), "--favour", "👍", "--against", "👎")
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 1
    assert "holds reactions as they are now" in result.stderr
    assert "no reaction log: reactions are not votes" in result.stderr
    assert all(m["votes"] == [] for m in json.loads(result.stdout)["matters"])


def test_the_command_exits_0_when_everything_is_placed_and_writes_stdout(no_config: Path) -> None:
    (no_config / "e.json").write_text(
        _export("proposals", _message("70", ANN, "Urgent: A", "2024-03-04T12:00:00.5-01:00")),
        encoding="utf-8",
    )
    args = ["import", "discord", "e.json", "--profile", "infinite-nomic", "--reactions-as-of"]
    args += ["2024-03-05T00:00:00Z", "--favour", "👍", "--against", "👎"]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["matters"][0]["posted_at"] == "2024-03-04T13:00:00Z"
    assert data["matters"][0]["class"] == "urgent"
    assert data["settings"]["reactions"] == THUMBS["reactions"]
    assert "holds reactions as they are now" in result.stderr


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--reactions", "missing.json"], "reaction log missing.json"),
        (["--players", "missing.toml"], "players file missing.toml"),
        (["--reactions-as-of", "soon"], "--reactions-as-of: 'soon' is not an ISO-8601 time"),
        (["--reactions", str(LOG), "--reactions-as-of", "2024-03-07T12:00:00Z"], "not both"),
        (["--favour", "thumbsup", "--against", ":thumbsup:"], "are the same"),
    ],
    ids=["no log", "no players", "bad instant", "log and instant", "one emoji twice"],
)
def test_a_bad_option_or_file_exits_2_and_writes_nothing(
    no_config: Path, extra: list[str], message: str
) -> None:
    out = no_config / "out.json"
    result = CliRunner().invoke(cli, [*_args(*extra), "-o", str(out)], catch_exceptions=False)
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output
    assert not out.exists()


def test_a_missing_export_or_an_unknown_channel_exits_2(no_config: Path) -> None:
    args = ["import", "discord", "missing.json", "--profile", "infinite-nomic"]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 2
    assert "export missing.json" in result.stderr
    (no_config / "g.json").write_text(_export("general", _message("1", ANN, "A")), encoding="utf-8")
    args = ["import", "discord", "g.json", "--profile", "infinite-nomic"]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 2
    assert "name its role with --channel-kind" in result.stderr
    result = CliRunner().invoke(cli, [*args, "--channel-kind", "proposals"], catch_exceptions=False)
    assert result.exit_code == 0, result.stderr


def test_without_emoji_options_the_profiles_defaults_are_used_and_written(
    no_config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wikibot.cli import importer_discord

    defaults = {
        "reactions": {"favour": "thumbsup", "against": "thumbsdown"},
        "poll": {"thumbsup": "affirm", "thumbsdown": "overturn"},
        "cycle_began": None,
    }
    monkeypatch.setattr(importer_discord, "_profile_defaults", lambda profile: defaults)
    args = _args("--reactions", str(LOG), "--players", str(PLAYERS))
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["settings"] == {
        "reactions": defaults["reactions"],
        "poll": defaults["poll"],
    }
    # The log's "👍" is the export's :thumbsup:, written as the setting spells it.
    values = {v["value"] for m in data["matters"] for v in m["votes"]}
    assert values == {"thumbsup", "thumbsdown"}


def test_the_command_has_help_with_an_example() -> None:
    result = CliRunner().invoke(cli, ["import", "discord", "--help"], catch_exceptions=False)
    assert result.exit_code == 0
    assert "Example:" in result.stdout and "--reactions-as-of" in result.stdout


# The Infinite Nomic profile reads the import.


def test_the_imported_archive_passes_the_profiles_check_and_evaluates() -> None:
    profile = get_profile("infinite-nomic")
    archive = _import().archive
    assert profile.check(archive) == []
    report = profile.evaluate(archive, datetime(2024, 3, 12, tzinfo=UTC), None)
    got = {
        m: (o.outcome, o.numbers["for"], o.numbers["against"]) for m, o in report.matters.items()
    }
    assert got == {
        M1: ("takes effect", 2, 1),  # Ann took back her 👍 on Thursday, after the export
        M2: ("takes effect", 2, 0),
        M4: ("does not take effect", 1, 0),  # edited (the log's 20:20), inside its period
        M6: ("does not take effect", 1, 0),  # deleted (the log), inside its period
        M7: ("open", 1, 0),
    }
    # The expected archive, read from its file, gives the same verdicts.
    expected = archive_from_dict(_expected(), source=str(EXPECTED))
    assert profile.evaluate(expected, datetime(2024, 3, 12, tzinfo=UTC), None).matters == (
        report.matters
    )


def test_without_the_log_it_gives_the_verdicts_it_can_and_says_what_it_lacks() -> None:
    """No reaction is a vote without its time: the edits and deletions the export shows
    still decide, the rest is judged on no votes, and the notes say what is missing."""
    result = _import(reactions_path=None)
    assert any("no reaction log" in note for note in result.notes)
    profile = get_profile("infinite-nomic")
    assert profile.check(result.archive) == []
    report = profile.evaluate(result.archive, datetime(2024, 3, 12, tzinfo=UTC), None)
    got = {
        m: (o.outcome, o.numbers["for"], o.numbers["against"]) for m, o in report.matters.items()
    }
    assert got == {
        M1: ("does not take effect", 0, 0),  # standard: not more for than against
        M2: ("takes effect", 0, 0),  # urgent: "no more than two votes against it"
        M4: ("does not take effect", 0, 0),
        M6: ("does not take effect", 0, 0),
        M7: ("open", 0, 0),
    }
