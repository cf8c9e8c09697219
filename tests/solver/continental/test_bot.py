"""The advisor bot (solver/continental/bots.py): legal, fallback-free, better than random players,
blind to what its seat may not see, and following the advice in scripted deals."""

from __future__ import annotations

import copy
import dataclasses
import os
import random
import statistics
from collections.abc import Iterable, Mapping

import pytest

from rulesets.continental.config import GameConfig
from rulesets.continental.game import ContinentalGame, Phase
from rulesets.continental.options import ContinentalOptions
from rulesets.continental.records import (
    Buy,
    Discard,
    Draw,
    Drop,
    GameEnded,
    HandEnded,
    LayOff,
    Pass,
    SwapJoker,
    WentOut,
)
from rulesets.continental.views import seat_view
from rulesets.log import Record
from solver.continental import bots as advisor_bot
from solver.continental.advice import advise
from solver.continental.bots import advisor_action, advisor_choice, seat_advice
from solver.continental.random_player import random_action
from tests.rulesets.continental.scripted import build_deck, card, cards

# -- helpers ------------------------------------------------------------------------------------


def make_game(players: int = 2, dealer: int = 0, given: Mapping[int, str] | None = None,
              up: str | None = None, stock: str = "", **options: object) -> ContinentalGame:
    """A one-hand game (hand 1, two trios) dealt from a scripted deck."""
    deck = build_deck(players, dealer, 1, given, up, stock)
    config = GameConfig.create(players=players, hands=1, seed=1, dealer=dealer, decks=[deck],
                               options=ContinentalOptions(**options))  # type: ignore[arg-type]
    return ContinentalGame(config)


def make_hand_two(given: Mapping[int, str], up: str, stock: str) -> ContinentalGame:
    """A two-player game at the start of hand 2 (one trio and one run) dealt from a scripted
    deck, seat 0 to play first: in hand 1 seat 1 drops, lays off and goes out at once."""
    first = build_deck(2, 0, 1, {1: "7c 7d 7h Kc Kd Ks 7s"}, up="9d", stock="Qh")
    second = build_deck(2, 1, 2, given, up, stock)
    game = ContinentalGame(GameConfig.create(players=2, hands=2, seed=1, dealer=0,
                                             decks=[first, second]))
    for action in (Draw(1, "stock"), Drop(1, (cards("7c 7d 7h"), cards("Kc Kd Ks"))),
                   LayOff(1, card("7s"), 0, None), Discard(1, card("Qh"))):
        game.apply(action)
    assert game.hand_number == 2 and game.current == 0
    return game


def play_seat(game: ContinentalGame, seat: int, rng: random.Random | None = None) -> list[Record]:
    """Let the advisor bot play ``seat``'s whole turn (draw to discard or going out)."""
    rng = rng or random.Random(0)
    played: list[Record] = []
    start = len([r for r in game.log if isinstance(r, HandEnded)])
    while (not game.is_over and game.current == seat
           and len([r for r in game.log if isinstance(r, HandEnded)]) == start):
        action, fell_back = advisor_choice(game, seat, rng)
        assert not fell_back
        assert game.can(action), action
        game.apply(action)
        played.append(action)
        if isinstance(action, Discard):
            break
    return played


def play_game(seed: int, players: int, hands: int, advisors: Iterable[int], *,
              skill: float = 0.5, options: ContinentalOptions | None = None,
              max_actions: int = 20_000) -> tuple[ContinentalGame, int]:
    """A seeded game: ``advisors`` seats play the advisor bot, the others ``random_action`` with
    ``skill``. Every advisor action is checked legal and fallback-free. Returns the game and the
    number of advisor decisions."""
    rng = random.Random(seed)
    config = GameConfig.create(players=players, hands=hands, seed=seed,
                               options=options or ContinentalOptions())
    game = ContinentalGame(config)
    advisors = set(advisors)
    decisions = 0
    for _ in range(max_actions):
        if game.is_over:
            break
        awaited = game.awaited()
        seat = rng.choice(awaited)
        if seat in advisors:
            action, fell_back = advisor_choice(game, seat, rng)
            assert not fell_back, (seed, seat, action)
            assert game.can(action), (seed, seat, action)
            decisions += 1
        else:
            action = random_action(game, seat, rng, skill=skill)
        game.apply(action)
    return game, decisions


def hand_scores(game: ContinentalGame) -> list[tuple[int, ...]]:
    return [record.scores for record in game.log if isinstance(record, HandEnded)]


# -- (1) legal, no fallback, games finish -------------------------------------------------------

