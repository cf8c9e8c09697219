"""How far from their contracts the samples deal the other players, against the real hands.

The expected-points pricing plays each decision out on deals of the cards its seat cannot see.
This script looks, at decisions of ``--games`` 7-hand games of four ``advisor`` bots (seed
``--seed + g``; one in every ``--every`` play decision of the seat whose turn it is), at each
other player who has not dropped: its real distance to the contract (the fewest cards it still
needs), and its distance in ``--samples`` deals of

- ``uniform``: :class:`~solver.continental.sampler.Sampler` (every deal consistent with what is
  public equally likely);
- ``played``: :class:`~solver.continental.played_sampler.PlayedSampler` (the hidden cards played
  forward for the turns the player has played, :data:`~solver.continental.played_sampler.
  CHANCES_PER_TURN` cards a turn, dealt afresh until the hand needs none of the cards the player
  turned down), and with ``--chances`` other counts;
- ``played, blind``: the same sampler told nothing of the cards turned down (the samples of
  stops before it knew them), and ``played, discards``: told only the player's discards, not the
  discards it passed.

It prints, by hand number, the mean distance and the share of players one card or less away
(about to drop) of each, and the milliseconds a deal takes. Counts, no timing but the last column.
Then how often a card the player itself discarded earlier in the hand is an out of its hand
(real or dealt): a player does not throw away what it needs, so a low share is a hand that looks
played (the real hands of advisor bots: none). Last, the *danger* each sampler foresees: for each
card of the deciding seat's hand (a discard it might make) and each other player, the share of
deals in which the card is an out of that player's hand, scored against the real hand (the Brier
score: the mean squared error of the share, lower is better; the real share beside it).

Run: ``.venv/bin/python bench/continental_played_hands.py [--games 3] [--seed 100] [--every 7]``
(about a minute on one core).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulesets.cards import Card  # noqa: E402
from rulesets.continental.config import GameConfig  # noqa: E402
from rulesets.continental.contracts import Contract  # noqa: E402
from rulesets.continental.game import ContinentalGame  # noqa: E402
from rulesets.continental.records import Discard, HandDealt  # noqa: E402
from solver.continental import played_sampler  # noqa: E402
from solver.continental.bots import advisor_choice  # noqa: E402
from solver.continental.cardtypes import counts_of, type_of  # noqa: E402
from solver.continental.distance import distance, outs_mask  # noqa: E402
from solver.continental.drop import spare_cards  # noqa: E402
from solver.continental.played_sampler import PlayedSampler  # noqa: E402
from solver.continental.position import Position, Step  # noqa: E402
from solver.continental.rollout import hand_key  # noqa: E402
from solver.continental.sampler import Sampler, SeatKnowledge  # noqa: E402


def discarded(game: ContinentalGame, seat: int) -> list[Card]:
    """The cards ``seat`` has discarded in the running hand (public)."""
    start = max(i for i, record in enumerate(game.log) if isinstance(record, HandDealt))
    return [r.card for r in game.log[start:] if isinstance(r, Discard) and r.seat == seat]


def outs_among(hand: Sequence[Card], cards: Sequence[Card], contract: Contract, spare: int) -> float:
    """The share of ``cards`` that are outs of ``hand`` (``cards`` not empty)."""
    key, jokers = hand_key(list(hand))
    _far, outs = outs_mask(key, len(hand), jokers, contract.trios, contract.runs, spare)
    return sum(outs >> type_of(card) & 1 for card in cards) / len(cards)


def told(knowledge: SeatKnowledge, *, discarded: bool, passed: bool) -> SeatKnowledge:
    """``knowledge`` with the other players' discards and passed cards kept or forgotten."""
    others = tuple(replace(other, discarded=other.discarded if discarded else (),
                           passed=other.passed if passed else ()) for other in knowledge.others)
    return replace(knowledge, others=others)


BLINDS = {"played, blind": (False, False), "played, discards": (True, False)}
"""The samplers told less than their seat knows: what each is told (discards, passed cards)."""


def outs_of(hand: Sequence[Card], contract: Contract, spare: int) -> int:
    """The outs of ``hand`` as a mask over card types (none for a hand that can drop now)."""
    key, jokers = hand_key(list(hand))
    return outs_mask(key, len(hand), jokers, contract.trios, contract.runs, spare)[1]


