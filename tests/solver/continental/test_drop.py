"""Rule-clause tests of the best turn (drop, lay-offs, discard) and of the advisor around it."""

from __future__ import annotations

import pytest
from reference import ref_points_left

from rulesets.cards import parse_card_groups, parse_cards
from rulesets.continental.contracts import CONTRACTS
from rulesets.continental.melds import Run, Trio, drop_problems, make_run, make_trio
from rulesets.continental.options import ContinentalOptions
from rulesets.errors import InvalidInputError, LimitExceededError
from solver.continental.advice import advise, contract_for, table_meld
from solver.continental.drop import best_turn


def cards(text: str) -> tuple:
    return parse_cards(text, jokers=True, decks=2)


def test_drop_lays_down_exactly_the_contract_at_minimum_size() -> None:
    turn = best_turn(cards("7c 7d 7h 7s Kc Kd Kh 2c"), CONTRACTS[1])
    assert turn.can_drop and not drop_problems(turn.drop, CONTRACTS[1])
    assert sorted(len(m) for m in turn.drop) == [3, 3]
    assert [x.card.code for x in turn.lay_offs] == ["7s"]  # the fourth seven goes on by laying off
    assert turn.discard == cards("2c")[0] and turn.points_left == 0 and turn.goes_out


def test_lay_offs_after_the_drop_in_the_same_turn_extend_runs_at_either_end() -> None:
    turn = best_turn(cards("4h 5h 6h 7h 3h 8h 9c 9d 9s Kc"), CONTRACTS[2])
    laid = sorted(x.card.code for x in turn.lay_offs)
    assert laid == ["3h", "8h"] or laid == ["4h", "8h"] or len(laid) == 2
    assert turn.points_left == 0 and turn.goes_out and turn.discard == cards("Kc")[0]


def test_a_card_is_always_kept_for_the_discard() -> None:
    # everything could be melded, but the last card must be discarded, not laid off
    turn = best_turn(cards("7c 7d 7h Kc Kd Kh Ks"), CONTRACTS[1])
    assert turn.discard is not None and turn.goes_out and turn.points_left == 0
    assert len(turn.lay_offs) == 0


def test_variant_going_out_without_a_discard() -> None:
    options = ContinentalOptions(go_out_without_discard=True)
    turn = best_turn(cards("7c 7d 7h Kc Kd Kh"), CONTRACTS[1], options=options)
    assert turn.goes_out and turn.discard is None and turn.points_left == 0
    assert best_turn(cards("7c 7d 7h Kc Kd Kh"), CONTRACTS[1]).can_drop is False


def test_the_most_expensive_card_kept_is_discarded() -> None:
    turn = best_turn(cards("7c 7d 7h Kc Kd Kh 2s Jk"), CONTRACTS[1])
    # the joker is laid off on a trio rather than kept (50 points)
    assert any(x.card.is_joker for x in turn.lay_offs)
    assert turn.discard == cards("2s")[0] and turn.goes_out


def test_a_hand_that_cannot_drop_gets_no_melds() -> None:
    turn = best_turn(cards("7c 7d Kc Kd 2s 3h 9d Qs"), CONTRACTS[1])
    assert not turn.can_drop and turn.drop == () and turn.lay_offs == ()


def test_after_the_drop_only_lay_offs_onto_the_table() -> None:
    table = [make_run(cards("5h 6h 7h 8h")), make_trio(cards("Kc Ks Kh"))]
    turn = best_turn(cards("9h 4h Kd 3c 3d 3s"), CONTRACTS[1], dropped=True, table=table)
    assert turn.drop == () and not turn.can_drop
    assert sorted(x.card.code for x in turn.lay_offs) == ["4h", "9h", "Kd"]
    assert all(x.target == "table" for x in turn.lay_offs)
    assert turn.points_left == 10  # three threes may not be melded any more: keep two, discard one


def test_a_natural_card_takes_a_table_jokers_place_and_the_joker_moves_to_an_end() -> None:
    groups = parse_card_groups({"hand": "6h 2c", "table": "5h Jk 7h 8h"}, jokers=True, decks=2)
    table = [make_run(groups["table"], ordered=True)]
    turn = best_turn(groups["hand"], CONTRACTS[3], dropped=True, table=table)
    (lay_off,) = turn.lay_offs
    assert lay_off.card.code == "6h" and lay_off.result.text in ("5♥ 6♥ 7♥ 8♥ Jk(9♥)", "Jk(4♥) 5♥ 6♥ 7♥ 8♥")
    assert turn.discard.code == "2c" and turn.goes_out


# "never around the corner": the ace is high or low, never both, so a run holds 13 cards at most
def test_a_table_run_grows_to_13_cards_never_the_ace_low_and_high() -> None:
    table = [make_run(cards("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc"))]
    turn = best_turn(cards("Jk Kc 2d"), CONTRACTS[3], dropped=True, table=table)
    (lay_off,) = turn.lay_offs  # the joker (50) or the king, not both
    assert lay_off.card.is_joker and len(lay_off.result) == 13
    assert turn.discard.code == "Kc" and turn.points_left == 5


