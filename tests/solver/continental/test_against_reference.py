"""Cross-checks of the fast Continental solver against the brute-force reference (reference.py).

Hands are drawn with fixed seeds from the 106-card deck (two decks, two
jokers), over all seven contracts: random hands, hands *built* to hold their
contract, and hands built 1-2 cards short of it. Every failure lists each
disagreeing hand by its card ids (``7c#2``), so ``parse_cards(ids, jokers=True,
decks=2)`` gives it back.

The solver modules are imported inside the tests: while ``solver.continental.distance``
or ``solver.continental.drop`` is missing, only the tests that need it fail (with
``ModuleNotFoundError``).
"""

from __future__ import annotations

import importlib
import os
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from reference import JOKER, counts_of_cards, ref_can_drop, ref_distance, ref_outs, ref_points_left

from rulesets.cards import Card, Rank, full_deck
from rulesets.continental.contracts import CONTRACTS, Contract
from rulesets.continental.melds import (
    Meld,
    Run,
    Trio,
    drop_problems,
    lay_off,
    make_run,
    make_trio,
    run_problems,
    trio_problems,
)
from rulesets.continental.options import ContinentalOptions
from rulesets.continental.points import hand_points

DECK = tuple(full_deck(2, 2))
HANDS = tuple(CONTRACTS)


def _solver(name: str) -> Any:
    """``solver.continental.<name>``, imported when a test needs it."""
    return importlib.import_module(f"solver.continental.{name}")


def ids(cards: Sequence[Card]) -> str:
    """The cards as ids, to paste back into ``parse_cards(..., jokers=True, decks=2)``."""
    return " ".join(card.id for card in cards)


def melds_text(melds: Sequence[Meld]) -> str:
    """Melds as ids, lowest first, for failure messages."""
    return " | ".join(f"{type(m).__name__}({ids(m.cards)}" + (f", start={m.start})" if isinstance(m, Run)
                                                               else ")") for m in melds)


def _position_rank(position: int) -> Rank:
    return Rank.ACE if position in (1, 14) else Rank(position)


