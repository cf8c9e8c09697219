"""How Continental reads the cards of a request: two decks and their jokers (more past six
players), every list of a request drawn from the same decks.

A card is written as in Ramchi or as a joker (:data:`CONTINENTAL_CARD_CODE_PATTERN`); a card
written twice is its two copies. The advice request's lists are read together
(:func:`read_card_groups`), a game's deck orders each on its own (:func:`read_settings`), an
action's cards with :data:`CONTINENTAL_CARDS`.

>>> read_settings({"players": ["Ann", "Ben"], "hands": 2, "seed": 5, "deck": None}, "")
{'hands': 2, 'seed': 5, 'players': 2}
>>> CONTINENTAL_CARDS.read_one("10♥", "/card")
'Th'
>>> CONTINENTAL_CARDS.read_one("Tx", "/card")
Traceback (most recent call last):
...
api.errors.ApiProblem: card 1 'Tx': 'x' is not a suit (suits: c d h s or ♣ ♦ ♥ ♠)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import Any

from marshmallow import validate

from api.actions import CardFields
from api.cardinput import read_cards, with_copy_suffix, without_copies, without_copy
from api.errors import ApiProblem
from api.schemas import MAX_CARD_TOKEN, MAX_CARDS, BoundedList, Text
from rulesets.cards import Card, parse_card, parse_card_groups
from rulesets.continental.config import FIELDS
from rulesets.continental.deck import Deck
from rulesets.continental.options import ContinentalOptions
from rulesets.errors import CardError, CardGroupError, CardParseError

__all__ = [
    "CONTINENTAL_CARDS",
    "CONTINENTAL_CARD_CODE_PATTERN",
    "MOST_CARDS",
    "MOST_COPIES",
    "MOST_PLAYERS",
    "continental_card_code",
    "continental_card_codes",
    "parse_card_kinds",
    "parse_continental_groups",
    "read_card_groups",
    "read_card_kinds",
    "read_settings",
]

MOST_PLAYERS: int = next(f.metadata["maximum"] for f in dataclasses.fields(ContinentalOptions)
                         if f.name == "max_players")
"""The most players any ruleset allows (the ``max_players`` option's bound)."""

MOST_CARDS = Deck.for_players(MOST_PLAYERS).size
"""The most cards a deck order may hold (the deck of the largest table)."""

MOST_COPIES = Deck.for_players(MOST_PLAYERS).copy_limit
"""The most copies of a card any table has (a higher copy number is no card of any game)."""

CONTINENTAL_CARD_CODE_PATTERN = with_copy_suffix(
    "^ *(?:(?:10|[2-9TJQKAtjqka])[cdhsCDHS\u2663\u2666\u2665\u2660\u2667\u2662\u2661\u2664]\ufe0f?"
    "|[Jj][Kk]|[Jj][Oo][Kk][Ee][Rr]) *$")
"""How a Continental card is written in a request: a card as in
:data:`api.cardinput.CARD_CODE_PATTERN`, or a joker, ``Jk`` or ``joker`` in any case, optionally
with a copy number (``7c#2``, as the views write the second copy). An action names the copy
it means; the advice reads ``7c#2`` as ``7c``, each card written taking the lowest copy not used
yet (see :func:`read_card_groups`)."""

_CONTINENTAL_CARD_CODE = re.compile(CONTINENTAL_CARD_CODE_PATTERN)


def continental_card_code(**kwargs: Any) -> Text:
    """One Continental card code in a request: a card as in Ramchi, or a joker (``Jk``)."""
    metadata = {"description": "a card code such as As, Td, 10h or a♠, or Jk for a joker",
                "pattern": CONTINENTAL_CARD_CODE_PATTERN, **kwargs.pop("metadata", {})}
    return Text(validate=validate.Length(max=MAX_CARD_TOKEN), metadata=metadata, **kwargs)


def continental_card_codes(max_items: int = MAX_CARDS, **kwargs: Any) -> BoundedList:
    """A list of Continental card codes in a request."""
    return BoundedList(continental_card_code(), max_items=max_items, **kwargs)


CONTINENTAL_CARDS = CardFields(continental_card_code, with_jokers=True, most_copies=MOST_COPIES,
                               most_cards=MOST_CARDS, most_lists=6)
"""The cards of an action request: any copy of any table's decks (the game checks the copies
its table holds); a list as long as the largest deck, at most six lists (a drop)."""


def _beyond_the_deck(parsed: Mapping[str, Sequence[Card]], deck: Deck) -> CardGroupError | None:
    """The first card of a copy the deck does not hold, as the error of its list and position.

    The parser allows the larger of the decks and the jokers for every card.
    """
    for group, cards in parsed.items():
        for position, card in enumerate(cards, start=1):
            copies = deck.copies(card)
            if card.copy <= copies:
                continue
            where = ", ".join(f"{g} card {p}" for g, held in parsed.items()
                              for p, c in enumerate(held, start=1)
                              if c.code == card.code and c.copy <= copies)
            return CardGroupError(group, position, deck.too_many(card, where, position=position))
    return None


def parse_continental_groups(groups: Mapping[str, str | Sequence[str]],
                             deck: Deck) -> dict[str, tuple[Card, ...]]:
    """Parse the lists of a Continental request together, for a table playing with ``deck``.

    A card written twice is two copies; a copy beyond what the deck holds (a third
    ``7c`` with two decks, a third joker) raises :class:`~rulesets.errors.CardGroupError`
    naming its list and position.

    >>> cards = parse_continental_groups({"hand": "7c Jk", "seen": "7c Jk"}, Deck())
    >>> [c.id for c in cards["seen"]]
    ['7c#2', 'Jk#2']
    >>> parse_continental_groups({"hand": "Jk Jk", "seen": "Jk"}, Deck(3, 4))["seen"]
    (Card('Jk#3'),)
    >>> try:
    ...     parse_continental_groups({"hand": "7c 7c 7c", "seen": "7c"}, Deck(3, 4))
    ... except CardGroupError as err:
    ...     print(err.group, err.position, err.code, "|", err.cause.message)  # doctest: +NORMALIZE_WHITESPACE
    seen 1 duplicate_card | card 1 '7c' is a fourth 7c:
    there are only 3 copies in play (hand card 1, hand card 2, hand card 3)
    """
    parsed = parse_card_groups(groups, jokers=True, decks=deck.copy_limit)
    error = _beyond_the_deck(parsed, deck)
    if error is not None:
        raise error
    return parsed


def read_card_groups(groups: Mapping[str, str | Sequence[str]], deck: Deck, *,
                     copies_checked: bool = False) -> dict[str, tuple[Card, ...]]:
    """Read the card lists of a Continental request, keyed by JSON pointer (``/hand``,
    ``/table/0``, ``/seen``), together (:func:`parse_continental_groups`).

    A value that is a string is one card (``/discard_top``). Each card must be written as
    :data:`CONTINENTAL_CARD_CODE_PATTERN`; a copy number is read as the card alone (``7c#2`` is
    ``7c``: the advice is about kinds of card). An error is an :class:`~api.errors.ApiProblem`
    pointing at the bad item. With ``copies_checked`` (cards of a real table), a copy number
    the deck does not hold is refused (``7c#3`` with two decks, ``7c#0``), quoting it as typed.

    >>> [card.id for card in read_card_groups({"/hand": ["7c#2"], "/seen": ["7c#2"]}, Deck())["/seen"]]
    ['7c#2']
    >>> try:
    ...     read_card_groups({"/hand": ["7c", "7c"], "/seen": ["9d", "7c"]}, Deck())
    ... except ApiProblem as problem:
    ...     print(problem.code, problem.errors[0]["pointer"])
    duplicate_card /seen/1
    """
    single = {pointer for pointer, value in groups.items() if isinstance(value, str)}
    typed = {pointer.lstrip("/"): [value] if pointer in single else value
             for pointer, value in groups.items()}
    lists = {group: without_copies(tokens) for group, tokens in typed.items()}
    try:
        for group, tokens in lists.items():
            try:
                _check_continental_tokens(tokens, deck.copy_limit)
                if copies_checked:
                    _check_copy_numbers(typed[group], deck)
            except CardParseError as err:
                raise CardGroupError(group, err.position or 1, err) from None
        parsed = parse_continental_groups(lists, deck)
    except CardGroupError as err:
        raise _problem_of(err, single) from None
    except CardError as err:  # not a list at all (the schema reads lists first: a safety net)
        raise ApiProblem(err.code, err.message) from None
    return {f"/{group}": cards for group, cards in parsed.items()}


def _problem_of(err: CardGroupError, single: set[str]) -> ApiProblem:
    """The problem of a bad card in a list, pointing at it (at the list, for the ``single`` ones)."""
    pointer = f"/{err.group}"
    if pointer not in single:
        pointer += f"/{err.position - 1}"
    message = err.message
    if pointer.lstrip("/") == err.group:  # one card: "discard_top: '7x': ..." reads better
        message = f"{err.group}: {err.cause.message.removeprefix('card 1 ')}"
    return ApiProblem(err.code, message, errors=[{"pointer": pointer, "detail": err.cause.message}])


def parse_card_kinds(tokens: Sequence[str], what: str) -> tuple[Card, ...]:
    """Cards that name kinds of card, not places (the cards a player turned down: a card may be
    discarded again after a reshuffle, so any kind may repeat any number of times): each token
    read on its own, leniently, a copy number read as the card alone (``7c#2`` is ``7c``). A
    bad token raises :class:`~rulesets.errors.CardGroupError` naming ``what`` and its position.

    >>> [card.code for card in parse_card_kinds(["Ah", "ah", "A♥", "Ah#2", "jk"], "discarded")]
    ['Ah', 'Ah', 'Ah', 'Ah', 'Jk']
    >>> parse_card_kinds(["Ah", "1x"], "discarded")
    Traceback (most recent call last):
    ...
    rulesets.errors.CardGroupError: discarded: card 2 '1x': 'x' is not a suit (suits: c d h s or ♣ ♦ ♥ ♠)
    """
    read: dict[str, Card] = {}
    for position, token in enumerate(without_copies(tokens), start=1):
        if token not in read:
            try:
                _check_continental_tokens([token], MOST_COPIES)
                read[token] = parse_card(token, position, jokers=True)
            except CardParseError as err:
                cause = CardParseError(token, position, err.reason) if err.position != position else err
                raise CardGroupError(what, position, cause) from None
    return tuple(read[token] for token in without_copies(tokens))


def read_card_kinds(tokens: Sequence[str], pointer: str) -> tuple[Card, ...]:
    """:func:`parse_card_kinds` for a request's list at ``pointer``: a bad token is an
    :class:`~api.errors.ApiProblem` pointing at it.

    >>> try:
    ...     read_card_kinds(["Ah", "Ah", "Ah", "7x"], "/other_players/0/discarded")
    ... except ApiProblem as problem:
    ...     print(problem.code, problem.errors[0]["pointer"])
    invalid_card /other_players/0/discarded/3
    """
    try:
        return parse_card_kinds(tokens, pointer.lstrip("/"))
    except CardGroupError as err:
        raise _problem_of(err, set()) from None


def _check_copy_numbers(tokens: Sequence[object], deck: Deck) -> None:
    """Refuse a copy number the deck does not hold (``7c#3`` with two decks, ``7c#0``), quoting the
    token as typed: the card parser's own copy check, with the copies of that card in ``deck``.

    >>> try:
    ...     _check_copy_numbers(["7c#2", "7c#3"], Deck())
    ... except CardParseError as err:
    ...     print(err)
    card 2 '7c#3': copy #3 does not exist: there are only 2 decks, so copies #1 and #2
    """
    for position, token in enumerate(tokens, start=1):
        if isinstance(token, str) and without_copy(token) != token:
            card = parse_card(without_copy(token), position, jokers=True)
            parse_card(token, position, jokers=True, decks=deck.copies(card))


def _check_continental_tokens(tokens: Sequence[object], decks: int) -> None:
    """Refuse a token not written as :data:`CONTINENTAL_CARD_CODE_PATTERN`, with the parser's reason."""
    for position, token in enumerate(tokens, start=1):
        if isinstance(token, str) and _CONTINENTAL_CARD_CODE.fullmatch(token):
            continue
        parse_card(token, position, jokers=True, decks=decks)  # type: ignore[arg-type]  # the reason
        raise CardParseError(token, position, "write a card as its rank then its suit, e.g. As, 10h "
                             "or a♠, or Jk for a joker, with nothing else in the string")


def _deck_codes(tokens: list[str], pointer: str, players: int | None) -> list[str]:
    """A deck order's codes, read leniently; identical codes become the copies in turn."""
    deck = Deck.for_players(players if players is not None and 2 <= players <= MOST_PLAYERS
                            else MOST_PLAYERS)
    cards = read_cards(tokens, pointer, jokers=True, decks=deck.copy_limit, what="deck")
    return [card.code if card.copy == 1 else card.id for card in cards]


def read_settings(body: dict[str, Any], pointer: str) -> dict[str, Any]:
    """The configuration dict of the rules from loaded settings (cards read with pointers).

    ``players`` is a count in a dispute's config and the list of names when a game is created.
    """
    data: dict[str, Any] = {key: body[key] for key in FIELDS
                            if body.get(key) is not None and key not in ("players", "deck", "decks")}
    players = body.get("players")
    if isinstance(players, list):
        players = len(players)
    if players is not None:
        data["players"] = players
    if body.get("deck") is not None:
        data["deck"] = _deck_codes(body["deck"], f"{pointer}/deck", players)
    if body.get("decks") is not None:
        data["decks"] = [_deck_codes(deck, f"{pointer}/decks/{i}", players)
                         for i, deck in enumerate(body["decks"])]
    return data
