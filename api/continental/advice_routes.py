"""Continental Rummy advice over HTTP: the turn to play, how far the hand is, take or buy."""

from __future__ import annotations

from typing import Any

from api.blueprint import Blueprint
from api.continental import answers
from api.continental.advice_schemas import (
    OFFER_BUY,
    ContinentalAdviceRequestSchema,
    ContinentalAdviceSchema,
    ContinentalContractListSchema,
)
from api.continental.answers import contract_json
from api.continental.cards import read_card_groups, read_card_kinds
from api.pool import solve
from api.ruleset_input import ruleset_options
from api.schemas import PROBLEM
from rulesets.cards import Card
from rulesets.continental.contracts import CONTRACTS
from rulesets.continental.deck import Deck
from rulesets.continental.kind import CONTINENTAL
from rulesets.continental.options import ContinentalOptions
from rulesets.errors import InvalidInputError, LimitExceededError
from solver.continental.advice import contract_for
from solver.continental.public import OtherPlayer
from solver.limits import CONTINENTAL_MAX_HAND_CARDS, CONTINENTAL_MAX_TABLE_MELDS, DEFAULT_TIME_LIMIT_S

blp = Blueprint("continental", __name__, url_prefix="/v1/continental",
                description="Continental Rummy advice: drop, lay off, discard, take or buy.")


def _options(body: dict[str, Any]) -> ContinentalOptions:
    options: ContinentalOptions = ruleset_options(body, CONTINENTAL.name, "Continental")
    return options


@blp.route("/contracts", methods=["GET"])
@blp.response(200, ContinentalContractListSchema)
def continental_contracts() -> dict[str, Any]:
    """The seven contracts, hand 1 first: the trios and runs each hand's drop asks for."""
    return {"contracts": [contract_json(contract) for contract in CONTRACTS.values()]}


def _priced(card: str, points: float, error: float, lost: float, lost_error: float, danger: float,
            danger_error: float, verdict: str, why: str, *, advised: bool = False,
            distance_choice: bool = False, samples: int = 24) -> dict[str, Any]:
    """A priced discard of an example answer."""
    action = {"type": "discard", "card": card}
    return {"kind": "discard", "card": card, "action": action, "actions": [action],
            "expected_points": points, "standard_error": error, "points_lost": lost,
            "difference_error": lost_error, "danger": danger, "danger_error": danger_error,
            "samples": samples, "verdict": verdict, "why": why, "advised": advised,
            "distance_choice": distance_choice}