class Pool:
    """What is left of a shuffled 106-card deck; cards are taken out as hands and melds are made."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.cards = list(DECK)
        rng.shuffle(self.cards)

    def take(self, predicate: Callable[[Card], bool]) -> Card | None:
        """The first card left that satisfies ``predicate``, removed; None if there is none."""
        for i, card in enumerate(self.cards):
            if predicate(card):
                return self.cards.pop(i)
        return None

    def take_any(self, n: int) -> list[Card]:
        """``n`` random cards."""
        taken, self.cards = self.cards[:n], self.cards[n:]
        return taken

    def joker(self, chance: float) -> Card | None:
        """A joker, with probability ``chance`` while one is left."""
        return self.take(lambda c: c.is_joker) if self.rng.random() < chance else None

    def trio(self, size: int, joker_chance: float) -> list[Card] | None:
        """``size`` cards of one random rank (maybe a joker among them); None if the rank ran out."""
        rank = Rank(self.rng.randint(2, 14))
        cards: list[Card] = []
        joker = self.joker(joker_chance)
        if joker is not None:
            cards.append(joker)
        while len(cards) < size:
            card = self.take(lambda c, r=rank: c.rank is r)
            if card is None:
                self.cards.extend(cards)
                return None
            cards.append(card)
        self.rng.shuffle(cards)
        return cards

    def run(self, size: int, joker_chance: float) -> list[Card] | None:
        """``size`` cards of one random window of one suit, lowest first (maybe jokers inside)."""
        suit = self.rng.choice([c.suit for c in DECK[:4]])
        start = self.rng.randint(1, 15 - size)
        cards: list[Card] = []
        for position in range(start, start + size):
            joker = self.joker(joker_chance)
            rank = _position_rank(position)
            card = joker or self.take(lambda c, r=rank: c.rank is r and c.suit is suit)
            if card is None:
                card = self.take(lambda c: c.is_joker)
            if card is None or (position == start + size - 1 and all(c.is_joker for c in [*cards, card])):
                self.cards.extend(c for c in [*cards, card] if c is not None)
                return None
            cards.append(card)
        return cards

    def melds(self, trios: int, runs: int, joker_chance: float, sizes: tuple[int, int] = (0, 0)
              ) -> list[list[Card]]:
        """Cards for ``trios`` trios and ``runs`` runs, each ``sizes`` cards over the minimum at most."""
        out: list[list[Card]] = []
        for kind, count, minimum in (("trio", trios, 3), ("run", runs, 4)):
            made = 0
            while made < count:
                size = minimum + self.rng.randint(*sizes)
                cards = self.trio(size, joker_chance) if kind == "trio" else self.run(size, joker_chance)
                if cards is not None:
                    out.append(cards)
                    made += 1
        return out


def table_melds(pool: Pool, count: int) -> list[Meld]:
    """``count`` random melds already on the table (trios of 3-5 cards, runs of 4-7)."""
    melds: list[Meld] = []
    while len(melds) < count:
        if pool.rng.random() < 0.4:
            cards = pool.trio(3 + pool.rng.randint(0, 2), 0.15)
            if cards is not None:
                melds.append(make_trio(cards))
        else:
            cards = pool.run(4 + pool.rng.randint(0, 3), 0.1)
            if cards is not None:
                melds.append(make_run(cards, ordered=True))
    return melds


def hand_size(rng: random.Random, contract: Contract) -> int:
    """Mostly the cards dealt plus the one drawn; sometimes up to four more (cards bought)."""
    return contract.cards_dealt + 1 + (0 if rng.random() < 0.75 else rng.randint(1, 4))


def random_hand(rng: random.Random, contract: Contract) -> list[Card]:
    """A random hand from a shuffled deck."""
    return Pool(rng).take_any(hand_size(rng, contract))


def built_hand(rng: random.Random, contract: Contract, missing: int, *, pool: Pool | None = None,
               size: int | None = None, longer: int = 0) -> list[Card]:
    """A hand holding the contract's melds, less ``missing`` of their cards, plus filler.

    The melds are at their minimum sizes, or up to ``longer`` cards longer (the
    extra cards are then there to lay off on the drop).
    """
    pool = pool or Pool(rng)
    melds = pool.melds(contract.trios, contract.runs, joker_chance=0.12, sizes=(0, longer))
    cards = [card for meld in melds for card in meld]
    rng.shuffle(cards)
    cards = cards[missing:]
    size = size or hand_size(rng, contract)
    cards += pool.take_any(max(0, size - len(cards)))
    rng.shuffle(cards)
    return cards


CATEGORIES = ("random", "built", "near")
QUICK = os.environ.get("RAMCHI_QUICK") == "1"
"""``make check`` (the fast tier) checks fewer hands; ``make test`` and CI check them all."""

HANDS_PER_CASE = 3 if QUICK else 25  # 7 contracts x 3 categories x 25 = 525 hands


def make_hands(hand: int, category: str, n: int, seed: int) -> list[tuple[list[Card], int]]:
    """``n`` hands for one contract and category, each with its ``spare`` (1, or 0 for one in four)."""
    rng = random.Random(seed)
    contract = CONTRACTS[hand]
    out = []
    for _ in range(n):
        if category == "random":
            cards = random_hand(rng, contract)
        elif category == "built":
            cards = built_hand(rng, contract, 0)
        else:
            cards = built_hand(rng, contract, rng.randint(1, 2))
        out.append((cards, 0 if rng.random() < 0.25 else 1))
    return out


def _report(what: str, problems: list[str]) -> None:
    if problems:
        pytest.fail(f"{len(problems)} {what}:\n" + "\n".join(problems[:40]), pytrace=False)


def check_distance_and_outs(hands: list[tuple[list[Card], int]], contract: Contract) -> list[str]:
    """Compare distance and outs of every hand with the reference; the disagreements in words."""
    module = _solver("distance")
    problems = []
    for cards, spare in hands:
        counts = counts_of_cards(cards)
        want = ref_distance(counts, contract, spare=spare)
        got = module.distance(counts, contract, spare=spare)
        if got != want:
            problems.append(f"hand {contract.hand} spare={spare} [{ids(cards)}]: distance {got}, "
                            f"reference {want}")
            continue
        want_outs = ref_outs(counts, contract, spare=spare)
        got_outs = tuple(module.outs(counts, contract, spare=spare))
        if got_outs != want_outs:
            problems.append(f"hand {contract.hand} spare={spare} [{ids(cards)}]: outs {got_outs}, "
                            f"reference {want_outs} (solver only {sorted(set(got_outs) - set(want_outs))}, "
                            f"reference only {sorted(set(want_outs) - set(got_outs))})")
    return problems


@pytest.mark.parametrize("category", CATEGORIES)
@pytest.mark.parametrize("hand", HANDS)
def test_distance_and_outs_match_reference(hand: int, category: str) -> None:
    """Needs solver.continental.distance."""
    hands = make_hands(hand, category, HANDS_PER_CASE, seed=100 * hand + CATEGORIES.index(category))
    _report("distance/outs disagreements", check_distance_and_outs(hands, CONTRACTS[hand]))


@pytest.mark.slow
@pytest.mark.parametrize("category", CATEGORIES)
@pytest.mark.parametrize("hand", HANDS)
def test_distance_and_outs_match_reference_more(hand: int, category: str) -> None:
    """Needs solver.continental.distance; 150 more hands per case (3,150 in all)."""
    hands = make_hands(hand, category, 150, seed=7919 + 100 * hand + CATEGORIES.index(category))
    _report("distance/outs disagreements", check_distance_and_outs(hands, CONTRACTS[hand]))


def test_reference_distance_examples() -> None:
    """The reference itself on hands worked out by hand."""
    from rulesets.cards import parse_cards

    def dist(text: str, hand: int, spare: int = 1) -> int:
        return ref_distance(counts_of_cards(parse_cards(text, jokers=True, decks=2)), CONTRACTS[hand],
                            spare=spare)

    assert dist("7c 7d 7h 8c 8d 8h Ks", 1) == 0
    assert dist("7c 7d 7h 8c 8d 8h", 1) == 1  # no card left to discard
    assert dist("7c 7d 7h 8c 8d 8h", 1, spare=0) == 0
    assert dist("Jk Jk 2c 3d 4h 5s 6c", 1) == 2
    assert dist("Qc Kc Ac 2c 5d 6d 7d 8d 9s", 3) == 1  # Q K A 2 is no run
    assert dist("Jc Qc Kc Ac 5d 6d 7d 8d 9s", 3) == 0
    assert dist("Jk Jk 9s", 3) == 6  # 3 cards + 6 drawn = 8 in the runs + 1 to discard
    assert dist("9s 9s 9d 9d", 3, spare=0) == 6  # one nine per run
    assert dist("", 7) == 13
    assert dist("Jk Jk", 7) == 11  # each run needs a natural drawn


def _card_of_type(index: int, copy: int) -> Card:
    """A physical card of a type (2c = 0 ... As = 51, 52 = joker), with the copy number given."""
    if index == JOKER:
        return Card(None, None, copy)
    return Card(Rank(2 + index // 4), DECK[index].suit, copy)


@pytest.mark.parametrize("hand", HANDS[:4] if QUICK else HANDS)
def test_reference_outs_one_away_are_the_cards_that_drop(hand: int) -> None:
    """The reference checks itself: one card away, the outs are exactly the cards after which
    an explicit enumeration of drops (``make_trio`` / ``make_run``) finds one; zero away, a drop."""
    contract = CONTRACTS[hand]
    checked = 0
    for category, n in (("near", 7), ("built", 3)):
        for cards, spare in make_hands(hand, category, n, seed=4000 + 10 * hand + len(category)):
            distance = ref_distance(counts_of_cards(cards), contract, spare=spare)
            assert ref_can_drop(cards, contract, spare=spare) == (distance == 0), ids(cards)
            if distance != 1:
                continue
            checked += 1
            dropping = tuple(t for t in range(53)
                             if ref_can_drop([*cards, _card_of_type(t, 3)], contract, spare=spare))
            assert ref_outs(counts_of_cards(cards), contract, spare=spare) == dropping, \
                f"hand {hand} spare={spare} [{ids(cards)}]"
    assert checked >= 1


@dataclass(frozen=True)
class TurnCase:
    """One call of ``best_turn``: the hand, whether it has dropped, the table, the options."""

    cards: list[Card]
    contract: Contract
    dropped: bool
    table: list[Meld]
    options: ContinentalOptions

    @property
    def spare(self) -> int:
        """Cards that must stay in hand for the discard."""
        return 0 if self.options.go_out_without_discard else 1

    def __str__(self) -> str:
        """The case as text to reproduce it."""
        return (f"hand {self.contract.hand} dropped={self.dropped} "
                f"go_out_without_discard={self.options.go_out_without_discard} "
                f"card_values={self.options.card_values} [{ids(self.cards)}] table: {melds_text(self.table)}")


def _options(rng: random.Random) -> ContinentalOptions:
    return ContinentalOptions(go_out_without_discard=rng.random() < 0.3,
                              card_values="face_value" if rng.random() < 0.3 else "standard")


def drop_cases(hand: int, n: int, seed: int) -> list[TurnCase]:
    """Hands that have not dropped: mostly built to hold the contract (half of them with longer
    melds, to lay off on the drop), some 1 card short; others' melds on the table (0-3)."""
    rng = random.Random(seed)
    contract = CONTRACTS[hand]
    cases = []
    for i in range(n):
        pool = Pool(rng)
        table = table_melds(pool, rng.randint(0, 3))
        missing = 0 if i % 4 else 1
        cards = built_hand(rng, contract, missing, pool=pool, longer=2 * (i % 2))
        cases.append(TurnCase(cards, contract, False, table, _options(rng)))
    return cases


