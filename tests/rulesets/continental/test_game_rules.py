"""Scripted-deck tests of the Continental referee, one per rule of the spec's turn and scoring."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

from rulesets.cards import Card
from rulesets.continental.config import ConfigError, GameConfig, draw_for_dealer, reshuffle_seed
from rulesets.continental.contracts import CONTRACTS
from rulesets.continental.deck import Deck
from rulesets.continental.game import REFUSALS, ContinentalGame
from rulesets.continental.melds import make_run
from rulesets.continental.options import ContinentalOptions
from rulesets.continental.points import hand_points
from rulesets.continental.records import (
    CONTINENTAL_RECORDS,
    Buy,
    CardBought,
    DealerDrawn,
    Discard,
    Draw,
    Drop,
    GameEnded,
    HandDealt,
    HandEnded,
    LayOff,
    MoveJoker,
    Pass,
    StockReshuffled,
    SwapJoker,
    WentOut,
)
from rulesets.errors import IllegalActionError, InvalidInputError, RulesError
from rulesets.log import record_to_dict
from tests.rulesets.continental.scripted import build_deck, card, cards


def make_game(players: int = 3, dealer: int = 0, given: Mapping[int, str] | None = None,
              up: str | None = None, stock: str = "", hands: int = 1,
              decks: Sequence[tuple[Card, ...]] = (), **options: object) -> ContinentalGame:
    deck = build_deck(players, dealer, 1, given, up, stock)
    config = GameConfig.create(players=players, hands=hands, seed=1, dealer=dealer,
                               decks=[deck, *decks], options=ContinentalOptions(**options))  # type: ignore[arg-type]
    return ContinentalGame(config)


def refusal(game: ContinentalGame, action: object) -> str:
    before = ContinentalGame.replay(game.config, game.log)
    assert not game.can(action)  # type: ignore[arg-type]
    with pytest.raises(RulesError) as info:
        game.apply(action)  # type: ignore[arg-type]
    assert game == before, "a refused action changed the state"
    assert info.value.code in REFUSALS
    return info.value.code


def events(game: ContinentalGame, kind: type) -> list:
    return [record for record in game.log if isinstance(record, kind)]


# A hand 1 that seat 1 (left of dealer 0) wins on the first turn: drop 2 trios, lay off, discard.
QUICK_OUT_1 = "3c 3d 3h 4c 4d 4h 3s"


def go_out_quickly(game: ContinentalGame, seat: int, trios: str = "3c 3d 3h|4c 4d 4h",
                   lay: str = "3s") -> None:
    game.apply(Draw(seat, "stock"))
    game.apply(Drop(seat, tuple(cards(t) for t in trios.split("|"))))
    game.apply(LayOff(seat, card(lay), 0, None))
    game.apply(Discard(seat, game.hands[seat][0]))


# -- Deal, dealer and turn order ---------------------------------------------------------------

def test_deal_gives_deck_card_j_to_seat_dealer_plus_1_plus_j_then_turns_up_one_card() -> None:
    config = GameConfig.create(players=4, hands=1, seed=9, dealer=2)
    game = ContinentalGame(config)
    deck = config.deck_for(1)
    assert game.log == [HandDealt(1, 2, deck)]
    for seat in range(4):
        assert game.hands[seat] == tuple(deck[j] for j in range(28) if (2 + 1 + j) % 4 == seat)
    assert [len(hand) for hand in game.hands] == [7] * 4
    assert game.discards == (deck[28],)
    assert game.stock == deck[29:]
    assert game.current == 3


@pytest.mark.parametrize("hand", range(1, 8))
def test_each_hand_deals_its_contract_size(hand: int) -> None:
    game = ContinentalGame(GameConfig.create(players=6, seed=hand, dealer=0))
    game.hand_number = hand
    game._deal_hand(hand)
    assert [len(h) for h in game.hands] == [CONTRACTS[hand].cards_dealt] * 6
    assert len(game.stock) == 106 - 6 * CONTRACTS[hand].cards_dealt - 1


def test_first_dealer_is_drawn_lowest_card_ace_low_and_recorded() -> None:
    config = GameConfig.create(players=5, hands=1, seed=11)
    game = ContinentalGame(config)
    dealer, draws = draw_for_dealer(11, 5)
    assert game.log[0] == DealerDrawn(draws, dealer)
    assert game.dealer == dealer and game.current == (dealer + 1) % 5
    values = {seat: (1 if c.rank and c.rank.label == "A" else int(c.rank or 0)) for seat, c in draws[:5]}
    assert values[dealer] == min(values.values())
    assert all(not c.is_joker for _, c in draws)
    assert [seat for seat, _ in draws[:5]] == [0, 1, 2, 3, 4]


def test_play_goes_clockwise_from_left_of_dealer() -> None:
    game = make_game(players=3, dealer=2)
    order = []
    for _ in range(4):
        seat = game.current
        order.append(seat)
        game.apply(Draw(seat, "discard"))
        game.apply(Discard(seat, game.hands[seat][0]))
    assert order == [0, 1, 2, 0]


def test_dealer_passes_left_and_hand_k_of_a_short_game_is_contract_k() -> None:
    hand2 = build_deck(3, 1, 2)
    game = make_game(players=3, dealer=0, given={1: QUICK_OUT_1}, hands=2, decks=[hand2])
    go_out_quickly(game, 1)
    dealt = events(game, HandDealt)
    assert [(d.hand, d.dealer) for d in dealt] == [(1, 0), (2, 1)]
    assert game.current == 2 and [len(h) for h in game.hands] == [8, 8, 8]


class DealWatcher(ContinentalGame):
    """Keeps every hand's sizes right after its deal."""

    def _deal_hand(self, number: int) -> None:
        super()._deal_hand(number)
        if not hasattr(self, "dealt"):
            self.dealt: list[list[int]] = []
        self.dealt.append([len(hand) for hand in self.hands])


def test_hand_k_of_a_played_game_deals_7_to_13_cards_for_contract_k() -> None:
    from solver.continental.random_player import random_action

    rng = random.Random(8)
    game = DealWatcher(GameConfig.create(players=4, seed=8, dealer=1))
    seen = []
    while not game.is_over:
        seen.append(game.contract.hand)
        game.apply(random_action(game, rng.choice(game.awaited()), rng, skill=0.9))
    assert game.dealt == [[size] * 4 for size in (7, 8, 9, 10, 11, 12, 13)]
    assert sorted(set(seen)) == list(range(1, 8))
    assert [(c.trios, c.runs) for c in (CONTRACTS[k] for k in range(1, 8))] == [
        (2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3)]


