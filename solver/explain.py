"""Plain-words explanations of advice.

>>> lineup_sentence([])
'No combination can be made: discard everything.'
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.results import ExchangeInfo, FourOfAKindInfo, PlannedCombination

__all__ = ["explain", "lineup_sentence"]


def lineup_sentence(combinations: Sequence[PlannedCombination]) -> str:
    """One sentence listing the combinations round by round."""
    if not combinations:
        return "No combination can be made: discard everything."
    parts = [f"round {c.round}: {c.name} ({' '.join(card.code for card in c.cards)})"
             for c in combinations]
    return "Play " + "; ".join(parts) + "."


def explain(objective: str, combinations: Sequence[PlannedCombination],
            exchange: ExchangeInfo, four: FourOfAKindInfo | None,
            expected: float | None, error: float | None, opponents: str, samples: int) -> str:
    """A short paragraph a player can read: what to do and why."""
    lines = []
    if exchange.possible:
        verb = "Exchange" if exchange.recommended else "Keep"
        detail = ""
        if exchange.expected_chips_if_kept is not None and exchange.expected_chips_if_exchanged \
                is not None:
            detail = (f" (expected {exchange.expected_chips_if_exchanged:+.2f} chips if exchanged, "
                      f"{exchange.expected_chips_if_kept:+.2f} if kept)")
        lines.append(f"{verb} the 2♦{' for the up-card' if exchange.recommended else ''}{detail}.")
    if four is not None:
        lines.append(four.note)
    lines.append(lineup_sentence(combinations))
    if objective == "maximin":
        lines.append("This makes as many combinations as possible and then keeps the weakest "
                     "as strong as possible, since the last rounds pay most.")
    elif expected is not None and error is not None:
        lines.append(f"Against {opponents} opponents this is expected to win {expected:+.2f} "
                     f"chips (± {error:.2f}, {samples} sampled deals).")
    return " ".join(lines)
