"""Rules of thumb for Continental, tried as players against the rollout policy.

The expected-points advice prices a few alternatives of each decision by rollouts. Which
alternatives are worth pricing, and how the rollouts should play, are questions about rules of
play, and the quickest way to answer them is to seat a rule at the table: each variant below is
:class:`solver.continental.rollout.FastPolicy` with one rule changed, seated as two bots that
see only their seat (``bench/continental_rollout_policy.py``: ``policy_action``) against two
seats of the unchanged policy (``rollout``), in the duplicate matches of
``bench/continental_playoff.py`` (the same deals, the six seatings, points per hand paired by
deal). Policy games take well under a second each, so hundreds of deals fit in minutes.

The variants (``A − B`` below zero: the rule plays better than the policy):

- ``shed2``, ``shed3``: once another player has dropped, a seat at least 2 (3) cards from its
  contract sheds: it discards its heaviest natural (:func:`~solver.continental.rollout.shed_card`)
  and buys nothing (:attr:`~solver.continental.rollout.Plan.SHED`), until the stock is first
  reshuffled;
- ``shed1s3``: sheds as soon as it is a card away, once a dropped player holds 3 cards or fewer;
- ``buy1``, ``buy2``: buys an out only when at most 1 (2) cards from its contract;
- ``buywide4``: also buys a card that is no out but gives the hand more than 4 more kinds of
  outs (with a smaller margin, or taking such cards from the pile too, hands went on for ever:
  the stock is reshuffled from the pile, and the play-off stops a hand after
  ``MAX_HAND_ACTIONS`` actions).

Run: ``.venv/bin/python bench/continental_policy_variants.py [--deals 150] [--seed 3000] [--jobs 2]``
(any option of ``bench/continental_playoff.py``; ``--lines`` defaults to every variant against
``rollout``; about 3 minutes a line at 150 deals on one core).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import continental_rollout_policy  # noqa: E402

from rulesets.continental.records import Discard  # noqa: E402
from rulesets.log import Record  # noqa: E402
from solver.continental.cardtypes import type_of  # noqa: E402
from solver.continental.rollout import FastPolicy, RolloutGame, shed_card  # noqa: E402


@dataclass(frozen=True, slots=True)
class Shedding(FastPolicy):
    """Sheds (the heaviest natural, no buys) once another player has dropped holding at most
    ``small`` cards, while at least ``far`` cards from the contract, until the stock is first
    reshuffled (the hand is not ending soon after all; and with two seats shedding for ever some
    hands would never end)."""

    far: int = 2
    small: int = 99

    def sheds(self, game: RolloutGame, seat: int) -> bool:
        """Whether ``seat`` plays for fewer points now, rather than for its drop."""
        if game.dropped[seat] or game.reshuffles:
            return False
        others = [len(game.hands[s]) for s, dropped in enumerate(game.dropped) if dropped and s != seat]
        if not others or min(others) > self.small:
            return False
        return game.distance_of(game.hands[seat])[0] >= self.far

    def buys(self, game: RolloutGame, seat: int) -> bool:
        """The policy's buy, none while shedding."""
        return not self.sheds(game, seat) and FastPolicy.buys(self, game, seat)

    def play(self, game: RolloutGame, seat: int) -> Record:
        """The shedding discard, or the policy's play."""
        if self.sheds(game, seat):
            hand = game.hands[seat]
            key, jokers = game.key_of(hand)
            return Discard(seat, shed_card(hand, game.contract, self._spare(game), self.card_values,
                                           key=key, jokers=jokers))
        return FastPolicy.play(self, game, seat)


@dataclass(frozen=True, slots=True)
class BuyingNear(FastPolicy):
    """Buys an out only when at most ``most`` cards from the contract."""

    most: int = 2

    def buys(self, game: RolloutGame, seat: int) -> bool:
        """The policy's buy, only near the contract."""
        if game.dropped[seat]:
            return False
        far, outs = game.distance_of(game.hands[seat])
        return 0 < far <= self.most and bool(outs >> type_of(game.discards[-1]) & 1)


@dataclass(frozen=True, slots=True)
class BuyingWider(FastPolicy):
    """Also buys a card that is no out but gives the hand more than ``margin`` more kinds of outs
    at the same distance (a card toward a meld)."""

    margin: int = 4

    def buys(self, game: RolloutGame, seat: int) -> bool:
        """The policy's buy, or a card that widens the outs."""
        if FastPolicy.buys(self, game, seat):
            return True
        if game.dropped[seat]:
            return False
        hand = game.hands[seat]
        far, outs = game.distance_of(hand)
        if far == 0:
            return False
        wider_far, wider = game.distance_of((*hand, game.discards[-1]))
        return wider_far == far and wider.bit_count() > outs.bit_count() + self.margin


VARIANTS: dict[str, Callable[[str], FastPolicy]] = {
    "shed2": lambda values: Shedding(card_values=values, far=2),
    "shed3": lambda values: Shedding(card_values=values, far=3),
    "shed1s3": lambda values: Shedding(card_values=values, far=1, small=3),
    "buy1": lambda values: BuyingNear(card_values=values, most=1),
    "buy2": lambda values: BuyingNear(card_values=values, most=2),
    "buywide4": lambda values: BuyingWider(card_values=values, margin=4),
}
"""Each variant's policy by card values."""

LINES = ",".join(f"{name}:rollout" for name in VARIANTS)


def register() -> None:
    """Register the variants and ``rollout`` (once) for this process's games."""
    continental_rollout_policy.register()
    continental_rollout_policy.register_policies(VARIANTS)


if __name__ in ("__main__", "__mp_main__"):  # the script, and the processes it spawns
    register()


def main(argv: Sequence[str] | None = None) -> None:
    """Run the playoff's lines of the variants (``--lines`` replaces them)."""
    register()
    continental_rollout_policy.run_lines(LINES, argv)


if __name__ == "__main__":
    main()
