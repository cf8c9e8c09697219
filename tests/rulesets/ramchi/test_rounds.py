"""Who won a round and why, in words (rulesets/ramchi/rounds.py): one test per clause of the
spec's play section that the words must say."""

from __future__ import annotations

from rulesets.cards import parse_cards
from rulesets.ramchi.combinations import Classification, combination
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.rounds import explain_round, play_combinations


def combo(cards: str) -> Classification:
    return combination(parse_cards(cards))


DEFAULT = RamchiOptions()


def why(lineups: list[list[str]], dealer: int, options: RamchiOptions = DEFAULT) -> list[str]:
    played = play_combinations([[combo(c) for c in lineup] for lineup in lineups], dealer, options)
    return [explain_round(r, options) for r in played.rounds]


# "The strongest combination wins the round."
def test_the_strongest_combination_wins_and_beats_each_other_play() -> None:
    assert why([["7s 7d 7h"], ["As Ad Ah"], ["Ks Qs Js"]], dealer=2) == [
        "seat 1 wins: Three Aces beats seat 0's Three Sevens and seat 2's Straight flush K-Q-J"]


# "Ties: the one played first wins (variant: last wins)."
def test_a_three_way_tie_goes_to_the_first_played_or_the_last_under_the_variant() -> None:
    lineups = [["Ah 2d 3c"], ["As 2h 3d"], ["Ac 2s 3h"]]
    first = "seat 1 wins: Straight A-2-3 ties seat 2's Straight A-2-3 and seat 0's Straight A-2-3"
    assert why(lineups, dealer=0) == [f"{first}, and a tie goes to the combination played first"]
    last = "seat 0 wins: Straight A-2-3 ties seat 1's Straight A-2-3 and seat 2's Straight A-2-3"
    assert why(lineups, dealer=0, options=RamchiOptions(tie_goes_to="last")) == [
        f"{last}, and a tie goes to the combination played last"]


def test_a_tie_at_the_top_still_beats_the_weaker_play() -> None:
    assert why([["Ah 2d 3c"], ["As 2h 3d"], ["Kc Qd Jh"]], dealer=2) == [
        "seat 0 wins: Straight A-2-3 ties seat 1's Straight A-2-3, and a tie goes to the "
        "combination played first; it beats seat 2's Straight K-Q-J"]


# "If only one player still has a combination, they win that round automatically." Players out
# "still pay (variant: they don't pay)".
def test_a_lone_seat_wins_and_the_seats_out_pay_or_not_by_the_variant() -> None:
    lineups = [["As Ad Ah", "7s 7d 7h"], ["Ks Qs Js"], []]
    assert why(lineups, dealer=2)[1] == ("seat 0 wins: the only seat still holding a combination "
                                         "(Three Sevens); seats 1 and 2 have no combination left "
                                         "and pay")
    assert why(lineups, dealer=2, options=RamchiOptions(out_players_pay=False))[1].endswith(
        "seats 1 and 2 have no combination left and do not pay")
