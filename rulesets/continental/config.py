"""The configuration of a Continental game: players, hands, first dealer, seed, decks, options.

Everything random comes from the seed and is reproducible: the deck of every
hand without an explicit deck (shuffled from the seed and the hand number),
the first dealer when none is given (:func:`draw_for_dealer`, recorded in the
log as a ``dealer_drawn`` event), and the reshuffles of the discard pile.

>>> config = GameConfig.create(players=3, hands=2, seed=7, dealer=1)
>>> config.deck_for(1) == config.deck_for(1), config.deck_for(1) == config.deck_for(2)
(True, False)
>>> len(config.deck_for(1))
106
>>> GameConfig.from_dict(config.to_dict()) == config
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulesets.cards import Card, Rank, card_named, parse_cards
from rulesets.continental.contracts import HANDS
from rulesets.continental.deck import Deck
from rulesets.continental.options import ContinentalOptions
from rulesets.errors import InvalidInputError, RulesError, RulesetError, echo, name_list
from rulesets.ruleset import load_ruleset
from rulesets.seeds import MAX_SEED, draw_seed

__all__ = [
    "FIELDS",
    "MAX_SEED",
    "ConfigError",
    "GameConfig",
    "deck_problem",
    "draw_for_dealer",
    "hand_seed",
    "reshuffle_seed",
    "shuffled_deck",
]


FIELDS = ("players", "hands", "dealer", "seed", "deck", "decks", "ruleset", "options")
"""The fields of a configuration as a dict (:meth:`GameConfig.from_dict`)."""

_SHOWN_DECK_PROBLEMS = 10
_BOTH_DECKS = "give deck (hand 1's deck) or decks (one per hand), not both"


class ConfigError(InvalidInputError):
    """A game configuration that cannot be used; lists every problem."""

    code = "invalid_game_config"

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def hand_seed(seed: int, hand: int) -> int:
    """The shuffle seed of hand ``hand`` (hand 0: the draw for the first dealer).

    >>> hand_seed(1, 1) == hand_seed(1, 1) != hand_seed(1, 2)
    True
    """
    return _digest(f"continental/{seed}/{hand}")


def reshuffle_seed(seed: int, hand: int, number: int) -> int:
    """The shuffle seed of the ``number``-th reshuffle of the discard pile in hand ``hand``.

    >>> reshuffle_seed(1, 1, 1) != reshuffle_seed(1, 1, 2)
    True
    """
    return _digest(f"continental/{seed}/{hand}/reshuffle/{number}")


def shuffled_deck(seed: int, deck: Deck) -> tuple[Card, ...]:
    """Every card of ``deck`` in an order shuffled reproducibly from ``seed``.

    >>> shuffled_deck(3, Deck()) == shuffled_deck(3, Deck()) != shuffled_deck(4, Deck())
    True
    """
    cards = deck.cards()
    random.Random(seed).shuffle(cards)
    return tuple(cards)


def _low_value(card: Card) -> int:
    """A card's value in the draw for the dealer: ace low (1), then 2 .. king."""
    assert card.rank is not None
    return 1 if card.rank is Rank.ACE else int(card.rank)


def draw_for_dealer(seed: int, players: int) -> tuple[int, tuple[tuple[int, Card], ...]]:
    """Draw the first dealer: "each player draws a card, lowest deals (ace low for this draw)".

    The cards come off a deck shuffled from the seed (jokers are set aside);
    the players draw in seat order, and players tied for the lowest card draw
    again, until one is lowest. Returns the dealer and every ``(seat, card)``.

    >>> dealer, draws = draw_for_dealer(5, 4)
    >>> dealer in range(4), [seat for seat, _ in draws[:4]]
    (True, [0, 1, 2, 3])
    """
    cards = iter(card for card in shuffled_deck(hand_seed(seed, 0), Deck.for_players(players))
                 if not card.is_joker)
    draws: list[tuple[int, Card]] = []
    contenders = list(range(players))
    while True:
        drawn = [(seat, next(cards)) for seat in contenders]
        draws += drawn
        low = min(_low_value(card) for _, card in drawn)
        contenders = [seat for seat, card in drawn if _low_value(card) == low]
        if len(contenders) == 1:
            return contenders[0], tuple(draws)