ADVICE_ANSWERS = {"two_trios": {
    "summary": "Drop both trios (the joker as a King), discard the 9♠",
    "description": "The discard ranking and the solver's time are left out here.",
    "value": {"contract": {"hand": 1, "trios": 2, "runs": 0, "name": "2 trios"},
              "hand": ["7c", "7d", "7h", "Kc", "Kd", "Jk", "9s", "9s"],
              "dropped": False, "drawn": True, "can_drop": True,
              "drop": [{"kind": "trio", "cards": ["7c", "7d", "7h"], "text": "7♣ 7♦ 7♥", "rank": "7",
                        "suit": None, "jokers": []},
                       {"kind": "trio", "cards": ["Kc", "Kd", "Jk"], "text": "K♣ K♦ Jk(K)", "rank": "K",
                        "suit": None, "jokers": [{"card": "Jk", "position": 2, "stands_for": "K"}]}],
              "lay_offs": [], "discard": "9s", "points_left": 5, "goes_out": False, "hand_score": 5,
              "distance": 0,
              "outs": [], "outs_total": 0, "take_discard": None, "buy": None,
              "action": {"type": "drop", "melds": [["7c", "7d", "7h"], ["Kc", "Kd", "Jk"]]},
              "buy_action": None,
              "objective": "distance", "objective_note": None, "expected_points": None,
              "explanation": "Hand 1 (2 trios), 8 cards. You can drop the contract now: 7♣ 7♦ 7♥ | "
                             "K♣ K♦ Jk(K). Discard 9♠, keeping 5 points in hand."}},
    "expected_points": {
        "summary": "Keep the 2♣ and discard the K♦: about 17 points fewer at the end of the hand",
        "description": "The exact advice discards the 2♣ (discard: the hand stays closest to its "
                       "two runs); played out on 24 deals, discarding the K♦ instead leaves 17.7 "
                       "points expected at the end of the hand against 35.2, so the action "
                       "discards the K♦. The drop, outs and discard ranking are left out here.",
        "value": {"discard": "2c", "distance": 4, "objective": "expected_points",
                  "objective_note": None,
                  "expected_points": {"step": "play", "samples": 24, "seed": 3, "turns": 3403,
                                      "complete": True, "alternatives": [
                      _priced("Kd", 17.71, 6.61, 0.0, 0.0, 0.125, 0.068, "best",
                              "keep the 2♣; discard the K♦, 17.7 points expected at the end of the "
                              "hand, against 35.2 for the 2♣", advised=True),
                      _priced("Qd", 18.33, 6.58, 0.62, 1.14, 0.042, 0.041, "best",
                              "discarding the Q♦ expects 18.3 points, 0.6 more than the advice"),
                      _priced("3d", 31.88, 15.55, 32.5, 15.92, 0.0, 0.0, "blunder",
                              "discarding the 3♦ expects 31.9 points on the 8 deals it was played on, "
                              "32.5 more than the advice on the same deals: too far behind to play "
                              "it on more", samples=8),
                      _priced("2c", 35.21, 8.6, 17.5, 8.72, 0.167, 0.076, "blunder",
                              "discarding the 2♣ expects 35.2 points, 17.5 more than the advice",
                              distance_choice=True)]},
                  "action": {"type": "discard", "card": "Kd"}}}}
"""The answers to the advice example requests of the same names."""


@blp.route("/advice", methods=["POST"])
@blp.arguments(ContinentalAdviceRequestSchema, examples={"two_trios": {
    "summary": "Hand 1 (two trios): three sevens, two Kings and a joker",
    "value": {"hand": ["7c", "7d", "7h", "Kc", "Kd", "Jk", "9s", "9s"], "hand_number": 1}},
    "the_table_known": {
        "summary": "Hand 2 before the draw, with the discard pile and what the others took from it",
        "value": {"hand": ["2c", "5c", "6c", "8c", "Kd", "Kh", "9s", "4d"], "hand_number": 2,
                  "discard_top": "7c", "discards": ["Qs", "Kc", "7c"],
                  "other_players": [{"hand_size": 8, "picked_up": ["Ks"]},
                                    {"hand_size": 10, "bought": ["3c"]}]}},
    "expected_points": {
        "summary": "Hand 3 after the draw, two other players: the expected points of 24 deals",
        "value": {"hand": ["2c", "3d", "Jh", "Tc", "9s", "Js", "Kd", "Qd", "Kh", "9c"],
                  "hand_number": 3, "discards": ["Jd", "Td", "Qs"],
                  "other_players": [{"hand_size": 9}, {"hand_size": 9}],
                  "objective": "expected_points", "samples": 24, "seed": 3}}})
@blp.response(200, ContinentalAdviceSchema, examples=ADVICE_ANSWERS)
@blp.alt_response(422, description="Unreadable cards, a card given more often than the decks hold "
                  "it (hand, table, discard_top, discards, the other players' cards and seen "
                  "together), discards whose top is not discard_top (top_not_on_pile), a hand size "
                  "the rules cannot produce (impossible_hand_size), more other players than "
                  "max_players allows (too_many_players), a table meld that is no "
                  "meld, hand_number and contract both or neither, or a limit exceeded.", **PROBLEM)