def dropped_cases(hand: int, n: int, seed: int) -> list[TurnCase]:
    """Hands that have dropped: 1-8 cards, many fitting the 1-5 melds on the table."""
    rng = random.Random(seed)
    contract = CONTRACTS[hand]
    cases = []
    for _ in range(n):
        pool = Pool(rng)
        table = table_melds(pool, rng.randint(1, 5))
        size = rng.randint(1, 8)
        cards: list[Card] = []
        while len(cards) < size:
            fitting = [c for c in pool.cards if any(_fits_somewhere(m, c) for m in table)]
            if fitting and rng.random() < 0.6:
                card = rng.choice(fitting)
                pool.cards.remove(card)
            else:
                card = pool.take_any(1)[0]
            cards.append(card)
        cases.append(TurnCase(cards, contract, True, table, _options(rng)))
    return cases


def _fits_somewhere(meld: Meld, card: Card) -> bool:
    """Whether the card goes on the meld now, or right next to one of its ends."""
    if card.is_joker:
        return True
    if isinstance(meld, Trio):
        return card.rank is meld.rank
    return card.suit is meld.suit and any(
        card.rank is _position_rank(p) for p in range(max(1, meld.start - 2), min(14, meld.end + 2) + 1))


def check_turn(case: TurnCase, turn: Any) -> list[str]:
    """Every way the advised turn is not a legal turn of the hand (an empty list when it is)."""
    problems: list[str] = []
    hand = Counter(case.cards)
    drop = tuple(turn.drop)
    if drop:
        if case.dropped or not turn.can_drop:
            problems.append("a drop advised for a hand that has dropped or cannot drop")
        problems += [f"drop: {p}" for p in drop_problems(drop, case.contract)]
        for meld in drop:
            if isinstance(meld, Trio):
                wrong = [f"trio {meld.text}: {p}" for p in trio_problems(meld.cards)]
                if not wrong and make_trio(meld.cards) != meld:
                    wrong.append(f"trio {meld.text} has the wrong rank")
            else:
                wrong = [f"run {meld.text}: {p}" for p in run_problems(meld.cards, ordered=True)]
                if not wrong and make_run(meld.cards, ordered=True) != meld:
                    wrong.append(f"run {meld.text} does not start where its cards put it")
            problems += wrong
    elif turn.can_drop and not case.dropped:
        problems.append("can_drop but no drop advised")
    if turn.lay_offs and not (case.dropped or drop):
        problems.append("lay-offs without a drop")
    used = [card for meld in drop for card in meld.cards]
    in_hand = len(case.cards) - len(used)
    if in_hand < case.spare and drop:
        problems.append(f"the drop leaves {in_hand} cards, fewer than {case.spare}")
    melds = {"drop": list(drop), "table": list(case.table)}
    for number, step in enumerate(turn.lay_offs, start=1):
        try:
            before = melds[step.target][step.meld]
            after = lay_off(before, step.card, step.end)
        except Exception as err:  # a bad index or a refused lay-off
            problems.append(f"lay-off {number} ({step}) does not replay: {err}")
            break
        if after != step.result:
            problems.append(f"lay-off {number}: {step.card.id} on {before.text} gives {after.text}, "
                            f"advice says {step.result.text}")
        melds[step.target][step.meld] = after
        used.append(step.card)
        in_hand -= 1
        if in_hand < case.spare:
            problems.append(f"lay-off {number} leaves {in_hand} cards, fewer than {case.spare}")
    if turn.discard is not None:
        used.append(turn.discard)
    extra = Counter(used) - hand
    repeated = [card.id for card, k in Counter(used).items() if k > 1]
    if extra or repeated:
        problems.append(f"cards not in hand or used twice: {ids(list(extra))} {' '.join(repeated)}")
        return problems
    kept = list((hand - Counter(used)).elements())
    if case.dropped or turn.can_drop:
        if turn.points_left != hand_points(kept, case.options.card_values):
            problems.append(f"points_left {turn.points_left} but the cards kept ({ids(kept)}) score "
                            f"{hand_points(kept, case.options.card_values)}")
        if turn.goes_out != (not kept):
            problems.append(f"goes_out {turn.goes_out} with {len(kept)} cards kept")
        if turn.discard is None and kept:
            problems.append("no discard, cards kept")
        if turn.discard is None and case.spare and (drop or turn.lay_offs or case.dropped) and case.cards:
            problems.append("no discard without go_out_without_discard")
    return problems


