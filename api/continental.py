"""Continental advice as JSON: the one form the API and ``ramchi continental advise --json`` give.

Cards are written as codes without copy numbers (``7c``, ``Jk``): the advice is about kinds of
card, and a request names no copies either. Every meld lists its jokers with what each stands
for: a card in a run (``5h``), a rank in a trio (``K``, any suit).

>>> from rulesets.cards import parse_cards
>>> from rulesets.continental.melds import make_run, make_trio
>>> meld_json(make_run(parse_cards("4h Jk 6h 7h", jokers=True)))["jokers"]
[{'card': 'Jk', 'position': 1, 'stands_for': '5h'}]
>>> meld_json(make_trio(parse_cards("Kc Kd Jk", jokers=True)))["text"]
'K♣ K♦ Jk(K)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulesets.cards import Card
from rulesets.continental.contracts import Contract
from rulesets.continental.melds import Meld, Run
from solver.continental.advice import table_meld
from solver.continental.advised_action import advised_request
from solver.continental.results import AdvisedChoice, AdvisedLayOff, ContinentalAdvice, DiscardOption, Out

__all__ = ["advice_json", "contract_json", "meld_json"]


def _code(card: Card | None) -> str | None:
    return None if card is None else card.code


def meld_json(meld: Meld) -> dict[str, Any]:
    """A trio or a run: its kind, cards (a run lowest first), text, rank or suit, and jokers."""
    cards = [card.code for card in meld.cards]
    if isinstance(meld, Run):
        stands = [f"{rank.char}{meld.suit.char}" for rank in meld.ranks]
        return {"kind": "run", "cards": cards, "text": meld.text, "rank": None,
                "suit": meld.suit.char, "jokers": _jokers(meld.cards, stands)}
    rank = meld.rank.char
    text = " ".join(f"Jk({meld.rank.label})" if card.is_joker else card.pretty for card in meld.cards)
    return {"kind": "trio", "cards": cards, "text": text, "rank": rank, "suit": None,
            "jokers": _jokers(meld.cards, [rank] * len(meld.cards))}


def _jokers(cards: tuple[Card, ...], stands: list[str]) -> list[dict[str, Any]]:
    return [{"card": "Jk", "position": i, "stands_for": stands[i]}
            for i, card in enumerate(cards) if card.is_joker]


def contract_json(contract: Contract) -> dict[str, Any]:
    """The contract: its hand (1-7, null for a contract given as trios and runs) and melds."""
    return {"hand": contract.hand or None, "trios": contract.trios, "runs": contract.runs,
            "name": contract.name}


def _lay_off_json(lay_off: AdvisedLayOff) -> dict[str, Any]:
    return {"card": lay_off.card.code, "target": lay_off.target, "meld": lay_off.meld,
            "end": lay_off.end, "result": meld_json(lay_off.result)}


def _outs_json(outs: tuple[Out, ...]) -> list[dict[str, Any]]:
    return [{"card": out.card.code, "unseen": out.unseen} for out in outs]


def _option_json(option: DiscardOption) -> dict[str, Any]:
    return {"card": option.card.code, "distance": option.distance, "outs": _outs_json(option.outs),
            "outs_total": option.outs_total, "next_outs": round(option.next_outs, 3),
            "points": option.points}


def _decision_json(decision: AdvisedChoice | None) -> dict[str, Any] | None:
    return None if decision is None else {"advised": decision.advised, "reason": decision.reason}


def advice_json(advice: ContinentalAdvice, hand: tuple[Card, ...],
                table: Sequence[Sequence[Card]] = ()) -> dict[str, Any]:
    """The whole advice as the API answers it (``hand`` is echoed as codes; ``table`` is the
    table melds advised on, which tell a joker swap from a lay-off in ``action``).
    """
    melds = [table_meld(cards, i) for i, cards in enumerate(table)]
    return {
        "contract": contract_json(advice.contract),
        "hand": [card.code for card in hand],
        "dropped": advice.dropped,
        "drawn": advice.drawn,
        "can_drop": advice.can_drop,
        "drop": [meld_json(meld) for meld in advice.drop],
        "lay_offs": [_lay_off_json(lay_off) for lay_off in advice.lay_offs],
        "discard": _code(advice.discard),
        "points_left": advice.points_left,
        "goes_out": advice.goes_out,
        "distance": advice.distance,
        "outs": _outs_json(advice.outs),
        "outs_total": advice.outs_total,
        "discard_ranking": [_option_json(option) for option in advice.discard_ranking],
        "take_discard": _decision_json(advice.take_discard),
        "buy": _decision_json(advice.buy),
        "action": advised_request(advice, melds),
        "buy_action": None if advice.buy is None else advised_request(advice, melds, offer=True),
        "explanation": advice.explanation,
        "solve_ms": round(advice.solve_ms, 1),
    }
