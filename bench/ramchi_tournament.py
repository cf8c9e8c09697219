"""Ramchi tournament: every strategy in seat 0 against every pair of opponent strategies, on the
very same deals (common random numbers), with the clairvoyant bound.

Seat 0 plays greedy, maximin, or `ev` advice against each opponent model (`greedy`, `solver`,
`ev`, and `mixture` blends, the default first). Seats 1 and 2 play one of greedy, maximin or the
default `ev` advice; every pair of those is a row. The *clairvoyant* column is the most seat 0
could win on the deal knowing the opponents' lineups (the hindsight solver, with the exchange
and four of a kind decided knowing them too); the gap share is how much of the distance from
greedy to clairvoyant the default `ev` closes.

Usage: python bench/ramchi_tournament.py [--deals 2000] [--workers 2] [--seed 0]
                                         [--blends greedy:1,ev:1 ...] [--markdown]
Prints one table per measure (mean chips per hand with 95% CIs; paired differences).
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesets.cards import Card
from rulesets.ramchi.combinations import combination, strength_table
from rulesets.ramchi.deal import (
    TWO_OF_DIAMONDS,
    deal,
    exchange,
    find_four_of_a_kind,
    four_of_a_kind_chips,
    shuffled_deck,
    two_of_diamonds_holder,
)
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import SEATS, play_out
from solver.ramchi.bots import ArrangerBot, ArrangerChoice, EvBot, GreedyBot, MaximinBot
from solver.ramchi.hindsight import hindsight
from solver.ramchi.opponents import DEFAULT_MIXTURE
from solver.stats import mean_ci

OPTIONS = RamchiOptions()
OPPONENTS = ("greedy", "maximin", "ev")
DEFAULT_EV = "ev (default)"
CLAIRVOYANT = "clairvoyant"


def blend_name(weights: Mapping[str, float]) -> str:
    """``ev vs mixture greedy:1,ev:1``."""
    return "ev vs mixture " + ",".join(f"{k}:{v:g}" for k, v in weights.items())


def seat0_bots(blends: Sequence[Mapping[str, float]]) -> dict[str, ArrangerBot]:
    """Every strategy seat 0 plays, the default `ev` first among the `ev` ones."""
    bots: dict[str, ArrangerBot] = {"greedy": GreedyBot(), "maximin": MaximinBot(), DEFAULT_EV: EvBot(),
                                    "ev vs greedy": EvBot(opponents="greedy"),
                                    "ev vs solver": EvBot(opponents="solver")}
    if _share(DEFAULT_MIXTURE) != {"ev": 1.0}:  # else the default is ev against ev opponents
        bots["ev vs ev"] = EvBot(opponents="ev")
    for weights in blends:
        if _share(weights) != _share(DEFAULT_MIXTURE):
            bots[blend_name(weights)] = EvBot(mixture=weights)
    return bots


def _share(weights: Mapping[str, float]) -> dict[str, float]:
    """Weights as shares of their total, zero weights left out."""
    total = sum(weights.values())
    return {name: weight / total for name, weight in weights.items() if weight > 0}


def opponent_bots() -> dict[str, ArrangerBot]:
    """The strategies seats 1 and 2 play."""
    return {"greedy": GreedyBot(), "maximin": MaximinBot(), "ev": EvBot()}


def _played(hand: Sequence[Card], up: Card | None,
            decision: ArrangerChoice) -> tuple[tuple[Card, ...], list[int]]:
    """The seat's hand after its exchange, and its lineup's strengths."""
    cards = exchange(hand, up) if decision.exchange and up is not None else tuple(hand)
    return cards, [combination(c).strength for c in decision.lineup]


def _chips(hands: Sequence[Sequence[Card]], lineups: Sequence[Sequence[int]], dealer: int) -> int:
    """Seat 0's chips by the rules: a four of a kind ends the deal, else the play-out."""
    four = find_four_of_a_kind(hands) if OPTIONS.four_of_a_kind else None
    if four is not None:
        return four_of_a_kind_chips(four.seat, OPTIONS)[0]
    return play_out(lineups, dealer, OPTIONS).chips[0]


def _clairvoyant(hand: Sequence[Card], up: Card | None, others: Sequence[tuple[tuple[Card, ...], list[int]]],
                 other_cards: Sequence[Sequence[Sequence[Card]]], dealer: int) -> int:
    """The most seat 0 wins knowing the opponents' (played) hands and lineups."""
    best = None
    choices = [tuple(hand)]
    if up is not None and OPTIONS.exchange and TWO_OF_DIAMONDS in hand:
        choices.append(exchange(hand, up))
    for mine in choices:
        hands = [mine, others[0][0], others[1][0]]
        four = find_four_of_a_kind(hands) if OPTIONS.four_of_a_kind else None
        if four is not None:
            chips = four_of_a_kind_chips(four.seat, OPTIONS)[0]
        else:
            chips = hindsight(mine, 0, dealer, {1: other_cards[0], 2: other_cards[1]},
                              options=OPTIONS).chips
        best = chips if best is None else max(best, chips)
    assert best is not None
    return best


