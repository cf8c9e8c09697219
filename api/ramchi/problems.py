"""The problem pages of the codes only Ramchi's rules raise (``/problems/<code>``).

The game's :class:`~api.game_api.GameApi` adds them to :data:`api.errors.PROBLEMS`.
"""

from __future__ import annotations

from api.errors import ProblemType

__all__ = ["RAMCHI_PROBLEMS"]

RAMCHI_PROBLEMS: dict[str, ProblemType] = {
    "not_a_combination": ProblemType(
        422, "Not a combination",
        "Three cards given as a combination are none: a combination is three of a kind, a "
        "straight flush, a straight, a flush or three unrelated cards (422 in a request such as "
        "compare; 409 in a game's arrangement)."),
    "wrong_seat": ProblemType(
        409, "Not this seat's decision",
        "Only the seat holding the 2♦ decides the exchange (exchange or keep)."),
    "already_arranged": ProblemType(
        409, "Already arranged", "Each seat arranges once per hand; this seat already has."),
    "wrong_seats": ProblemType(
        422, "Wrong seats",
        "Give the lineups of exactly the two seats other than yours (hindsight); cards known in "
        "an opponent's hand (advice's known) name a seat other than yours, each seat once."),
    "too_many_combinations": ProblemType(
        409, "Too many combinations",
        "Each player forms at most five combinations (409 in a game; 422 in a given lineup)."),
    "lineups_overlap": ProblemType(
        422, "Lineups overlap",
        "Each card is held by one player: the other seats' lineups may share no card with each "
        "other or with your hand (422 for hindsight). Scoring a hand played at a real table, two "
        "seats' lineups sharing a card is one of the problems of a 409 illegal_lineups."),
    "no_two_of_diamonds": ProblemType(
        409, "No 2♦ to exchange", "Only a hand holding the 2♦ can exchange it for the up-card."),
    "illegal_lineups": ProblemType(
        409, "Lineups that cannot have been played",
        "Scoring a hand played at a real table (POST /v1/ramchi/score): the lineups (or hands) "
        "given break a rule. 'errors' lists every problem at once, each with its seat, its place "
        "in the request ('pointer'), its code and the rule: at most five combinations a seat "
        "(too_many_combinations), three cards each (wrong_card_count), each a combination "
        "(not_a_combination), played strongest first (not_strongest_first), each card once in "
        "a lineup and in the hands (duplicate_card) and in one seat's lineup only "
        "(lineups_overlap), each card in its seat's hand (card_not_in_hand), 17 cards a hand "
        "(wrong_card_count)."),
    "not_strongest_first": ProblemType(
        409, "Not strongest first",
        "Combinations are played strongest first: a player may never play a combination "
        "stronger than the one they played in the previous round. Give a lineup in the order "
        "it was played (equal combinations may come in either order)."),
    "unknown_objective": ProblemType(
        422, "Unknown objective", "The advice objective is one of 'ev' and 'maximin'."),
    "unknown_opponent_model": ProblemType(
        422, "Unknown opponent model", "Opponents are modelled as 'greedy', 'solver', 'ev' or "
        "'mixture'. A mixture's weights name only greedy, solver and ev, each from 0 to 1000, "
        "with at least one above 0; they are given only with opponents 'mixture'."),
}
"""Every problem code of Ramchi alone, with its status, title and what to do."""
