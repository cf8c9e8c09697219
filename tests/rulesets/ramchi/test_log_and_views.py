"""Log serialisation (hypothesis round trip), views, redaction and disputes."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesets.cards import DECK, parse_cards
from rulesets.log import LogError, record_to_dict
from rulesets.ramchi.config import GameConfig
from rulesets.ramchi.disputes import settle
from rulesets.ramchi.game import RamchiGame
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.records import (
    RAMCHI_RECORDS,
    Arrange,
    Exchange,
    ExchangeSkipped,
    FourOfAKindWon,
    GameEnded,
    HandDealt,
    HandEnded,
    Keep,
    RoundPlayed,
    ShownCombination,
    action_from_dict,
)

seats = st.integers(0, 2)
cards = st.sampled_from(DECK)
trios = st.tuples(cards, cards, cards)
chips = st.tuples(st.integers(-500, 500), st.integers(-500, 500), st.integers(-500, 500))
shown = st.builds(ShownCombination, seats, trios, st.integers(1, 585), st.text(max_size=20))
records = st.one_of(
    st.builds(Exchange, seats),
    st.builds(Keep, seats),
    st.builds(Arrange, seats, st.lists(trios, max_size=5).map(tuple)),
    st.builds(HandDealt, st.integers(1, 9), seats, st.permutations(DECK).map(tuple)),
    st.builds(ExchangeSkipped, st.integers(1, 9), st.text(max_size=30)),
    st.builds(FourOfAKindWon, st.integers(1, 9), seats, st.tuples(cards, cards, cards, cards), chips),
    st.builds(RoundPlayed, st.integers(1, 9), st.integers(1, 5), seats,
              st.lists(shown, max_size=3).map(tuple), seats, chips),
    st.builds(HandEnded, st.integers(1, 9), chips, chips, seats),
    st.builds(GameEnded, st.integers(1, 9), chips),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(records, max_size=6))
def test_log_records_round_trip_through_json_dicts(log) -> None:
    import json

    dicts = json.loads(json.dumps([record_to_dict(r) for r in log]))
    assert RAMCHI_RECORDS.log_from_dicts(dicts) == log


def test_malformed_records_say_where_and_why() -> None:
    for bad, text in [
        ({"kind": "keep"}, "missing field(s) seat"),
        ({"kind": "keep", "seat": True}, "expected a whole number, got true"),
        ({"kind": "arrange", "seat": 0, "combinations": [["Xs"]]}, "'X' is not a rank"),
        ({"kind": "keep", "seat": 0, "colour": 1}, "unknown field(s) colour"),
    ]:
        try:
            action_from_dict(bad)
        except LogError as err:
            assert text in err.message
        else:
            raise AssertionError(bad)


def finished_game(seed: int = 3) -> RamchiGame:
    rng = random.Random(seed)
    game = RamchiGame(GameConfig.create(hands=2, seed=seed, options=RamchiOptions(four_of_a_kind=False)))
    while not game.is_over:
        if game.awaited() and game.phase.value == "exchange":
            game.do_keep(game.awaited()[0])
            continue
        seat = rng.choice(game.awaited())
        game.do_arrange(seat, [])
    return game


def test_seat_view_shows_own_hand_and_hides_the_others() -> None:
    from rulesets.ramchi.views import public_view, seat_view

    game = RamchiGame(GameConfig.create(seed=8, dealer=0, options=RamchiOptions(exchange=False,
                                                                                 four_of_a_kind=False)))
    game.do_arrange(0, [])
    view = seat_view(game, 1)
    assert view["hand"] == [c.code for c in game.hands[1]]
    assert view["arranged"] == [True, False, False] and view["awaiting"] == [1, 2]
    assert view["arrangement"] is None and "hand" not in public_view(game)
    assert seat_view(game, 0)["arrangement"] == [] and seat_view(game, 0)["hand"] == []
    for key in ("phase", "dealer", "hand_number", "chips", "up_card", "exchanged", "rounds"):
        assert key in view


def test_redacted_log_hides_the_running_hand_and_shows_finished_hands() -> None:
    from rulesets.ramchi.views import redacted_log

    game = RamchiGame(GameConfig.create(hands=2, seed=8, dealer=0,
                                        options=RamchiOptions(exchange=False, four_of_a_kind=False)))
    for seat in range(3):
        game.do_arrange(seat, [])
    game.do_arrange(1, [])
    public = redacted_log(game)
    mine = redacted_log(game, 1)
    assert public[0]["deck"] is not None  # hand 1 is over
    running = [d for d in public if d["kind"] == "hand_dealt"][1]
    assert running["deck"] is None and "cards" not in running
    assert [d for d in mine if d["kind"] == "hand_dealt"][1]["cards"] == [c.code for c in game.discards[1]]
    assert [d for d in public if d["kind"] == "arrange"][-1]["combinations"] is None
    assert [d for d in mine if d["kind"] == "arrange"][-1]["combinations"] == []


def test_dispute_confirms_a_legal_game_with_chips_and_events() -> None:
    game = finished_game()
    actions = [record_to_dict(r) for r in game.log if r.is_action]
    verdict = settle(game.config.to_dict(), actions)
    assert verdict["legal"] is True and verdict["chips"] == list(game.chips)
    assert verdict["log"] == [record_to_dict(r) for r in game.log]
    assert all(e["kind"] not in ("exchange", "keep", "arrange") for e in verdict["events"])
    assert settle(game.config, [record_to_dict(r) for r in game.log])["legal"] is True


def test_dispute_names_the_first_illegal_action() -> None:
    config = GameConfig.create(seed=8, dealer=0, options=RamchiOptions(exchange=False, four_of_a_kind=False))
    game = RamchiGame(config)
    stranger = next(c for c in DECK if c not in game.hands[0])
    actions = [
        {"kind": "arrange", "seat": 1, "combinations": []},
        {"kind": "arrange", "seat": 0,
         "combinations": [[stranger.code, *[c.code for c in game.hands[0][:2]]]]},
        {"kind": "arrange", "seat": 1, "combinations": []},
    ]
    verdict = settle(config.to_dict() | {"decks": [[c.code for c in config.deck_for(1)]]}, actions)
    assert (verdict["legal"], verdict["index"], verdict["code"]) == (False, 1, "card_not_in_hand")
    assert verdict["rule"] == "you can only arrange cards you hold"
    assert verdict["action"] == actions[1]


def test_dispute_reports_a_malformed_action_and_a_false_event() -> None:
    game = finished_game()
    verdict = settle(game.config, [{"kind": "arrange", "seat": 0, "combinations": [["1h"]]}])
    assert (verdict["legal"], verdict["code"]) == (False, "invalid_log")
    log = [record_to_dict(r) for r in game.log]
    ended = next(i for i, d in enumerate(log) if d["kind"] == "hand_ended")
    log[ended] = log[ended] | {"chips": [9, -9, 0]}
    verdict = settle(game.config, log)
    assert (verdict["legal"], verdict["index"], verdict["code"]) == (False, ended, "log_mismatch")


def test_parse_cards_in_actions_accepts_lenient_codes() -> None:
    action = action_from_dict({"kind": "arrange", "seat": 0, "combinations": [["As", "Ad", "Ah"]]})
    assert action.combinations == (parse_cards("As Ad Ah"),)