# -- Table: players, decks and copies -------------------------------------------------------------

def test_two_to_six_players_by_default_and_more_only_with_the_max_players_variant() -> None:
    for players in (2, 6):
        game = ContinentalGame(GameConfig.create(players=players, hands=1, seed=1, dealer=0))
        assert sum(len(cs) for cs in game.card_places().values()) == 106
    for players in (1, 7):
        with pytest.raises(ConfigError, match="players must be 2 to 6"):
            GameConfig.create(players=players, hands=1, seed=1, dealer=0)
    eight = ContinentalOptions(max_players=8)
    for players, decks, jokers in ((6, 2, 2), (7, 3, 4), (8, 3, 4)):
        config = GameConfig.create(players=players, hands=1, seed=1, dealer=0, options=eight)
        assert config.deck == Deck(decks, jokers) and config.deck.size == 52 * decks + jokers
    with pytest.raises(ConfigError, match="players must be 2 to 8"):
        GameConfig.create(players=9, hands=1, seed=1, dealer=0, options=eight)


def test_eight_players_play_three_decks_and_four_jokers_read_from_codes_as_jk3_and_jk4() -> None:
    deck = build_deck(8, 0, 1, {1: "3c 3d Jk#3 4c 4d Jk#4 3s", 2: "7c 7c#2 7c#3"})
    assert len(deck) == 160 and len(set(deck)) == 160
    data = {"players": 8, "hands": 1, "seed": 1, "dealer": 0, "options": {"max_players": 8}}
    by_id = GameConfig.from_dict({**data, "deck": [c.id for c in deck]})
    assert by_id.decks == (deck,)
    by_code = GameConfig.from_dict({**data, "deck": [c.code for c in deck]})  # copies numbered in order
    assert sorted(c.id for c in by_code.decks[0] if c.is_joker) == ["Jk#1", "Jk#2", "Jk#3", "Jk#4"]
    game = ContinentalGame(by_id)
    assert [len(h) for h in game.hands] == [7] * 8 and len(game.stock) == 160 - 56 - 1
    assert sorted(c.id for c in game.hands[2] if c.code == "7c") == ["7c#1", "7c#2", "7c#3"]
    game.apply(Draw(1, "stock"))
    drop = CONTINENTAL_RECORDS.from_dict(
        {"kind": "drop", "seat": 1, "melds": [["3c", "3d", "Jk#3"], ["4c", "4d", "Jk#4"]]})
    assert drop == Drop(1, (cards("3c 3d Jk#3", 4), cards("4c 4d Jk#4", 4)))
    game.apply(drop)
    assert [m.text for m in game.table] == ["3♣ 3♦ Jk(3)", "4♣ 4♦ Jk(4)"]
    game.apply(LayOff(1, card("3s"), 0, None))
    game.apply(Discard(1, game.hands[1][0]))
    assert events(game, WentOut) == [WentOut(1, 1, True)]
    assert sum(len(cs) for cs in game.card_places().values()) == 160
    assert ContinentalGame.replay(game.config, game.log) == game


def test_identical_codes_in_an_explicit_deck_are_two_physical_cards_that_score_alike() -> None:
    deck = build_deck(2, 0, 1, {1: "7c 7d 7h Kc Kd Kh 2s", 0: "7c#2 9h 9d 4s 5s Qh Qd"}, stock="8s")
    codes = [c.code for c in deck]
    assert codes.count("7c") == 2
    config = GameConfig.from_dict({"players": 2, "hands": 1, "seed": 1, "dealer": 0, "deck": codes})
    game = ContinentalGame(config)
    assert card("7c") in game.hands[1] and card("7c#2") in game.hands[0]
    game.apply(Draw(1, "stock"))
    game.apply(Drop(1, (cards("7c 7d 7h"), cards("Kc Kd Kh"))))
    assert refusal(game, Discard(1, card("7c#2"))) == "card_not_in_hand"  # seat 0 holds that one
    game.apply(Discard(1, card("2s")))
    game.apply(Draw(0, "stock"))
    assert refusal(game, Discard(0, card("7c"))) == "card_not_in_hand"  # on the table
    game.apply(Discard(0, card("7c#2")))
    places = game.card_places()
    assert [name for name, cs in places.items() if card("7c") in cs] == ["meld 0"]
    assert [name for name, cs in places.items() if card("7c#2") in cs] == ["discards"]
    assert hand_points((card("7c"),)) == hand_points((card("7c#2"),)) == 5
    assert record_to_dict(game.log[-1])["card"] == "7c#2"


def test_a_tie_for_the_lowest_card_in_the_draw_for_the_first_dealer_is_drawn_again() -> None:
    def low(c: Card) -> int:
        assert c.rank is not None
        return 1 if c.rank.label == "A" else int(c.rank)

    def tied(seed: int) -> bool:
        draws = draw_for_dealer(seed, 4)[1]
        return len(draws) > 4 and any(low(c) == 1 for _, c in draws[:4])

    seed = next(s for s in range(2000) if tied(s))
    game = ContinentalGame(GameConfig.create(players=4, hands=1, seed=seed))
    drawn = events(game, DealerDrawn)[0]
    contenders, rest = [0, 1, 2, 3], list(drawn.draws)
    while len(contenders) > 1:
        round_, rest = rest[:len(contenders)], rest[len(contenders):]
        assert [seat for seat, _ in round_] == contenders  # only the tied seats draw again
        lowest = min(low(c) for _, c in round_)
        contenders = [seat for seat, c in round_ if low(c) == lowest]
    assert rest == [] and drawn.dealer == contenders[0] == game.dealer
    assert len({c for _, c in drawn.draws}) == len(drawn.draws)  # distinct physical cards
    assert game.current == (game.dealer + 1) % 4


def test_the_ace_is_low_in_the_draw_for_the_first_dealer() -> None:
    def aces_and_twos(seed: int) -> bool:
        draws = draw_for_dealer(seed, 3)[1]
        labels = [c.rank.label for _, c in draws[:3] if c.rank is not None]
        return len(draws) == 3 and "A" in labels and "2" in labels

    seed = next(s for s in range(2000) if aces_and_twos(s))
    game = ContinentalGame(GameConfig.create(players=3, hands=1, seed=seed))
    drawn = events(game, DealerDrawn)[0]
    ace = next(seat for seat, c in drawn.draws if c.rank is not None and c.rank.label == "A")
    assert drawn.dealer == game.dealer == ace


