"""Checking a play on a real table (:mod:`rulesets.continental.play_check`): one test per rule of
the spec, and random tables against a reference of the lay-off and joker rules written here.

The reference reads the spec's rules and the documented choices (docs/rules/continental.md):
a natural card laid off on a run extends its low end, else its high end (only the end asked, if
one is), else takes the place
of the (lowest) joker standing for it; a joker, and the joker a natural card replaces, goes to
the end asked, by default the high end, or the low end when the run ends with the ace high; a
run never holds more than 13 cards (the ace high or low, never both); a joker leaves a run only
from an end, to another run, the run keeping four cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesets.cards import Card, Rank, Suit, parse_card, parse_cards
from rulesets.continental.melds import Meld, Run, Trio, read_meld
from rulesets.continental.play_check import (
    PlayVerdict,
    check_drop,
    check_lay_off,
    check_meld,
    check_move_joker,
    check_swap_joker,
)
from rulesets.continental.refusals import REFUSALS

JOKER = parse_card("Jk", jokers=True)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text, jokers=True, decks=4)


def table(*melds: str) -> list[Meld]:
    """Table melds as a player writes them (a run lowest first), copies kept apart."""
    groups = parse_cards(" ".join(melds), jokers=True, decks=8)
    found, at = [], 0
    for meld in melds:
        size = len(meld.split())
        found.append(read_meld(groups[at:at + size]))
        at += size
    return found


def refused(verdict: PlayVerdict, code: str) -> None:
    assert (verdict.legal, verdict.code, verdict.rule) == (False, code, REFUSALS[code]), verdict
    assert verdict.melds == () and "Card(" not in verdict.message


def texts(verdict: PlayVerdict) -> list[tuple[int | None, str]]:
    assert verdict.legal, verdict
    return [(index, meld.text) for index, meld in verdict.melds]


# -- new melds and the drop ---------------------------------------------------------------------

def test_ten_joker_joker_is_a_trio_of_tens() -> None:
    verdict = check_meld(cards("Th Jk Jk"), dropped=False)
    assert texts(verdict) == [(None, "10♥ Jk(10) Jk(10)")]
    assert "trio of Tens" in verdict.message


def test_a_trio_needs_one_natural_card() -> None:
    refused(check_meld(cards("Jk Jk Jk"), False), "not_a_meld")


def test_a_run_never_goes_around_the_corner() -> None:
    verdict = check_meld(cards("Qc Kc Ac 2c"), False)
    refused(verdict, "not_a_meld")
    assert "around the corner" in verdict.message


def test_jokers_stand_for_missing_cards_of_a_run() -> None:
    assert texts(check_meld(cards("4h Jk Jk 7h"), False)) == [(None, "4♥ Jk(5♥) Jk(6♥) 7♥")]


def test_at_the_drop_each_meld_is_exactly_its_minimum() -> None:
    verdict = check_meld(cards("5h 6h 7h 8h 9h"), False)
    assert verdict.legal and "at the drop a run is exactly 4 cards" in verdict.message
    assert "goes down as one meld of the drop" in check_meld(cards("5h 6h 7h 8h"), False).message


def test_after_dropping_a_player_never_makes_a_new_meld() -> None:
    refused(check_meld(cards("7c 7d 7h"), dropped=True), "already_dropped")
    refused(check_drop([], True, 1, [cards("7c 7d 7h"), cards("Kc Kd Kh")]), "already_dropped")


def test_the_drop_is_exactly_the_contract_each_meld_at_its_minimum() -> None:
    verdict = check_drop(table("5s 6s 7s 8s"), False, 2, [cards("7c 7d Jk"), cards("4h 5h 6h 7h")])
    assert texts(verdict) == [(1, "7♣ 7♦ Jk(7)"), (2, "4♥ 5♥ 6♥ 7♥")]
    refused(check_drop([], False, 1, [cards("7c 7d 7h 7s"), cards("Kc Kd Kh")]), "wrong_contract")
    refused(check_drop([], False, 3, [cards("7c 7d 7h"), cards("4h 5h 6h 7h")]), "wrong_contract")


def test_a_drop_of_cards_that_are_no_meld_is_refused() -> None:
    refused(check_drop([], False, 1, [cards("7c 8d 9h"), cards("Kc Kd Kh")]), "not_a_meld")


# -- laying off ---------------------------------------------------------------------------------

def test_only_a_player_who_has_dropped_may_lay_off() -> None:
    run = table("5h 6h 7h 8h")
    refused(check_lay_off(run, False, parse_card("9h"), 0, None), "not_dropped")
    assert texts(check_lay_off(run, True, parse_card("9h"), 0, None)) == [(0, "5♥ 6♥ 7♥ 8♥ 9♥")]


def test_trios_are_extended_by_rank_and_take_jokers() -> None:
    trio = table("Kc Kd Kh")
    second = Card(Rank.KING, Suit.CLUBS, 2)  # the other deck's K♣
    assert texts(check_lay_off(trio, True, second, 0, None)) == [(0, "K♣ K♦ K♥ K♣")]
    assert texts(check_lay_off(trio, True, JOKER, 0, None)) == [(0, "K♣ K♦ K♥ Jk(K)")]
    refused(check_lay_off(trio, True, parse_card("Qc"), 0, None), "cannot_lay_off")


def test_runs_are_extended_at_either_end_never_past_the_ace() -> None:
    run = table("Jc Qc Kc Ac")
    assert texts(check_lay_off(run, True, parse_card("Tc"), 0, None)) == [(0, "10♣ J♣ Q♣ K♣ A♣")]
    refused(check_lay_off(run, True, parse_card("2c"), 0, None), "cannot_lay_off")
    refused(check_lay_off(run, True, JOKER, 0, "high"), "cannot_lay_off")


# "never around the corner": the ace is high or low, never both, so A♣ to K♣ takes no more cards
def test_a_run_from_the_ace_to_the_king_takes_nothing_past_the_ace() -> None:
    run = table("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc")
    for end in (None, "high", "low"):
        refused(check_lay_off(run, True, JOKER, 0, end), "cannot_lay_off")
    refused(check_lay_off(run, True, parse_card("Ac#2", decks=2), 0, None), "cannot_lay_off")
    assert check_lay_off(run, True, JOKER, 0, None).message == (  # the joker in words, no copy number
        f"Joker cannot be laid off on meld 0 ({run[0].text})")
    top = table("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac")
    refused(check_lay_off(top, True, JOKER, 0, "low"), "cannot_lay_off")
    refused(check_lay_off(top, True, parse_card("Ac#2", decks=2), 0, None), "cannot_lay_off")


def test_a_joker_goes_to_the_end_asked() -> None:
    run = table("5h 6h 7h 8h")
    assert texts(check_lay_off(run, True, JOKER, 0, "low")) == [(0, "Jk(4♥) 5♥ 6♥ 7♥ 8♥")]
    assert texts(check_lay_off(run, True, JOKER, 0, None)) == [(0, "5♥ 6♥ 7♥ 8♥ Jk(9♥)")]


def test_a_lay_off_names_a_meld_of_the_table() -> None:
    refused(check_lay_off(table("5h 6h 7h 8h"), True, parse_card("9h"), 1, None), "no_such_meld")


# -- jokers on the table ------------------------------------------------------------------------

def test_a_natural_card_replaces_the_joker_standing_for_it() -> None:
    """Spec: "A,2,3,Jk,5 + 4 → A,2,3,4,5,Jk"."""
    verdict = check_swap_joker(table("Ah 2h 3h Jk 5h"), True, parse_card("4h"), 0, None)
    assert texts(verdict) == [(0, "A♥ 2♥ 3♥ 4♥ 5♥ Jk(6♥)")]
    low = check_swap_joker(table("Ah 2h 3h Jk 5h"), True, parse_card("4h"), 0, "low")
    refused(low, "not_a_joker_swap")  # the ace low ends the run: no room below it for the joker


def test_the_joker_a_natural_replaces_in_a_run_ending_with_the_ace_goes_low() -> None:
    verdict = check_swap_joker(table("Jk Qs Ks As"), True, parse_card("Js"), 0, None)
    assert texts(verdict) == [(0, "Jk(10♠) J♠ Q♠ K♠ A♠")]


def test_a_swap_puts_a_card_in_a_jokers_place() -> None:
    refused(check_swap_joker(table("Jk 5h 6h 7h"), True, parse_card("8h"), 0, None), "not_a_joker_swap")
    refused(check_swap_joker(table("Kc Kd Jk"), True, parse_card("Kh"), 0, None), "joker_in_trio")


# "jokers in trios never move": a natural card never takes a trio's joker's place
def test_a_swap_into_a_trio_is_refused_by_the_trio_rule() -> None:
    verdict = check_swap_joker(table("Kc Kd Jk"), True, parse_card("Ks"), 0, None)
    refused(verdict, "joker_in_trio")
    assert verdict.message == "meld 0 (K♣ K♦ Jk(K)) is a trio: its jokers never move, so no natural " \
                              "card takes a joker's place there"


# "add cards to ... runs at either end": a card continues the end it fits, whatever end is asked
def test_a_natural_card_goes_on_the_end_it_continues_not_another_end_asked() -> None:
    run = table("5s 6s 7s 8s")
    verdict = check_lay_off(run, True, parse_card("9s"), 0, "low")
    refused(verdict, "cannot_lay_off")
    assert verdict.message == "9♠ goes on the high end of meld 0 (5♠ 6♠ 7♠ 8♠), not the low end asked"
    assert texts(check_lay_off(run, True, parse_card("9s"), 0, "high")) == [(0, "5♠ 6♠ 7♠ 8♠ 9♠")]
    assert texts(check_lay_off(run, True, parse_card("4s"), 0, "low")) == [(0, "4♠ 5♠ 6♠ 7♠ 8♠")]


# "A joker at either end of a run may be moved to another run": to a free end of it, never past the ace
def test_a_joker_moved_to_a_run_with_no_free_end_asked_is_refused_by_its_own_rule() -> None:
    runs = table("Jk 4d 5d 6d 7d", "Jc Qc Kc Ac")
    verdict = check_move_joker(runs, True, 0, "low", 1, "high")
    refused(verdict, "no_room_for_joker")
    assert verdict.message == "the joker cannot go on the high end of meld 1 (J♣ Q♣ K♣ A♣)"
    assert texts(check_move_joker(runs, True, 0, "low", 1, None))[1] == (1, "Jk(10♣) J♣ Q♣ K♣ A♣")


def test_jokers_at_both_ends_of_a_run() -> None:
    both = table("Jk 5h 6h 7h Jk")
    assert both[0].text == "Jk(4♥) 5♥ 6♥ 7♥ Jk(8♥)"
    swapped = check_swap_joker(both, True, parse_card("4h"), 0, None)
    assert texts(swapped) == [(0, "4♥ 5♥ 6♥ 7♥ Jk(8♥) Jk(9♥)")]
    replaced_high = check_swap_joker(both, True, parse_card("8h"), 0, "low")
    assert texts(replaced_high) == [(0, "Jk(3♥) Jk(4♥) 5♥ 6♥ 7♥ 8♥")]
    with_runs = [*both, *table("9c Tc Jc Qc")]
    low = check_move_joker(with_runs, True, 0, "low", 1, None)
    assert texts(low) == [(0, "5♥ 6♥ 7♥ Jk(8♥)"), (1, "9♣ 10♣ J♣ Q♣ Jk(K♣)")]
    high = check_move_joker(with_runs, True, 0, "high", 1, "low")
    assert texts(high) == [(0, "Jk(4♥) 5♥ 6♥ 7♥"), (1, "Jk(8♣) 9♣ 10♣ J♣ Q♣")]


def test_a_joker_move_may_not_leave_three_cards() -> None:
    runs = table("Jk 5h 6h 7h", "9c Tc Jc Qc")
    verdict = check_move_joker(runs, True, 0, "low", 1, None)
    refused(verdict, "run_too_short")
    assert "4 cards" in verdict.message


def test_jokers_in_trios_never_move() -> None:
    refused(check_move_joker(table("Kc Kd Jk", "9c Tc Jc Qc"), True, 0, "high", 1, None), "joker_in_trio")


def test_only_a_joker_at_an_end_moves_and_only_to_another_run() -> None:
    melds = table("5h Jk 7h 8h 9h", "9c Tc Jc Qc", "Kc Kd Kh")
    refused(check_move_joker(melds, True, 0, "low", 1, None), "no_joker_at_end")
    ends = table("5h 6h 7h 8h Jk", "9c Tc Jc Qc", "Kc Kd Kh")
    refused(check_move_joker(ends, True, 0, "high", 2, None), "not_a_run")
    refused(check_move_joker(ends, True, 0, "high", 0, None), "not_a_run")
    refused(check_move_joker(ends, True, 0, "high", 3, None), "no_such_meld")


def test_only_a_player_who_has_dropped_may_swap_or_move_jokers() -> None:
    refused(check_swap_joker(table("Ah 2h 3h Jk 5h"), False, parse_card("4h"), 0, None), "not_dropped")
    runs = table("Jk 4d 5d 6d 7d", "9c Tc Jc Qc")
    refused(check_move_joker(runs, False, 0, "low", 1, None), "not_dropped")


# -- random tables against the reference ---------------------------------------------------------

@dataclass
class RefRun:
    """The reference's run: its suit, the position of its first card, and each card (None: joker)."""

    suit: Suit
    start: int
    slots: list[Rank | None]

    @property
    def end(self) -> int:
        return self.start + len(self.slots) - 1

    def codes(self) -> list[str]:
        return ["Jk" if rank is None else rank.char + self.suit.char for rank in self.slots]

    def with_joker(self, end: str | None) -> RefRun | None:
        """The run with a joker added at ``end`` (default: high, or low past the ace high)."""
        room = len(self.slots) < 13  # the ace is high or low, never both: 13 cards at most
        high_free, low_free = room and self.end < 14, room and self.start > 1
        if end == "high" or (end is None and high_free):
            return RefRun(self.suit, self.start, [*self.slots, None]) if high_free else None
        return RefRun(self.suit, self.start - 1, [None, *self.slots]) if low_free else None


