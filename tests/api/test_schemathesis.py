"""Property-based API tests: schemathesis drives every documented operation from /openapi.json.

Every check schemathesis has runs (``--checks all``): no server error, status codes, content
types, headers and bodies as documented, schema-violating requests refused, authentication
enforced, and schema-valid requests accepted. JSON Schema cannot say "each card once" or "deck
or decks, not both"; such a request is refused by a rule, with a 422 whose ``code`` is one of
:data:`RULE_REFUSALS` (each documented on its operation), never by the schema layer
(``invalid_request``, ``malformed_json``): that is :func:`schema_valid_requests_pass_the_schema`.
Stateful runs follow the document's links (create a game, then view it, act in it, read its log).
"""

from __future__ import annotations

import os

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from api import create_app

# Valid data must be accepted however many games the examples create: the per-address creation
# limit (a 429 to valid data) is off here and tested on its own (test_storage_limits.py).
app = create_app({"TESTING": True, "DATABASE_URL": "sqlite://", "GAMES_PER_HOUR": 0})
schema = schemathesis.openapi.from_wsgi("/openapi.json", app)

EXAMPLES = int(os.environ.get("RAMCHI_API_EXAMPLES", "40"))
"""Examples per operation (``make check`` runs fewer; ``make test`` and CI the full 40)."""

if os.environ.get("RAMCHI_QUICK") == "1":
    # The fast tier leaves out the two sampling solvers (ev advice and the trainer's score): their
    # examples take seconds each. ``make test`` and CI check every operation.
    schema = schema.exclude(path_regex=r"^/v1/ramchi/(advice|trainer/score)$")
    # Nor the coverage phase: every boundary and schema-violating value of every field, some
    # thousands of requests built while collecting (seconds in each worker) then sent. The
    # document's examples and the few random requests of each operation (EXAMPLES) still run.
    schema.config.phases.update(phases=["examples", "fuzzing"])

RULE_REFUSALS = {
    "duplicate_card",  # each card once: no JSON Schema keyword says it of card codes
    "up_card_in_hand",  # the up-card lies face up: it cannot also be in the hand
    "not_a_combination",  # three cards that are no combination (compare)
    "invalid_game_config",  # deck and decks together, more decks than hands, a bad deck order
    "limit_exceeded",  # samples above the limit of the chosen opponents
    "invalid_cards",  # cards that cannot be used together as given (hindsight)
    "card_not_in_hand",  # hindsight: a played card that is not in the hand
    "wrong_seats",  # hindsight: lineups of seats other than the given seat (keys depend on `seat`)
    "invalid_ruleset",  # a ruleset of another game
    "invalid_log",  # a log longer than a game of the configured number of hands can have
    "not_a_meld",  # Continental table cards that are neither a trio nor a run
    "invalid_card",  # a copy number beyond the decks in play (7c#9): the pattern cannot count decks
    "unknown_opponent_model",  # a mixture whose weights are all 0 (or name no model)
    "no_such_seat",  # Continental score: went_out beyond the seats of hands (their number is data)
    "wrong_seat_count",  # Continental score: totals not one per seat of hands
    "top_not_on_pile",  # Continental advice: discards whose last card is not discard_top
    "impossible_hand_size",  # Continental advice: a hand size no play produces (needs the contract)
    "too_many_players",  # Continental advice: other_players beyond max_players - 1 (an option)
    "unknown_bot",  # a seat handed to a bot names one of the game's bots (the game of the path's)
}


@schemathesis.check
def schema_valid_requests_pass_the_schema(ctx, response, case):  # type: ignore[no-untyped-def]
    """A request the document calls valid is accepted, or refused by a rule (never the schema)."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code not in (400, 422):
        return None
    code = response.json().get("code")
    assert code in RULE_REFUSALS, f"schema-valid request rejected: {response.status_code} {code}: " \
                                  f"{response.json().get('detail')}"
    return None


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_openapi_document(case: schemathesis.Case) -> None:
    case.call_and_validate(excluded_checks=[positive_data_acceptance],
                           additional_checks=[schema_valid_requests_pass_the_schema])