def run_turn_cases(cases: list[TurnCase]) -> tuple[list[str], int]:
    """Check ``best_turn`` on every case against the reference.

    Returns the disagreements and how many cases dropped or had dropped (points compared).
    """
    best_turn = _solver("drop").best_turn
    problems = []
    compared = 0
    for case in cases:
        can_drop, points = ref_points_left(case.cards, case.contract, dropped=case.dropped, table=case.table,
                                           spare=case.spare, card_values=case.options.card_values)
        if not case.dropped:
            counts = counts_of_cards(case.cards)
            assert can_drop == (ref_distance(counts, case.contract, spare=case.spare) == 0), \
                f"reference drop and distance disagree: {case}"
        try:
            turn = best_turn(case.cards, case.contract, dropped=case.dropped, table=tuple(case.table),
                             options=case.options)
        except Exception as err:  # report every case, not only the first that raises
            problems.append(f"{case}\n    best_turn raised {type(err).__name__}: {err}")
            continue
        issues = check_turn(case, turn)
        if not case.dropped and turn.can_drop != can_drop:
            issues.append(f"can_drop {turn.can_drop}, reference {can_drop}")
        elif points is not None:
            compared += 1
            if turn.points_left != points:
                issues.append(f"points_left {turn.points_left}, reference {points}")
            if turn.goes_out != (points == 0):
                issues.append(f"goes_out {turn.goes_out}, reference {points == 0}")
        if issues:
            problems.append(f"{case}\n    advice: drop {melds_text(turn.drop)}; lay-offs "
                            f"{[(lo.card.id, lo.target, lo.meld, lo.end) for lo in turn.lay_offs]}; discard "
                            f"{turn.discard and turn.discard.id}; points_left {turn.points_left}\n    "
                            + "\n    ".join(issues))
    return problems, compared


