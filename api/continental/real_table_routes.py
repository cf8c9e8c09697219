"""Refereeing Continental with real cards over HTTP: a hand's scores and whether a play is legal.

The routes read the cards (with pointers to a bad one) and answer; the rules decide
(:mod:`rulesets.continental.hand_scores`, :mod:`rulesets.continental.play_check`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from api.blueprint import Blueprint
from api.continental.answers import meld_json
from api.continental.cards import read_card_groups
from api.continental.real_table_schemas import (
    ContinentalCheckRequestSchema,
    ContinentalCheckSchema,
    ContinentalScoreRequestSchema,
    ContinentalScoreSchema,
)
from api.errors import ApiProblem
from api.ruleset_input import ruleset_options
from api.schemas import PROBLEM
from rulesets.cards import Card
from rulesets.continental.deck import Deck
from rulesets.continental.hand_scores import score_hand
from rulesets.continental.kind import CONTINENTAL
from rulesets.continental.melds import Meld, read_meld
from rulesets.continental.options import ContinentalOptions
from rulesets.continental.play_check import (
    PlayVerdict,
    check_drop,
    check_lay_off,
    check_meld,
    check_move_joker,
    check_swap_joker,
)
from rulesets.errors import InvalidInputError

blp = Blueprint("continental-table", __name__, url_prefix="/v1/continental",
                description="Continental Rummy at a real table: score a hand, check a play.")

SCORE_EXAMPLES = {"went_out": {
    "summary": "Hand 1: seat 1 dropped and went out in the same turn",
    "description": "Seat 0 holds K♠ Jk 7♦ (65 points), seat 2 holds 2♣ 9♥ (10); seat 1 scores -10.",
    "value": {"hand_number": 1, "hands": [["Ks", "Jk", "7d"], [], ["2c", "9h"]], "went_out": 1,
              "dropped_and_went_out_same_turn": True, "totals": [20, 35, 0]}}}

CHECK_EXAMPLES = {
    "swap_joker": {
        "summary": "A natural card replaces a joker: A♥ 2♥ 3♥ Jk 5♥ + 4♥",
        "description": "The joker moves to the free end: A♥ 2♥ 3♥ 4♥ 5♥ Jk(6♥).",
        "value": {"table": [["Ah", "2h", "3h", "Jk", "5h"]], "dropped": True,
                  "play": {"swap_joker": {"card": "4h", "meld": 0}}}},
    "trio": {
        "summary": "Is 10, Joker, Joker a trio?",
        "value": {"table": [], "play": {"meld": ["Th", "Jk", "Jk"]}}},
    "move_joker": {
        "summary": "A joker moves from a run of five to another run",
        "value": {"table": [["Jk", "4d", "5d", "6d", "7d"], ["9c", "Tc", "Jc", "Qc"]], "dropped": True,
                  "play": {"move_joker": {"meld": 0, "end": "low", "to": 1}}}},
    "drop": {
        "summary": "A drop of hand 2 (1 trio + 1 run)",
        "value": {"table": [], "hand_number": 2,
                  "play": {"drop": [["7c", "7d", "Jk"], ["4h", "5h", "6h", "7h"]]}}},
}


SCORE_ANSWERS = {"went_out": {
    "summary": "Seat 1 scores -10, the others their cards; seat 2 leads",
    "value": {"scores": [65, -10, 10],
              "explanation": ["seat 0: K♠ 10, Jk 50, 7♦ 5 = 65",
                              "seat 1 dropped the contract and went out in the same turn: −10",
                              "seat 2: 2♣ 5, 9♥ 5 = 10"],
              "totals": [85, 25, 10], "leaders": [2]}}}
"""The answer to the score example request of the same name."""

CHECK_ANSWERS = {"trio": {
    "summary": "Yes: a trio of Tens, each joker standing for a Ten",
    "value": {"legal": True,
              "melds": [{"kind": "trio", "cards": ["Th", "Jk", "Jk"], "text": "10♥ Jk(10) Jk(10)",
                         "rank": "T", "suit": None,
                         "jokers": [{"card": "Jk", "position": 1, "stands_for": "T"},
                                    {"card": "Jk", "position": 2, "stands_for": "T"}],
                         "index": None}],
              "message": "10♥ Jk Jk is a trio of Tens: 10♥ Jk(10) Jk(10); it goes down as one meld "
                         "of the drop"}}}
"""The answer to the check example request of the same name."""


def _options(body: Mapping[str, Any]) -> ContinentalOptions:
    options: ContinentalOptions = ruleset_options(body, CONTINENTAL.name, "Continental")
    return options


@blp.route("/score", methods=["POST"])
@blp.arguments(ContinentalScoreRequestSchema, examples=SCORE_EXAMPLES)
@blp.response(200, ContinentalScoreSchema, examples=SCORE_ANSWERS)
@blp.alt_response(409, description="A hand's end that cannot happen (impossible_hand_end): the seat "
                  "that went out still holds cards, another seat holds none, or a same-turn drop "
                  "with nobody out.", **PROBLEM)
@blp.alt_response(422, description="Unreadable cards, a copy number the decks do not hold (7c#3 "
                  "with two decks), a card given more often than the decks hold it, went_out "
                  "naming no seat of hands (no_such_seat), totals not one per seat "
                  "(wrong_seat_count), more seats than the ruleset seats (invalid_game_config), "
                  "or a bad ruleset.", **PROBLEM)
def continental_score(body: dict[str, Any]) -> dict[str, Any]:
    """Score a hand played with real cards: each seat's points for the cards left in hand.

    Cards cost 5 (2-9), 10 (10, J, Q, K), 20 (A) and 50 (Jk), or 2-10 at face value with
    ``card_values: face_value``; the seat that went out scores 0, or the ``same_turn_bonus``
    (-10) when it dropped and went out in the same turn. With ``totals`` (each seat's total
    before the hand) the answer gives the new totals and the seats leading (lowest total).
    """
    options = _options(body)
    seats = len(body["hands"])
    if seats > options.max_players:
        raise InvalidInputError(f"{seats} seats, but the ruleset seats at most {options.max_players} "
                                "players (the max_players option)", code="invalid_game_config",
                                field="hands")
    cards = read_card_groups({f"/hands/{seat}": hand for seat, hand in enumerate(body["hands"])},
                             Deck.for_players(seats), copies_checked=True)
    hands = [cards[f"/hands/{seat}"] for seat in range(seats)]
    scored = score_hand(hands, body["went_out"], body["dropped_and_went_out_same_turn"],
                        body["totals"], options)
    answer: dict[str, Any] = {"scores": list(scored.scores), "explanation": list(scored.explanation)}
    if scored.totals is not None and scored.leaders is not None:
        answer |= {"totals": list(scored.totals), "leaders": list(scored.leaders)}
    return answer


@blp.route("/check", methods=["POST"])
@blp.arguments(ContinentalCheckRequestSchema, examples=CHECK_EXAMPLES)
@blp.response(200, ContinentalCheckSchema, examples=CHECK_ANSWERS)
@blp.alt_response(422, description="Unreadable cards, a card given more often than the decks hold "
                  "it (table and play together), a table meld that is no meld (not_a_meld, "
                  "pointing at it), no play or two, a drop without hand_number, or a bad "
                  "ruleset.", **PROBLEM)
def continental_check(body: dict[str, Any]) -> dict[str, Any]:
    """Check a play on a table of real cards: a new meld, a lay-off, a joker swap or move, a drop.

    The answer says whether the play is legal by the rules and, if it is, the meld(s) it
    makes with what each joker stands for; if not, the rule it breaks in words
    (``legal: false``, ``code``, ``rule``, ``message``: still a 200, the check's answer).
    ``dropped`` is whether the player has dropped this hand: only a player who has may lay
    off, swap or move jokers, and none may start a new meld. Whose turn it is and what the
    player holds are left to the table.
    """
    options = _options(body)
    play_name, play = next(iter(body["play"].items()))
    groups: dict[str, Any] = {f"/table/{i}": meld for i, meld in enumerate(body["table"])}
    groups |= _play_cards(play_name, play)
    cards = read_card_groups(groups, Deck.for_players(options.max_players), copies_checked=True)
    table = _table(cards, len(body["table"]))
    verdict = _verdict(play_name, play, cards, table, body)
    return _verdict_json(verdict)


def _play_cards(name: str, play: Any) -> dict[str, Any]:
    """The card lists of the play, keyed by their pointers."""
    pointer = f"/play/{name}"
    if name == "meld":
        return {pointer: play}
    if name == "drop":
        return {f"{pointer}/{i}": meld for i, meld in enumerate(play)}
    if "card" in play:
        return {f"{pointer}/card": play["card"]}
    return {}


def _table(cards: Mapping[str, tuple[Card, ...]], size: int) -> list[Meld]:
    """The table's melds; one that is no meld is a 422 pointing at it."""
    table = []
    for index in range(size):
        try:
            table.append(read_meld(cards[f"/table/{index}"]))
        except InvalidInputError as err:
            raise ApiProblem(err.code, f"table meld {index}: {err.message}", status=422,
                             errors=[{"pointer": f"/table/{index}", "detail": err.message}]) from None
    return table


def _verdict(name: str, play: Any, cards: Mapping[str, tuple[Card, ...]], table: Sequence[Meld],
             body: Mapping[str, Any]) -> PlayVerdict:
    """The rules' verdict on the play."""
    dropped = body["dropped"]
    pointer = f"/play/{name}"
    if name == "meld":
        return check_meld(cards[pointer], dropped)
    if name == "drop":
        melds = [cards[f"{pointer}/{i}"] for i in range(len(play))]
        return check_drop(table, dropped, body["hand_number"], melds)
    if name == "move_joker":
        return check_move_joker(table, dropped, play["meld"], play["end"], play["to"], play["to_end"])
    (card,) = cards[f"{pointer}/card"]
    check = check_lay_off if name == "lay_off" else check_swap_joker
    return check(table, dropped, card, play["meld"], play["end"])


def _verdict_json(verdict: PlayVerdict) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "legal": verdict.legal,
        "melds": [{"index": index} | meld_json(meld) for index, meld in verdict.melds],
        "message": verdict.message}
    if not verdict.legal:
        answer |= {"code": verdict.code, "rule": verdict.rule}
    return answer
