"""Play-out of a hand from three lineups of strengths: one test per rule of the spec's play section."""

from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import play_out, play_round

LAST_WINS = RamchiOptions(tie_goes_to="last")
OUT_DONT_PAY = RamchiOptions(out_players_pay=False)


# "Round 1 is led by the player to the dealer's right; each later round by the previous round's winner."
def test_round_1_led_by_seat_after_dealer_later_rounds_by_previous_winner() -> None:
    score = play_out([[10, 9], [20, 1], [5, 3]], dealer=2)
    assert [r.leader for r in score.rounds] == [0, 1]
    assert [p.seat for p in score.rounds[1].plays] == [1, 2, 0]


def test_round_1_leader_with_no_combination_passes_to_the_next_seat() -> None:
    score = play_out([[], [7], [8]], dealer=2)
    assert score.rounds[0].leader == 1


# "Ties: the one played first wins (variant: last wins)."
def test_tie_goes_to_the_first_played() -> None:
    assert play_out([[50], [50], [50]], dealer=0).rounds[0].winner == 1
    assert play_out([[50], [50], [50]], dealer=0, options=LAST_WINS).rounds[0].winner == 0


# "The winner of round k takes k chips from each other player ... including players who have run out"
def test_round_k_pays_k_from_each_other_player_even_those_out() -> None:
    score = play_out([[100, 90, 80], [10], [20]], dealer=2)
    assert [r.chips for r in score.rounds] == [(2, -1, -1), (4, -2, -2), (6, -3, -3)]
    assert score.chips == (12, -6, -6)


def test_variant_players_out_do_not_pay() -> None:
    score = play_out([[100, 90], [80, 10], [20]], dealer=2, options=OUT_DONT_PAY)
    assert score.rounds[1].chips == (2, -2, 0)


# "If only one player still has a combination, they win that round automatically."
def test_lone_remaining_seat_wins_automatically() -> None:
    score = play_out([[1, 1, 1], [500], [400]], dealer=0)
    assert [r.winner for r in score.rounds] == [1, 0, 0]
    assert [len(r.plays) for r in score.rounds] == [3, 1, 1]


# "The winner of the last round deals the next hand."
def test_winner_of_last_round_deals_next() -> None:
    assert play_out([[1, 1, 1], [500], [400]], dealer=0).next_dealer == 0
    assert play_out([[], [], []], dealer=1).next_dealer == 2  # no rounds: the deal passes on


def test_chips_are_zero_sum() -> None:
    for options in (RamchiOptions(), OUT_DONT_PAY, LAST_WINS):
        score = play_out([[300, 200, 100, 50, 10], [250, 240], [400, 1, 1, 1]], 1, options)
        assert sum(score.chips) == 0


def test_play_round_matches_play_out() -> None:
    lineups = [[300, 200, 100], [250, 240], [400, 1, 1, 1]]
    score = play_out(lineups, dealer=1)
    winner = None
    for result in score.rounds:
        strengths = [ln[result.number - 1] if len(ln) >= result.number else None for ln in lineups]
        assert play_round(result.number, strengths, winner, 1) == result
        winner = result.winner