def main(argv: Sequence[str] | None = None) -> int:
    """Deal the samples at the games' decisions and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--every", type=int, default=7)
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--chances", type=float, nargs="*", default=[1, 3],
                        help="other cards-a-turn counts to show besides the default (fractions too)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.every < 1 or args.samples < 1:
        parser.error("--games, --every and --samples must be at least 1")
    kinds = ["real", "uniform", *BLINDS, f"played ({played_sampler.CHANCES_PER_TURN})",
             *(f"played ({c:g})" for c in args.chances if c != played_sampler.CHANCES_PER_TURN)]
    far: dict[tuple[int, str], list[int]] = defaultdict(list)
    thrown: dict[str, list[float]] = defaultdict(list)
    danger: dict[str, list[float]] = defaultdict(list)
    seconds: dict[str, list[float]] = defaultdict(list)
    default = played_sampler.CHANCES_PER_TURN  # restored after each decision
    for g in range(args.games):
        game = ContinentalGame(GameConfig.create(players=4, hands=7, seed=args.seed + g, dealer=0))
        rng = random.Random(args.seed + g)
        spare = spare_cards(game.options)
        count = 0
        while not game.is_over:
            seat = game.awaited()[0]
            if seat == game.current and game.phase.value == "play":
                count += 1
            if count and count % args.every == 0 and seat == game.current and game.phase.value == "play":
                count += 1  # this decision once
                position = Position.of_game(game, seat)
                assert position.step is Step.PLAY
                others = [(seat + k) % game.players for k in range(1, game.players)]
                playing = [k for k, other in enumerate(others) if not game.dropped[other]]
                gone = {k: discarded(game, others[k]) for k in playing}
                for k in playing:
                    far[(game.hand_number, "real")].append(
                        distance(counts_of(game.hands[others[k]]), game.contract, spare=spare))
                    if gone[k]:
                        thrown["real"].append(
                            outs_among(game.hands[others[k]], gone[k], game.contract, spare))
                candidates = sorted({type_of(card) for card in game.hands[seat]})
                real_outs = {k: outs_of(game.hands[others[k]], game.contract, spare) for k in playing}
                for k in playing:
                    danger["real"].extend(real_outs[k] >> t & 1 for t in candidates)
                for kind in kinds[1:]:
                    if kind.startswith("played ("):
                        played_sampler.CHANCES_PER_TURN = float(kind.split("(")[1].rstrip(")"))
                    knowledge = position.knowledge
                    if kind in BLINDS:
                        knowledge = told(knowledge, discarded=BLINDS[kind][0], passed=BLINDS[kind][1])
                    sampler = (Sampler(knowledge) if kind == "uniform" else
                               PlayedSampler(knowledge, game.contract, spare=spare))
                    orders = sampler.permutations(args.samples, np.random.default_rng(count))
                    started = time.perf_counter()
                    deals = [sampler.deal_of(order) for order in orders]
                    seconds[kind].append((time.perf_counter() - started) / args.samples)
                    for deal in deals:
                        for k in playing:
                            far[(game.hand_number, kind)].append(
                                distance(counts_of(deal.hands[k]), game.contract, spare=spare))
                            if gone[k]:
                                thrown[kind].append(outs_among(deal.hands[k], gone[k], game.contract, spare))
                    for k in playing:
                        dealt = [outs_of(deal.hands[k], game.contract, spare) for deal in deals]
                        for t in candidates:
                            share = np.mean([outs >> t & 1 for outs in dealt])
                            danger[kind].append(float((share - (real_outs[k] >> t & 1)) ** 2))
                played_sampler.CHANCES_PER_TURN = default
            game.apply(advisor_choice(game, seat, rng)[0])
    print(f"Other players not yet dropped, at play decisions of {args.games} game(s) of four advisors "
          f"(seed {args.seed}); {args.samples} deals each. Mean distance to the contract, and the "
          "share one card or less away:\n")
    print("| hand | players | " + " | ".join(kinds) + " |")
    print("|---:|---:|" + "---:|" * len(kinds))
    for hand in sorted({h for h, _ in far}):
        cells = [f"{np.mean(far[(hand, k)]):.2f} ({np.mean(np.array(far[(hand, k)]) <= 1):.0%})"
                 for k in kinds]
        print(f"| {hand} | {len(far[(hand, 'real')])} | " + " | ".join(cells) + " |")
    print("| ms a deal | | " + " | ".join(f"{1000 * np.mean(seconds[k]):.2f}" if k in seconds else "-"
                                      for k in kinds) + " |")
    print("| its own discards this hand that are outs of it | | "
          + " | ".join(f"{np.mean(thrown[k]):.1%}" if thrown[k] else "-" for k in kinds) + " |")
    print("| danger: Brier score of a card of the seat's hand being an out of the player's hand | | "
          + f"({np.mean(danger['real']):.1%} are) | "
          + " | ".join(f"{np.mean(danger[k]):.4f}" for k in kinds[1:]) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
