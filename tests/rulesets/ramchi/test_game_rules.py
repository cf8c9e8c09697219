"""Scripted-deck tests, one per rule of the spec's deal, exchange, four-of-a-kind and play sections."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.cards import DECK, parse_cards
from rulesets.errors import IllegalActionError
from rulesets.ramchi.config import GameConfig, hand_seed
from rulesets.ramchi.deal import TWO_OF_DIAMONDS, shuffled_deck
from rulesets.ramchi.game import Phase, RamchiGame
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.records import (
    Arrange,
    Exchange,
    ExchangeSkipped,
    FourOfAKindWon,
    HandDealt,
    HandEnded,
    Keep,
    RoundPlayed,
)


def combos(*texts: str) -> list[tuple[Any, ...]]:
    return [parse_cards(text) for text in texts]


def make_game(deck_with, hands=("", "", ""), up=None, dealer=0, games=1, **options) -> RamchiGame:
    deck = deck_with(hands, up, dealer)
    config = GameConfig.create(hands=games, seed=1, dealer=dealer, deck=deck,
                               options=RamchiOptions(**options))
    return RamchiGame(config)


def keep_if_asked(game: RamchiGame) -> None:
    if game.phase is Phase.EXCHANGE:
        game.do_keep(game.awaited()[0])


def rounds(game: RamchiGame, hand: int = 1) -> list[RoundPlayed]:
    return [r for r in game.log if isinstance(r, RoundPlayed) and r.hand == hand]


def hand_end(game: RamchiGame, hand: int = 1) -> HandEnded:
    return next(r for r in game.log if isinstance(r, HandEnded) and r.hand == hand)


def rejection(action, *args) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        action(*args)
    return info.value


# -- Deal ---------------------------------------------------------------------------------------

def test_deck_card_j_goes_to_seat_dealer_plus_1_plus_j_and_card_51_is_the_up_card() -> None:
    deck = shuffled_deck(3)
    game = RamchiGame(GameConfig.create(seed=0, dealer=2, deck=deck, options=RamchiOptions(
        exchange=False, four_of_a_kind=False)))
    for j, card in enumerate(deck[:51]):
        assert card in game.hands[(2 + 1 + j) % 3]
    assert game.up_card == deck[51]
    assert game.log[0] == HandDealt(1, 2, deck)


def test_every_hand_deck_is_recorded_explicit_ones_first_then_shuffled_from_seed() -> None:
    decks = [shuffled_deck(10), shuffled_deck(11)]
    config = GameConfig.create(hands=3, seed=42, dealer=0, decks=decks,
                               options=RamchiOptions(exchange=False))
    game = RamchiGame(config)
    while not game.is_over:
        for seat in game.awaited():
            game.do_arrange(seat, [])
    dealt = [r.deck for r in game.log if isinstance(r, HandDealt)]
    assert dealt == [decks[0], decks[1], shuffled_deck(hand_seed(42, 3))]


def test_a_seed_and_first_dealer_are_drawn_and_recorded_when_not_given() -> None:
    config = GameConfig.create(hands=2)
    assert isinstance(config.seed, int) and config.dealer in (0, 1, 2)
    assert GameConfig.from_dict(config.to_dict()) == config


# -- Exchange -----------------------------------------------------------------------------------

def test_two_of_diamonds_holder_may_swap_it_for_the_up_card(deck_with) -> None:
    game = make_game(deck_with, ("", "2d", ""), up="Ah")
    assert game.phase is Phase.EXCHANGE and game.awaited() == (1,)
    game.do_exchange(1)
    assert parse_cards("Ah")[0] in game.hands[1] and TWO_OF_DIAMONDS not in game.hands[1]
    assert game.face_up == (TWO_OF_DIAMONDS,) and game.exchanged is True
    assert game.phase is Phase.ARRANGE and game.log[-1] == Exchange(1)


def test_the_exchange_is_optional(deck_with) -> None:
    game = make_game(deck_with, ("", "2d", ""), up="Ah")
    before = game.hands[1]
    game.do_keep(1)
    assert game.hands[1] == before and game.face_up == parse_cards("Ah")
    assert game.exchanged is False and game.log[-1] == Keep(1)


def test_no_exchange_when_the_up_card_is_the_two_of_diamonds(deck_with) -> None:
    game = make_game(deck_with, up="2d")
    assert game.phase is Phase.ARRANGE
    assert game.log[1] == ExchangeSkipped(1, "the up-card is the 2♦")
    error = rejection(game.do_exchange, 0)
    assert error.code == "wrong_phase"


def test_no_exchange_when_the_exchange_option_is_off(deck_with) -> None:
    game = make_game(deck_with, ("2d", "", ""), exchange=False)
    assert game.phase is Phase.ARRANGE
    assert game.log[1] == ExchangeSkipped(1, "the exchange is off in this ruleset")


def test_only_the_two_of_diamonds_holder_decides_the_exchange(deck_with) -> None:
    game = make_game(deck_with, ("", "2d", ""))
    error = rejection(game.do_exchange, 0)
    assert (error.code, error.rule) == (
        "wrong_seat", "only the holder of the 2♦ may exchange it for the up-card")
    assert rejection(game.do_keep, 2).code == "wrong_seat"
    assert not game.can_exchange(0) and game.can_exchange(1) and game.can_keep(1)


def test_the_exchange_happens_once(deck_with) -> None:
    game = make_game(deck_with, ("", "2d", ""))
    game.do_exchange(1)
    assert rejection(game.do_exchange, 1).code == "wrong_phase"


# -- Four of a kind -----------------------------------------------------------------------------

def test_four_of_a_kind_wins_the_hand_outright(deck_with) -> None:
    game = make_game(deck_with, ("", "", "9c 9d 9h 9s"), up="2d", games=2)
    won = next(r for r in game.log if isinstance(r, FourOfAKindWon))
    assert (won.seat, won.chips) == (2, (-4, -4, 8))
    assert game.chips == (-4, -4, 8) and game.hand_number == 2


def test_highest_four_of_a_kind_wins_when_two_are_held(deck_with) -> None:
    game = make_game(deck_with, ("Kc Kd Kh Ks", "", "9c 9d 9h 9s"), up="2d")
    won = next(r for r in game.log if isinstance(r, FourOfAKindWon))
    assert won.seat == 0 and won.cards == parse_cards("Kc Kd Kh Ks")
    assert game.chips == (8, -4, -4)


def test_four_of_a_kind_winner_deals_the_next_hand(deck_with) -> None:
    game = make_game(deck_with, ("", "", "9c 9d 9h 9s"), up="2d", dealer=0, games=2)
    assert hand_end(game).next_dealer == 2
    assert game.dealer == 2 and game.log[-1].__class__ is not HandEnded


def test_four_of_a_kind_chips_per_opponent_is_an_option(deck_with) -> None:
    game = make_game(deck_with, ("", "", "9c 9d 9h 9s"), up="2d", four_of_a_kind_chips=7)
    assert game.chips == (-7, -7, 14)


def test_four_of_a_kind_rule_off_plays_the_hand(deck_with) -> None:
    game = make_game(deck_with, ("", "", "9c 9d 9h 9s"), up="2d", four_of_a_kind=False)
    assert game.phase is Phase.ARRANGE
    assert not any(isinstance(r, FourOfAKindWon) for r in game.log)


def test_the_exchange_can_make_a_four_of_a_kind(deck_with) -> None:
    game = make_game(deck_with, ("2d 7c 7d 7h", "", ""), up="7s")
    assert game.phase is Phase.EXCHANGE
    game.do_exchange(0)
    won = next(r for r in game.log if isinstance(r, FourOfAKindWon))
    assert won.seat == 0 and game.chips == (8, -4, -4)


# -- Arranging ----------------------------------------------------------------------------------

def test_combinations_are_played_strongest_first_whatever_the_submitted_order(deck_with) -> None:
    game = make_game(deck_with, ("5h 4d 2c As Ad Ah 7c 8c 9c", "", ""), up="2d")
    game.do_arrange(0, combos("5h 4d 2c", "7c 8c 9c", "As Ad Ah"))
    recorded = game.log[-1]
    assert isinstance(recorded, Arrange)
    assert [set(c) for c in recorded.combinations] == [set(c) for c in combos(
        "As Ad Ah", "9c 8c 7c", "5h 4d 2c")]
    assert len(game.discards[0]) == 17 - 9


def test_arranging_order_is_free_and_play_starts_when_all_three_have_arranged(deck_with) -> None:
    game = make_game(deck_with, up="2d")
    game.do_arrange(2, [])
    game.do_arrange(0, [])
    assert game.phase is Phase.ARRANGE and game.awaited() == (1,)
    game.do_arrange(1, [])
    assert game.is_over


# -- Play and scoring ---------------------------------------------------------------------------

def test_round_one_is_led_by_the_player_to_the_dealers_right(deck_with) -> None:
    hands = ("5h 4d 2c", "6h 4c 2d", "7d 4s 2h")
    game = make_game(deck_with, hands, up="3c", dealer=1)
    keep_if_asked(game)
    for seat, text in enumerate(hands):
        game.do_arrange(seat, combos(text))
    first = rounds(game)[0]
    assert first.leader == 2 and [p.seat for p in first.plays] == [2, 0, 1]


def test_ties_go_to_the_first_played(deck_with) -> None:
    game = make_game(deck_with, ("", "Ah Kc Qd", "As Kh Qc"), up="2d", dealer=0)
    game.do_arrange(0, [])
    game.do_arrange(1, combos("Ah Kc Qd"))
    game.do_arrange(2, combos("As Kh Qc"))
    assert rounds(game)[0].winner == 1
    assert game.chips == (-1, 2, -1)


def test_ties_go_to_the_last_played_variant(deck_with) -> None:
    game = make_game(deck_with, ("", "Ah Kc Qd", "As Kh Qc"), up="2d", dealer=0, tie_goes_to="last")
    game.do_arrange(0, [])
    game.do_arrange(1, combos("Ah Kc Qd"))
    game.do_arrange(2, combos("As Kh Qc"))
    assert rounds(game)[0].winner == 2
    assert game.chips == (-1, -1, 2)


def test_round_k_pays_k_chips_from_each_other_player(deck_with) -> None:
    hands = ("As Ad Ah Ks Kd Kh", "Qs Qd Qh Js Jd Jh", "Ts Td Th 9s 9d 9h")
    game = make_game(deck_with, hands, up="2d", dealer=2)
    for seat, hand in enumerate(hands):
        game.do_arrange(seat, combos(hand[:8], hand[9:]))
    assert [(r.number, r.winner, r.chips) for r in rounds(game)] == [
        (1, 0, (2, -1, -1)), (2, 0, (4, -2, -2))]


def test_a_seat_out_of_combinations_still_pays(deck_with) -> None:
    game = make_game(deck_with, ("2c 3c 4c", "As Ad Ah Kc Kd Kh", ""), up="2d")
    game.do_arrange(0, combos("2c 3c 4c"))
    game.do_arrange(1, combos("As Ad Ah", "Kc Kd Kh"))
    game.do_arrange(2, [])
    assert [r.chips for r in rounds(game)] == [(-1, 2, -1), (-2, 4, -2)]
    assert game.chips == (-3, 6, -3)


def test_a_seat_out_of_combinations_does_not_pay_variant(deck_with) -> None:
    game = make_game(deck_with, ("2c 3c 4c", "As Ad Ah Kc Kd Kh", ""), up="2d",
                     out_players_pay=False)
    game.do_arrange(0, combos("2c 3c 4c"))
    game.do_arrange(1, combos("As Ad Ah", "Kc Kd Kh"))
    game.do_arrange(2, [])
    assert [r.chips for r in rounds(game)] == [(-1, 1, 0), (0, 0, 0)]
    assert game.chips == (-1, 1, 0)


def test_a_lone_remaining_seat_wins_automatically(deck_with) -> None:
    game = make_game(deck_with, ("As Ad Ah", "Kc Kd Kh 5h 4d 2c", ""), up="2s")
    keep_if_asked(game)
    game.do_arrange(0, combos("As Ad Ah"))
    game.do_arrange(1, combos("Kc Kd Kh", "5h 4d 2c"))
    game.do_arrange(2, [])
    second = rounds(game)[1]
    assert [p.seat for p in second.plays] == [1] and second.winner == 1
    assert second.plays[0].strength == 1  # the weakest combination still wins alone


def test_the_winner_of_the_last_round_deals_the_next_hand(deck_with) -> None:
    game = make_game(deck_with, ("As Ad Ah", "Kc Kd Kh 5h 4d 2c", ""), up="2s", dealer=0, games=2)
    keep_if_asked(game)
    game.do_arrange(0, combos("As Ad Ah"))
    game.do_arrange(1, combos("Kc Kd Kh", "5h 4d 2c"))
    game.do_arrange(2, [])
    assert rounds(game)[-1].winner == 1 and hand_end(game).next_dealer == 1
    second = [r for r in game.log if isinstance(r, HandDealt)][1]
    assert second.dealer == 1 and game.dealer == 1


def test_when_nobody_has_a_combination_the_deal_passes_to_the_next_seat(deck_with) -> None:
    game = make_game(deck_with, up="2d", dealer=1, games=2)
    for seat in range(3):
        game.do_arrange(seat, [])
    assert hand_end(game).next_dealer == 2 and hand_end(game).chips == (0, 0, 0)


def test_game_ends_after_its_fixed_number_of_hands(deck_with) -> None:
    game = make_game(deck_with, up="2d", games=1)
    for seat in range(3):
        game.do_arrange(seat, [])
    assert game.is_over and game.awaited() == ()
    error = rejection(game.do_arrange, 0, [])
    assert (error.code, error.rule) == ("game_over", "a game is the number of hands set when it was created")


# -- Rejections ---------------------------------------------------------------------------------

def test_wrong_phase_arranging_during_the_exchange(deck_with) -> None:
    game = make_game(deck_with, ("", "2d", ""))
    error = rejection(game.do_arrange, 0, [])
    assert error.code == "wrong_phase"
    assert error.rule.startswith("players arrange their combinations after the exchange")


def test_wrong_seat_number(deck_with) -> None:
    game = make_game(deck_with, up="2d")
    error = rejection(game.do_arrange, 3, [])
    assert (error.code, error.rule) == ("no_such_seat", "Ramchi is played by three players, seats 0, 1 and 2")


def test_each_seat_arranges_once(deck_with) -> None:
    game = make_game(deck_with, up="2d")
    game.do_arrange(0, [])
    error = rejection(game.do_arrange, 0, [])
    assert (error.code, error.rule) == ("already_arranged", "each player arranges once per hand")


def test_card_not_in_hand(deck_with) -> None:
    game = make_game(deck_with, ("As Ad", "Ah", ""), up="2d")
    error = rejection(game.do_arrange, 0, combos("As Ad Ah"))
    assert (error.code, error.rule) == ("card_not_in_hand", "you can only arrange cards you hold")
    assert "A♥ in combination 1 is not in seat 0's hand" in error.message


def test_not_a_combination(deck_with) -> None:
    game = make_game(deck_with, ("7h 7c Kd", "", ""), up="2d")
    error = rejection(game.do_arrange, 0, combos("7h 7c Kd"))
    assert error.code == "not_a_combination"
    assert error.rule.startswith("a combination is three of a kind")


def test_more_than_five_combinations(deck_with) -> None:
    hand = "As Ad Ah Ks Kd Kh Qs Qd Qh Js Jd Jh Ts Td Th 9s 9d"
    game = make_game(deck_with, (hand, "", ""), up="2d", four_of_a_kind=False)
    six = combos("As Ad Ah", "Ks Kd Kh", "Qs Qd Qh", "Js Jd Jh", "Ts Td Th", "9s 9d As")
    error = rejection(game.do_arrange, 0, six)
    assert (error.code, error.rule) == ("too_many_combinations", "each player forms up to five combinations")


def test_duplicate_card(deck_with) -> None:
    game = make_game(deck_with, ("As Ad Ah Ks Qs", "", ""), up="2d")
    error = rejection(game.do_arrange, 0, combos("As Ad Ah", "As Ks Qs"))
    assert (error.code, error.rule) == (
        "duplicate_card", "combinations are disjoint: each card is used at most once")


def test_wrong_number_of_cards_in_a_combination(deck_with) -> None:
    game = make_game(deck_with, ("As Ad", "", ""), up="2d")
    error = rejection(game.do_arrange, 0, combos("As Ad"))
    assert (error.code, error.rule) == ("wrong_card_count", "a combination is three cards")


def test_every_problem_of_an_arrangement_is_listed_at_once(deck_with) -> None:
    game = make_game(deck_with, ("7h 7c", "Kd", ""), up="2d")
    problems = game.arrangement_problems(0, combos("7h 7c Kd"))
    assert [p.code for p in problems] == ["card_not_in_hand", "not_a_combination"]


def test_a_refused_action_changes_nothing(deck_with) -> None:
    game = make_game(deck_with, ("7h 7c Kd", "", ""), up="2d")
    before = RamchiGame.replay(game.config, game.log)
    with pytest.raises(IllegalActionError):
        game.do_arrange(0, combos("7h 7c Kd"))
    assert game == before and len(game.log) == len(before.log)


def test_explicit_deck_must_be_a_full_deck() -> None:
    from rulesets.ramchi.config import ConfigError

    with pytest.raises(ConfigError, match="deck of hand 1"):
        GameConfig.create(seed=1, deck=DECK[:51])