def test_a_new_run_is_13_cards_at_most_never_the_ace_low_and_high() -> None:
    hand = cards("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 5d 6d 7d 8d 9s")
    turn = best_turn(hand, CONTRACTS[3])
    assert turn.can_drop and all(len(x.result) <= 13 for x in turn.lay_offs)
    assert turn.points_left == 5 and turn.discard.code == "Ac"  # A to K and 5-8♦, the 9♠ kept


def test_two_runs_of_one_suit_are_two_melds() -> None:
    turn = best_turn(cards("2c 3c 4c 5c 6c 7c 8c 9c Kd"), CONTRACTS[3])
    assert turn.can_drop and all(isinstance(m, Run) for m in turn.drop) and len(turn.drop) == 2
    assert turn.goes_out


def test_face_value_changes_what_is_worth_keeping() -> None:
    hand = cards("7c 7d 7h Kc Kd Kh 9s 2d 3d")
    standard = best_turn(hand, CONTRACTS[1])
    face = best_turn(hand, CONTRACTS[1], options=ContinentalOptions(card_values="face_value"))
    assert standard.points_left == 10  # 9, 2 and 3 are 5 points each: two stay
    assert face.points_left == 5  # at face value the 9 goes and 2 + 3 stay
    assert face.discard.code == "9s"


def test_every_drop_melds_are_trios_and_runs() -> None:
    turn = best_turn(cards("Ah 2h 3h Jk 5h 5s 5d Qc Qd Qh Ks"), CONTRACTS[5])
    assert turn.can_drop
    assert [type(m) for m in turn.drop].count(Trio) == 2 and [type(m) for m in turn.drop].count(Run) == 1


def test_advice_refuses_an_empty_or_oversized_hand() -> None:
    with pytest.raises(InvalidInputError, match="empty"):
        advise((), CONTRACTS[1])
    big = tuple(c for c in parse_cards(" ".join(["2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac"] * 2)
                                       + " 2d 3d 4d 5d 6d", decks=2))
    with pytest.raises(LimitExceededError):
        advise(big, CONTRACTS[7])


def test_contract_for_hand_numbers_and_free_contracts() -> None:
    assert contract_for(7).runs == 3
    assert contract_for(trios=1, runs=1) == CONTRACTS[2]
    for bad in ({"hand_number": 8}, {"trios": 0, "runs": 0}, {}, {"hand_number": 1, "trios": 1, "runs": 0}):
        with pytest.raises(InvalidInputError):
            contract_for(**bad)


def test_a_table_meld_that_is_neither_is_refused_with_both_reasons() -> None:
    with pytest.raises(InvalidInputError, match=r"neither a trio .* nor a run"):
        table_meld(cards("5h 9c 7h"))


def test_seen_cards_lower_the_unseen_copies_of_outs() -> None:
    groups = parse_card_groups({"hand": "7c 7d Kc Kd Ks 2h 9s 4d", "seen": "7h 7s"}, jokers=True, decks=2)
    advice = advise(groups["hand"], CONTRACTS[1], seen=groups["seen"])
    unseen = {o.card.code: o.unseen for o in advice.outs}
    assert unseen["7h"] == 1 and unseen["7s"] == 1 and unseen["7c"] == 1 and unseen["Jk"] == 2


def test_with_four_jokers_every_new_run_still_holds_a_natural() -> None:
    hand = parse_cards("Jk Jk Jk Jk 5h 6h 7h 8h 2c Kd", jokers=True, decks=4)
    turn = best_turn(hand, CONTRACTS[3], options=ContinentalOptions(max_players=10))
    assert turn.can_drop and len(turn.drop) == 2
    assert all(any(not c.is_joker for c in meld.cards) for meld in turn.drop)
    assert not drop_problems(turn.drop, CONTRACTS[3])
    assert turn.goes_out and turn.discard.code == "Kd"


@pytest.mark.parametrize(("hand", "dropped"), [
    ("7c 7h Jk Jk 9s", True),
    ("7c 7h 7s Kd Kh Kd Jk Jk 2c", False),
    ("7c 9c Jk 9h Kh 5d", True),
])
def test_table_trios_alike_take_lay_offs_on_the_first_and_leave_the_same_points(
        hand: str, dropped: bool) -> None:
    """Several trios on the table: naturals of a rank go on its first trio, jokers on the first
    trio of all, and the points left are the exhaustive reference's."""
    groups = parse_card_groups({"hand": hand, "t0": "7d 7d 7s", "t1": "9d 9s 9c", "t2": "7h 7s 7c"},
                               jokers=True, decks=3)
    table = [make_trio(groups[name]) for name in ("t0", "t1", "t2")]
    turn = best_turn(groups["hand"], CONTRACTS[1], dropped=dropped, table=table,
                     options=ContinentalOptions(max_players=8))
    on_table = [x for x in turn.lay_offs if x.target == "table"]
    assert all(x.meld == 0 for x in on_table if x.card.is_joker or x.card.rank == table[0].rank)
    assert all(x.meld == 1 for x in on_table if not x.card.is_joker and x.card.rank == table[1].rank)
    assert turn.points_left == ref_points_left(groups["hand"], CONTRACTS[1], dropped=dropped,
                                               table=table)[1]
