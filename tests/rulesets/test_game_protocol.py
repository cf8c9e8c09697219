"""The game protocol: Ramchi driven only through its GameKind (random requests, legal or not), and
random games of every registered game played only through the protocol (as OpenSpiel's
``random_sim_test``): at every step a seat the game waits for picks one of its ``legal_actions``,
fills in what a listed-once action asks it to choose, and sends the body through
``action_from_request``; the invariants hold after every step.

- every listed body is read by ``action_from_request`` and accepted (``can``) as it is;
- a seat the game waits for has something to do, the others nothing;
- every card of the hand being played is in exactly one place (cards are conserved);
- replaying the log gives an equal game;
- the public log shows a card of the hand being played only once it has lain face up, and a
  seat's log and its own part of its view show no card hidden from it (one in another seat's
  hand or in the stock that it never held and the table was never shown); its view shows the
  public view for the rest.

The legal-action games are a few of each by default; ``RAMCHI_QUICK=1`` plays fewer,
``RAMCHI_SLOW=1`` many more.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from rulesets.errors import RulesError
from rulesets.game import (
    DEFAULT_GAME,
    GameConfigLike,
    GameKind,
    GameState,
    game_kind,
    game_names,
    register_game,
    unregister_game,
)
from rulesets.jsonable import jsonable
from rulesets.legal_actions import LegalAction
from rulesets.log import LogError, record_to_dict

RAMCHI = game_kind("ramchi")


def random_request(rng: random.Random, view: dict[str, Any]) -> dict[str, Any]:
    """A request a seat might send, legal or not, from what its view shows."""
    choice = rng.random()
    if choice < 0.15:
        return {"type": "exchange"}
    if choice < 0.3:
        return {"type": "keep"}
    hand = list(view["hand"])
    rng.shuffle(hand)
    groups = rng.randint(0, 5)
    return {"type": "arrange", "combinations": [hand[3 * i:3 * i + 3] for i in range(groups)
                                                if len(hand[3 * i:3 * i + 3]) == 3]}


def play(kind: GameKind, seed: int) -> GameState:
    """A random game to its end, through the protocol's methods only."""
    rng = random.Random(seed)
    config = kind.config_from_dict({"hands": rng.randint(1, 2), "seed": seed})
    assert isinstance(config, GameConfigLike)
    assert kind.config_from_dict(config.to_dict()) == config
    game = kind.new_game(config)
    assert isinstance(game, GameState)
    for _ in range(2000):
        if kind.is_over(game):
            break
        awaited = kind.awaited(game)
        assert awaited, "a running game waits for someone"
        seat = rng.choice(awaited)
        action = kind.action_from_request(seat, random_request(rng, kind.seat_view(game, seat)))
        if kind.can(game, action):
            before = len(game.log)
            kind.apply(game, action)
            assert kind.redacted_log(game, seat, start=before)[0] == record_to_dict(action) \
                or action.kind == "arrange"  # a hand that ends shows in full
        else:
            with pytest.raises(RulesError):
                kind.verify(game, action)
            with pytest.raises(RulesError):
                kind.apply(game, action)
        assert kind.replay(game.config, game.log) == game
        public = kind.public_view(game)
        assert public["awaiting"] == list(kind.awaited(game))
        assert len(kind.redacted_log(game, None)) == len(game.log)
    assert kind.is_over(game)
    return game


@pytest.mark.parametrize("seed", range(12))
def test_a_random_game_through_the_protocol_replays_equal_and_settles_legal(seed: int) -> None:
    game = play(RAMCHI, seed)
    full = RAMCHI.full_log(game)
    assert RAMCHI.redacted_log(game, 0) == full  # a game that is over hides nothing
    assert RAMCHI.records.log_from_dicts(full) == game.log
    verdict = RAMCHI.settle(game.config.to_dict(), RAMCHI.read_posted(full))
    assert verdict["legal"] is True and verdict["log"] == full
    action_kinds = {cls.kind for cls in RAMCHI.actions}
    actions = [RAMCHI.action_from_dict(record) for record in full if record["kind"] in action_kinds]
    assert RAMCHI.settle(game.config, actions)["legal"] is True


def test_an_action_request_names_its_type_and_an_event_is_no_request() -> None:
    assert RAMCHI.action_from_request(1, {"type": "keep"}) == RAMCHI.actions[1](seat=1)
    with pytest.raises(LogError):
        RAMCHI.action_from_request(0, {"type": "game_ended"})
    with pytest.raises(LogError):
        RAMCHI.action_from_request(0, {"type": "arrange"})
    with pytest.raises(LogError):
        RAMCHI.action_from_dict({"kind": "game_ended", "hands": 1, "chips": [0, 0, 0]})


