"""Finished logs of both games played by bots, every field of a record tampered in turn, and the
check that no verdict string reads as Python (for ``test_tampered_logs.py``).

:func:`tampered` yields, for one posted record (a dict, as ``GET /v1/games/{id}/log`` shows it),
each field changed to another value of its kind (nested plays field by field), named by its
path (``winner``, ``plays[0].cards``), as :func:`rulesets.differences.record_differences`
names it.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator
from typing import Any

from rulesets.game import game_kind
from rulesets.ramchi.records import Exchange, Keep
from rulesets.seating import ReplaceByBot
from solver.bots import decide, play_bots
from solver.continental.random_player import actions_by_kind, random_action

REPR = re.compile(r"\b[A-Z][a-z]{2,}\w*\(|\(\w+=|Card\('|\b[A-Z][a-z]+\w*\.[A-Z_]{2,}\b|<\w+")
"""What a Python ``repr`` looks like in text: ``RoundPlayed(``, ``Card('``, ``(seat=``,
``DrawSource.STOCK``, ``<Suit…``."""

SEAT_FIELDS = frozenset({"seat", "leader", "winner", "dealer", "next_dealer", "player"})
CARD_FIELDS = frozenset({"card", "penalty"})
CHOICES = {"source": ("stock", "discard"), "end": ("low", "high"), "to_end": ("low", "high")}
OTHER_CODES = ("2c", "Kh", "7d", "As", "9s")

Posted = tuple[dict[str, Any], tuple[dict[str, Any], ...]]
"""A game's configuration and its log, as ``GET /v1/games/{id}/log`` shows them once it is over."""


def strings(value: Any) -> Iterator[str]:
    """Every string anywhere in a JSON value (keys too)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


def reprs_in(verdict: dict[str, Any]) -> list[str]:
    """The verdict's strings that read as a Python ``repr`` (none, in a verdict in words)."""
    return [text for text in strings(verdict) if REPR.search(text)]


def _other_card(code: str) -> str:
    return next(other for other in OTHER_CODES if other != code.split("#")[0])


def _changed(key: str, value: Any, seats: int) -> Iterator[Any]:
    """Other values of the field ``key`` holding ``value``."""
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, int):
        yield (value + 1) % seats if key in SEAT_FIELDS else value + 1
    elif key in CHOICES:
        yield next(choice for choice in CHOICES[key] if choice != value)
    elif value is None and key in CARD_FIELDS:
        yield "Kh"
    elif isinstance(value, str) and key in CARD_FIELDS:
        yield _other_card(value)
    elif isinstance(value, str):
        yield f"{value} (changed)"
    elif isinstance(value, list) and value and all(isinstance(item, int) for item in value):
        yield [value[0] + 1, *value[1:]] if key != "winners" else [(value[0] + 1) % seats]
    elif isinstance(value, list) and value and all(isinstance(item, str) for item in value):
        differs = next((i for i in range(1, len(value)) if value[i] != value[0]), None)
        if differs is not None:
            swapped = list(value)
            swapped[0], swapped[differs] = swapped[differs], swapped[0]
            yield swapped
        else:
            yield [_other_card(value[0]), *value[1:]]
    elif isinstance(value, list) and value and all(isinstance(item, list) for item in value):
        if len(value[0]) == 2 and isinstance(value[0][0], int):  # the draws for the first dealer
            yield [[value[0][0], _other_card(value[0][1])], *value[1:]]
        elif len(value) >= 2 and value[0] and value[1]:
            groups = [list(group) for group in value]
            groups[0][0], groups[1][0] = groups[1][0], groups[0][0]
            yield groups
        else:
            yield value[:-1]
    elif isinstance(value, list) and not value:
        yield [["Kh", "Kd", "Kc"]]


def tampered(item: dict[str, Any], seats: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every single-field change of the posted record ``item``: (the field's path, the record)."""
    for key, value in item.items():
        if key == "kind":
            continue
        if isinstance(value, list) and value and all(isinstance(play, dict) for play in value):
            for inner, play in tampered(value[0], seats):
                yield f"{key}[0].{inner}", item | {key: [play, *value[1:]]}
            continue
        for other in _changed(key, value, seats):
            if other != value:
                yield key, item | {key: other}


@functools.cache
def ramchi_log(seed: int, hands: int = 2) -> Posted:
    """A finished Ramchi game of greedy bots, each 2♦ holder exchanging or keeping at random, the
    exchange off for every third seed, seat 0 handing seat 2 to a bot after the first action:
    its configuration and its log as a finished game's log shows it."""
    rng = random.Random(seed)
    kind = game_kind("ramchi")
    config = kind.config_from_dict({"hands": hands, "seed": seed, "dealer": seed % 3,
                                    "options": {"exchange": seed % 3 != 2}})
    game = kind.new_game(config)
    while not game.is_over:
        if sum(record.is_action for record in game.log) == 1:
            kind.apply(game, ReplaceByBot(0, 2, "greedy"))
        seat = game.awaited()[0]
        if game.phase.value == "exchange":
            action = rng.choice([Exchange(seat), Keep(seat)])
        else:
            action = decide(kind, game, seat, "greedy", seed, len(game.log))
        kind.apply(game, action)
    return config.to_dict(), tuple(kind.redacted_log(game, None))


JOKER_PLAYS = 2
"""The joker swaps and moves a test player makes in a game at most (they could go on forever)."""


def _continental_action(game: Any, rng: random.Random, jokers_played: int) -> Any:
    """A legal action: a joker swap or move while fewer than :data:`JOKER_PLAYS` were made, else
    a random player's."""
    seat = rng.choice(game.awaited())
    found = actions_by_kind(game, seat, rng, drops=False) if jokers_played < JOKER_PLAYS else {}
    for kind in ("swap_joker", "move_joker"):
        if kind in found:
            return rng.choice(found[kind])
    return random_action(game, seat, rng, 0.8)


@functools.cache
def continental_log(seed: int, players: int = 2, hands: int = 1) -> Posted:
    """A finished Continental game of random players who swap and move jokers whenever they may,
    the first dealer drawn, seat 0 handing seat 1 to a bot after the first action: its
    configuration and its log as a finished game's log shows it (stock draws with their card)."""
    rng = random.Random(seed)
    kind = game_kind("continental")
    config = kind.config_from_dict({"players": players, "hands": hands, "seed": seed})
    game = kind.new_game(config)
    jokers_played = 0
    while not game.is_over:
        if sum(record.is_action for record in game.log) == 1:
            kind.apply(game, ReplaceByBot(0, 1, "random"))
        action = _continental_action(game, rng, jokers_played)
        jokers_played += action.kind in ("swap_joker", "move_joker")
        kind.apply(game, action)
    return config.to_dict(), tuple(kind.redacted_log(game, None))


@functools.cache
def random_bots_log(seed: int, players: int = 2, hands: int = 1) -> Posted:
    """A finished Continental game of the ``random`` bots (long games: their stock often runs
    out and is reshuffled): its configuration and its log as a finished game's log shows it."""
    kind = game_kind("continental")
    config = kind.config_from_dict({"players": players, "hands": hands, "seed": seed})
    game = kind.new_game(config)
    play_bots(kind, game, ["random"] * players)
    return config.to_dict(), tuple(kind.redacted_log(game, None))


def without_shown_card(item: dict[str, Any]) -> dict[str, Any]:
    """A posted record without the card a stock draw shows (which is no part of the record)."""
    return {k: v for k, v in item.items() if k != "card" or item["kind"] != "draw"}


def kinds_in(log: tuple[dict[str, Any], ...]) -> set[str]:
    return {item["kind"] for item in log}


__all__ = ["continental_log", "kinds_in", "ramchi_log", "random_bots_log", "reprs_in",
           "tampered", "without_shown_card"]