TURNS_PER_CONTRACT = 4 if QUICK else 16  # 7 x 16 = 112 hands before the drop, and 112 after


@pytest.mark.parametrize("hand", HANDS)
def test_drop_turn_matches_reference(hand: int) -> None:
    """Needs solver.continental.drop: hands before the drop (most can drop), others' melds on the table."""
    problems, compared = run_turn_cases(drop_cases(hand, TURNS_PER_CONTRACT, seed=500 + hand))
    _report("best_turn disagreements (before the drop)", problems)
    assert compared >= TURNS_PER_CONTRACT // 2


@pytest.mark.parametrize("hand", HANDS)
def test_dropped_turn_matches_reference(hand: int) -> None:
    """Needs solver.continental.drop: hands that have dropped, laying off on random table melds."""
    problems, compared = run_turn_cases(dropped_cases(hand, TURNS_PER_CONTRACT, seed=900 + hand))
    _report("best_turn disagreements (after the drop)", problems)
    assert compared == TURNS_PER_CONTRACT


@pytest.mark.parametrize("hand", HANDS)
def test_random_hands_turn(hand: int) -> None:
    """Needs solver.continental.drop: random hands (rarely able to drop): legal advice, same can_drop."""
    cases = [TurnCase(cards, CONTRACTS[hand], False, [],
                      ContinentalOptions(go_out_without_discard=spare == 0))
             for cards, spare in make_hands(hand, "random", 10, seed=1300 + hand)]
    _report("best_turn disagreements (random hands)", run_turn_cases(cases)[0])