# -- Drawing ------------------------------------------------------------------------------------

def test_draw_from_stock_takes_its_top_and_from_discard_the_face_up_card() -> None:
    game = make_game(up="Kd", stock="5s 6s")
    game.apply(Draw(1, "stock"))
    assert game.hands[1][-1] == card("5s") and game.stock[0] == card("6s")
    game.apply(Discard(1, card("5s")))
    game.apply(Draw(2, "discard"))
    assert game.hands[2][-1] == card("5s") and game.discards == (card("Kd"),)


def test_turn_refusals_name_the_rule() -> None:
    game = make_game()
    assert refusal(game, Draw(2, "stock")) == "not_your_turn"
    assert refusal(game, Discard(1, game.hands[1][0])) == "draw_first"
    assert refusal(game, Draw(7, "stock")) == "no_such_seat"
    with pytest.raises(InvalidInputError):
        game.apply(Draw(1, "table"))
    game.apply(Draw(1, "stock"))
    assert refusal(game, Draw(1, "discard")) == "already_drew"
    assert refusal(game, Discard(1, card("As#2"))) in ("card_not_in_hand",)


def refusal_message(game: ContinentalGame, action: object) -> str:
    refusal(game, action)
    with pytest.raises(RulesError) as info:
        game.apply(action)  # type: ignore[arg-type]
    return info.value.message


# Refusals say which card in words: Q♥, a copy number only where it tells two cards apart (as the
# log writes it, 7c#2), a joker as a joker.
def test_refusals_name_cards_in_words_with_a_copy_only_where_it_tells_two_apart() -> None:
    game = make_game(given={1: "7c 7d 7h Kc Kd Kh 2s"})
    game.apply(Draw(1, "stock"))
    assert refusal_message(game, Discard(1, card("Qh"))) == "Q♥ is not in seat 1's hand"
    assert refusal_message(game, Discard(1, card("7c#2"))) == "7c#2 is not in seat 1's hand"
    assert refusal_message(game, Discard(1, card("Jk#2"))) == "Joker is not in seat 1's hand"
    assert refusal_message(game, Drop(1, (cards("7c 7d 7h"), cards("7c 7d 7h")))) == "7♣ is given twice"


# -- Buying -------------------------------------------------------------------------------------

def test_buy_goes_to_the_nearest_seat_after_the_current_player_not_the_fastest() -> None:
    game = make_game(players=4, dealer=0, up="Qh", stock="2s 9s")
    game.apply(Draw(1, "stock"))
    assert game.awaited() == (0, 1, 2, 3)
    game.apply(Buy(0))  # fastest, but farthest in turn order (after 2 and 3)
    game.apply(Buy(3))
    assert not events(game, CardBought)  # seat 2 may still buy: not yet certain
    game.apply(Pass(2))
    assert events(game, CardBought) == [CardBought(1, 3, card("Qh"), card("9s"))]
    assert game.hands[3][-2:] == (card("Qh"), card("9s")) and len(game.hands[0]) == 7
    assert game.awaited() == (1,) and game.current == 1  # turn order unchanged
    assert refusal(game, Buy(2)) == "no_buy_window"
    assert refusal(game, LayOff(3, card("Qh"), 0, None)) == "not_your_turn"  # cards bought wait


def test_a_buy_is_settled_as_soon_as_every_nearer_seat_passed() -> None:
    game = make_game(players=4, dealer=0, up="Qh")
    game.apply(Draw(1, "stock"))
    game.apply(Pass(2))
    game.apply(Buy(3))
    assert events(game, CardBought)[0].seat == 3
    assert refusal(game, Pass(0)) == "no_buy_window"


def test_the_current_player_cannot_buy_and_each_seat_answers_once() -> None:
    game = make_game(players=3)
    game.apply(Draw(1, "stock"))
    assert refusal(game, Buy(1)) == "current_player_cannot_buy"
    game.apply(Buy(0))
    assert refusal(game, Pass(0)) == "already_answered"


def test_the_buy_window_closes_when_the_current_player_discards() -> None:
    game = make_game(players=4, dealer=0, up="Qh", stock="2s 9s")
    game.apply(Draw(1, "stock"))
    game.apply(Buy(0))  # seats 2 and 3 never answer: they count as passing
    game.apply(Discard(1, card("2s")))
    assert events(game, CardBought) == [CardBought(1, 0, card("Qh"), card("9s"))]
    assert game.discards[-1] == card("2s") and len(game.hands[0]) == 9
    assert refusal(game, Buy(3)) == "no_buy_window"


def test_no_buying_after_the_discard_was_taken_or_with_buying_off() -> None:
    game = make_game()
    game.apply(Draw(1, "discard"))
    assert refusal(game, Buy(2)) == "no_buy_window"
    game = make_game(buying=False)
    game.apply(Draw(1, "stock"))
    assert game.awaited() == (1,)
    assert refusal(game, Buy(2)) == "buying_off"


def test_of_three_would_be_buyers_the_nearest_after_the_current_player_gets_the_card() -> None:
    game = make_game(players=5, dealer=0, up="Qh", stock="2s 9s 8s")
    game.apply(Draw(1, "stock"))
    game.apply(Buy(4))  # the three ask farthest first
    game.apply(Buy(3))
    assert not events(game, CardBought)
    game.apply(Buy(2))
    assert events(game, CardBought) == [CardBought(1, 2, card("Qh"), card("9s"))]
    assert [len(h) for h in game.hands] == [7, 8, 9, 7, 7]
    assert game.current == 1 and game.awaited() == (1,)
    assert refusal(game, Buy(0)) == "no_buy_window"


def test_of_three_would_be_buyers_after_the_nearest_passes_the_next_nearest_gets_the_card() -> None:
    game = make_game(players=5, dealer=0, up="Qh", stock="2s 9s 8s")
    game.apply(Draw(1, "stock"))
    for seat in (0, 4, 3):  # three buyers, the farthest first
        game.apply(Buy(seat))
    assert not events(game, CardBought)
    game.apply(Pass(2))
    assert events(game, CardBought) == [CardBought(1, 3, card("Qh"), card("9s"))]
    assert [len(h) for h in game.hands] == [7, 8, 7, 9, 7]


