"""What a Continental seat is offered: every offered drop can be made, a hand that can drop is
offered the drop, a refusal during a buy offer names the offer, and a hidden card reads hidden.

Spec: "Drop (once per hand): lay down exactly the contract's melds from hand"; "At the drop, each
contract meld is exactly its minimum (trio 3 cards, run 4 cards)". Whether a hand holds its
contract is cross-checked with the solver's exact distance (distance 0: nothing is missing).
"""

from __future__ import annotations

import random

import pytest

from rulesets.cards import parse_cards
from rulesets.continental.config import GameConfig
from rulesets.continental.contracts import CONTRACTS
from rulesets.continental.deck import Deck
from rulesets.continental.disputes import hidden_record
from rulesets.continental.drop_search import find_drop
from rulesets.continental.game import ContinentalGame
from rulesets.continental.kind import CONTINENTAL
from rulesets.continental.melds import read_meld
from rulesets.continental.phase import Phase
from rulesets.continental.records import Buy, CardBought, Draw, Drop
from rulesets.continental.views import redacted_log, seat_view
from rulesets.errors import RulesError
from rulesets.log import record_to_dict
from solver.continental.cardtypes import counts_of
from solver.continental.distance import distance
from solver.continental.random_player import random_action
from tests.rulesets.continental.scripted import build_deck, card, cards


def make_game(players: int = 3, given: dict[int, str] | None = None, up: str | None = None,
              stock: str = "", hands: int = 1) -> ContinentalGame:
    deck = build_deck(players, 0, 1, given, up, stock)
    return ContinentalGame(GameConfig.create(players=players, hands=hands, seed=1, dealer=0, decks=[deck]))


def drops_offered(game: ContinentalGame, seat: int) -> list[dict]:
    return [legal.body for legal in CONTINENTAL.legal_actions(game, seat) if legal.body["type"] == "drop"]


def holds_the_contract(game: ContinentalGame, seat: int) -> bool:
    """The solver's exact answer: nothing missing to lay the contract down and keep a discard."""
    spare = 0 if game.options.go_out_without_discard else 1
    return distance(counts_of(game.hands[seat]), game.contract, spare=spare) == 0


# -- the drop is offered exactly when it can be made --------------------------------------------

def test_a_hand_holding_the_contract_is_offered_the_drop_and_it_is_accepted() -> None:
    game = make_game(given={1: "3c 3d 3h 4c 4d 4h 9s"}, stock="Ks")
    game.apply(Draw(1, "stock"))
    (body,) = drops_offered(game, 1)
    action = CONTINENTAL.action_from_request(1, body)
    assert game.can(action)
    melds = [read_meld(meld) for meld in action.melds]
    assert sorted(len(meld) for meld in melds) == [3, 3]  # exactly the contract, at its minimum
    listed = next(legal for legal in game.legal_actions(1) if legal.body["type"] == "drop")
    assert listed.choice is not None and listed.choice.field == "melds"
    assert [(g.name, g.cards, g.most) for g in listed.choice.groups] == [("trio", 3, 2)]


def test_a_hand_short_of_its_contract_is_not_offered_the_drop() -> None:
    game = make_game(given={1: "3c 3d 3h 4c 4d 9h 9s"}, stock="Ks")  # one trio and two pairs
    game.apply(Draw(1, "stock"))
    assert not drops_offered(game, 1) and not holds_the_contract(game, 1)
    assert {legal.body["type"] for legal in game.legal_actions(1)} == {"discard"}


def test_no_drop_is_offered_before_the_draw_out_of_turn_or_twice() -> None:
    game = make_game(given={1: "3c 3d 3h 4c 4d 4h 9s", 2: "5c 5d 5h 6c 6d 6h 9d"}, stock="Ks Qs")
    assert not drops_offered(game, 1)  # the turn starts with a draw
    game.apply(Draw(1, "stock"))
    assert not drops_offered(game, 2)  # not seat 2's turn
    (body,) = drops_offered(game, 1)
    game.apply(CONTINENTAL.action_from_request(1, body))
    assert not drops_offered(game, 1)  # once per hand


def test_a_run_needs_two_natural_cards_to_be_read_as_a_run_at_the_drop() -> None:
    """Four cards holding one natural card and three jokers read as a trio of four (trios are read
    first), which is no contract meld: with three jokers (7 players or more) only a drop the
    referee accepts is offered."""
    hand = parse_cards("5h 6h 7h 8h 2c Jk Jk Jk Kd Ks", jokers=True, decks=3)
    assert find_drop(hand, CONTRACTS[3]) is None
    hand = parse_cards("5h 6h 7h 8h 2c 3c Jk Jk Kd Ks", jokers=True, decks=3)
    assert [len(meld) for meld in find_drop(hand, CONTRACTS[3])] == [4, 4]


