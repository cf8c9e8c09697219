"""Cards: values, canonical codes, the lenient parser and its errors."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesets.cards import DECK, Card, Rank, Suit, format_cards, full_deck, parse_card, parse_cards
from rulesets.errors import CardCountError, CardParseError, DuplicateCardError


@pytest.mark.parametrize(
    ("token", "code"),
    [("As", "As"), ("AS", "As"), ("a♠", "As"), ("10h", "Th"), ("Th", "Th"), ("tH", "Th"),
     ("2♦", "2d"), ("q♣", "Qc"), ("K♡", "Kh"), ("9♠\ufe0f", "9s"), (" 7c ", "7c")],
)
def test_lenient_parser_echoes_canonical_codes(token: str, code: str) -> None:
    assert parse_card(token).code == code


def test_string_input_splits_on_commas_and_spaces() -> None:
    assert format_cards(parse_cards("10h, AS;a♦  2c")) == "Th As Ad 2c"


@pytest.mark.parametrize(
    ("token", "reason"),
    [("1h", "'1' is not a rank"), ("Ax", "'x' is not a suit"), ("", "empty"),
     ("10", "is a rank without a suit"), ("x", "needs a rank and a suit"),
     ("Jk", "there are no jokers in this game")],
)
def test_parse_errors_name_the_token_position_and_reason(token: str, reason: str) -> None:
    with pytest.raises(CardParseError) as info:
        parse_cards(["As", token])
    assert info.value.position == 2
    assert info.value.token == token
    assert reason in str(info.value)
    assert f"card 2 {token!r}" in str(info.value)


def test_cyrillic_lookalike_is_named_by_code_point() -> None:
    with pytest.raises(CardParseError) as info:
        parse_card("A\u0441", 1)
    assert "U+0441 CYRILLIC SMALL LETTER ES" in info.value.reason
    assert "looks like 'c'" in info.value.reason


def test_duplicates_are_refused_with_one_deck() -> None:
    with pytest.raises(DuplicateCardError) as info:
        parse_cards("As Kd as")
    assert info.value.positions == (1, 3)
    assert "only one As" in str(info.value)


def test_count_is_checked() -> None:
    with pytest.raises(CardCountError, match="expected 3 cards, got 2"):
        parse_cards("As Kd", count=3)
    with pytest.raises(CardCountError, match="expected 1 to 2 cards, got 3"):
        parse_cards("As Kd Qh", count=(1, 2))


def test_continental_copies_are_distinct_physical_cards() -> None:
    first, second = parse_cards("7c 7c", decks=2)
    assert first != second
    assert first.code == second.code == "7c"
    assert (first.id, second.id) == ("7c#1", "7c#2")
    assert parse_card("7c#2", decks=2) == second


def test_third_copy_of_a_card_is_a_duplicate_with_two_decks() -> None:
    with pytest.raises(DuplicateCardError):
        parse_cards("7c 7c 7c", decks=2)
    with pytest.raises(CardParseError, match="copy #3 does not exist"):
        parse_card("7c#3", decks=2)


def test_jokers_when_allowed() -> None:
    jokers = parse_cards("Jk joker", jokers=True, decks=2)
    assert [j.id for j in jokers] == ["Jk#1", "Jk#2"]
    assert all(j.is_joker and j.code == "Jk" for j in jokers)
    with pytest.raises(DuplicateCardError, match="are only 2 copies of Jk"):
        parse_cards("Jk joker JK", jokers=True, decks=2)


def test_deck_has_52_distinct_cards_indexed_in_order() -> None:
    assert len(set(DECK)) == 52
    assert [c.index for c in DECK] == list(range(52))
    assert len(set(full_deck(2, 2))) == 106


def test_equal_cards_are_the_same_rank_suit_and_copy_and_hash_alike() -> None:
    """Equality and hash are worked out from one number: they must still mean rank, suit and
    copy, over every card of several decks with jokers (and survive a pickle, as cards do
    between processes)."""
    import pickle

    cards = full_deck(3, 4)
    twins = [Card(c.rank, c.suit, c.copy) for c in cards]
    for card, twin in zip(cards, twins, strict=True):
        assert card == twin and hash(card) == hash(twin)
        assert pickle.loads(pickle.dumps(card)) == card
        assert card.kind == (52 if card.is_joker else card.index)
    assert len(set(cards)) == len(cards) == 3 * 52 + 4
    assert sum(a == b for a in cards for b in cards) == len(cards)
    assert Card(Rank.ACE, Suit.SPADES) != "As" and Card(None, None) != Card(None, None, 2)


def test_card_refuses_half_jokers() -> None:
    with pytest.raises(ValueError, match="both a rank and a suit"):
        Card(Rank.ACE, None)


@given(st.sampled_from(DECK))
def test_code_round_trips(card: Card) -> None:
    assert parse_card(card.code) == card
    assert parse_card(card.pretty) == card
    assert parse_card(card.code.lower()) == card


def test_suit_and_rank_symbols() -> None:
    assert Suit.HEARTS.symbol == "♥"
    assert Rank.TEN.label == "10"
    assert Card(Rank.TEN, Suit.HEARTS).pretty == "10♥"