def test_a_buy_is_refused_to_the_current_player_before_and_after_drawing() -> None:
    game = make_game(players=3, up="Qh")
    assert refusal(game, Buy(1)) == "current_player_cannot_buy"
    assert refusal(game, Pass(1)) == "current_player_cannot_buy"
    game.apply(Draw(1, "stock"))
    assert game.window and refusal(game, Buy(1)) == "current_player_cannot_buy"
    game = make_game(players=3, up="Qh")
    game.apply(Draw(1, "discard"))
    assert refusal(game, Buy(1)) == "current_player_cannot_buy"


def test_a_buy_takes_the_top_stock_card_as_penalty_and_the_buyer_does_not_discard() -> None:
    game = make_game(players=3, dealer=0, up="Qh", stock="2s 9s 8s")
    game.apply(Draw(1, "stock"))
    stock = game.stock
    assert stock[0] == card("9s")
    game.apply(Buy(2))
    assert game.hands[2][-2:] == (card("Qh"), card("9s")) and game.stock == stock[1:]
    assert game.discards == () and game.current == 1 and game.phase == "play"
    game.apply(Discard(1, card("2s")))
    assert game.current == 2 and len(game.hands[2]) == 9  # the buyer's turn: draw, then discard
    game.apply(Draw(2, "stock"))
    assert game.hands[2][-1] == card("8s")


def test_a_buy_closes_the_window_for_the_rest() -> None:
    game = make_game(players=4, dealer=0, up="Qh", stock="2s 9s")
    game.apply(Draw(1, "stock"))
    game.apply(Buy(2))  # the nearest: settled at once
    assert events(game, CardBought) == [CardBought(1, 2, card("Qh"), card("9s"))]
    assert not game.window and game.buyers_to_answer() == ()
    assert refusal(game, Buy(3)) == "no_buy_window"
    assert refusal(game, Pass(0)) == "no_buy_window"
    game.apply(Discard(1, card("2s")))
    assert len(events(game, CardBought)) == 1 and game.discards == (card("2s"),)


def test_a_bought_card_is_melded_only_in_the_buyers_own_next_turn() -> None:
    game = make_game(players=3, dealer=0, given={2: "Qc Qd 5c 5d 5h 8s 9s"}, up="Qh", stock="2s 6h")
    game.apply(Draw(1, "stock"))
    game.apply(Buy(2))
    assert refusal(game, Drop(2, (cards("Qc Qd Qh"), cards("5c 5d 5h")))) == "not_your_turn"
    game.apply(Discard(1, card("2s")))
    game.apply(Draw(2, "stock"))
    game.apply(Drop(2, (cards("Qc Qd Qh"), cards("5c 5d 5h"))))
    assert [m.text for m in game.table] == ["Q♣ Q♦ Q♥", "5♣ 5♦ 5♥"]


def test_a_buy_on_an_empty_stock_takes_its_penalty_from_the_reshuffled_discard_pile() -> None:
    game = make_game(players=2)
    while len(game.stock) > 1:
        seat = game.current
        game.apply(Draw(seat, "stock"))
        if game.window:
            game.apply(Pass(1 - seat))
        game.apply(Discard(seat, game.hands[seat][-1]))
    seat = game.current
    game.apply(Draw(seat, "stock"))  # the last stock card: the stock is empty now
    assert game.stock == () and game.window
    pile = list(game.discards)
    game.apply(Buy(1 - seat))
    expected = pile[:-2]  # the bought card left; the new top stays face up
    random.Random(reshuffle_seed(1, 1, 1)).shuffle(expected)
    assert game.log[-2:] == [StockReshuffled(1, 1, tuple(expected)),
                             CardBought(1, 1 - seat, pile[-1], expected[0])]
    assert game.discards == (pile[-2],) and game.stock == tuple(expected[1:])


# -- Dropping and laying off --------------------------------------------------------------------

def test_drop_exactly_the_contract_then_lay_off_in_the_same_turn() -> None:
    game = make_game(given={1: "3c 3d 3h 4c 4d 4h 3s", 2: "4s 8c 9c Td Jd Qd Kd"})
    game.apply(Draw(1, "stock"))
    game.apply(Drop(1, (cards("3c 3d 3h"), cards("4c 4d 4h"))))
    assert game.dropped[1] and [m.text for m in game.table] == ["3♣ 3♦ 3♥", "4♣ 4♦ 4♥"]
    game.apply(LayOff(1, card("3s"), 0, None))
    assert len(game.table[0]) == 4 and game.owners == [1, 1]
    assert refusal(game, Drop(1, (cards("3c 3d 3h"),))) == "already_dropped"


def test_a_drop_other_than_the_contract_is_refused() -> None:
    game = make_game(given={1: "3c 3d 3h 3s 4c 4d 4h", 2: "5c 6c 7c 8c"})
    game.apply(Draw(1, "stock"))
    assert refusal(game, Drop(1, (cards("3c 3d 3h 3s"), cards("4c 4d 4h")))) == "wrong_contract"
    assert refusal(game, Drop(1, (cards("3c 3d 3h"),))) == "wrong_contract"
    assert refusal(game, Drop(1, (cards("3c 3d 4h"), cards("4c 4d 3s")))) == "not_a_meld"
    assert refusal(game, Drop(1, (cards("3c 3d 3h"), cards("5c 5d 5h")))) == "card_not_in_hand"


def test_lay_off_only_after_dropping_the_contract_on_any_players_meld() -> None:
    game = make_game(given={1: QUICK_OUT_1, 2: "3c#2 Kd Ks Kh 9c 9d 9h"},
                     stock="2s 8s")
    game.apply(Draw(1, "stock"))
    game.apply(Drop(1, (cards("3c 3d 3h"), cards("4c 4d 4h"))))
    game.apply(Discard(1, card("2s")))
    game.apply(Draw(2, "stock"))
    assert refusal(game, LayOff(2, card("3c#2"), 0, None)) == "not_dropped"
    game.apply(Drop(2, (cards("Kd Ks Kh"), cards("9c 9d 9h"))))
    assert refusal(game, LayOff(2, card("8s"), 2, None)) == "cannot_lay_off"
    assert refusal(game, LayOff(2, card("8s"), 9, None)) == "no_such_meld"
    game.apply(LayOff(2, card("3c#2"), 0, None))  # on seat 1's trio
    assert game.table[0].text == "3♣ 3♦ 3♥ 3♣"


def test_the_last_card_cannot_be_laid_off_when_it_is_needed_to_discard() -> None:
    game = make_game(given={1: "3c 3d 3h 4c 4d 4h 3s"}, stock="4s")
    game.apply(Draw(1, "stock"))
    game.apply(Drop(1, (cards("3c 3d 3h"), cards("4c 4d 4h"))))
    game.apply(LayOff(1, card("3s"), 0, None))
    assert game.hands[1] == (card("4s"),)
    assert refusal(game, LayOff(1, card("4s"), 1, None)) == "must_keep_a_discard"