@blp.solver_problems()
def continental_advice(body: dict[str, Any]) -> dict[str, Any]:
    """Advise a Continental hand: the drop, lay-offs and discard leaving the fewest points.

    Give the hand and either ``hand_number`` (1-7) or ``contract`` (trios and runs).
    Cards written twice are the two copies of the two decks; every list is read
    together, so a card may be given at most as often as the decks hold it
    (two of each, two jokers; more with ``max_players`` above 6).

    Before the drop the answer also says how far the hand is from its contract
    (``distance``), which kinds of card bring it closer and how many of them are
    unseen (``outs``), and ranks every discard by distance, outs, outs after the
    next draw and points. With ``discard_top`` it says whether to take the top
    discard and whether to buy it. A card may carry a copy number (``7c#2``, as the
    views of a game write copies): it is read as the card (``7c``).

    With ``objective: "expected_points"`` (the default) and the other players'
    hand sizes (``other_players``), each way to play the decision (take or draw
    from the stock, buy or pass, drop or hold, each of the best discards, and once
    another player has dropped shedding your heaviest cards) is also
    played out to the end of the hand on ``samples`` random deals of the cards you
    cannot see (``seed``: the same seed and samples give the same answer):
    ``expected_points`` lists them, the advised one first, with the points you are
    expected to score at the end of the hand (lower is better) and how often the
    card you discard ends in another player's meld (``danger``). The advised one is
    the exact advice's unless another is clearly better (beyond the sampling noise);
    ``action`` is then its first action. Without ``other_players`` the answer is
    the exact advice (``objective: "distance"``, with ``objective_note``).
    """
    return advise(body)


def advise(body: dict[str, Any]) -> dict[str, Any]:
    """The answer of ``POST /v1/continental/advice`` to a loaded ``body``, worked out in the solver
    pool (:func:`api.pool.solve`): the route's work, also the advice of a seat in a game
    (``GET /v1/games/{id}/advice``).
    """
    _check_limits(body)
    options = _options(body)
    contract = contract_for(body.get("hand_number"), *_contract(body.get("contract")))
    deck = Deck.for_players(options.max_players)
    _check_other_players(body["other_players"], options)
    discards = body.get("discards")
    cards = read_card_groups(_card_groups(body), deck)
    top_card = cards["/discard_top"][0] if "/discard_top" in cards else None
    if top_card is not None and discards is not None:
        _check_top(top_card, discards, deck)
    table = [cards[f"/table/{i}"] for i in range(len(body["table"]))]
    hand = cards["/hand"]
    others = [OtherPlayer(other["hand_size"], other["dropped"], cards[f"/other_players/{i}/picked_up"],
                          cards[f"/other_players/{i}/bought"], other["turns"],
                          *_turned_down(i, other))
              for i, other in enumerate(body["other_players"])]
    pile = None if discards is None else (*cards["/discards"], *(() if top_card is None else (top_card,)))
    offered = _offered(body)
    answer: dict[str, Any] = solve(
        answers.advice, hand, what="the Continental advice", contract=contract, offer=offered,
        written=list(body["hand"]),
        dropped=body["dropped"], drawn=False if offered else body["drawn"], table=table,
        discard_top=top_card, seen=cards["/seen"], others=others, discards=pile, options=options,
        objective=body.get("objective"), samples=body["samples"], seed=body["seed"],
        time_limit=DEFAULT_TIME_LIMIT_S)
    return answer


def _card_groups(body: dict[str, Any]) -> dict[str, Any]:
    """Every card list of the request keyed by its JSON pointer, read together: the top discard
    once (the pile's last card, when both are given, is :func:`_check_top`'s to compare).
    """
    top, discards = body.get("discard_top"), body.get("discards")
    groups: dict[str, Any] = {"/hand": body["hand"]}
    groups |= {f"/table/{i}": meld for i, meld in enumerate(body["table"])}
    if top is not None:
        groups["/discard_top"] = top
    if discards is not None:
        groups["/discards"] = discards[:-1] if top is not None else discards
    for i, other in enumerate(body["other_players"]):
        groups |= {f"/other_players/{i}/picked_up": other["picked_up"],
                   f"/other_players/{i}/bought": other["bought"]}
    groups["/seen"] = body["seen"]
    return groups


