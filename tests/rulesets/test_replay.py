"""The replay of a game log, both games: every record told in words, the public table after each.

Random finished games (seeded bots) are replayed and checked against the referee itself: one
step per record, the cards conserved after every record, the table equal to the referee's at
every action, the end equal to the game's own standings. A running game's public log is
replayed without a hidden card (checked against the seat-less view); a refused record ends
the steps and leaves the table as it was.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesets.cards import parse_cards
from rulesets.continental.config import GameConfig as ContinentalConfig
from rulesets.continental.game import ContinentalGame
from rulesets.continental.melds import read_meld
from rulesets.continental.narration import TELLERS as CONTINENTAL_TELLERS
from rulesets.continental.narration import Told as ContinentalTold
from rulesets.continental.narration import tell as tell_continental
from rulesets.continental.records import CONTINENTAL_RECORDS
from rulesets.continental.views import public_view as continental_public_view
from rulesets.continental.views import redacted_log as continental_redacted_log
from rulesets.game import game_kind
from rulesets.log import Record, record_to_dict
from rulesets.ramchi.config import GameConfig as RamchiConfig
from rulesets.ramchi.game import RamchiGame
from rulesets.ramchi.narration import TELLERS as RAMCHI_TELLERS
from rulesets.ramchi.narration import Told as RamchiTold
from rulesets.ramchi.narration import tell as tell_ramchi
from rulesets.ramchi.records import RAMCHI_RECORDS, ShownCombination
from rulesets.ramchi.views import public_view as ramchi_public_view
from rulesets.ramchi.views import redacted_log as ramchi_redacted_log
from solver.bots import next_bot_action
from solver.simulate import play_game

REPR = re.compile(r"Card\('|\(seat=|\w+\(\w+=|<\w+\.\w+: ")
"""What a Python repr looks like in a text: ``Card('7s')``, ``Name(field=``, ``<Rank.ACE: 14>``."""

RAMCHI = game_kind("ramchi")
CONTINENTAL = game_kind("continental")


def cards(text: str) -> tuple[Any, ...]:
    return tuple(parse_cards(text, jokers=True, decks=2))


# -- every record kind is told, in words ----------------------------------------------------------

def ramchi_examples() -> dict[str, Record]:
    """One record of every Ramchi record kind."""
    deck = tuple(RamchiGame(RamchiConfig.create(hands=1, seed=3)).log[0].deck)
    shown = (ShownCombination(2, cards("As Ah Ad"), 500, "Three Aces"),
             ShownCombination(0, cards("Kh 9h 3h"), 200, "Flush K-9-3"))
    classes = RAMCHI_RECORDS.classes
    return {
        "hand_dealt": classes["hand_dealt"](1, 0, deck),
        "exchange_skipped": classes["exchange_skipped"](1, "the up-card is the 2♦"),
        "exchange": classes["exchange"](1),
        "keep": classes["keep"](1),
        "four_of_a_kind_won": classes["four_of_a_kind_won"](1, 2, cards("Ks Kh Kd Kc"), (-4, -4, 8)),
        "arrange": classes["arrange"](0, (cards("As Ah Ad"), cards("Kh 9h 3h"))),
        "round_played": classes["round_played"](1, 1, 2, shown, 2, (-1, 0, 1)),
        "hand_ended": classes["hand_ended"](1, (-1, 0, 1), (-1, 0, 1), 2),
        "game_ended": classes["game_ended"](1, (-1, 0, 1)),
        "replace_by_bot": classes["replace_by_bot"](0, 1, "greedy"),
    }


def continental_examples() -> dict[str, Record]:
    """One record of every Continental record kind."""
    classes = CONTINENTAL_RECORDS.classes
    deck = ContinentalConfig.create(players=2, hands=1, seed=3).deck_for(1)
    return {
        "dealer_drawn": classes["dealer_drawn"](((0, cards("7c")[0]), (1, cards("2h")[0])), 1),
        "hand_dealt": classes["hand_dealt"](1, 1, deck),
        "draw": classes["draw"](0, "stock"),
        "buy": classes["buy"](1),
        "pass": classes["pass"](1),
        "card_bought": classes["card_bought"](1, 1, cards("7c")[0], cards("4d")[0]),
        "stock_reshuffled": classes["stock_reshuffled"](1, 1, tuple(deck[:30])),
        "drop": classes["drop"](0, (cards("7c 7d Jk"), cards("Kc Kd Kh"))),
        "lay_off": classes["lay_off"](0, cards("9s")[0], 0, None),
        "swap_joker": classes["swap_joker"](0, cards("6s")[0], 0, "high"),
        "move_joker": classes["move_joker"](0, 0, "high", 1, None),
        "discard": classes["discard"](0, cards("Qh")[0]),
        "went_out": classes["went_out"](1, 0, True),
        "hand_ended": classes["hand_ended"](1, (0, 35), (0, 35), "went_out"),
        "game_ended": classes["game_ended"]((0, 35), (0,)),
        "replace_by_bot": classes["replace_by_bot"](0, 1, "random"),
    }


def test_every_ramchi_record_class_has_a_narration() -> None:
    assert set(RAMCHI_TELLERS) == set(RAMCHI_RECORDS.classes.values())
    examples = ramchi_examples()
    assert set(examples) == set(RAMCHI_RECORDS.classes)
    for kind, record in examples.items():
        for told in (RamchiTold(), RamchiTold(up_card=cards("Kh")[0], hidden=True)):
            text = tell_ramchi(record, told)
            assert text and not REPR.search(text), (kind, text)


def test_every_continental_record_class_has_a_narration() -> None:
    assert set(CONTINENTAL_TELLERS) == set(CONTINENTAL_RECORDS.classes.values())
    examples = continental_examples()
    assert set(examples) == set(CONTINENTAL_RECORDS.classes)
    table = ((1, read_meld(cards("5s Jk 7s 8s 9s"))), (0, read_meld(cards("4h 5h 6h 7h"))))
    for kind, record in examples.items():
        for told in (ContinentalTold(), ContinentalTold(table=table, top_discard=cards("7c")[0],
                                                        drawn=cards("Jk")[0], hidden=True,
                                                        stock_size=0, up_card=cards("Td")[0])):
            text = tell_continental(record, told)
            assert text and not REPR.search(text), (kind, text)


def test_ramchi_round_is_told_as_at_the_table() -> None:
    text = tell_ramchi(ramchi_examples()["round_played"])
    assert text == ("Seat 2 leads round 1 with Three Aces (A♠ A♥ A♦); seat 0 plays Flush K-9-3 "
                    "(K♥ 9♥ 3♥); seat 2 wins and takes 1 chip (seat 0 −1, seat 1 0)")


def test_continental_melds_are_named_in_words() -> None:
    table = ((1, read_meld(cards("5s Jk 7s 8s"))),)
    record = continental_examples()["lay_off"]
    assert tell_continental(record, ContinentalTold(table=table)) == (
        "Seat 0 lays off the 9♠ on seat 1's run 5♠–8♠ with a joker for 6♠ (5♠ Jk(6♠) 7♠ 8♠)")
    in_place = continental_examples()["lay_off"].__class__(0, cards("6s")[0], 0, None)
    assert tell_continental(in_place, ContinentalTold(table=table)).endswith(
        "(5♠ Jk(6♠) 7♠ 8♠), in place of the joker, which moves to the high end")
    drop = tell_continental(continental_examples()["drop"])
    assert drop == ("Seat 0 drops: a trio of Sevens with a joker (7♣ 7♦ Jk(7)); "
                    "a trio of Kings (K♣ K♦ K♥)")


# -- random finished games ------------------------------------------------------------------------

def ramchi_game(seed: int, hands: int = 2) -> RamchiGame:
    return play_game("ramchi", ["greedy"] * 3, config={"hands": hands}, seed=seed)


def continental_game(seed: int, players: int = 2, hands: int = 1) -> ContinentalGame:
    return play_game("continental", ["random"] * players, config={"hands": hands}, seed=seed)


def check_texts(steps: list[dict[str, Any]]) -> None:
    for step in steps:
        assert step["text"] and not REPR.search(step["text"]), step["text"]


def check_ramchi_replay(game: RamchiGame) -> None:
    items = ramchi_redacted_log(game)  # a finished game's log: every hand in full
    answer = RAMCHI.replay_log(game.config, items)
    steps = answer["steps"]
    assert answer["finished"] and answer["verdict"]["legal"]
    assert [step["kind"] for step in steps] == [record.kind for record in game.log]
    assert [step["posted"] for step in steps] == list(range(len(items)))
    check_texts(steps)
    decks = {record.hand: record.deck for record in game.log if record.kind == "hand_dealt"}
    for step in steps:
        state = step["state"]
        held = [card for hand in state["hands"] for card in hand] + [state["up_card"]]
        assert Counter(held) == Counter(card.code for card in decks[state["hand"]]), step["index"]
        assert all(len(hand) == 17 for hand in state["hands"])
    assert steps[-1]["state"]["chips"] == list(game.chips)
    rounds = [record for record in game.log if record.kind == "round_played"]
    assert [step["round"] for step in steps if step["kind"] == "round_played"] == \
        [record.number for record in rounds]


def continental_table(game: ContinentalGame) -> dict[str, Any]:
    """The referee's own table, in the replay's terms (hands as multisets)."""
    return {
        "hands": [Counter(card.id for card in hand) for hand in game.hands],
        "table": [[card.id for card in meld.cards] for meld in game.table],
        "owners": list(game.owners),
        "discard_pile": [card.id for card in game.discards],
        "stock_size": len(game.stock),
        "dropped": list(game.dropped),
        "totals": list(game.totals),
    }


def replayed_table(state: dict[str, Any]) -> dict[str, Any]:
    ids = lambda codes: [code if "#" in code else f"{code}#1" for code in codes]  # noqa: E731
    return {
        "hands": [Counter(ids(hand)) for hand in state["hands"]],
        "table": [ids(meld["cards"]) for meld in state["table"]],
        "owners": [meld["seat"] for meld in state["table"]],
        "discard_pile": ids(state["discard_pile"]),
        "stock_size": state["stock_size"],
        "dropped": state["dropped"],
        "totals": state["totals"],
    }


def check_continental_replay(game: ContinentalGame) -> None:
    items = continental_redacted_log(game)
    answer = CONTINENTAL.replay_log(game.config, items)
    steps = answer["steps"]
    assert answer["finished"] and answer["verdict"]["legal"]
    assert [step["kind"] for step in steps] == [record.kind for record in game.log]
    check_texts(steps)
    size = game.config.deck.size
    for step in steps:
        state = step["state"]
        if state["hand"] is None:
            continue
        counted = (sum(len(hand) for hand in state["hands"]) + sum(len(m["cards"]) for m in state["table"])
                   + len(state["discard_pile"]) + state["stock_size"])
        assert counted == size, (step["index"], step["kind"])
        assert [len(hand) for hand in state["hands"]] == state["hand_sizes"]
    # The referee's table at every action equals the replay's after the records it logged.
    referee = CONTINENTAL.new_game(game.config)
    for record in game.log:
        if record.is_action:
            referee.apply(record)
            assert replayed_table(steps[len(referee.log) - 1]["state"]) == continental_table(referee)
    assert steps[-1]["state"]["totals"] == list(game.totals)


@pytest.mark.parametrize("seed", [1, 2])
def test_ramchi_replay_of_a_finished_game(seed: int) -> None:
    check_ramchi_replay(ramchi_game(seed))


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (3, 3)])
def test_continental_replay_of_a_finished_game(seed: int, players: int) -> None:
    check_continental_replay(continental_game(seed, players))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10, 40))
def test_ramchi_replays_of_many_games(seed: int) -> None:
    check_ramchi_replay(ramchi_game(seed, hands=1 + seed % 4))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10, 30))
def test_continental_replays_of_many_games(seed: int) -> None:
    check_continental_replay(continental_game(seed, players=2 + seed % 5, hands=1 + seed % 3))


def test_a_log_of_only_actions_is_told_with_its_events() -> None:
    game = ramchi_game(5, hands=1)
    actions = [record_to_dict(record) for record in game.log if record.is_action]
    steps = RAMCHI.replay_log(game.config, actions)["steps"]
    assert [step["kind"] for step in steps] == [record.kind for record in game.log]
    assert [step["posted"] for step in steps if step["posted"] is not None] == list(range(len(actions)))
    events = [step for step in steps if step["kind"] not in ("keep", "exchange", "arrange")]
    assert all(step["posted"] is None for step in events)


# -- a refused record -----------------------------------------------------------------------------

def test_the_steps_stop_at_the_refused_record_and_it_moves_nothing() -> None:
    game = continental_game(0)
    items = continental_redacted_log(game)
    at = next(i for i, item in enumerate(items) if item["kind"] == "discard")
    items[at] = {**items[at], "card": "Jk#2"}  # a card the seat does not hold
    answer = CONTINENTAL.replay_log(game.config, items)
    steps, verdict = answer["steps"], answer["verdict"]
    assert not verdict["legal"] and verdict["index"] == at
    assert len(steps) == at + 1 and steps[-1]["text"] == f"Seat {items[at]['seat']} discards the Joker"
    assert steps[-1]["state"] == steps[-2]["state"]


def test_a_tampered_round_is_the_last_step() -> None:
    game = ramchi_game(2, hands=1)
    items = ramchi_redacted_log(game)
    at = next(i for i, item in enumerate(items) if item["kind"] == "round_played")
    items[at] = {**items[at], "winner": (items[at]["winner"] + 1) % 3}
    answer = RAMCHI.replay_log(game.config, items)
    assert not answer["verdict"]["legal"] and answer["verdict"]["index"] == at
    assert len(answer["steps"]) == at + 1 and answer["steps"][-1]["state"]["rounds"] == []
    check_texts(answer["steps"])


# -- a game still running: nothing hidden is shown ------------------------------------------------

def test_a_running_ramchi_game_replays_without_a_hidden_card() -> None:
    game = RamchiGame(RamchiConfig.create(hands=2, seed=1, dealer=0))
    while game.hand_number == 1 or game.phase.value == "exchange":
        seat = game.awaited()[0]
        if game.phase.value == "exchange":
            game.do_exchange(seat)  # hand 1 is won by a four of a kind
        else:
            game.do_arrange(seat, [])
    game.do_arrange(game.awaited()[0], [])  # hand 2 runs: one seat has arranged
    items = ramchi_redacted_log(game)
    public = {_pretty(item["up_card"]) for item in items if item.get("deck", 0) is None} | {"2♦"}
    answer = RAMCHI.replay_log(game.config, items)
    assert answer["verdict"] is None and not answer["finished"]
    assert [step["kind"] for step in answer["steps"]] == [record.kind for record in game.log]
    check_texts(answer["steps"])
    hidden = [card.pretty for hand in game.hands for card in hand if card.pretty not in public]
    running = [step for step in answer["steps"] if step["hand"] == 2]
    assert running and answer["steps"][0]["state"]["hands"] is not None  # hand 1 is over: shown
    view = ramchi_public_view(game)
    assert [running[-1]["state"]["up_card"]] == view["face_up"]
    assert running[-1]["state"]["arranged"] == view["arranged"]
    for step in running:
        assert step["state"]["hands"] is None and step["state"]["lineups"] == [None] * 3
        assert not any(re.search(rf"(?<!\d){re.escape(card)}", step["text"]) for card in hidden), \
            step["text"]


def _pretty(code: str) -> str:
    return parse_cards(code)[0].pretty


def test_a_running_continental_game_replays_without_a_hidden_card() -> None:
    game = ContinentalGame(ContinentalConfig.create(players=2, hands=2, seed=11, dealer=0))
    version, ran = 0, 0
    while ran < 30:  # the random bots, stopped 30 actions into the second hand
        found = next_bot_action(CONTINENTAL, game, ["random"] * 2, secret=5, version=version)
        assert found is not None
        game.apply(found[1])
        version += 1
        ran += game.hand_number == 2
    items = continental_redacted_log(game)
    assert [item["deck"] is None for item in items if item["kind"] == "hand_dealt"] == [False, True]
    answer = CONTINENTAL.replay_log(game.config, items)
    assert answer["verdict"] is None and not answer["finished"]
    assert len(answer["steps"]) == len(items)
    check_texts(answer["steps"])
    state = answer["steps"][-1]["state"]
    view = continental_public_view(game)
    assert state["hands"] == [None] * 2
    assert state["hand_sizes"] == view["hand_sizes"] and state["stock_size"] == view["stock_size"]
    assert [meld["cards"] for meld in state["table"]] == [meld["cards"] for meld in view["table"]]
    assert state["discard_pile"][-1:] == ([view["discard_top"]] if view["discard_top"] else [])
    assert len(state["discard_pile"]) == view["discard_size"] and state["dropped"] == view["dropped"]
    running = [step for step in answer["steps"] if step["hand"] == game.hand_number]
    for step in running:
        assert step["state"]["hands"] == [None] * 2
        if step["kind"] == "draw" and "stock" in step["text"]:
            assert ":" not in step["text"], step["text"]


def test_a_game_without_a_replay_is_refused_in_words() -> None:
    import dataclasses

    from rulesets.log import LogError
    from rulesets.replay import replay_log

    silent = dataclasses.replace(RAMCHI, replay_table=None)
    with pytest.raises(LogError, match="Ramchi logs cannot be told step by step"):
        replay_log(silent, RAMCHI.config_from_dict({"hands": 1, "seed": 5}), [])


# -- any log a client posts: told, or refused as a log that cannot be read ------------------------

ODD_VALUES = [None, -1, 0, 1, 2, 99, 10**20, "x", "hidden", "Jk", "7c#2", [], {}, ["As"], True, 1.5,
              "high", "stock"]


@pytest.fixture(scope="module")
def posted_logs() -> list[tuple[Any, Any, list[dict[str, Any]]]]:
    """Logs of each game: a running game's (a finished hand before the running one), a finished one."""
    continental = ContinentalConfig.create(players=3, hands=2, seed=4, dealer=0)
    logs = []
    for kind, config, bots, actions in ((CONTINENTAL, continental, ["random"] * 3, 150),
                                        (RAMCHI, RamchiConfig.create(hands=3, seed=4, dealer=0),
                                         ["greedy"] * 3, 5)):
        game = kind.new_game(config)
        for version in range(actions):
            found = next_bot_action(kind, game, bots, secret=3, version=version)
            if found is None:
                break
            game.apply(found[1])
        logs.append((kind, config, kind.redacted_log(game, None)))
    for kind, game in ((RAMCHI, ramchi_game(3, hands=1)), (CONTINENTAL, continental_game(0))):
        logs.append((kind, game.config, kind.redacted_log(game, None)))
    return logs


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_a_changed_log_is_told_or_refused_as_unreadable(posted_logs: list[Any], data: st.DataObject) -> None:
    from rulesets.game import PostedRecordError

    kind, config, log = data.draw(st.sampled_from(posted_logs))
    items = [dict(item) for item in log]
    for _ in range(data.draw(st.integers(1, 3))):
        item = items[data.draw(st.integers(0, len(items) - 1))]
        if not item:
            continue  # every key of this record is gone already
        key = data.draw(st.sampled_from(sorted(item)))
        if data.draw(st.booleans()):
            item[key] = data.draw(st.sampled_from(ODD_VALUES))
        else:
            del item[key]
    try:
        answer = kind.replay_log(config, items)
    except PostedRecordError:
        return
    check_texts(answer["steps"])


# -- pages ----------------------------------------------------------------------------------------

@functools.cache
def paged() -> tuple[ContinentalGame, list[dict[str, Any]], dict[str, Any]]:
    """A finished Continental hand, its log and its whole replay (every step at once)."""
    game = continental_game(3)
    items = continental_redacted_log(game)
    return game, items, CONTINENTAL.replay_log(game.config, items)


@settings(max_examples=25, deadline=None)
@given(start=st.integers(0, 160), limit=st.integers(1, 160))
def test_a_page_is_the_slice_of_the_whole_replay(start: int, limit: int) -> None:
    from rulesets.replay import Page

    game, items, whole = paged()
    page = CONTINENTAL.replay_log(game.config, items, Page(start, limit))
    total = len(whole["steps"])
    assert page["steps"] == whole["steps"][start:start + limit]
    assert page["total_steps"] == total and page["from"] == start
    assert page["next_from"] == (start + limit if start + limit < total else None)
    assert page["verdict"] == whole["verdict"]


def test_a_walk_asks_its_check_between_steps_and_stops_when_it_raises() -> None:
    from rulesets.replay import CHECK_EVERY, Page

    asked: list[int] = []

    def check() -> None:
        asked.append(1)
        if len(asked) > 2:
            raise TimeoutError("spent")

    game, items, whole = paged()
    with pytest.raises(TimeoutError):
        CONTINENTAL.replay_log(game.config, items, Page(0, None), check=check)
    assert len(asked) == 3 and len(whole["steps"]) > 2 * CHECK_EVERY