def test_going_out_without_a_discard_when_the_option_allows_it() -> None:
    game = make_game(given={1: "3c 3d 3h 4c 4d 4h 3s"}, stock="4s", go_out_without_discard=True)
    game.apply(Draw(1, "stock"))
    game.apply(Drop(1, (cards("3c 3d 3h"), cards("4c 4d 4h"))))
    game.apply(LayOff(1, card("3s"), 0, None))
    game.apply(LayOff(1, card("4s"), 1, None))
    assert events(game, WentOut) == [WentOut(1, 1, True)]
    assert game.is_over and events(game, HandEnded)[0].scores[1] == -10


# -- Going out and scoring ----------------------------------------------------------------------

def test_going_out_on_a_discard_in_the_drop_turn_scores_minus_10_and_others_their_cards() -> None:
    game = make_game(given={1: QUICK_OUT_1, 0: "As Ks Qs 9d 8d 7d Jk", 2: "2c 2d 5h 6h Tc Jc Jk#2"})
    go_out_quickly(game, 1)
    assert events(game, WentOut) == [WentOut(1, 1, True)]
    ended = events(game, HandEnded)[0]
    assert ended.scores == (20 + 10 + 10 + 5 + 5 + 5 + 50, -10, 5 * 4 + 10 + 10 + 50)
    assert ended.reason == "went_out" and ended.totals == ended.scores
    assert game.log[-1] == GameEnded(ended.totals, (1,))
    assert refusal(game, Draw(0, "stock")) == "game_over"


def test_going_out_in_a_later_turn_scores_0_and_face_values_option() -> None:
    game = make_game(players=2, given={1: "3c 3d 3h 4c 4d 4h 9s", 0: "2c 3s 5h 6h 7h Tc Td"},
                     stock="Ad 8c 3s#2", card_values="face_value")
    game.apply(Draw(1, "stock"))
    game.apply(Drop(1, (cards("3c 3d 3h"), cards("4c 4d 4h"))))
    game.apply(Discard(1, card("Ad")))
    game.apply(Draw(0, "discard"))
    game.apply(Discard(0, card("Ad")))
    game.apply(Draw(1, "stock"))  # 8c
    game.apply(Discard(1, card("8c")))
    game.apply(Draw(0, "stock"))  # 3s#2
    game.apply(Discard(0, card("3s#2")))
    game.apply(Draw(1, "discard"))
    game.apply(LayOff(1, card("3s#2"), 0, None))
    game.apply(Discard(1, card("9s")))
    ended = events(game, HandEnded)[0]
    assert ended.scores == (2 + 3 + 5 + 6 + 7 + 10 + 10, 0)
    assert events(game, WentOut) == [WentOut(1, 1, False)]


def test_scores_equal_the_points_left_in_each_hand() -> None:
    game = make_game(given={1: QUICK_OUT_1})
    hands_before = [game.hands[0], game.hands[2]]
    go_out_quickly(game, 1)
    ended = events(game, HandEnded)[0]
    assert [ended.scores[0], ended.scores[2]] == [hand_points(h) for h in hands_before]


# -- Jokers on the table ------------------------------------------------------------------------

HAND_1_FOR_SEAT_1 = {1: QUICK_OUT_1}


def hand_two_game(given: Mapping[int, str], stock: str = "", players: int = 3) -> ContinentalGame:
    """A game whose hand 1 ends at once (seat 1 goes out); hand 2 dealt by seat 1 from ``given``."""
    hand2 = build_deck(players, 1, 2, given, stock=stock)
    game = make_game(players=players, dealer=0, given=HAND_1_FOR_SEAT_1, hands=2, decks=[hand2])
    go_out_quickly(game, 1)
    assert game.hand_number == 2
    return game


def test_a_joker_swap_puts_the_natural_card_in_and_moves_the_joker_to_an_end() -> None:
    game = hand_two_game({2: "Kc Kd Kh 2h 3h Jk 5h 4h"})
    game.apply(Draw(2, "stock"))
    game.apply(Drop(2, (cards("Kc Kd Kh"), cards("2h 3h Jk 5h"))))
    assert game.table[1].text == "2♥ 3♥ Jk(4♥) 5♥"
    assert refusal(game, SwapJoker(2, card("5h#2"), 1, None)) == "card_not_in_hand"
    game.apply(SwapJoker(2, card("4h"), 1, "low"))
    assert game.table[1].text == "Jk(A♥) 2♥ 3♥ 4♥ 5♥"


# "never around the corner": the ace is high or low, never both in one run
def test_nothing_is_laid_off_past_the_ace_of_a_run_from_the_ace_to_the_king() -> None:
    game = hand_two_game({2: "Kc Kd Kh Ac 2c 3c 4c Jk"}, stock="Ac#2")
    game.apply(Draw(2, "stock"))
    game.apply(Drop(2, (cards("Kc Kd Kh"), cards("Ac 2c 3c 4c"))))
    # the run as it stands after nine lay-offs in other turns (A♣ to K♣, every card once)
    game.table[1] = make_run(cards("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc"), ordered=True)
    for action in (*(LayOff(2, card("Jk"), 1, end) for end in (None, "high", "low")),
                   LayOff(2, card("Ac#2"), 1, None)):
        assert not game.can(action)
        with pytest.raises(RulesError) as info:
            game.apply(action)
        assert info.value.code == "cannot_lay_off"
        assert len(game.table[1]) == 13 and len(game.hands[2]) == 2


def test_a_lay_off_that_is_no_swap_is_refused_as_a_swap() -> None:
    game = hand_two_game({2: "Kc Kd Kh 2h 3h 4h 5h 6h"})
    game.apply(Draw(2, "stock"))
    game.apply(Drop(2, (cards("Kc Kd Kh"), cards("2h 3h 4h 5h"))))
    assert refusal(game, SwapJoker(2, card("6h"), 1, None)) == "not_a_joker_swap"