GAMES = [  # seed, players, hands, advisor seats
    (1, 2, 1, (0, 1)),
    (2, 3, 2, (1,)),
    (3, 4, 1, (0, 2)),
    (4, 5, 2, (4,)),
    (5, 2, 7, (0,)),
    (6, 3, 3, (0, 1, 2)),
    (7, 4, 2, (3,)),
    (8, 5, 1, (0, 1, 2, 3, 4)),
    (9, 2, 4, (1,)),
    (10, 3, 5, (2,)),
    (11, 4, 3, (1, 2)),
    (12, 5, 1, (2,)),
]


QUICK = os.environ.get("RAMCHI_QUICK") == "1"
"""``make check`` (the fast tier) plays the first four games; ``make test`` and CI all of them."""


@pytest.mark.parametrize(("seed", "players", "hands", "advisors"), GAMES[:4] if QUICK else GAMES)
def test_every_advisor_action_is_legal_without_fallback(seed: int, players: int, hands: int,
                                                        advisors: tuple[int, ...]) -> None:
    before = advisor_bot.FALLBACKS
    game, decisions = play_game(seed, players, hands, advisors)
    assert game.is_over, game
    assert isinstance(game.log[-1], GameEnded)
    assert len(hand_scores(game)) == hands
    assert decisions > 0
    assert before == advisor_bot.FALLBACKS


@pytest.mark.parametrize("options", [
    ContinentalOptions(go_out_without_discard=True),
    ContinentalOptions(buying=False, card_values="face_value"),
], ids=["go_out_without_discard", "no_buying_face_value"])
def test_every_advisor_action_is_legal_with_house_rules(options: ContinentalOptions) -> None:
    before = advisor_bot.FALLBACKS
    game, _ = play_game(21, 3, 2, (0, 1), options=options)
    assert game.is_over
    assert before == advisor_bot.FALLBACKS


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("RAMCHI_SLOW"), reason="set RAMCHI_SLOW=1 for 40 more games")
@pytest.mark.parametrize("seed", range(100, 140))
def test_many_random_games_without_fallback(seed: int) -> None:
    rng = random.Random(seed)
    players, hands = rng.randint(2, 5), rng.randint(1, 7)
    advisors = rng.sample(range(players), rng.randint(1, players))
    options = ContinentalOptions(go_out_without_discard=rng.random() < 0.3,
                                 buying=rng.random() < 0.8)
    before = advisor_bot.FALLBACKS
    game, _ = play_game(seed, players, hands, advisors, options=options)
    assert game.is_over
    assert before == advisor_bot.FALLBACKS


def test_the_play_step_advice_is_the_advice_with_the_top_discard_offered() -> None:
    # After the draw the bot leaves the top discard out of the advice (nothing is offered to it):
    # the drop, lay-offs and discard are those of the full advice.
    rng = random.Random(5)
    game = ContinentalGame(GameConfig.create(players=3, hands=2, seed=55))
    compared = 0
    while not game.is_over:
        seat = rng.choice(game.awaited())
        if seat == game.current and game.phase is Phase.PLAY and game.top_discard is not None:
            light = seat_advice(game, seat, drawn=True)
            full = advise(game.hands[seat], game.contract, dropped=game.dropped[seat],
                          table=[meld.cards for meld in game.table], discard_top=game.top_discard,
                          seen=game.discards, options=game.options, drawn=True)
            assert (light.drop, light.lay_offs, light.discard) == (full.drop, full.lay_offs, full.discard)
            compared += 1
        action = advisor_action(game, seat, rng) if seat in (0, 1) else random_action(game, seat, rng, 0.5)
        game.apply(action)
    assert compared > 10


# -- (2) stronger than random players -----------------------------------------------------------

def test_advisor_scores_far_fewer_points_per_hand_than_skill_half_random_players() -> None:
    advisor_points: list[int] = []
    random_points: list[int] = []
    for g in range(6):
        players = 3
        advisor = g % players  # every seat in turn
        game, _ = play_game(300 + g, players, 2, (advisor,))
        for scores in hand_scores(game):
            advisor_points.append(scores[advisor])
            random_points += [s for seat, s in enumerate(scores) if seat != advisor]
    assert len(advisor_points) == 12
    advisor_mean, random_mean = statistics.mean(advisor_points), statistics.mean(random_points)
    assert advisor_mean < random_mean / 3, (advisor_mean, random_mean)
    assert advisor_mean < 25 < random_mean


# -- (3) only what the seat may see -------------------------------------------------------------