def test_secret_configuration_is_shown_only_once_the_game_is_over() -> None:
    config = RAMCHI.config_from_dict({"hands": 1, "seed": 5, "dealer": 0}).to_dict()
    assert "seed" not in RAMCHI.shown_config(config, over=False)
    assert RAMCHI.shown_config(config, over=True) == config


def test_the_registry_finds_games_by_name_and_forgets_them() -> None:
    assert game_names()[0] == DEFAULT_GAME == "ramchi"
    other = register_game(GameKind(**{**{f: getattr(RAMCHI, f) for f in RAMCHI.__slots__},
                                      "name": "ramchi_copy"}))
    try:
        assert game_kind("ramchi_copy") is other
        assert game_names() == ("ramchi", "continental", "ramchi_copy")
    finally:
        unregister_game("ramchi_copy")
    with pytest.raises(KeyError, match="no game 'ramchi_copy'"):
        game_kind("ramchi_copy")


# -- every registered game, choosing among its legal actions ------------------------------------

QUICK = os.environ.get("RAMCHI_QUICK") == "1"
SLOW = bool(os.environ.get("RAMCHI_SLOW"))
GAMES = 40 if SLOW else 2 if QUICK else 4
"""Random games of each registered game."""

STEPS = None if SLOW else 150 if QUICK else 300
"""The most actions of one random game (``None``: to its end); one stopped there is checked too."""

SMALL_SETTINGS: dict[str, dict[str, Any]] = {
    "ramchi": {"hands": 2},
    "continental": {"hands": 1},
}
"""Settings that keep a game short (a game named here is also given a number of players)."""


def settings(name: str, seed: int, rng: random.Random) -> dict[str, Any]:
    kind = game_kind(name)
    data = {"seed": seed} | SMALL_SETTINGS.get(name, {})
    if kind.players_of is not None:
        data["players"] = rng.choice([n for n in kind.seats if n <= 4])
    return data


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


def groups_of(legal: LegalAction, hand: list[str], rng: random.Random) -> Iterator[list[str]]:
    """Random groups of the hand's cards, of the sizes the action's choice asks for."""
    assert legal.choice is not None
    sizes = [group.cards for group in legal.choice.groups]
    while True:
        yield rng.sample(hand, min(len(hand), rng.choice(sizes)))