def test_an_end_joker_moves_to_another_run_but_not_below_four_cards_nor_from_a_trio() -> None:
    game = hand_two_game({2: "Kc Kd Jk Jk#2 3h 4h 5h 6h", 0: "9c 9d 9h 7s 8s 9s Ts Js"}, stock="2c 2d")
    game.apply(Draw(2, "stock"))
    game.apply(Drop(2, (cards("Kc Kd Jk"), cards("Jk#2 3h 4h 5h"))))
    assert game.table[1].text == "Jk(2♥) 3♥ 4♥ 5♥"
    game.apply(Discard(2, card("2c")))
    game.apply(Draw(0, "stock"))
    game.apply(Drop(0, (cards("9c 9d 9h"), cards("7s 8s 9s Ts"))))
    assert refusal(game, MoveJoker(0, 1, "low", 3, None)) == "run_too_short"
    assert refusal(game, MoveJoker(0, 0, "high", 3, None)) == "joker_in_trio"
    game.apply(Discard(0, card("2d")))
    game.apply(Draw(1, "stock"))
    game.apply(Discard(1, game.hands[1][-1]))
    game.apply(Draw(2, "stock"))
    game.apply(LayOff(2, card("6h"), 1, None))
    assert game.table[1].text == "Jk(2♥) 3♥ 4♥ 5♥ 6♥"
    assert refusal(game, MoveJoker(2, 1, "high", 3, None)) == "no_joker_at_end"
    assert refusal(game, MoveJoker(2, 1, "low", 1, None)) == "not_a_run"
    game.apply(MoveJoker(2, 1, "low", 3, None))
    assert game.table[1].text == "3♥ 4♥ 5♥ 6♥"
    assert game.table[3].text == "7♠ 8♠ 9♠ 10♠ Jk(J♠)"


# -- Melds, laying off and jokers, rule by rule -------------------------------------------------

QUICK_OUTS = {
    1: ("3c 3d 3h 4c 4d 4h 3s", "3c 3d 3h|4c 4d 4h", "3s"),
    2: ("3c 3d 3h 5c 6c 7c 8c 3s", "3c 3d 3h|5c 6c 7c 8c", "3s"),
}
"""Hands that go out on the first turn of hands 1 and 2: draw, drop, lay one card off, discard."""


def game_at_hand(target: int, given: Mapping[int, str], players: int = 3, up: str | None = None,
                 stock: str = "", **options: object) -> ContinentalGame:
    """A game (first dealer 0) whose hands before ``target`` end on the first turn; hand
    ``target`` is dealt from ``given`` (seat ``target % players`` plays first)."""
    decks = [build_deck(players, (h - 1) % players, h, {h % players: QUICK_OUTS[h][0]})
             for h in range(1, target)]
    decks.append(build_deck(players, (target - 1) % players, target, given, up, stock))
    config = GameConfig.create(players=players, hands=target, seed=1, dealer=0, decks=decks,
                               options=ContinentalOptions(**options))  # type: ignore[arg-type]
    game = ContinentalGame(config)
    for h in range(1, target):
        go_out_quickly(game, h % players, *QUICK_OUTS[h][1:])
    assert game.hand_number == target and game.current == target % players
    return game


def test_a_trio_may_repeat_a_suit_and_hold_two_jokers_ranked_by_its_natural_card() -> None:
    game = make_game(given={1: "3c 3c#2 3h Tc Jk Jk#2 9s"})
    game.apply(Draw(1, "stock"))
    game.apply(Drop(1, (cards("3c 3c#2 3h"), cards("Tc Jk Jk#2"))))
    assert [m.text for m in game.table] == ["3♣ 3♣ 3♥", "10♣ Jk(10) Jk(10)"]
    assert game.table[1].rank.label == "10"  # type: ignore[union-attr]


def test_a_trio_needs_one_rank_and_is_exactly_three_cards_at_the_drop() -> None:
    game = make_game(given={1: "3c 3d 3h 3s 4c 4d 5h"})
    game.apply(Draw(1, "stock"))
    assert refusal(game, Drop(1, (cards("3c 3d 3h"), cards("4c 4d 5h")))) == "not_a_meld"
    assert refusal(game, Drop(1, (cards("3c 3d"), cards("4c 4d 3h")))) == "not_a_meld"
    assert refusal(game, Drop(1, (cards("3c 3d 3h 3s"), cards("4c 4d 5h")))) == "not_a_meld"


def test_a_run_is_ace_high_or_ace_low_but_never_around_the_corner() -> None:
    game = game_at_hand(3, {0: "Jh Qh Kh Ah Ac 2c 3c 4c 9s", 1: "Qd Kd Ad 2d 5c 6c 7c 8c"})
    game.apply(Draw(0, "stock"))
    game.apply(Drop(0, (cards("Jh Qh Kh Ah"), cards("Ac 2c 3c 4c"))))
    assert [(m.text, m.start) for m in game.table] == [  # type: ignore[union-attr]
        ("J♥ Q♥ K♥ A♥", 11), ("A♣ 2♣ 3♣ 4♣", 1)]
    game.apply(Discard(0, card("9s")))
    game.apply(Draw(1, "stock"))
    assert refusal(game, Drop(1, (cards("Qd Kd Ad 2d"), cards("5c 6c 7c 8c")))) == "not_a_meld"


def test_a_run_may_hold_adjacent_jokers() -> None:
    game = game_at_hand(2, {2: "Kc Kd Kh 5h Jk Jk#2 8h 2s"})
    game.apply(Draw(2, "stock"))
    game.apply(Drop(2, (cards("Kc Kd Kh"), cards("5h Jk Jk#2 8h"))))
    assert game.table[1].text == "5♥ Jk(6♥) Jk(7♥) 8♥"


def test_a_run_is_exactly_four_cards_at_the_drop_and_takes_more_by_laying_off() -> None:
    game = game_at_hand(2, {2: "Kc Kd Kh 5h 6h 7h 8h 9h"})
    game.apply(Draw(2, "stock"))
    assert refusal(game, Drop(2, (cards("Kc Kd Kh"), cards("5h 6h 7h 8h 9h")))) == "wrong_contract"
    game.apply(Drop(2, (cards("Kc Kd Kh"), cards("5h 6h 7h 8h"))))
    game.apply(LayOff(2, card("9h"), 1, None))
    assert game.table[1].text == "5♥ 6♥ 7♥ 8♥ 9♥"


def test_two_runs_of_one_suit_in_one_contract_stay_separate_melds_even_if_they_touch() -> None:
    game = game_at_hand(3, {0: "2h 3h 4h 5h 6h 7h 8h 9h Th"})
    game.apply(Draw(0, "stock"))
    game.apply(Drop(0, (cards("2h 3h 4h 5h"), cards("6h 7h 8h 9h"))))
    assert [m.text for m in game.table] == ["2♥ 3♥ 4♥ 5♥", "6♥ 7♥ 8♥ 9♥"]
    assert refusal(game, LayOff(0, card("Th"), 0, None)) == "cannot_lay_off"
    game.apply(LayOff(0, card("Th"), 1, None))
    assert [len(m) for m in game.table] == [4, 5]


