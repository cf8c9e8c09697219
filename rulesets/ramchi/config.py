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
from rulesets.errors import InvalidInputError, RulesError, RulesetError, echo, name_list
from rulesets.ramchi.deal import shuffled_deck, validate_deck
from rulesets.ramchi.options import RamchiOptions
from rulesets.ramchi.scoring import SEATS
from rulesets.ruleset import load_ruleset
from rulesets.seeds import MAX_SEED, draw_seed

__all__ = ["FIELDS", "MAX_HANDS", "MAX_SEED", "ConfigError", "GameConfig", "hand_seed"]

MAX_HANDS = 1000
"""The most hands a game may have."""


FIELDS = ("hands", "dealer", "seed", "deck", "decks", "ruleset", "options")
"""The fields of a configuration as a dict (:meth:`GameConfig.from_dict`)."""

_SHOWN_DECK_PROBLEMS = 10


class ConfigError(InvalidInputError):
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


def _number_problems(hands: Any, dealer: Any, seed: Any) -> list[str]:
    """The rules on the numbers of a game: hands 1-1000, a dealer seat 0-2, a seed 0 to 2**63-1.

    ``None`` (drawn at random) is allowed for ``dealer`` and ``seed`` only; a
    boolean is not a number.

    >>> _number_problems(1, None, -1)
    ['seed must be a whole number from 0 to 2**63-1, got -1']
    """
    problems: list[str] = []
    if type(hands) is not int or not 1 <= hands <= MAX_HANDS:
        problems.append(f"hands must be 1 to {MAX_HANDS}, got {echo(hands)}")
    if dealer is not None and (type(dealer) is not int or dealer not in range(SEATS)):
        problems.append(f"dealer must be a seat 0-{SEATS - 1}, got {echo(dealer)}")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        problems.append(f"seed must be a whole number from 0 to 2**63-1, got {echo(seed)}")
    return problems


def _deck_count_problem(decks: int, hands: Any) -> str | None:
    """At most one deck per hand (counted before any card is read)."""
    limit = hands if type(hands) is int and 1 <= hands <= MAX_HANDS else MAX_HANDS
    if decks > limit:
        return f"{decks} decks given for {echo(hands)} hand(s); give at most one deck per hand"
    return None


_BOTH_DECKS = "give deck (hand 1's deck) or decks (one per hand), not both"


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
    drawn: frozenset[str] = dataclasses.field(default=frozenset(), compare=False)
    """What :meth:`create` drew at random because it was not given (``seed``, ``dealer``)."""

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
        if deck is not None and decks is not None:
            raise ConfigError([_BOTH_DECKS])
        drawn = frozenset(name for name, value in (("seed", seed), ("dealer", dealer)) if value is None)
        if seed is None:
            seed = draw_seed()
        if dealer is None:
            dealer = _first_dealer(seed) if type(seed) is int else 0
        given = [deck] if deck is not None else list(decks or [])
        config = cls(
            hands=hands,
            dealer=dealer,
            seed=seed,
            decks=tuple(tuple(d) for d in given),
            options=options if options is not None else load_ruleset(ruleset).options,
            ruleset=ruleset,
            drawn=drawn,
        )
        config.check()
        return config

    def unfixed_deal(self) -> str | None:
        """Why the deal of this configuration is left to chance (``None``: it is fixed).

        A log can only be judged (or replayed) against the cards it was played with: the
        seed given, or a deck for every hand and the first dealer. A configuration that
        gives neither was dealt at random when it was read.

        >>> GameConfig.create(hands=1, seed=5).unfixed_deal() is None
        True
        >>> print(GameConfig.create(hands=2, dealer=0, decks=[shuffled_deck(1)]).unfixed_deal())
        the configuration fixes no deal: give seed (the seed the game was played with), or decks \
(a deck for each of the 2 hands) and dealer
        """
        if "seed" not in self.drawn or (len(self.decks) == self.hands and "dealer" not in self.drawn):
            return None
        return (f"the configuration fixes no deal: give seed (the seed the game was played with), "
                f"or {'deck' if self.hands == 1 else 'decks'} (a deck for "
                f"{'the hand' if self.hands == 1 else f'each of the {self.hands} hands'}) and dealer")

    def problems(self) -> list[str]:
        """List every problem with this configuration (empty: usable).

        These are the rules of a configuration, wherever it comes from: hands
        1 to 1000, a dealer seat 0-2, a seed from 0 to 2**63-1, at most one
        deck per hand (counted before the cards are checked), each deck the 52
        cards of one deck, Ramchi options and a ruleset name.

        >>> GameConfig(hands=2, dealer=0, seed=2**63, decks=((),) * 3).problems()
        ['seed must be a whole number from 0 to 2**63-1, got 9223372036854775808', \
'3 decks given for 2 hand(s); give at most one deck per hand']
        """
        problems = _number_problems(self.hands, self.dealer, self.seed)
        if self.dealer is None or self.seed is None:
            problems.append("dealer and seed must be resolved (use GameConfig.create)")
        if not isinstance(self.ruleset, str):
            problems.append(f"ruleset must be text naming a ruleset, got {echo(self.ruleset)}")
        if not isinstance(self.options, RamchiOptions):
            problems.append(f"options must be Ramchi options, got {echo(self.options)}")
        too_many = _deck_count_problem(len(self.decks), self.hands)
        if too_many is not None:
            return [*problems, too_many]
        for number, deck in enumerate(self.decks, start=1):
            if not all(isinstance(card, Card) for card in deck):
                problems.append(f"deck of hand {number}: every card must be a Card")
                continue
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

        Missing (or null) ``seed`` or ``dealer`` are drawn as in :meth:`create`;
        ``options`` overrides the named ruleset's options. Everything is checked
        before a card is read, and every problem is listed at once in a
        :class:`ConfigError`; bad option values alone raise
        :class:`~rulesets.errors.RulesetError` and an unknown ruleset
        :class:`~rulesets.errors.UnknownRulesetError`, as for a ruleset file.

        >>> GameConfig.from_dict({"hands": 1, "seed": 3, "deck": ["As"]})
        Traceback (most recent call last):
        ...
        rulesets.ramchi.config.ConfigError: deck of hand 1: the deck: expected 52 cards, got 1
        >>> GameConfig.from_dict({"hands": "2", "seed": -1, "deck": [], "decks": []})
        Traceback (most recent call last):
        ...
        rulesets.ramchi.config.ConfigError: hands must be 1 to 1000, got '2'; seed must be a whole \