def _number_problems(players: Any, hands: Any, dealer: Any, seed: Any, most: int) -> list[str]:
    """The numbers of a game: players 2 to ``most``, hands 1-7, a dealer seat, a seed."""
    problems: list[str] = []
    if type(players) is not int or not 2 <= players <= most:
        problems.append(f"players must be 2 to {most} (the max_players option), got {echo(players)}")
    if type(hands) is not int or not 1 <= hands <= HANDS:
        problems.append(f"hands must be 1 to {HANDS}, got {echo(hands)}")
    if dealer is not None:
        seats = players if type(players) is int and 2 <= players <= most else most
        if type(dealer) is not int or dealer not in range(seats):
            problems.append(f"dealer must be a seat 0-{seats - 1} (or null: drawn), got {echo(dealer)}")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        problems.append(f"seed must be a whole number from 0 to 2**63-1, got {echo(seed)}")
    return problems


def _order(card: Card) -> tuple[int, int, int]:
    """Deck order for messages: naturals by rank and suit, jokers last, then the copy."""
    if card.rank is None or card.suit is None:
        return (99, 0, card.copy)
    return (int(card.rank), int(card.suit), card.copy)


def deck_problem(cards: Sequence[Card], deck: Deck) -> str | None:
    """Why ``cards`` are not every card of ``deck`` exactly once (None: they are).

    >>> deck_problem(Deck().cards()[:-1], Deck())
    'expected 106 cards, got 105; missing Joker'
    >>> deck_problem([*Deck().cards()[1:-1], Card(None, None, 3), Card(None, None, 2)], Deck())
    'missing 2♣; not in the decks (or given twice) Joker'
    """
    problems = []
    if len(cards) != deck.size:
        problems.append(f"expected {deck.size} cards, got {len(cards)}")
    want, got = Counter(deck.cards()), Counter(cards)
    missing = sorted((want - got).elements(), key=_order)
    extra = sorted((got - want).elements(), key=_order)
    if missing:
        problems.append("missing " + " ".join(card_named(card) for card in missing[:10])
                        + (" …" if len(missing) > 10 else ""))
    if extra:
        problems.append("not in the decks (or given twice) "
                        + " ".join(card_named(card) for card in extra[:10])
                        + (" …" if len(extra) > 10 else ""))
    return "; ".join(problems) or None


