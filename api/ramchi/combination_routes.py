"""Ramchi rules over HTTP: classify three cards, compare two combinations."""

from __future__ import annotations

from typing import Any

from api.blueprint import Blueprint
from api.cardinput import read_cards
from api.errors import ApiProblem
from api.ramchi.advice_schemas import (
    ClassificationSchema,
    ClassifyRequestSchema,
    CompareRequestSchema,
    CompareResponseSchema,
)
from api.schemas import ProblemSchema
from rulesets.cards import Card
from rulesets.errors import DuplicateCardError
from rulesets.jsonable import jsonable
from rulesets.ramchi import combinations
from rulesets.ramchi.combinations import classify
from rulesets.ramchi.deal import check_single_deck

blp = Blueprint(
    "ramchi", __name__, url_prefix="/v1/ramchi",
    description="Ramchi combinations: what three cards are, and which of two wins.",
)


@blp.route("/classify", methods=["POST"])
@blp.arguments(ClassifyRequestSchema, examples={"straight": {
    "summary": "A low straight (Ace low)", "value": {"cards": ["As", "2s", "3s"]}}})
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
    return jsonable(classify(cards))


def _combination_cards(tokens: list[str], name: str) -> tuple[Card, ...]:
    """Read one side; refuse it, pointing at it, when it is no combination."""
    cards = read_cards(tokens, f"/{name}", count=3, what=name)
    result = classify(cards)
    if not result.is_combination:
        raise ApiProblem(
            "not_a_combination",
            f"{name}: {' '.join(result.codes)} is not a combination: {result.reason}",
            errors=[{"pointer": f"/{name}", "detail": result.reason or ""}],
        )
    return cards


@blp.route("/compare", methods=["POST"])
@blp.arguments(CompareRequestSchema, examples={"trio_against_straight": {
    "summary": "Three Aces against a straight flush",
    "value": {"a": ["As", "Ad", "Ah"], "b": ["Ks", "Qs", "Js"]}}})
@blp.response(200, CompareResponseSchema)
@blp.alt_response(422, schema=ProblemSchema, content_type="application/problem+json",
                  description="A side is not three readable cards forming a combination, "
                              "or a card is on both sides.")
def compare_combinations(body: dict[str, Any]) -> dict[str, Any]:
    """Compare two combinations as they would meet in a round.

    ``winner`` is ``a``, ``b`` or ``tie`` (in play, a tie goes to the
    combination played first under the default ruleset).
    """
    a = _combination_cards(body["a"], "a")
    b = _combination_cards(body["b"], "b")
    try:
        check_single_deck([*a, *b], "a and b")
    except DuplicateCardError as err:
        raise ApiProblem(
            err.code,
            f"b: {err.card_code} is also in a: there is only one {err.card_code} in the deck",
            errors=[{"pointer": "/b", "detail": f"{err.card_code} is also in a"}],
        ) from None
    return jsonable(combinations.compare_combinations(a, b))