def hidden_reshuffled(game: ContinentalGame, seat: int, rng: random.Random) -> ContinentalGame:
    """The same game as ``seat`` sees it, with everything it may not see changed: the other hands
    and the stock dealt again from their cards (same sizes), another seed and no decks in the
    config, and a log without the deal (only the scores of hands already over)."""
    other = copy.deepcopy(game)
    seats = [s for s in range(game.players) if s != seat]
    pool = [c for s in seats for c in game.hands[s]] + list(game.stock)
    rng.shuffle(pool)
    for s in seats:
        size = len(game.hands[s])
        other.hands[s], pool = tuple(pool[:size]), pool[size:]
    other.stock = tuple(pool)
    other.config = dataclasses.replace(game.config, seed=game.config.seed + 1, decks=())
    other.log = [r for r in game.log if isinstance(r, HandEnded)]
    return other


def test_the_bot_only_uses_what_its_seat_sees() -> None:
    rng = random.Random(7)
    game = ContinentalGame(GameConfig.create(players=4, hands=1 if QUICK else 2, seed=17))
    compared: dict[str, int] = {}
    while not game.is_over:
        seat = rng.choice(game.awaited())
        if seat in (0, 2):
            action = advisor_action(game, seat, rng)
            other = hidden_reshuffled(game, seat, random.Random(len(game.log)))
            assert other.hands[seat] == game.hands[seat]
            assert any(other.hands[s] != game.hands[s] for s in (1, 3)) or not game.stock
            assert seat_view(other, seat) == seat_view(game, seat)
            assert advisor_action(other, seat, random.Random(99)) == action
            compared[action.kind] = compared.get(action.kind, 0) + 1
        else:
            action = random_action(game, seat, rng, skill=0.5)
        game.apply(action)
    assert {"draw", "pass", "discard", "drop"} <= set(compared), compared


def test_other_hands_and_stock_do_not_change_the_draw_or_the_buy() -> None:
    # Seat 1's view is the same in both deals: its hand and the up card 7s; seat 2's hand and the
    # stock differ (in one deal the stock holds the 7s seat 1 wants, in the other seat 2 does).
    mine = "7c 7d Kc Kd 2s 9h 4d"
    first = make_game(3, given={1: mine, 2: "7h 7s#2 Qc Qd 3s 5h 6d"}, up="7s", stock="Jc Jd")
    second = make_game(3, given={1: mine, 2: "Jc Jd Qc Qd 3s 5h 6d"}, up="7s", stock="7h 7s#2")
    assert first.hands[1] == second.hands[1] and first.hands[2] != second.hands[2]
    assert first.stock != second.stock
    for game in (first, second):
        assert advisor_action(game, 1, random.Random(0)) == Draw(1, "discard")
    mine = "7c 7d Kc Kd 2s 9h 4d"
    first = make_game(3, given={2: mine, 0: "Ks#2 Kh Qc Qd 3s 5h 6d"}, up="Ks", stock="Jc Jd")
    second = make_game(3, given={2: mine, 0: "Jc Jd Qc Qd 3s 5h 6d"}, up="Ks", stock="Ks#2 Kh")
    for game in (first, second):
        game.apply(Draw(1, "stock"))
        assert advisor_action(game, 2, random.Random(0)) == Buy(2)


# -- (4) the rules, scripted --------------------------------------------------------------------

def test_drops_when_it_holds_the_contract() -> None:
    game = make_game(2, given={1: "7c 7d 7h Kc Kd Ks 2s"}, up="9d", stock="Qh")
    played = play_seat(game, 1)
    assert [a.kind for a in played] == ["draw", "drop", "discard"]
    drop = played[1]
    assert isinstance(drop, Drop)
    assert sorted(sorted(c.code for c in meld) for meld in drop.melds) == [
        ["7c", "7d", "7h"], ["Kc", "Kd", "Ks"]]
    assert played[2] == Discard(1, card("Qh"))  # keeps the 2s (5 points), not the queen (10)
    assert game.dropped[1] and game.hands[1] == (card("2s"),)


def test_lays_off_after_its_drop_and_goes_out() -> None:
    game = make_game(2, given={1: "7c 7d 7h Kc Kd Ks 7s"}, up="9d", stock="Qh")
    played = play_seat(game, 1)
    assert [a.kind for a in played] == ["draw", "drop", "lay_off", "discard"]
    lay = played[2]
    assert isinstance(lay, LayOff) and lay.card.rank == card("7s").rank
    assert any(isinstance(r, WentOut) and r.seat == 1 and r.same_turn for r in game.log)
    assert hand_scores(game)[-1][1] == game.options.same_turn_bonus


