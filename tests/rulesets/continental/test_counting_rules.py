"""The Continental counting rules, each as the spec states it: a contract's drop size, the windows
a run may cover, the copies a table's decks hold and the refusal of one copy too many."""

from __future__ import annotations

import pytest

from rulesets.cards import Card, Rank, Suit, parse_cards
from rulesets.continental.contracts import CONTRACTS, drop_size
from rulesets.continental.deck import Deck
from rulesets.continental.melds import ACE_HIGH, ACE_LOW, make_run, rank_at, run_problems, run_windows
from rulesets.errors import TooManyCopiesError

SPEC_CONTRACTS = {1: (2, 0), 2: (1, 1), 3: (0, 2), 4: (3, 0), 5: (2, 1), 6: (1, 2), 7: (0, 3)}
"""Spec, "The seven hands": hand → (trios, runs)."""


# "At the drop, each contract meld is exactly its minimum (trio 3 cards, run 4 cards)."
@pytest.mark.parametrize("hand", sorted(SPEC_CONTRACTS))
def test_a_drop_lays_down_three_cards_per_trio_and_four_per_run(hand: int) -> None:
    trios, runs = SPEC_CONTRACTS[hand]
    assert (CONTRACTS[hand].trios, CONTRACTS[hand].runs) == (trios, runs)
    assert CONTRACTS[hand].drop_size == drop_size(trios, runs) == 3 * trios + 4 * runs


# "Run: four or more consecutive cards of one suit. Ace high (J-Q-K-A) or low (A-2-3-4), never around
# the corner (Q-K-A-2-3 is not a run)."
def test_a_run_of_four_lies_on_one_of_eleven_windows_from_a234_to_jqka() -> None:
    written = ["-".join(rank_at(p).label for p in window) for window in run_windows()]
    assert written == ["A-2-3-4", "2-3-4-5", "3-4-5-6", "4-5-6-7", "5-6-7-8", "6-7-8-9", "7-8-9-10",
                       "8-9-10-J", "9-10-J-Q", "10-J-Q-K", "J-Q-K-A"]
    for window in run_windows():  # each window is a run, in every suit
        for suit in Suit:
            assert not run_problems([Card(rank_at(p), suit) for p in window], ordered=True)
    assert run_problems(parse_cards("Qh Kh Ah 2h"))  # around the corner: on no window


def test_longer_runs_lie_on_longer_windows_the_longest_ace_to_king_or_two_to_ace() -> None:
    every = run_windows(None)
    assert all(4 <= len(window) <= 13 and window[0] >= ACE_LOW and window[-1] <= ACE_HIGH
               for window in every)
    assert len(every) == sum(range(2, 12))  # 11 windows of four, 10 of five, ..., 2 of thirteen
    assert run_windows(13) == (range(ACE_LOW, ACE_HIGH), range(ACE_LOW + 1, ACE_HIGH + 1))
    assert run_windows(14) == ()  # the ace is high or low, never both
    assert [rank_at(p) for p in (ACE_LOW, ACE_HIGH)] == [Rank.ACE, Rank.ACE]
    run = make_run(parse_cards("2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah", decks=2), ordered=True)
    assert range(run.start, run.end + 1) in every
    assert run_problems(parse_cards("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah", decks=2), ordered=True)


# "Two 52-card decks plus 2 jokers (106 cards)"; "*variant*: more, with an extra deck and 2 more
# jokers per 2 extra players."
@pytest.mark.parametrize(("players", "decks", "jokers"), [(2, 2, 2), (6, 2, 2), (7, 3, 4), (8, 3, 4),
                                                          (9, 4, 6), (12, 5, 8)])
def test_a_table_holds_one_copy_of_each_card_per_deck_and_its_jokers(players: int, decks: int,
                                                                     jokers: int) -> None:
    deck = Deck.for_players(players)
    assert deck.copies(parse_cards("7c")[0]) == decks and deck.copies(Card(None, None)) == jokers
    assert deck.size == 52 * decks + jokers


def test_one_copy_more_than_the_decks_hold_is_refused_as_a_duplicate_card() -> None:
    refusal = Deck().too_many(parse_cards("7c")[0], "hand card 1, hand card 2", position=3)
    assert isinstance(refusal, TooManyCopiesError) and refusal.code == "duplicate_card"
    assert refusal.message == "card 3 '7c' is a third 7c: there are only 2 copies in play " \
                              "(hand card 1, hand card 2)"
    assert refusal.rule == "Continental is played with 2 decks and 2 jokers"
    jokers = Deck(3, 4).too_many(Card(None, None), "in the hand", given=5, field="hand")
    assert jokers.message == "'Jk' is given 5 times in the hand: there are only 4 copies in play"
    assert jokers.field == "hand"
