"""Marshmallow schemas of request and response bodies (they also feed the OpenAPI document).

Card lists are validated as lists of strings here and read by
:func:`api.cardinput.read_cards`, so that a bad card gets its own problem code.
"""

from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields, validate

CARD_EXAMPLE = ["As", "2s", "3s"]
CATEGORIES = ["three_of_a_kind", "straight_flush", "straight", "flush", "unrelated"]


def card_list(count: int | None = None, **kwargs: object) -> fields.List:
    """A list of card codes (lenient: ``10h``, ``AS``, ``a♠`` are accepted).

    ``count`` is documented (minItems/maxItems) but checked by the rules, so a
    wrong count gets its own problem code, ``wrong_card_count``.
    """
    sizes = {"minItems": count, "maxItems": count} if count is not None else {}
    return fields.List(
        fields.String(metadata={"description": "a card code such as As, Td, 10h or a♠"}),
        required=True,
        metadata={"example": CARD_EXAMPLE, **sizes, **kwargs},
    )


class ProblemSchema(Schema):
    """RFC 9457 problem details, with a stable ``code`` (extension members may be added)."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True, metadata={"example": "/problems/invalid_card"})
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    code = fields.String(required=True, metadata={"example": "invalid_card"})
    errors = fields.List(fields.Dict(keys=fields.String(), values=fields.String()))
    rule = fields.String(metadata={"description": "the rule that was broken (409 only)"})
    problems = fields.List(fields.String(), metadata={"description": "each ruleset problem"})


class ClassifyRequestSchema(Schema):
    """Three cards to classify."""

    cards = card_list(3, description="exactly three cards")


class ClassificationSchema(Schema):
    """What three cards are in Ramchi."""

    cards = fields.List(fields.String(), required=True, metadata={"example": ["As", "2s", "3s"]})
    category = fields.String(
        required=True, allow_none=True, validate=validate.OneOf(CATEGORIES),
        metadata={"description": "null when the cards are no combination"},
    )
    name = fields.String(required=True, metadata={"example": "Straight flush A-2-3"})
    strength = fields.Integer(
        required=True,
        metadata={"description": "1 (weakest) to 585 (A-A-A); larger is stronger, equal ties; "
                                 "0 when no combination"},
    )
    reason = fields.String(allow_none=True, metadata={"description": "why it is no combination"})


class CompareRequestSchema(Schema):
    """Two combinations to compare."""

    a = card_list(3, description="three cards")
    b = card_list(3, description="three cards", example=["Kd", "Kh", "Kc"])


class CompareResponseSchema(Schema):
    """Which of two combinations wins a round between them."""

    winner = fields.String(required=True, validate=validate.OneOf(["a", "b", "tie"]))
    a = fields.Nested(ClassificationSchema, required=True)
    b = fields.Nested(ClassificationSchema, required=True)
    explanation = fields.String(required=True)


class OptionSchema(Schema):
    """One option of a ruleset."""

    name = fields.String(required=True)
    value = fields.Raw(required=True)
    default = fields.Raw(required=True)
    type = fields.String(required=True, validate=validate.OneOf(["boolean", "integer", "string"]))
    choices = fields.List(fields.String(), allow_none=True)
    minimum = fields.Integer(allow_none=True)
    maximum = fields.Integer(allow_none=True)
    description = fields.String(required=True)
    spec = fields.String(required=True, metadata={"description": "section of the rules"})


class RulesetSchema(Schema):
    """A ruleset and every option it sets."""

    name = fields.String(required=True)
    game = fields.String(required=True, validate=validate.OneOf(["ramchi", "continental"]))
    title = fields.String(required=True)
    description = fields.String(required=True)
    options = fields.List(fields.Nested(OptionSchema), required=True)


class RulesetListSchema(Schema):
    """Every installed ruleset."""

    rulesets = fields.List(fields.Nested(RulesetSchema), required=True)
    invalid = fields.List(
        fields.Dict(keys=fields.String(), values=fields.Raw()),
        metadata={"description": "ruleset files that do not load: name and problems"},
    )


class HealthSchema(Schema):
    """Service health."""

    status = fields.String(required=True, validate=validate.OneOf(["ok", "degraded"]))
    version = fields.String(required=True)
    database = fields.String(required=True, metadata={"description": "ok, or the error"})