def _turned_down(index: int, other: dict[str, Any]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The cards other player ``index`` discarded and passed: kinds of card, not places (a card
    may come round again after a reshuffle), so each list is read on its own and may repeat any
    card (:func:`~api.continental.cards.read_card_kinds`).
    """
    return (read_card_kinds(other["discarded"], f"/other_players/{index}/discarded"),
            read_card_kinds(other["passed"], f"/other_players/{index}/passed"))


def _check_other_players(others: list[dict[str, Any]], options: ContinentalOptions) -> None:
    """Refuse more other players than the table seats (``max_players``)."""
    if len(others) > options.max_players - 1:
        raise InvalidInputError(
            f"{len(others)} other players: a table of at most {options.max_players} players "
            f"seats at most {options.max_players - 1} besides you", code="too_many_players",
            rule="the max_players option bounds the table", field="other_players")


def _check_top(top: Card, discards: list[str], deck: Deck) -> None:
    """Refuse a discard pile whose last card is not ``top`` (or an empty pile with a top)."""
    if not discards:
        raise InvalidInputError(f"discards is empty but discard_top is {top.pretty}: the top "
                                "discard lies on the discard pile, give it as the last card of "
                                "discards", code="top_not_on_pile", rule=TOP_RULE, field="discards")
    last = len(discards) - 1
    lying = read_card_groups({f"/discards/{last}": discards[-1]}, deck)[f"/discards/{last}"][0]
    given = top
    if given.code != lying.code:
        raise InvalidInputError(f"the last card of discards is {lying.pretty}, but discard_top is "
                                f"{given.pretty}: the top of the pile is its last card",
                                code="top_not_on_pile", rule=TOP_RULE, field=f"discards/{last}")


TOP_RULE = "the top discard is the last card laid on the discard pile"
"""The rule a discard pile disagreeing with ``discard_top`` breaks."""

OFFER_RULE = ("a buy is offered out of turn, of the top discard, to a player who has not drawn "
              "this turn")
"""The rule an ``offer`` without its top discard, or with a drawn hand, breaks."""


def _offered(body: dict[str, Any]) -> bool:
    """Whether ``body`` asks about a buy offer (``offer: "buy"``); refuses one without
    ``discard_top`` (the card offered) or with ``drawn: true``.
    """
    if body.get("offer") != OFFER_BUY:
        return False
    if body.get("discard_top") is None:
        raise InvalidInputError("offer is buy but no discard_top is given: the card offered for sale "
                                "is the top discard", code="invalid_input", rule=OFFER_RULE, field="offer")
    if body.get("drawn") is True:
        raise InvalidInputError("offer is buy but drawn is true: a buy is offered before your draw, "
                                "out of your turn", code="invalid_input", rule=OFFER_RULE, field="offer")
    return True


def _check_limits(body: dict[str, Any]) -> None:
    """Refuse a hand or a table larger than the advisor takes before reading a card of it."""
    if len(body["hand"]) > CONTINENTAL_MAX_HAND_CARDS:
        raise LimitExceededError(f"the hand holds {len(body['hand'])} cards; advice takes at most "
                                 f"{CONTINENTAL_MAX_HAND_CARDS}", field="hand")
    if len(body["table"]) > CONTINENTAL_MAX_TABLE_MELDS:
        raise LimitExceededError(f"{len(body['table'])} table melds; at most "
                                 f"{CONTINENTAL_MAX_TABLE_MELDS}", field="table")


def _contract(given: dict[str, int] | None) -> tuple[int | None, int | None]:
    """The trios and runs of a contract given in the request (None, None when absent)."""
    return (None, None) if given is None else (given["trios"], given["runs"])