number from 0 to 2**63-1, got -1; give deck (hand 1's deck) or decks (one per hand), not both
        """
        if not isinstance(data, Mapping):
            raise ConfigError([f"the configuration must be an object with {', '.join(FIELDS)}; "
                               f"got {echo(data)}"])
        hands = data.get("hands", 1)
        problems: list[str] = []
        unknown = [key for key in data if key not in FIELDS]
        if unknown:
            problems.append(f"unknown field(s) {name_list(unknown)} (known: {', '.join(FIELDS)})")
        problems += _number_problems(hands, data.get("dealer"), data.get("seed"))
        given, deck_problems = _read_decks(data.get("deck"), data.get("decks"), hands)
        problems += deck_problems
        ruleset_name = data.get("ruleset", "ramchi")
        overrides = data.get("options", {})
        if not isinstance(overrides, Mapping):
            problems.append('options must be an object of option names and values, e.g. '
                            f'{{"tie_goes_to": "last"}}; got {echo(overrides)}')
        refusal: RulesError | None = None
        options: RamchiOptions | None = None
        if not isinstance(ruleset_name, str):
            problems.append(f'ruleset must be text naming a ruleset, e.g. "ramchi"; got {echo(ruleset_name)}')
        else:
            try:
                ruleset = load_ruleset(ruleset_name)
                if (wrong_game := ruleset.game_problem("ramchi")) is not None:
                    problems.append(wrong_game)
                elif isinstance(overrides, Mapping):
                    options = ruleset.with_options(overrides).options
            except RulesetError as err:
                refusal = err
        if problems:
            raise ConfigError(problems + ([refusal.message] if refusal is not None else []))
        if refusal is not None:
            raise refusal
        return cls.create(
            hands=hands,
            seed=data.get("seed"),
            dealer=data.get("dealer"),
            decks=given,
            options=options,
            ruleset=ruleset_name,
        )


def _read_decks(deck: Any, decks: Any, hands: Any) -> tuple[list[tuple[Card, ...]], list[str]]:
    """Read ``deck`` or ``decks`` from a dict: shapes and counts first, then the cards.

    Returns the decks read and every problem found (then the decks are not all read).

    >>> _read_decks(None, [[]] * 5, 2)[1]
    ['5 decks given for 2 hand(s); give at most one deck per hand']
    """
    if deck is not None and decks is not None:
        return [], [_BOTH_DECKS]
    if deck is not None:
        given: Any = [deck]
    elif decks is None:
        return [], []
    elif not isinstance(decks, list | tuple):
        return [], [f"decks must be a list of decks, one per hand from hand 1, each a list of 52 "
                    f"card codes; got {echo(decks)}"]
    else:
        given = decks
    too_many = _deck_count_problem(len(given), hands)
    if too_many is not None:
        return [], [too_many]
    read: list[tuple[Card, ...]] = []
    problems: list[str] = []
    for number, cards in enumerate(given, start=1):
        if not isinstance(cards, list | tuple):
            problems.append(f'deck of hand {number}: a deck is a list of 52 card codes such as '
                            f'["As", "Kd", …]; got {echo(cards)}')
            continue
        try:
            read.append(parse_cards(cards, count=52, what="the deck"))
        except RulesError as err:
            problems.append(f"deck of hand {number}: {err.message}")
    if len(problems) > _SHOWN_DECK_PROBLEMS:
        more = len(problems) - _SHOWN_DECK_PROBLEMS
        problems = [*problems[:_SHOWN_DECK_PROBLEMS], f"and {more} more decks with problems"]
    return read, problems