def positions(rank: Rank) -> tuple[int, ...]:
    return (1, 14) if rank is Rank.ACE else (int(rank),)


def ref_lay_off(run: RefRun, card: Card, end: str | None) -> tuple[RefRun | None, bool]:
    """The run after the lay-off (None: refused) and whether the card took a joker's place."""
    if card.is_joker:
        return run.with_joker(end), False
    if card.suit is not run.suit:
        return None, False
    assert card.rank is not None
    room = len(run.slots) < 13
    if room and run.start > 1 and run.start - 1 in positions(card.rank):  # the end asked, if asked
        return (RefRun(run.suit, run.start - 1, [card.rank, *run.slots]) if end != "high" else None), False
    if room and run.end < 14 and run.end + 1 in positions(card.rank):
        return (RefRun(run.suit, run.start, [*run.slots, card.rank]) if end != "low" else None), False
    for i, slot in enumerate(run.slots):
        if slot is None and run.start + i in positions(card.rank):
            slots = list(run.slots)
            slots[i] = card.rank
            return RefRun(run.suit, run.start, slots).with_joker(end), True
    return None, False


def random_run(rng: random.Random) -> RefRun:
    size = rng.choice([*range(4, 10), 12, 13])
    start = rng.randint(1, 15 - size)
    while True:
        jokers = [rng.random() < 0.3 for _ in range(size)]
        if size - sum(jokers) >= 2:
            break
    ranks = [None if joker else (Rank.ACE if p in (1, 14) else Rank(p))
             for joker, p in zip(jokers, range(start, start + size), strict=True)]
    return RefRun(rng.choice(list(Suit)), start, ranks)