def test_lay_off_at_either_end_of_another_players_run_never_past_the_ace() -> None:
    game = game_at_hand(2, {2: "Kc Kd Kh 5h 6h 7h 8h 2s", 0: "9c 9d 9h Jc Qc Kc#2 Ac Qs"},
                        up="4h", stock="3s 9h#2 2c")
    game.apply(Draw(2, "stock"))
    game.apply(Buy(0))  # 4h, and 9h#2 as the penalty: cards to lay off later
    game.apply(Drop(2, (cards("Kc Kd Kh"), cards("5h 6h 7h 8h"))))
    game.apply(Discard(2, card("2s")))
    game.apply(Draw(0, "stock"))  # 2c
    game.apply(Drop(0, (cards("9c 9d 9h"), cards("Jc Qc Kc#2 Ac"))))
    game.apply(LayOff(0, card("4h"), 1, None))  # the low end of seat 2's run
    game.apply(LayOff(0, card("9h#2"), 1, None))  # its high end
    assert game.table[1].text == "4♥ 5♥ 6♥ 7♥ 8♥ 9♥" and game.owners == [2, 2, 0, 0]
    assert refusal(game, LayOff(0, card("2c"), 3, None)) == "cannot_lay_off"  # never past the ace
    assert game.hands[0] == (card("Qs"), card("2c"))


def test_a_joker_is_laid_off_at_the_chosen_end_of_a_run_or_on_a_trio() -> None:
    game = game_at_hand(2, {2: "Kc Kd Kh 5h 6h 7h 8h Jk", 0: "Jk#2 9c 9d 9h Jc Qc Kc#2 Ac"},
                        stock="2s 3s")
    game.apply(Draw(2, "stock"))
    game.apply(Drop(2, (cards("Kc Kd Kh"), cards("5h 6h 7h 8h"))))
    game.apply(Discard(2, card("2s")))
    game.apply(Draw(0, "stock"))
    game.apply(Drop(0, (cards("9c 9d 9h"), cards("Jc Qc Kc#2 Ac"))))
    assert refusal(game, LayOff(0, card("Jk#2"), 3, "high")) == "cannot_lay_off"  # past the ace
    assert refusal(game, LayOff(0, card("Jk#2"), 3, "middle")) == "invalid_end"
    assert game.can(LayOff(0, card("Jk#2"), 3, None))  # the only free end: low
    assert game.can(LayOff(0, card("Jk#2"), 0, None))  # on a trio
    game.apply(LayOff(0, card("Jk#2"), 1, "low"))
    assert game.table[1].text == "Jk(4♥) 5♥ 6♥ 7♥ 8♥"
    game = game_at_hand(2, {2: "Kc Kd Kh 5h 6h 7h 8h Jk"}, stock="2s")
    game.apply(Draw(2, "stock"))
    game.apply(Drop(2, (cards("Kc Kd Kh"), cards("5h 6h 7h 8h"))))
    game.apply(LayOff(2, card("Jk"), 1, "high"))
    assert game.table[1].text == "5♥ 6♥ 7♥ 8♥ Jk(9♥)"


def test_only_a_player_who_has_dropped_may_swap_or_move_a_joker_and_only_in_their_turn() -> None:
    game = game_at_hand(2, {2: "Kc Kd Kh 2h 3h Jk 5h 6h", 0: "4h 9c 9d"}, stock="2s 7s")
    game.apply(Draw(2, "stock"))
    game.apply(Drop(2, (cards("Kc Kd Kh"), cards("2h 3h Jk 5h"))))
    game.apply(Discard(2, card("2s")))
    assert refusal(game, SwapJoker(0, card("4h"), 1, None)) == "draw_first"
    game.apply(Draw(0, "stock"))
    assert refusal(game, SwapJoker(0, card("4h"), 1, None)) == "not_dropped"
    assert refusal(game, MoveJoker(0, 1, "high", 1, None)) == "not_dropped"
    assert refusal(game, SwapJoker(2, card("6h"), 1, None)) == "not_your_turn"


def test_the_spec_joker_swap_a_2_3_jk_5_plus_4_gives_a_2_3_4_5_jk() -> None:
    game = game_at_hand(2, {2: "Kc Kd Kh Ah 2h 3h Jk 5h", 0: "9c 9d 9h 6s 7s 8s 9s 4h"},
                        stock="2d 3d 4d 5d 6d 7d")
    game.apply(Draw(2, "stock"))  # 2d
    assert refusal(game, Drop(2, (cards("Kc Kd Kh"), cards("Ah 2h 3h Jk 5h")))) == "wrong_contract"
    game.apply(Drop(2, (cards("Kc Kd Kh"), cards("2h 3h Jk 5h"))))
    game.apply(Discard(2, card("2d")))
    game.apply(Draw(0, "stock"))  # 3d
    game.apply(Pass(1))
    game.apply(Buy(2))  # 2d, and 4d as the penalty
    game.apply(Drop(0, (cards("9c 9d 9h"), cards("6s 7s 8s 9s"))))
    game.apply(Discard(0, card("3d")))
    game.apply(Draw(1, "stock"))  # 5d
    game.apply(Discard(1, card("5d")))
    game.apply(Draw(2, "stock"))  # 6d
    game.apply(LayOff(2, card("Ah"), 1, None))
    assert game.table[1].text == "A♥ 2♥ 3♥ Jk(4♥) 5♥"
    game.apply(Discard(2, card("6d")))
    game.apply(Draw(0, "stock"))  # 7d
    game.apply(SwapJoker(0, card("4h"), 1, None))
    assert game.table[1].text == "A♥ 2♥ 3♥ 4♥ 5♥ Jk(6♥)"
    assert not any(c.is_joker for c in game.hands[0])  # jokers never return to a hand
    game.apply(Discard(0, card("7d")))
    assert events(game, WentOut)[-1] == WentOut(2, 0, False)