class Walk:
    """One random game driven only through the game's kind, its invariants checked at each step."""

    def __init__(self, kind: GameKind, seed: int) -> None:
        self.kind = kind
        self.rng = random.Random(seed)
        self.game = kind.new_game(kind.config_from_dict(settings(kind.name, seed, self.rng)))
        self.seats = kind.seat_count(self.game.config)
        self.steps = 0
        self.listed: set[str] = set()
        self.chosen = 0
        self.new_hand()

    # -- what the seats have seen in the hand being played ------------------------------------------

    def hand_start(self) -> int:
        return max((i for i, record in enumerate(self.game.log) if record.kind == "hand_dealt"), default=0)

    def new_hand(self) -> None:
        self.start = self.hand_start()
        self.held: list[set[str]] = [set() for _ in range(self.seats)]
        self.public: set[str] = set()
        self.watch_public(self.start)

    def private_cards(self) -> dict[str, set[str]]:
        """The cards of each private place (a seat's hand, its face-down cards; the stock)."""
        return {key: set(jsonable(list(cards))) for key, cards in self.places().items()
                if key == "stock" or (key.split()[-1].isdigit() and not key.startswith(("meld", "played")))}

    def watch_public(self, start: int) -> None:
        """Learn what the public log shows from record ``start`` on; a card it shows for the first
        time must lie face up (it is a leak while it lies in a private place)."""
        if self.kind.is_over(self.game):
            return
        private = set().union(*self.private_cards().values())
        for record in self.kind.redacted_log(self.game, None, start=start):
            shown = set(strings(record))
            leaked = shown & private - self.public
            assert not leaked, f"the public log shows {sorted(leaked)} in {record}"
            self.public |= shown

    def places(self) -> dict[str, tuple[Any, ...]]:
        places = getattr(self.game, "card_places", None)
        return places() if places is not None else {}

    def note_holdings(self) -> None:
        for seat in range(self.seats):
            for key, cards in self.places().items():
                if key.split()[-1] == str(seat):
                    self.held[seat] |= set(jsonable(list(cards)))

    # -- the invariants ------------------------------------------------------------------------------

    def check_cards_conserved(self) -> None:
        places = self.places()
        if not places:
            return
        dealt = self.game.log[self.start]
        held = [card for cards in places.values() for card in cards]
        assert Counter(held) == Counter(dealt.deck), "a card is lost, doubled or made up"

    def check_replay(self) -> None:
        assert self.kind.replay(self.game.config, self.game.log) == self.game

    def check_views(self) -> None:
        kind, game = self.kind, self.game
        public = kind.public_view(game)
        if kind.is_over(game):  # a game that is over shows everything
            assert all(kind.seat_view(game, seat)["legal_actions"] == [] for seat in range(self.seats))
            return
        private = self.private_cards()
        for seat in range(self.seats):
            view = kind.seat_view(game, seat)
            assert {key: view[key] for key in public} == public, "a seat view differs from the public one"
            others = {card for key, cards in private.items() if key.split()[-1] != str(seat)
                      for card in cards}
            hidden = others - self.public - self.held[seat]
            own_part = {key: value for key, value in view.items() if key not in public}
            log = kind.redacted_log(game, seat, start=self.start)
            leaked = hidden & (set(strings(own_part)) | set(strings(log)))
            assert not leaked, f"seat {seat} is shown {sorted(leaked)[:5]}"

    def check_legal_actions(self, every: bool) -> dict[int, list[LegalAction]]:
        kind, game = self.kind, self.game
        found = {}
        awaited = kind.awaited(game)
        for seat in range(self.seats):
            legal = kind.legal_actions(game, seat)
            assert bool(legal) == (seat in awaited), (seat, awaited, legal)
            listed = kind.seat_view(game, seat)["legal_actions"]
            assert listed == [action.to_dict() for action in legal]
            for action in legal if every else legal[:3]:
                self.listed.add(action.body["type"])
                record = kind.action_from_request(seat, action.body)
                assert record == action.action and kind.can(game, record), action.body
            found[seat] = legal
        return found

    # -- a step --------------------------------------------------------------------------------------

    def accepted(self, seat: int, body: dict[str, Any]) -> bool:
        try:
            return self.kind.can(self.game, self.kind.action_from_request(seat, body))
        except RulesError:
            return False

    def body(self, seat: int, legal: LegalAction) -> dict[str, Any]:
        """The body to send: the listed one, or (for a listed-once action, most of the time) a
        choice made at random: groups of the hand's cards added one by one while the game
        accepts the body (a choice that must be made whole, such as a drop, is the listed one)."""
        if legal.choice is None or self.rng.random() < 0.2:
            return legal.body
        hand = self.kind.seat_view(self.game, seat)["hand"]
        most = sum(group.most for group in legal.choice.groups)
        chosen: list[list[str]] = []
        for group, _ in zip(groups_of(legal, hand, self.rng), range(40), strict=False):
            if len(chosen) == most:
                break
            used = {card for cards in chosen for card in cards}
            body = legal.body | {legal.choice.field: [*chosen, group]}
            if not used & set(group) and self.accepted(seat, body):
                chosen.append(group)
        if chosen:
            self.chosen += 1
            return legal.body | {legal.choice.field: chosen}
        return legal.body

    def step(self) -> None:
        every = self.steps % 5 == 0
        legal = self.check_legal_actions(every)
        seat = self.rng.choice(self.kind.awaited(self.game))
        kind = self.rng.choice(sorted({action.body["type"] for action in legal[seat]}))
        body = self.body(seat, self.rng.choice([a for a in legal[seat] if a.body["type"] == kind]))
        hand_before, length = self.hand_start(), len(self.game.log)
        self.kind.apply(self.game, self.kind.as_meant(self.game, self.kind.action_from_request(seat, body)))
        self.steps += 1
        if self.hand_start() != hand_before:
            self.new_hand()
        else:
            self.watch_public(length)
        self.note_holdings()
        self.check_cards_conserved()
        if len(self.game.log) < 120 or self.steps % 10 == 0 or self.kind.is_over(self.game):
            self.check_replay()
        self.check_views()

    def play(self, steps: int | None = STEPS) -> None:
        self.note_holdings()
        self.check_cards_conserved()
        self.check_views()
        while not self.kind.is_over(self.game) and (steps is None or self.steps < steps):
            assert self.steps < 20_000, "the game does not end"
            self.step()
        self.check_legal_actions(every=True)
        self.check_replay()


@pytest.mark.parametrize("name", game_names())
def test_random_games_through_the_protocol_keep_the_invariants(name: str) -> None:
    kind = game_kind(name)
    listed: set[str] = set()
    for seed in range(GAMES):
        walk = Walk(kind, seed)
        walk.play()
        listed |= walk.listed
    assert {action.kind for action in kind.actions} & listed, "no action was ever listed"


@pytest.mark.parametrize("name", game_names())
def test_every_awaited_seat_has_a_legal_action_from_the_first_state(name: str) -> None:
    kind = game_kind(name)
    walk = Walk(kind, 99)
    legal = walk.check_legal_actions(every=True)
    assert all(legal[seat] for seat in kind.awaited(walk.game))