def random_trio(rng: random.Random) -> list[str]:
    rank = rng.choice(list(Rank))
    size = rng.randint(3, 5)
    naturals = rng.randint(1, size)
    return [rank.char + rng.choice(list(Suit)).char for _ in range(naturals)] + ["Jk"] * (size - naturals)


def random_card(rng: random.Random, runs: list[RefRun | list[str]]) -> str:
    """A card likely to matter: a joker, next to an end of a run, or a joker's rank, or any card."""
    run = rng.choice(runs)
    if rng.random() < 0.15:
        return "Jk"
    if isinstance(run, RefRun) and rng.random() < 0.7:
        position = rng.choice([run.start - 1, run.end + 1, *range(run.start, run.end + 1)])
        position = min(max(position, 1), 14)
        rank = Rank.ACE if position in (1, 14) else Rank(position)
        return rank.char + run.suit.char
    return rng.choice(list(Rank)).char + rng.choice(list(Suit)).char


def read_table(written: list[RefRun | list[str]], card: str) -> tuple[list[Meld], Card]:
    """The table and the card as the rules read them, every physical card its own copy."""
    flat = [code for meld in written for code in (meld.codes() if isinstance(meld, RefRun) else meld)]
    parsed = parse_cards([*flat, card], jokers=True, decks=40)
    melds, at = [], 0
    for meld in written:
        size = len(meld.slots) if isinstance(meld, RefRun) else len(meld)
        melds.append(read_meld(parsed[at:at + size]))
        at += size
    return melds, parsed[-1]