def play_deal(index: int, seed: int, mine: Mapping[str, ArrangerBot], theirs: Mapping[str, ArrangerBot]
              ) -> dict[tuple[str, str], dict[str, int]]:
    """Seat 0's chips for every (opponent pair, seat-0 strategy) on deal ``index``."""
    dealer = index % SEATS
    dealt = deal(shuffled_deck(seed * 1_000_003 + index), dealer)
    holder = two_of_diamonds_holder(dealt.hands)
    ups = [dealt.up_card if seat == holder else None for seat in range(SEATS)]
    seat0 = {name: _played(dealt.hands[0], ups[0],
                           bot.decide(dealt.hands[0], ups[0], seat=0, dealer=dealer, options=OPTIONS))
             for name, bot in mine.items()}
    decided = {(name, seat): bot.decide(dealt.hands[seat], ups[seat], seat=seat, dealer=dealer,
                                        options=OPTIONS)
               for name, bot in theirs.items() for seat in (1, 2)}
    played = {key: _played(dealt.hands[key[1]], ups[key[1]], d) for key, d in decided.items()}
    rows: dict[tuple[str, str], dict[str, int]] = {}
    for left, right in itertools.combinations_with_replacement(theirs, 2):
        one, two = played[(left, 1)], played[(right, 2)]
        row = {name: _chips([cards, one[0], two[0]], [strengths, one[1], two[1]], dealer)
               for name, (cards, strengths) in seat0.items()}
        row[CLAIRVOYANT] = _clairvoyant(dealt.hands[0], ups[0], [one, two],
                                        [decided[(left, 1)].lineup, decided[(right, 2)].lineup],
                                        dealer)
        rows[(left, right)] = row
    return rows


def run_chunk(args: tuple[list[int], int, list[dict[str, float]]]
              ) -> list[dict[tuple[str, str], dict[str, int]]]:
    """Play the deals of one chunk (in a worker process)."""
    indices, seed, blends = args
    strength_table()
    mine, theirs = seat0_bots(blends), opponent_bots()
    return [play_deal(i, seed, mine, theirs) for i in indices]


def parse_blend(text: str) -> dict[str, float]:
    """``greedy:1,ev:3`` → ``{"greedy": 1.0, "ev": 3.0}``."""
    return {name: float(weight) for name, weight in (part.split(":") for part in text.split(","))}


def _format(mean: float, half: float) -> str:
    return f"{mean:+.3f} ± {half:.3f}"


def report(deals: list[dict[tuple[str, str], dict[str, int]]], markdown: bool) -> None:
    """Print the tables: means per row and strategy, then the paired differences."""
    pairs = list(deals[0])
    strategies = list(deals[0][pairs[0]])
    sep = " | " if markdown else "  "

    def line(cells: Sequence[str]) -> str:
        return ("| " + " | ".join(cells) + " |") if markdown else sep.join(f"{c:>18}" for c in cells)

    print(f"\nMean chips per hand for seat 0, 95% CI ({len(deals)} deals, common random numbers)")
    print(line(["opponents", *strategies]))
    if markdown:
        print("|" + "---|" * (len(strategies) + 1))
    for pair in pairs:
        cells = [" & ".join(pair)]
        for name in strategies:
            cells.append(_format(*mean_ci([d[pair][name] for d in deals])))
        print(line(cells))

    print("\nPaired differences per row (95% CI) and the share of the greedy-to-clairvoyant gap")
    heads = ["opponents", f"{DEFAULT_EV} − greedy", f"{DEFAULT_EV} − maximin",
             "beyond CI", "gap closed"]
    print(line(heads))
    if markdown:
        print("|" + "---|" * len(heads))
    for pair in pairs:
        ev = [d[pair][DEFAULT_EV] for d in deals]
        cells = [" & ".join(pair)]
        beyond = True
        for other in ("greedy", "maximin"):
            mean, half = mean_ci([a - d[pair][other] for a, d in zip(ev, deals, strict=True)])
            beyond &= mean - half > 0
            cells.append(_format(mean, half))
        cells.append("yes" if beyond else "NO")
        greedy = sum(d[pair]["greedy"] for d in deals)
        gap = sum(d[pair][CLAIRVOYANT] for d in deals) - greedy
        cells.append(f"{(sum(ev) - greedy) / gap:.0%}" if gap else "-")
        print(line(cells))

    print("\nEach ev variant minus the default ev, averaged over every row (95% CI)")
    for name in strategies:
        if name.startswith("ev") and name != DEFAULT_EV:
            diffs = [sum(d[p][name] - d[p][DEFAULT_EV] for p in pairs) / len(pairs) for d in deals]
            print(f"  {name:<40}{_format(*mean_ci(diffs))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--blends", nargs="*", default=["greedy:3,ev:1", "greedy:1,ev:1",
                                                        "greedy:1,ev:3"],
                        help="other mixture weights to try for seat 0, as name:weight lists")
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables")
    args = parser.parse_args()
    blends = [parse_blend(text) for text in args.blends]
    started = time.perf_counter()
    chunk_count = max(1, args.workers * 16)
    chunks = [(list(range(c, args.deals, chunk_count)), args.seed, blends)
              for c in range(chunk_count)]
    deals = []
    with multiprocessing.Pool(args.workers) as pool:
        for done, part in enumerate(pool.imap_unordered(run_chunk, chunks), start=1):
            deals.extend(part)
            end = "" if sys.stderr.isatty() else "\n"
            print(f"\r{done}/{len(chunks)} chunks, {time.perf_counter() - started:.0f} s",
                  end=end, file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(f"{len(deals)} deals, seed {args.seed}, {time.perf_counter() - started:.0f} s on "
          f"{args.workers} workers; default mixture {dict(DEFAULT_MIXTURE)}")
    report(deals, args.markdown)


if __name__ == "__main__":
    main()
