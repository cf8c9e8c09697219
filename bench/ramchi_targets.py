"""The Ramchi targets of ``bench/worst_cases.py``: advice, the trainer and hindsight.

- ``ramchi_advice``: ``POST /v1/ramchi/advice`` with ``ev`` or ``maximin``, any opponent model or
  mixture, up to the most samples a request may ask for (5,000; 200 with solver players), with
  and without the up-card (the 2♦ exchange doubles the planning);
- ``ramchi_trainer``: ``POST /v1/ramchi/trainer/score``, the same sampling, a lineup of one to
  five combinations of the hand;
- ``ramchi_hindsight``: ``POST /v1/ramchi/hindsight``, the two other seats' greedy lineups of a
  random deal.

Mutations raise the samples, swap a card of the hand with an unseen one, or change the opponent
model, the seat or the dealer. The solver's tables are built once, before the search (the
service builds them as each solver process starts).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from rulesets.cards import DECK, Card, parse_cards
from rulesets.ramchi.deal import TWO_OF_DIAMONDS
from solver.budget import Deadline
from solver.limits import MAX_SAMPLES, MAX_SOLVER_OPPONENT_SAMPLES
from solver.ramchi.advice import advise, warm_up
from solver.ramchi.candidates import hand_candidates
from solver.ramchi.greedy import greedy_lineup
from solver.ramchi.hindsight import hindsight
from solver.ramchi.trainer import score_lineup

__all__ = ["ramchi_targets"]

MODELS = ("mixture", "greedy", "ev", "solver")
MIXTURES = (None, {"greedy": 1, "ev": 1}, {"greedy": 1, "solver": 1, "ev": 1})


@dataclass(frozen=True)
class RamchiCase:
    """One Ramchi solver request: the hand, the up-card, the sampling and the table."""

    hand: tuple[Card, ...]
    up_card: Card | None
    samples: int
    opponents: str = "mixture"
    mixture: tuple[tuple[str, float], ...] | None = None
    objective: str = "ev"
    seat: int = 0
    dealer: int | None = None
    lineup_size: int = 1

    @property
    def slow(self) -> bool:
        return self.opponents == "solver" or bool(self.mixture and dict(self.mixture).get("solver"))

    def settings(self) -> dict[str, object]:
        return {"samples": self.samples, "opponents": self.opponents, "seat": self.seat,
                "dealer": self.dealer, "mixture": dict(self.mixture) if self.mixture else None}


def _most_samples(case: RamchiCase) -> int:
    return MAX_SOLVER_OPPONENT_SAMPLES if case.slow else MAX_SAMPLES


def _generate(rng: random.Random) -> RamchiCase:
    deck = list(DECK)
    rng.shuffle(deck)
    if rng.random() < 0.5 and TWO_OF_DIAMONDS not in deck[:17]:  # the exchange doubles the plans
        deck.remove(TWO_OF_DIAMONDS)
        deck.insert(0, TWO_OF_DIAMONDS)
    mixture = rng.choice(MIXTURES)
    opponents = "mixture" if mixture else rng.choice(MODELS)
    case = RamchiCase(tuple(sorted(deck[:17])), deck[17] if rng.random() < 0.8 else None, 200,
                      opponents, tuple(sorted(mixture.items())) if mixture else None,
                      rng.choice(("ev", "ev", "ev", "maximin")), rng.randrange(3),
                      rng.choice((None, 0, 1, 2)), rng.randint(1, 5))
    return replace(case, samples=rng.choice((200, _most_samples(case))))


def _mutate(case: object, rng: random.Random) -> RamchiCase | None:
    assert isinstance(case, RamchiCase)
    move = rng.randrange(4)
    if move == 0:
        return replace(case, samples=_most_samples(case))
    if move == 1:
        unseen = [c for c in DECK if c not in case.hand and c != case.up_card]
        hand = list(case.hand)
        hand[rng.randrange(len(hand))] = rng.choice(unseen)
        return replace(case, hand=tuple(sorted(hand)))
    if move == 2:
        changed = replace(case, opponents=rng.choice(MODELS), mixture=None)
        return replace(changed, samples=min(changed.samples, _most_samples(changed)))
    return replace(case, seat=rng.randrange(3), dealer=rng.choice((None, 0, 1, 2)))


def _describe(case: object) -> str:
    assert isinstance(case, RamchiCase)
    model = ("mixture " + ",".join(f"{k} {v:g}" for k, v in case.mixture) if case.mixture
             else case.opponents)
    up = f", up {case.up_card.code}" if case.up_card else ""
    two = ", holds 2d" if TWO_OF_DIAMONDS in case.hand else ""
    return (f"{case.objective}, {case.samples} samples, {model}, seat {case.seat}, dealer "
            f"{'?' if case.dealer is None else case.dealer}{up}{two}: "
            + " ".join(c.code for c in case.hand))


def _advice(case: object, deadline: Deadline) -> object:
    assert isinstance(case, RamchiCase)
    return advise(case.hand, case.up_card, objective=case.objective, deadline=deadline,
                  **case.settings())  # type: ignore[arg-type]


def _lineup(case: RamchiCase) -> list[tuple[Card, ...]]:
    return [c.cards for c in greedy_lineup(hand_candidates(case.hand))[:case.lineup_size]]


def _trainer(case: object, deadline: Deadline) -> object:
    assert isinstance(case, RamchiCase)
    return score_lineup(case.hand, case.up_card, _lineup(case), deadline=deadline,
                        **case.settings())  # type: ignore[arg-type]


def _others(case: RamchiCase) -> dict[int, Sequence[Sequence[Card]]]:
    rest = [c for c in DECK if c not in case.hand]
    random.Random(" ".join(c.code for c in case.hand)).shuffle(rest)
    others = [s for s in range(3) if s != case.seat]
    hands = {others[0]: rest[:17], others[1]: rest[17:34]}
    return {seat: [c.cards for c in greedy_lineup(hand_candidates(cards))]
            for seat, cards in hands.items()}


def _hindsight(case: object, deadline: Deadline) -> object:
    assert isinstance(case, RamchiCase)
    return hindsight(case.hand, case.seat, case.dealer or 0, _others(case), played=_lineup(case),
                     deadline=deadline)


def _warm_up() -> None:
    """Build the ev tables once (a no-op after the first call)."""
    warm_up()


_SEED = RamchiCase(tuple(parse_cards("As Ad Ah Kc Qc Jc 9s 8s 7s 5h 4d 3c Td 9d 2c 6h 2d")),
                   parse_cards("Ks")[0], MAX_SAMPLES)
"""The README's hand, holding the 2♦ (the exchange doubles the planning), with 5,000 samples: the
kind of request of issue 18 that took 6.2 s."""


def ramchi_targets() -> list[dict[str, object]]:
    """The Ramchi targets as the fields of ``worst_cases.Target`` (that module makes them)."""
    solver_seed = replace(_SEED, opponents="solver", samples=MAX_SOLVER_OPPONENT_SAMPLES)
    common = {"generate": _generate, "mutate": _mutate, "describe": _describe, "reset": _warm_up}
    return [common | {"name": "ramchi_advice", "call": _advice, "seeds": (_SEED, solver_seed)},
            common | {"name": "ramchi_trainer", "call": _trainer, "seeds": (solver_seed,)},
            common | {"name": "ramchi_hindsight", "call": _hindsight}]
