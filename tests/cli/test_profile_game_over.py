"""``status`` of a profile game that has ended says who won, or that no one did."""

from __future__ import annotations

from gamestate.profiles import archive_from_dict
from tests.gamestate.profiles.test_nomopoly_world import event, game, player, run
from wikibot.cli.profile_render import render_profile_table


def _table(events: list[dict[str, object]]) -> str:
    data = game(events, roster=[player("Ann"), player("Ben")])
    return render_profile_table(run(data), archive_from_dict(data), "Nomopoly")


def test_the_game_ended_by_legal_threats_has_no_winner() -> None:
    # "The game will end immediately ... legal threats from the manufacturer of a board game."
    text = _table([event("2000-03-02T08:00:00Z", "legal_threats", by="Joel")])
    game_over = [line for line in text.splitlines() if line.startswith("GAME OVER")]
    assert game_over == [
        "GAME OVER: no winner on 2000-03-02 (serious and unreconcilable legal threats from "
        "the manufacturer of a board game)"
    ]


def test_a_game_still_running_has_no_game_over_line() -> None:
    assert "GAME OVER" not in _table([])


def test_an_actions_effect_is_shown_when_its_reason_does_not_say_it() -> None:
    data = game([], roster=[player("Ann")])
    report = run(data)
    said = {"at": "2000-03-02T08:00:00Z", "player": "Ann", "allowed": True, "clause": ""}
    report.actions[:] = [
        {**said, "reason": "forages: rolls 5", "effect": "gains 2 Wood"},
        {**said, "reason": "gains 2 Wood from the pouch", "effect": "gains 2 Wood"},
    ]
    lines = render_profile_table(report, archive_from_dict(data), "Nomopoly").splitlines()
    assert lines.count("    effect: gains 2 Wood") == 1