def test_the_drop_search_agrees_with_the_exact_distance_on_hands_rich_in_melds() -> None:
    deck = Deck.for_players(4).cards()
    rng = random.Random(7)
    found = 0
    for _ in range(1500):
        contract = CONTRACTS[rng.randint(1, 7)]
        suits = rng.sample(range(4), rng.randint(1, 2))
        low = rng.randint(2, 9)
        pool = [c for c in deck if c.is_joker or c.suit in suits or low <= int(c.rank or 0) < low + 5]
        hand = rng.sample(pool, min(len(pool), contract.cards_dealt + rng.randint(0, 4)))
        drop = find_drop(hand, contract)
        assert (drop is not None) == (distance(counts_of(hand), contract, spare=0) == 0), hand
        if drop is not None:
            found += 1
            used = [c for meld in drop for c in meld]
            assert len(set(used)) == len(used) and set(used) <= set(hand)
    assert found > 50


def test_in_random_games_every_offered_drop_can_be_made_and_every_hand_that_can_is_offered_one() -> None:
    offered = 0
    for seed in range(6):
        rng = random.Random(seed)
        game = ContinentalGame(GameConfig.create(players=2 + seed % 3, hands=3, seed=seed))
        while not game.is_over:
            seat = game.current
            if game.phase is Phase.PLAY and not game.dropped[seat]:
                bodies = drops_offered(game, seat)
                assert bool(bodies) == holds_the_contract(game, seat), game.hands[seat]
                for body in bodies:
                    assert game.can(CONTINENTAL.action_from_request(seat, body))
                    offered += 1
            game.apply(random_action(game, rng.choice(game.awaited()), rng, 0.7))  # type: ignore[arg-type]
    assert offered > 5


# -- a refusal during a buy offer names it ------------------------------------------------------

def test_a_draw_sent_while_a_buy_offer_waits_says_which_card_is_offered_and_who_answers() -> None:
    game = make_game(players=4, up="Qh", stock="2s 9s")
    game.apply(Draw(1, "stock"))
    with pytest.raises(RulesError) as refused:
        game.apply(Draw(2, "stock"))
    assert refused.value.code == "not_your_turn"
    assert refused.value.message == ("it is seat 1's turn, not seat 2's; a buy offer of the Q♥ is open "
                                     "(seat 1 drew from the stock instead of taking it): seats 2, 3 and 0 "
                                     "may buy it or pass")
    with pytest.raises(RulesError) as again:
        game.apply(Draw(1, "discard"))
    assert again.value.code == "already_drew" and "a buy offer of the Q♥ is open" in again.value.message
    game.apply(Buy(2))  # seat 2 wins it: the offer is settled, the refusal is as before
    with pytest.raises(RulesError) as after:
        game.apply(Draw(3, "stock"))
    assert after.value.message == "it is seat 1's turn, not seat 3's"


# -- a hidden card reads hidden -----------------------------------------------------------------

def test_another_seats_penalty_card_is_written_hidden_and_the_buyer_sees_it() -> None:
    game = make_game(players=3, up="Qh", stock="2s 9s")
    game.apply(Draw(1, "stock"))
    game.apply(Buy(2))
    bought = next(r for r in game.log if isinstance(r, CardBought))
    for seat in (0, 1, None):
        shown = [r for r in redacted_log(game, seat) if r["kind"] == "card_bought"]
        assert shown == [record_to_dict(bought) | {"penalty": "hidden"}]
    assert [r["penalty"] for r in redacted_log(game, 2) if r["kind"] == "card_bought"] == ["9s"]
    assert card("9s") in game.hands[2] and "9s" in seat_view(game, 2)["hand"]
    assert hidden_record(shown[0]) is not None  # a posted log showing it hidden cannot be judged


def test_the_drop_offered_is_a_body_the_request_reader_takes_as_it_is() -> None:
    game = make_game(given={1: "3c 3d 3h 4c 4d 4h 9s"}, stock="Ks")
    game.apply(Draw(1, "stock"))
    (entry,) = [e for e in seat_view(game, 1)["legal_actions"] if e["type"] == "drop"]
    assert set(entry) == {"type", "melds", "choose"}
    assert entry["choose"]["field"] == "melds" and "2 trios" in entry["choose"]["text"]
    body = {key: value for key, value in entry.items() if key != "choose"}
    assert CONTINENTAL.action_from_request(1, body) == Drop(1, tuple(tuple(cards(" ".join(m)))
                                                                      for m in entry["melds"]))
