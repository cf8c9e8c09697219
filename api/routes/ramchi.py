"""Ramchi rules over HTTP: classify three cards, compare two combinations."""

from __future__ import annotations

from typing import Any

from api.blueprint import Blueprint
from api.cardinput import read_cards
from api.errors import ApiProblem
from api.schemas import (
    ClassificationSchema,
    ClassifyRequestSchema,
    CompareRequestSchema,
    CompareResponseSchema,
    ProblemSchema,
)
from rulesets.ramchi.combinations import Classification, classify

blp = Blueprint(
    "ramchi", __name__, url_prefix="/v1/ramchi",
    description="Ramchi combinations: what three cards are, and which of two wins.",
)


def classification_json(result: Classification) -> dict[str, Any]:
    """The JSON body describing a classification."""
    return {
        "cards": result.codes,
        "category": result.category.key if result.category else None,
        "name": result.name,
        "strength": result.strength,
        "reason": result.reason,
    }


@blp.route("/classify", methods=["POST"])
@blp.arguments(ClassifyRequestSchema)
@blp.response(200, ClassificationSchema)
@blp.alt_response(422, schema=ProblemSchema, content_type="application/problem+json",
                  description="A card is unreadable, repeated, or not exactly three are given.")
def classify_cards(body: dict[str, Any]) -> dict[str, Any]:
    """Classify three cards.

    Returns the category (or null and the reason when the cards are no
    combination), the name (the 2-3-5 straight is the *ramchi*) and the
    strength: an integer, larger is stronger, equal is a tie.
    """
    cards = read_cards(body["cards"], "/cards", count=3, what="cards")
    return classification_json(classify(cards))


def _combination_of(tokens: list[str], name: str) -> Classification:
    result = classify(read_cards(tokens, f"/{name}", count=3, what=name))
    if not result.is_combination:
        raise ApiProblem(
            "not_a_combination",
            f"{name}: {' '.join(result.codes)} is not a combination: {result.reason}",
            errors=[{"pointer": f"/{name}", "detail": result.reason or ""}],
        )
    return result


def _refuse_shared_cards(a: Classification, b: Classification) -> None:
    """One deck holds one copy of each card, so two combinations cannot share one."""
    for card in b.cards:
        if card in a.cards:
            raise ApiProblem(
                "duplicate_card",
                f"b: {card.code} is also in a: there is only one {card.code} in the deck",
                errors=[{"pointer": "/b", "detail": f"{card.code} is also in a"}],
            )


@blp.route("/compare", methods=["POST"])
@blp.arguments(CompareRequestSchema)
@blp.response(200, CompareResponseSchema)
@blp.alt_response(422, schema=ProblemSchema, content_type="application/problem+json",
                  description="A side is not three readable cards forming a combination, "
                              "or a card is on both sides.")
def compare_combinations(body: dict[str, Any]) -> dict[str, Any]:
    """Compare two combinations as they would meet in a round.

    ``winner`` is ``a``, ``b`` or ``tie`` (in play, a tie goes to the
    combination played first under the default ruleset).
    """
    a = _combination_of(body["a"], "a")
    b = _combination_of(body["b"], "b")
    _refuse_shared_cards(a, b)
    winner = "a" if a.strength > b.strength else "b" if b.strength > a.strength else "tie"
    if winner == "tie":
        explanation = (f"{a.name} and {b.name} are equal: a tie. In a round, a tie goes to the "
                       "combination played first (or last, under the tie_goes_to option).")
    else:
        strong, weak = (a, b) if winner == "a" else (b, a)
        explanation = f"{strong.name} beats {weak.name}."
    return {
        "winner": winner,
        "a": classification_json(a),
        "b": classification_json(b),
        "explanation": explanation,
    }