def test_lays_off_on_a_later_turn_onto_the_table() -> None:
    game = make_game(2, given={1: "7c 7d 7h Kc Kd Ks 2s", 0: "3c 4c 5c 8d 9d Td Jd"},
                     up="6d", stock="Qh 2c 7s")
    assert [a.kind for a in play_seat(game, 1)] == ["draw", "drop", "discard"]
    game.apply(Draw(0, "stock"))
    game.apply(Discard(0, card("2c")))
    played = play_seat(game, 1)
    assert played[0] == Draw(1, "stock")  # the 2c goes on no meld; the stock may help
    lay = played[1]
    assert isinstance(lay, LayOff) and lay.card == card("7s")
    assert game.table[lay.meld].cards[0].rank == card("7s").rank
    assert played[2] == Discard(1, card("2s"))
    assert game.is_over


def test_puts_a_natural_in_place_of_a_table_joker() -> None:
    game = make_hand_two({0: "5h Jk 7h 8h 9c 9d 9s 2c", 1: "3c 4c 5c 8d Td Jd Kd Ad"},
                         up="4s", stock="Qd 3d 6h")
    played = play_seat(game, 0)
    assert [a.kind for a in played] == ["draw", "drop", "discard"]
    assert played[-1] == Discard(0, card("Qd"))
    game.apply(Draw(1, "stock"))
    game.apply(Discard(1, card("3d")))
    played = play_seat(game, 0)
    assert played[0] == Draw(0, "stock")
    swap = played[1]
    assert isinstance(swap, SwapJoker) and swap.card == card("6h")
    assert played[2] == Discard(0, card("2c"))
    assert game.is_over


def test_takes_a_discard_that_completes_its_contract() -> None:
    game = make_game(2, given={1: "7c 7d 7h Kc Kd 2s 9h"}, up="Ks", stock="Qh")
    played = play_seat(game, 1)
    assert played[0] == Draw(1, "discard")
    assert [a.kind for a in played[1:]] == ["drop", "discard"]


def test_draws_from_the_stock_when_the_discard_does_not_help() -> None:
    game = make_game(2, given={1: "7c 7d 7h Kc Kd 2s 9h"}, up="4c", stock="Qh")
    assert advisor_action(game, 1, random.Random(0)) == Draw(1, "stock")


def test_buys_a_card_that_lowers_its_distance_and_passes_otherwise() -> None:
    game = make_game(3, given={2: "7c 7d Kc Kd 2s 9h 4d", 0: "2c 5d 8h Jc 3s 6d 9c"},
                     up="Ks", stock="Qh Qs")
    game.apply(Draw(1, "stock"))
    assert game.buyers_to_answer() == (2, 0)
    advice = seat_advice(game, 2, drawn=False)
    assert advice.buy is not None and advice.buy.advised and advice.distance == 2
    assert advisor_action(game, 2, random.Random(0)) == Buy(2)
    assert advisor_action(game, 0, random.Random(0)) == Pass(0)  # a lone king does not help
    game.apply(Pass(0))
    game.apply(Buy(2))
    assert card("Ks") in game.hands[2] and len(game.hands[2]) == 9


def test_does_not_buy_once_dropped() -> None:
    game = make_game(2, given={1: "7c 7d 7h Kc Kd Ks 2s", 0: "2c 5d 8h Jc 3s 6d 9c"},
                     up="8d", stock="Qh 7s Ah")
    play_seat(game, 1)  # draws Qh, drops, discards Qh
    game.apply(Draw(0, "stock"))  # 7s, and the Qh is offered
    assert game.buyers_to_answer() == (1,)
    assert advisor_action(game, 1, random.Random(0)) == Pass(1)


def test_goes_out_without_a_discard_when_the_option_allows_it() -> None:
    game = make_game(2, given={1: "7c 7d 7h 7s Kc Kd Ks"}, up="9d", stock="Kh",
                     go_out_without_discard=True)
    played = play_seat(game, 1)
    assert [a.kind for a in played] == ["draw", "drop", "lay_off", "lay_off"]
    assert not any(isinstance(a, Discard) for a in played)
    assert game.is_over and hand_scores(game)[-1][1] == game.options.same_turn_bonus


def test_falls_back_on_a_random_legal_action_when_the_advice_fails(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    game = make_game(2, given={1: "7c 7d 7h Kc Kd Ks 2s"}, up="9d", stock="Qh")

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("advisor down")

    monkeypatch.setattr(advisor_bot, "advise", broken)
    monkeypatch.setattr(advisor_bot, "FALLBACKS", advisor_bot.FALLBACKS)  # restored afterwards
    before = advisor_bot.FALLBACKS
    action, fell_back = advisor_choice(game, 1, random.Random(0))
    assert fell_back and game.can(action) and before + 1 == advisor_bot.FALLBACKS
    assert "advisor down" in caplog.text
    with pytest.raises(ValueError, match="no legal action"):
        advisor_choice(game, 0, random.Random(0))  # not awaited: nothing to fall back on