def run_of(meld: Meld) -> RefRun:
    assert isinstance(meld, Run)
    return RefRun(meld.suit, meld.start, [card.rank for card in meld.cards])


def random_table(rng: random.Random) -> list[RefRun | list[str]]:
    return [random_run(rng) if rng.random() < 0.7 else random_trio(rng) for _ in range(rng.randint(1, 4))]


END = st.sampled_from([None, "high", "low"])


@given(st.integers(0, 2**32), END)
@settings(max_examples=300, deadline=None)
def test_lay_offs_and_swaps_on_random_tables_follow_the_reference(seed: int, end: str | None) -> None:
    lay_off_follows_the_reference(seed, end)


@pytest.mark.slow
@given(st.integers(0, 2**32), END)
@settings(max_examples=6000, deadline=None)
def test_lay_offs_and_swaps_on_many_random_tables_follow_the_reference(seed: int, end: str | None) -> None:
    lay_off_follows_the_reference(seed, end)


def lay_off_follows_the_reference(seed: int, end: str | None) -> None:
    """A random card on a random meld of a random table, laid off and swapped in."""
    rng = random.Random(seed)
    written = random_table(rng)
    melds, card = read_table(written, random_card(rng, written))
    index = rng.randrange(len(melds) + 1)
    lay_off = check_lay_off(melds, True, card, index, end)
    swap = check_swap_joker(melds, True, card, index, end)
    if index == len(melds):
        refused(lay_off, "no_such_meld")
        refused(swap, "no_such_meld")
        return
    target = melds[index]
    if isinstance(target, Trio):
        fits = card.is_joker or card.rank is target.rank
        assert lay_off.legal == fits
        if fits:
            assert lay_off.melds[0][1].cards == (*target.cards, card)
        refused(swap, "joker_in_trio")
        return
    assert run_of(target).codes() == written[index].codes()  # type: ignore[union-attr]
    expected, swapped = ref_lay_off(run_of(target), card, end)
    if expected is None:
        refused(lay_off, "cannot_lay_off")
        refused(swap, "not_a_joker_swap")
        return
    assert lay_off.legal
    result = lay_off.melds[0][1]
    assert isinstance(result, Run)
    assert (result.start, run_of(result).codes()) == (expected.start, expected.codes())
    if swapped:
        assert swap.melds == lay_off.melds
    else:
        refused(swap, "not_a_joker_swap")


