"""How the ``ev`` objective models the two opponents' arrangements.

``greedy``: repeatedly take the strongest combination left (up to five).
``solver``: the exact ``maximin`` lineup of this solver (a strong, careful
player; modelling opponents with ``ev`` itself would recurse). Either model
exchanges the 2♦ for the up-card when that makes a four of a kind or a
lineup it prefers (more combinations, then the weakest stronger, …).

>>> from rulesets.cards import parse_cards
>>> arrange(parse_cards("As Ad Ah Ac Ks Qs Js"), "greedy").four_of_a_kind
<Rank.ACE: 14>
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rulesets.cards import Card, Rank
from rulesets.ramchi.deal import TWO_OF_DIAMONDS, exchange, four_of_a_kind_rank
from solver.ramchi.candidates import hand_candidates
from solver.ramchi.greedy import greedy_lineup
from solver.ramchi.maximin import maximin_from_candidates

__all__ = ["OPPONENT_MODELS", "Arranged", "arrange", "arrange_with_exchange"]

OPPONENT_MODELS = ("greedy", "solver")


@dataclass(frozen=True, slots=True)
class Arranged:
    """An opponent's lineup strengths (strongest first) and its best four of a kind rank."""

    strengths: tuple[int, ...]
    four_of_a_kind: Rank | None


def arrange(hand: Sequence[Card], model: str, time_limit: float = 1.0) -> Arranged:
    """The lineup the ``model`` player makes from ``hand`` (no exchange)."""
    candidates = hand_candidates(hand)
    if model == "greedy":
        lineup = greedy_lineup(candidates)
    else:
        lineup = maximin_from_candidates(candidates, time_limit)
    return Arranged(tuple(c.strength for c in lineup), four_of_a_kind_rank(hand))


def _preference(arranged: Arranged) -> tuple[int, int, tuple[int, ...]]:
    return (arranged.four_of_a_kind or 0, len(arranged.strengths), arranged.strengths[::-1])


def arrange_with_exchange(hand: Sequence[Card], up_card: Card | None, model: str,
                          allowed: bool, time_limit: float = 1.0) -> Arranged:
    """Arrange ``hand``; if it holds the 2♦ and the exchange is allowed, take the up-card
    when the model prefers the result (four of a kind first, then its lineup order).
    """
    kept = arrange(hand, model, time_limit)
    if not allowed or up_card is None or TWO_OF_DIAMONDS not in hand:
        return kept
    swapped = arrange(exchange(hand, up_card), model, time_limit)
    return swapped if _preference(swapped) > _preference(kept) else kept