def test_a_joker_move_is_refused_when_its_run_would_drop_below_four_cards() -> None:
    game = game_at_hand(2, {2: "Kc Kd Kh 3h 4h 5h 6h Jk", 0: "9c 9d 9h 7s 8s 9s Ts"},
                        stock="2s 2c")
    game.apply(Draw(2, "stock"))
    game.apply(Drop(2, (cards("Kc Kd Kh"), cards("3h 4h 5h Jk"))))
    game.apply(Discard(2, card("2s")))
    game.apply(Draw(0, "stock"))
    game.apply(Drop(0, (cards("9c 9d 9h"), cards("7s 8s 9s Ts"))))
    assert refusal(game, MoveJoker(0, 1, "high", 3, None)) == "run_too_short"
    before = [m.text for m in game.table]
    game.apply(Discard(0, card("2c")))
    assert [m.text for m in game.table] == before


# -- The stock ----------------------------------------------------------------------------------

def test_an_empty_stock_is_refilled_from_the_discard_pile_but_its_top_card() -> None:
    game = make_game(players=2, buying=False)
    while game.stock:
        seat = game.current
        game.apply(Draw(seat, "stock"))
        game.apply(Discard(seat, game.hands[seat][-1]))
    pile = list(game.discards)
    seat = game.current
    game.apply(Draw(seat, "stock"))
    expected = pile[:-1]
    random.Random(reshuffle_seed(1, 1, 1)).shuffle(expected)
    assert events(game, StockReshuffled) == [StockReshuffled(1, 1, tuple(expected))]
    assert game.hands[seat][-1] == expected[0] and game.discards == (pile[-1],)
    assert ContinentalGame.replay(game.config, game.log) == game


def test_the_hand_ends_when_the_stock_cannot_be_refilled_everyone_scoring_their_hand() -> None:
    game = make_game(players=3)
    while game.stock:
        seat = game.current
        game.apply(Draw(seat, "stock"))
        if game.window:
            game.apply(Buy((seat + 1) % 3))  # the pile stays at one card
        game.apply(Discard(seat, game.hands[seat][-1]))
    assert len(game.discards) == 1
    held = [tuple(h) for h in game.hands]
    game.apply(Draw(game.current, "stock"))
    ended = events(game, HandEnded)[0]
    assert ended.reason == "stock_exhausted"
    assert ended.scores == tuple(hand_points(h) for h in held)


def test_a_buy_with_no_penalty_card_left_ends_the_hand() -> None:
    game = make_game(players=2)
    while len(game.stock) > 1:
        seat = game.current
        game.apply(Draw(seat, "stock"))
        game.apply(Buy(1 - seat))
        game.apply(Discard(seat, game.hands[seat][-1]))
    seat = game.current
    game.apply(Draw(seat, "stock"))
    game.apply(Buy(1 - seat))
    bought = events(game, CardBought)[-1]
    assert bought.penalty is None and events(game, HandEnded)[0].reason == "stock_exhausted"


# -- The game -----------------------------------------------------------------------------------

def test_seven_hands_then_totals_and_the_lowest_total_wins() -> None:
    from solver.continental.random_player import random_action

    rng = random.Random(4)
    game = ContinentalGame(GameConfig.create(players=3, seed=4, dealer=2))
    while not game.is_over:
        seat = rng.choice(game.awaited())
        game.apply(random_action(game, seat, rng, skill=0.9))
    ends = events(game, HandEnded)
    assert [e.hand for e in ends] == list(range(1, 8))
    assert [d.dealer for d in events(game, HandDealt)] == [2, 0, 1, 2, 0, 1, 2]
    totals = tuple(map(sum, zip(*(e.scores for e in ends), strict=True)))
    low = min(totals)
    assert game.log[-1] == GameEnded(totals, tuple(s for s in range(3) if totals[s] == low))


def test_equal_lowest_totals_share_the_win() -> None:
    hand2 = build_deck(2, 1, 2, {0: "3c 3d 3h 5c 6c 7c 8c 3s", 1: "9c 9d 9h 9s 8h 8d 7h 7d"})
    game = make_game(players=2, dealer=0, given={1: QUICK_OUT_1, 0: "9c 9d 9h 9s 8h 8d Ks"},
                     hands=2, decks=[hand2])
    go_out_quickly(game, 1)
    go_out_quickly(game, 0, trios="3c 3d 3h|5c 6c 7c 8c")
    assert [e.scores for e in events(game, HandEnded)] == [(40, -10), (-10, 40)]
    assert game.log[-1] == GameEnded((30, 30), (0, 1))


def test_replay_rebuilds_an_equal_game_and_the_log_round_trips_with_copies() -> None:
    game = make_game(given={1: QUICK_OUT_1, 2: "7c 7c#2 Jk Jk#2"}, stock="9s")
    game.apply(Draw(1, "stock"))
    game.apply(Buy(2))
    game.apply(Discard(1, card("9s")))
    assert ContinentalGame.replay(game.config, game.log) == game
    dicts = [record_to_dict(r) for r in game.log]
    assert CONTINENTAL_RECORDS.log_from_dicts(dicts) == game.log
    assert "7c#2" in dicts[0]["deck"] and "Jk#2" in dicts[0]["deck"]
    config = GameConfig.from_dict(game.config.to_dict())
    assert config == game.config
    tampered = [*game.log[:-1], HandEnded(1, (0, 0, 0), (0, 0, 0), "went_out")]
    with pytest.raises(InvalidInputError):
        ContinentalGame.replay(game.config, tampered)


def test_config_lists_every_problem_and_reads_identical_codes_as_copies() -> None:
    with pytest.raises(ConfigError) as info:
        GameConfig.from_dict({"players": 9, "hands": 8, "seed": "x", "dealer": -1, "deck": ["As"] * 3})
    assert len(info.value.problems) == 5
    deck = [c.code for c in build_deck(2, 0, 1)]
    assert GameConfig.from_dict({"players": 2, "seed": 1, "deck": deck}).decks[0][0].copy == 1
    with pytest.raises(ConfigError, match="repeats"):
        GameConfig.from_dict({"players": 2, "seed": 1, "deck": [*deck[:-1], "As"]})
    short = build_deck(2, 0, 1)[:-1]
    with pytest.raises(ConfigError, match="expected 106 cards, got 105; missing"):
        GameConfig.create(players=2, seed=1, deck=short)


def test_every_refusal_code_has_its_rule_in_words() -> None:
    game = make_game()
    with pytest.raises(IllegalActionError) as info:
        game.apply(Draw(0, "stock"))
    assert info.value.rule == REFUSALS["not_your_turn"]
    assert all(isinstance(rule, str) and rule for rule in REFUSALS.values())


def test_the_game_follows_the_game_state_protocol() -> None:
    from rulesets.game import GameState

    assert isinstance(make_game(), GameState)