@dataclass(frozen=True, slots=True)
class GameConfig:
    """A resolved configuration: ``dealer`` None means the first dealer is drawn (see the log)."""

    players: int
    hands: int
    dealer: int | None
    seed: int
    decks: tuple[tuple[Card, ...], ...] = ()
    options: ContinentalOptions = dataclasses.field(default_factory=ContinentalOptions)
    ruleset: str = "continental"
    seed_drawn: bool = dataclasses.field(default=False, compare=False)
    """Whether :meth:`create` drew the seed at random (none was given)."""

    @classmethod
    def create(
        cls,
        players: int,
        hands: int = HANDS,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        deck: Sequence[Card] | None = None,
        decks: Sequence[Sequence[Card]] | None = None,
        options: ContinentalOptions | None = None,
        ruleset: str = "continental",
    ) -> GameConfig:
        """Resolve and check a configuration; ``deck`` is hand 1's deck, ``decks`` one per hand.

        >>> GameConfig.create(players=7, hands=8, dealer=9, seed=1)
        Traceback (most recent call last):
        ...
        rulesets.continental.config.ConfigError: players must be 2 to 6 (the max_players option), \
got 7; hands must be 1 to 7, got 8; dealer must be a seat 0-5 (or null: drawn), got 9
        """
        if deck is not None and decks is not None:
            raise ConfigError([_BOTH_DECKS])
        seed_drawn = seed is None
        if seed is None:
            seed = draw_seed()
        given = [deck] if deck is not None else list(decks or [])
        config = cls(players=players, hands=hands, dealer=dealer, seed=seed,
                     decks=tuple(tuple(d) for d in given),
                     options=options if options is not None else load_ruleset(ruleset).options,
                     ruleset=ruleset, seed_drawn=seed_drawn)
        config.check()
        return config

    def unfixed_deal(self) -> str | None:
        """Why the cards of this configuration are left to chance (``None``: they are fixed).

        A log can only be judged (or replayed) against the cards it was played with. The seed
        decides more than the decks (the draw for the first dealer and every reshuffle of the
        discard pile), so a Continental log needs the seed it was played with.

        >>> GameConfig.create(players=2, hands=1, seed=5).unfixed_deal() is None
        True
        >>> print(GameConfig.create(players=2, hands=1, dealer=0).unfixed_deal())
        the configuration fixes no deal: give seed (the seed the game was played with: it \
shuffles the decks not given, draws the first dealer and reshuffles the discard pile)
        """
        if not self.seed_drawn:
            return None
        return ("the configuration fixes no deal: give seed (the seed the game was played with: it "
                "shuffles the decks not given, draws the first dealer and reshuffles the discard pile)")

    @property
    def deck(self) -> Deck:
        """The decks and jokers in play, by the number of players seated."""
        return Deck.for_players(self.players)

    def problems(self) -> list[str]:
        """List every problem with this configuration (empty: usable).

        >>> GameConfig(players=2, hands=1, dealer=0, seed=-1, decks=((),) * 2).problems()
        ['seed must be a whole number from 0 to 2**63-1, got -1', \
'2 decks given for 1 hand(s); give at most one deck per hand']
        """
        if not isinstance(self.options, ContinentalOptions):
            return [f"options must be Continental options, got {echo(self.options)}"]
        problems = _number_problems(self.players, self.hands, self.dealer, self.seed,
                                    self.options.max_players)
        if not isinstance(self.ruleset, str):
            problems.append(f"ruleset must be text naming a ruleset, got {echo(self.ruleset)}")
        limit = self.hands if type(self.hands) is int and 1 <= self.hands <= HANDS else HANDS
        if len(self.decks) > limit:
            return [*problems, f"{len(self.decks)} decks given for {echo(self.hands)} hand(s); "
                               "give at most one deck per hand"]
        if problems:
            return problems
        for number, deck in enumerate(self.decks, start=1):
            if not all(isinstance(card, Card) for card in deck):
                problems.append(f"deck of hand {number}: every card must be a Card")
                continue
            problem = deck_problem(deck, self.deck)
            if problem:
                problems.append(f"deck of hand {number}: {problem}")
        return problems

    def check(self) -> None:
        """Raise :class:`ConfigError` listing every problem, if there is any."""
        problems = self.problems()
        if problems:
            raise ConfigError(problems)

    def deck_for(self, hand: int) -> tuple[Card, ...]:
        """The deck order of hand ``hand`` (from 1): explicit, or shuffled from the seed."""
        if hand <= len(self.decks):
            return self.decks[hand - 1]
        return shuffled_deck(hand_seed(self.seed, hand), self.deck)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form: ``players hands dealer seed decks ruleset options``."""
        return {
            "players": self.players,
            "hands": self.hands,
            "dealer": self.dealer,
            "seed": self.seed,
            "decks": [[card.id for card in deck] for deck in self.decks],
            "ruleset": self.ruleset,
            "options": dataclasses.asdict(self.options),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameConfig:
        """Read a configuration, cards as codes; every problem is listed at once.

        ``seed`` missing or null is drawn; ``dealer`` missing or null is drawn
        when the game starts. ``deck`` is hand 1's deck, ``decks`` one per hand
        (``7c 7c`` names both copies). ``options`` override the ruleset's.

        >>> GameConfig.from_dict({"players": 1, "hands": 0, "deck": ["As"], "colour": 2})
        Traceback (most recent call last):
        ...
        rulesets.continental.config.ConfigError: unknown field(s) colour (known: players, hands, \
dealer, seed, deck, decks, ruleset, options); players must be 2 to 6 (the max_players option), got 1; \
hands must be 1 to 7, got 0; deck of hand 1: the deck: expected 106 cards, got 1
        """
        if not isinstance(data, Mapping):
            raise ConfigError([f"the configuration must be an object with {', '.join(FIELDS)}; "
                               f"got {echo(data)}"])
        problems: list[str] = []
        unknown = [key for key in data if key not in FIELDS]
        if unknown:
            problems.append(f"unknown field(s) {name_list(unknown)} (known: {', '.join(FIELDS)})")
        ruleset_name = data.get("ruleset", "continental")
        overrides = data.get("options", {})
        options: ContinentalOptions | None = None
        refusal: RulesError | None = None
        if not isinstance(overrides, Mapping):
            problems.append('options must be an object of option names and values, e.g. '
                            f'{{"buying": false}}; got {echo(overrides)}')
        if not isinstance(ruleset_name, str):
            problems.append(f'ruleset must be text naming a ruleset, e.g. "continental"; '
                            f"got {echo(ruleset_name)}")
        else:
            try:
                ruleset = load_ruleset(ruleset_name)
                if (wrong_game := ruleset.game_problem("continental")) is not None:
                    problems.append(wrong_game)
                elif isinstance(overrides, Mapping):
                    options = ruleset.with_options(overrides).options
            except RulesetError as err:
                refusal = err
        most = options.max_players if options is not None else ContinentalOptions().max_players
        players, hands = data.get("players"), data.get("hands", HANDS)
        problems += _number_problems(players, hands, data.get("dealer"), data.get("seed"), most)
        deck = Deck.for_players(players) if type(players) is int and 2 <= players <= most else Deck()
        given, deck_problems = _read_decks(data.get("deck"), data.get("decks"), hands, deck)
        problems += deck_problems
        if problems:
            raise ConfigError(problems + ([refusal.message] if refusal is not None else []))
        if refusal is not None:
            raise refusal
        return cls.create(players=players, hands=hands, seed=data.get("seed"), dealer=data.get("dealer"),
                          decks=given, options=options, ruleset=ruleset_name)


def _read_decks(deck: Any, decks: Any, hands: Any, kind: Deck) -> tuple[list[tuple[Card, ...]], list[str]]:
    """Read ``deck`` or ``decks``: shapes and counts first, then the cards; every problem found.

    >>> _read_decks(None, [[]] * 3, 2, Deck())[1]
    ['3 decks given for 2 hand(s); give at most one deck per hand']
    """
    if deck is not None and decks is not None:
        return [], [_BOTH_DECKS]
    if deck is not None:
        given: Any = [deck]
    elif decks is None:
        return [], []
    elif not isinstance(decks, list | tuple):
        return [], [f"decks must be a list of decks, one per hand from hand 1, each a list of "
                    f"{kind.size} card codes; got {echo(decks)}"]
    else:
        given = decks
    limit = hands if type(hands) is int and 1 <= hands <= HANDS else HANDS
    if len(given) > limit:
        return [], [f"{len(given)} decks given for {echo(hands)} hand(s); give at most one deck per hand"]
    read: list[tuple[Card, ...]] = []
    problems: list[str] = []
    for number, cards in enumerate(given, start=1):
        if not isinstance(cards, list | tuple):
            problems.append(f'deck of hand {number}: a deck is a list of {kind.size} card codes such as '
                            f'["As", "7c", "7c", "Jk", …]; got {echo(cards)}')
            continue
        try:
            parsed = parse_cards(cards, jokers=True, decks=kind.copy_limit, count=kind.size,
                                 what="the deck")
        except RulesError as err:
            problems.append(f"deck of hand {number}: {err.message}")
            continue
        problem = deck_problem(parsed, kind)
        if problem:
            problems.append(f"deck of hand {number}: {problem}")
        else:
            read.append(parsed)
    if len(problems) > _SHOWN_DECK_PROBLEMS:
        more = len(problems) - _SHOWN_DECK_PROBLEMS
        problems = [*problems[:_SHOWN_DECK_PROBLEMS], f"and {more} more decks with problems"]
    return read, problems
