"""Plain-words explanations of advice.

>>> lineup_sentence([])
'No combination can be made: discard everything.'
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.ramchi.results import ExchangeInfo, FourOfAKindInfo, PlannedCombination

__all__ = ["ev_sentence", "explain", "lineup_sentence", "maximin_sentence"]


def lineup_sentence(combinations: Sequence[PlannedCombination]) -> str:
    """One sentence listing the combinations round by round."""
    if not combinations:
        return "No combination can be made: discard everything."
    parts = [f"round {c.round}: {c.name} ({' '.join(card.code for card in c.cards)})"
             for c in combinations]
    return "Play " + "; ".join(parts) + "."


def maximin_sentence() -> str:
    """Why a maximin lineup: the reason of the objective."""
    return ("This makes as many combinations as possible and then keeps the weakest "
            "as strong as possible, since the last rounds pay most.")


def ev_sentence(expected: float, error: float, opponents: str, samples: int) -> str:
    """Why an ev lineup: its expected chips on the samples.

    >>> ev_sentence(1.5, 0.25, "greedy", 40)
    'Against greedy opponents this is expected to win +1.50 chips (± 0.25, 40 sampled deals).'
    """
    return (f"Against {opponents} opponents this is expected to win {expected:+.2f} "
            f"chips (± {error:.2f}, {samples} sampled deals).")


def exchange_sentence(exchange: ExchangeInfo) -> str:
    """Keep or exchange the 2♦, with the expected chips of both when known."""
    verb = "Exchange" if exchange.recommended else "Keep"
    detail = ""
    if exchange.expected_chips_if_kept is not None and exchange.expected_chips_if_exchanged \
            is not None:
        detail = (f" (expected {exchange.expected_chips_if_exchanged:+.2f} chips if exchanged, "
                  f"{exchange.expected_chips_if_kept:+.2f} if kept)")
    return f"{verb} the 2♦{' for the up-card' if exchange.recommended else ''}{detail}."


def explain(combinations: Sequence[PlannedCombination], exchange: ExchangeInfo,
            four: FourOfAKindInfo | None, closing: str) -> str:
    """A short paragraph a player can read: what to do, then why (``closing``, the objective's)."""
    lines = []
    if exchange.possible:
        lines.append(exchange_sentence(exchange))
    if four is not None:
        lines.append(four.note)
    lines.append(lineup_sentence(combinations))
    lines.append(closing)
    return " ".join(lines)
