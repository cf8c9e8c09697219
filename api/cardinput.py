"""Reading card lists from request bodies, with errors that point at the bad item.

>>> [c.code for c in read_cards(["10h", "AS"], "/cards")]
['Th', 'As']
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from api.errors import ApiProblem
from rulesets.cards import Card, parse_card, parse_card_groups, parse_cards
from rulesets.continental.deck import Deck
from rulesets.errors import CardError, CardGroupError, CardParseError, DuplicateCardError

CARD_CODE_PATTERN = ("^ *(?:10|[2-9TJQKAtjqka])"
                     "[cdhsCDHS\u2663\u2666\u2665\u2660\u2667\u2662\u2661\u2664]\ufe0f? *$")
"""How a card is written in a request (documented as the OpenAPI ``pattern`` of every card).

Rank (``A K Q J T`` or ``10``, ``9`` down to ``2``, any case), then suit (``c d h s`` in any
case, or a suit symbol ``♣ ♦ ♥ ♠``, also white ``♧ ♢ ♡ ♤``, optionally with the emoji variation
selector), with spaces around allowed. The card parser reads a little more (``As#1``); the API
takes exactly this, so the document is as strict as the validation.
"""

_CARD_CODE = re.compile(CARD_CODE_PATTERN)


def _check_written_as_documented(tokens: Sequence[object], what: str) -> None:
    """Refuse a token that is not written as :data:`CARD_CODE_PATTERN`, with the parser's reason."""
    for position, token in enumerate(tokens, start=1):
        if isinstance(token, str) and _CARD_CODE.fullmatch(token):
            continue
        parse_card(token, position)  # type: ignore[arg-type]  # raises with the precise reason
        raise CardParseError(token, position, "write a card as its rank then its suit, e.g. As, "
                             "10h or a♠, with nothing else in the string")


def _pointer(base: str, err: CardError) -> str:
    """JSON pointer of the offending item (positions in errors count from 1)."""
    if isinstance(err, CardParseError) and err.position is not None:
        return f"{base}/{err.position - 1}"
    if isinstance(err, DuplicateCardError):
        return f"{base}/{err.positions[1] - 1}"
    return base


def read_cards(
    tokens: Sequence[str],
    pointer: str,
    *,
    count: int | tuple[int, int] | None = None,
    what: str | None = None,
    jokers: bool = False,
    decks: int = 1,
) -> tuple[Card, ...]:
    """Parse ``tokens`` with :func:`rulesets.cards.parse_cards`; on error raise an
    :class:`~api.errors.ApiProblem` naming the field (``pointer``) and the card.

    >>> read_cards(["As", "Ax"], "/a")
    Traceback (most recent call last):
    ...
    api.errors.ApiProblem: a: card 2 'Ax': 'x' is not a suit (suits: c d h s or ♣ ♦ ♥ ♠)
    """
    field = pointer.lstrip("/").replace("/", ".")
    try:
        if not jokers and decks == 1 and not isinstance(tokens, str):
            _check_written_as_documented(tokens, what or field)
        return parse_cards(tokens, count=count, what=what or field, jokers=jokers, decks=decks)
    except CardError as err:
        message = err.message if err.message.startswith(field) else f"{field}: {err.message}"
        item = _pointer(pointer, err)
        raise ApiProblem(err.code, message, errors=[{"pointer": item, "detail": err.message}]) \
            from None


# -- Continental: several lists drawn from the same decks ---------------------------------------

CONTINENTAL_CARD_CODE_PATTERN = (
    "^ *(?:(?:10|[2-9TJQKAtjqka])[cdhsCDHS\u2663\u2666\u2665\u2660\u2667\u2662\u2661\u2664]\ufe0f?"
    "|[Jj][Kk]|[Jj][Oo][Kk][Ee][Rr]) *$")
"""How a Continental card is written in a request: a card as in :data:`CARD_CODE_PATTERN`, or a
joker, ``Jk`` or ``joker`` in any case. Copy numbers (``7c#2``) are not taken: each card written
takes the lowest copy not used yet (see :func:`read_card_groups`)."""

_CONTINENTAL_CARD_CODE = re.compile(CONTINENTAL_CARD_CODE_PATTERN)

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


def read_card_groups(groups: Mapping[str, str | Sequence[str]], deck: Deck) -> dict[str, tuple[Card, ...]]:
    """Read the card lists of a Continental request, keyed by JSON pointer (``/hand``,
    ``/table/0``, ``/seen``), together (:func:`parse_continental_groups`).

    A value that is a string is one card (``/discard_top``). Each card must be written as
    :data:`CONTINENTAL_CARD_CODE_PATTERN`. An error is an :class:`~api.errors.ApiProblem`
    pointing at the bad item.

    >>> try:
    ...     read_card_groups({"/hand": ["7c", "7c"], "/seen": ["9d", "7c"]}, Deck())
    ... except ApiProblem as problem:
    ...     print(problem.code, problem.errors[0]["pointer"])
    duplicate_card /seen/1
    """
    single = {pointer for pointer, value in groups.items() if isinstance(value, str)}
    lists = {pointer.lstrip("/"): [value] if pointer in single else list(value)
             for pointer, value in groups.items()}
    try:
        for group, tokens in lists.items():
            try:
                _check_continental_tokens(tokens, deck.copy_limit)
            except CardParseError as err:
                raise CardGroupError(group, err.position or 1, err) from None
        parsed = parse_continental_groups(lists, deck)
    except CardGroupError as err:
        pointer = f"/{err.group}"
        if pointer not in single:
            pointer += f"/{err.position - 1}"
        message = err.message
        if pointer.lstrip("/") == err.group:  # one card: "discard_top: '7x': ..." reads better
            message = f"{err.group}: {err.cause.message.removeprefix('card 1 ')}"
        raise ApiProblem(err.code, message, errors=[{"pointer": pointer, "detail": err.cause.message}]) \
            from None
    except CardError as err:  # not a list at all (the schema reads lists first: a safety net)
        raise ApiProblem(err.code, err.message) from None
    return {f"/{group}": cards for group, cards in parsed.items()}


def _check_continental_tokens(tokens: Sequence[object], decks: int) -> None:
    """Refuse a token not written as :data:`CONTINENTAL_CARD_CODE_PATTERN`, with the parser's reason."""
    for position, token in enumerate(tokens, start=1):
        if isinstance(token, str) and _CONTINENTAL_CARD_CODE.fullmatch(token):
            continue
        parse_card(token, position, jokers=True, decks=decks)  # type: ignore[arg-type]  # the reason
        raise CardParseError(token, position, "write a card as its rank then its suit, e.g. As, 10h "
                             "or a♠, or Jk for a joker, with nothing else in the string")