@pytest.mark.slow
@pytest.mark.parametrize("hand", HANDS)
def test_turns_match_reference_more(hand: int) -> None:
    """Needs solver.continental.drop: 60 more hands per contract before the drop and 60 after."""
    problems, _ = run_turn_cases(drop_cases(hand, 60, seed=2500 + hand))
    more, _ = run_turn_cases(dropped_cases(hand, 60, seed=2900 + hand))
    _report("best_turn disagreements", problems + more)


def test_reference_points_examples() -> None:
    """The reference itself on turns worked out by hand."""
    from rulesets.cards import parse_cards

    def cards(text: str) -> tuple[Card, ...]:
        return parse_cards(text, jokers=True, decks=2)

    c1, c2 = CONTRACTS[1], CONTRACTS[2]
    assert ref_points_left(cards("7c 7d 7h 8c 8d 8h Ks"), c1) == (True, 0)
    assert ref_points_left(cards("7c 7d 7h 8c 8d 8h Ks Qd"), c1) == (True, 10)
    assert ref_points_left(cards("7c 7d 7h 8c 8d 8h"), c1) == (False, None)
    assert ref_points_left(cards("7c 7d 7h 8c 8d 8h"), c1, spare=0) == (True, 0)
    assert ref_points_left(cards("7c 7d 7h 8c 8d 8h 7s Ks 2c"), c1) == (True, 5)
    assert ref_points_left(cards("7c 7d 7h 8c 8d 8h 7s Ks 2c"), c1, card_values="face_value") == (True, 2)
    run = make_run(cards("4h 5h 6h 7h"))
    assert ref_points_left(cards("Jk 8h 9h Tc"), c2, dropped=True, table=[run]) == (False, 0)
    assert ref_points_left(cards("Jk 8h 9h"), c2, dropped=True, table=[run]) == (False, 0)
    assert ref_points_left(cards("Ks Kd"), c2, dropped=True, table=[run]) == (False, 10)
    # the 3 takes the joker's place; the joker goes to the high end
    assert ref_points_left(cards("3h Kc"), c2, dropped=True,
                           table=[make_run(cards("Ah 2h Jk 4h"), ordered=True)]) == (False, 0)
    # the joker must go low for the 3 to follow (J Q K A is full at the top)
    top = make_run(cards("Jh Qh Kh Ah"), ordered=True)
    assert ref_points_left(cards("Jk 9h 2c"), c2, dropped=True, table=[top]) == (False, 0)
