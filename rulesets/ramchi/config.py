"""The configuration of a Ramchi game: hands, first dealer, seed, decks and options.

Everything random is drawn once at creation and recorded, so the game can be
replayed exactly: the seed (if none is given), the first dealer (from the
seed, if none is given) and the deck of every hand without an explicit deck
(shuffled from the seed and the hand number).

>>> config = GameConfig.create(hands=2, seed=7, dealer=1)
>>> config.deck_for(1) == config.deck_for(1), config.deck_for(1) == config.deck_for(2)
(True, False)
>>> GameConfig.from_dict(config.to_dict()) == config
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulesets.cards import Card, parse_cards
from rulesets.errors import RulesError
from rulesets.ramchi.deal import shuffled_deck, validate_deck
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import SEATS
from rulesets.ruleset import load_ruleset

__all__ = ["MAX_HANDS", "ConfigError", "GameConfig", "hand_seed"]

MAX_HANDS = 1000


class ConfigError(RulesError):
    """A game configuration that cannot be used; lists every problem."""

    code = "invalid_game_config"

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def hand_seed(seed: int, hand: int) -> int:
    """Return the shuffle seed of hand ``hand`` of a game with seed ``seed`` (stable everywhere).

    >>> hand_seed(1, 1) == hand_seed(1, 1) != hand_seed(1, 2)
    True
    """
    digest = hashlib.sha256(f"ramchi/{seed}/{hand}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _first_dealer(seed: int) -> int:
    """Draw the first dealer from the seed: "First dealer: random"."""
    return random.Random(hand_seed(seed, 0)).randrange(SEATS)


@dataclass(frozen=True, slots=True)
class GameConfig:
    """A fully resolved game configuration (nothing left to chance)."""

    hands: int
    dealer: int
    seed: int
    decks: tuple[tuple[Card, ...], ...] = ()
    options: RamchiOptions = dataclasses.field(default_factory=RamchiOptions)
    ruleset: str = "ramchi"

    @classmethod
    def create(
        cls,
        hands: int = 1,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        deck: Sequence[Card] | None = None,
        decks: Sequence[Sequence[Card]] | None = None,
        options: RamchiOptions | None = None,
        ruleset: str = "ramchi",
    ) -> GameConfig:
        """Resolve and check a configuration; ``deck`` is hand 1's deck, ``decks`` one per hand.

        >>> GameConfig.create(hands=0, dealer=3, seed=1)
        Traceback (most recent call last):
        ...
        rulesets.ramchi.config.ConfigError: hands must be 1 to 1000, got 0; dealer must be a seat 0-2, got 3
        """
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        if dealer is None:
            dealer = _first_dealer(seed)
        given = [deck] if deck is not None else list(decks or [])
        config = cls(
            hands=hands,
            dealer=dealer,
            seed=seed,
            decks=tuple(tuple(d) for d in given),
            options=options if options is not None else load_ruleset(ruleset).options,
            ruleset=ruleset,
        )
        config.check()
        return config

    def problems(self) -> list[str]:
        """List every problem with this configuration (empty: usable)."""
        problems: list[str] = []
        if type(self.hands) is not int or not 1 <= self.hands <= MAX_HANDS:
            problems.append(f"hands must be 1 to {MAX_HANDS}, got {self.hands!r}")
        if type(self.dealer) is not int or self.dealer not in range(SEATS):
            problems.append(f"dealer must be a seat 0-{SEATS - 1}, got {self.dealer!r}")
        if type(self.seed) is not int:
            problems.append(f"seed must be an integer, got {self.seed!r}")
        if type(self.hands) is int and len(self.decks) > self.hands:
            problems.append(f"{len(self.decks)} decks given for {self.hands} hand(s)")
        for number, deck in enumerate(self.decks, start=1):
            try:
                validate_deck(deck)
            except (RulesError, ValueError) as err:
                problems.append(f"deck of hand {number}: {err}")
        return problems

    def check(self) -> None:
        """Raise :class:`ConfigError` listing every problem, if there is any."""
        problems = self.problems()
        if problems:
            raise ConfigError(problems)

    def deck_for(self, hand: int) -> tuple[Card, ...]:
        """Return the deck order of hand ``hand`` (from 1): explicit, or shuffled from the seed."""
        if hand <= len(self.decks):
            return self.decks[hand - 1]
        return shuffled_deck(hand_seed(self.seed, hand))

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready form: ``hands dealer seed decks ruleset options``."""
        return {
            "hands": self.hands,
            "dealer": self.dealer,
            "seed": self.seed,
            "decks": [[card.code for card in deck] for deck in self.decks],
            "ruleset": self.ruleset,
            "options": dataclasses.asdict(self.options),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameConfig:
        """Read a configuration; ``deck`` (one) or ``decks`` (a list) may be given, cards as codes.

        Missing ``seed`` or ``dealer`` are drawn as in :meth:`create`; ``options``
        overrides the named ruleset's options.

        >>> GameConfig.from_dict({"hands": 1, "seed": 3, "deck": ["As"]})
        Traceback (most recent call last):
        ...
        rulesets.ramchi.config.ConfigError: deck of hand 1: the deck: expected 52 cards, got 1
        """
        unknown = sorted(set(data) - {"hands", "dealer", "seed", "deck", "decks", "ruleset",
                                      "options"})
        if unknown:
            raise ConfigError([f"unknown field(s) {', '.join(unknown)}"])
        ruleset = load_ruleset(str(data.get("ruleset", "ramchi")))
        if ruleset.game != "ramchi":
            raise ConfigError([f"ruleset {ruleset.name!r} is for {ruleset.game}, not ramchi"])
        options = ruleset.with_options(data.get("options") or {}).options
        decks = [data["deck"]] if data.get("deck") is not None else list(data.get("decks") or [])
        return cls.create(
            hands=data.get("hands", 1),
            seed=data.get("seed"),
            dealer=data.get("dealer"),
            decks=[parse_cards(deck, what=f"the deck of hand {i}")
                   for i, deck in enumerate(decks, start=1)],
            options=options,
            ruleset=ruleset.name,
        )