@given(st.integers(0, 2**32), st.sampled_from(["high", "low"]), END)
@settings(max_examples=300, deadline=None)
def test_joker_moves_on_random_tables_follow_the_reference(seed: int, end: str, to_end: str | None) -> None:
    joker_move_follows_the_reference(seed, end, to_end)


@pytest.mark.slow
@given(st.integers(0, 2**32), st.sampled_from(["high", "low"]), END)
@settings(max_examples=6000, deadline=None)
def test_joker_moves_on_many_random_tables_follow_the_reference(seed: int, end: str,
                                                               to_end: str | None) -> None:
    joker_move_follows_the_reference(seed, end, to_end)


def joker_move_follows_the_reference(seed: int, end: str, to_end: str | None) -> None:
    """A joker moved from a random meld to another of a random table (often a run ending in one)."""
    rng = random.Random(seed)
    written = random_table(rng)
    if rng.random() < 0.5:  # a joker at an end, often
        run = random_run(rng)
        run.slots[0 if end == "low" else -1] = None
        written.append(run)
    melds, _ = read_table(written, "Jk")
    source, to = rng.randrange(len(melds)), rng.randrange(len(melds) + 1)
    verdict = check_move_joker(melds, True, source, end, to, to_end)
    if to == len(melds):
        refused(verdict, "no_such_meld")
        return
    if isinstance(melds[source], Trio):
        refused(verdict, "joker_in_trio")
        return
    leaving = run_of(melds[source])
    if leaving.slots[0 if end == "low" else -1] is not None:
        refused(verdict, "no_joker_at_end")
        return
    if to == source or isinstance(melds[to], Trio):
        refused(verdict, "not_a_run")
        return
    if len(leaving.slots) <= 4:
        refused(verdict, "run_too_short")
        return
    joined = run_of(melds[to]).with_joker(to_end)
    if joined is None:
        refused(verdict, "no_room_for_joker")
        return
    left = (RefRun(leaving.suit, leaving.start + 1, leaving.slots[1:]) if end == "low"
            else RefRun(leaving.suit, leaving.start, leaving.slots[:-1]))
    assert [(i, run_of(meld).start, run_of(meld).codes()) for i, meld in verdict.melds] == [
        (source, left.start, left.codes()), (to, joined.start, joined.codes())]
