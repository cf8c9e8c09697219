"""Reading card lists from request bodies, with errors that point at the bad item.

Shared by every game: each game's card reading (``api/<game>/cards.py``) calls
:func:`read_cards` with the cards its decks hold.

>>> [c.code for c in read_cards(["10h", "AS"], "/cards")]
['Th', 'As']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from api.errors import ApiProblem
from rulesets.cards import Card, parse_card, parse_cards
from rulesets.errors import CardError, CardParseError, DuplicateCardError

CARD_CODE_PATTERN = ("^ *(?:10|[2-9TJQKAtjqka])"
                     "[cdhsCDHS\u2663\u2666\u2665\u2660\u2667\u2662\u2661\u2664]\ufe0f? *$")
"""How a card is written in a request (documented as the OpenAPI ``pattern`` of every card).

Rank (``A K Q J T`` or ``10``, ``9`` down to ``2``, any case), then suit (``c d h s`` in any
case, or a suit symbol ``♣ ♦ ♥ ♠``, also white ``♧ ♢ ♡ ♤``, optionally with the emoji variation
selector), with spaces around allowed. The card parser reads a little more (``As#1``); the API
takes exactly this, so the document is as strict as the validation.
"""

_CARD_CODE = re.compile(CARD_CODE_PATTERN)

COPY_SUFFIX = "(?:#[0-9]+)?"
"""A copy number after a card (``7c#2``, as a game's views write the later copies of a card):
the advice requests take it, and read the card as its code alone (:func:`without_copy`)."""

_COPY_SUFFIX = re.compile(r"#[0-9]+ *$")


def with_copy_suffix(pattern: str) -> str:
    """A card ``pattern`` (``^ *… *$``) that also takes a copy number after the card.

    >>> re.fullmatch(with_copy_suffix(CARD_CODE_PATTERN), "7c#2") is not None
    True
    """
    return pattern.removesuffix(" *$") + COPY_SUFFIX + " *$"


ADVICE_CARD_CODE_PATTERN = with_copy_suffix(CARD_CODE_PATTERN)
"""How a card is written in an advice request: as :data:`CARD_CODE_PATTERN`, or with a copy
number (``7c#2``, read as ``7c``)."""


def without_copy(token: Any) -> Any:
    """``token`` without its copy number: ``7c#2`` is read as ``7c`` (the advice is about kinds of
    card, and one deck holds one of each); anything else is returned as it is.

    >>> without_copy("7c#2"), without_copy(" Jk#1 "), without_copy("As"), without_copy(7)
    ('7c', ' Jk', 'As', 7)
    """
    return _COPY_SUFFIX.sub("", token) if isinstance(token, str) else token


def copy_number(token: str) -> int:
    """The copy number written after a card, 1 when none is (``7c#2`` names the second copy, as a
    game's views write it; ``7c`` the first).

    >>> copy_number("7c#2"), copy_number(" Jk#1 "), copy_number("As")
    (2, 1, 1)
    """
    match = _COPY_SUFFIX.search(token)
    return int(match.group().strip(" #")) if match else 1


def without_copies(tokens: Sequence[Any]) -> list[Any]:
    """Every token of ``tokens`` :func:`without_copy` (positions kept, for the pointers)."""
    return [without_copy(token) for token in tokens]


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
        raise _card_problem(err, pointer) from None


def read_cards_as_given(tokens: Sequence[str], pointer: str) -> tuple[Card, ...]:
    """Read the cards of one 52-card deck as :func:`read_cards` does, but keep a card given
    twice: the rules the cards go to say what is wrong with it, with every other problem.

    >>> [c.code for c in read_cards_as_given(["As", "10h", "as"], "/a")]
    ['As', 'Th', 'As']
    >>> read_cards_as_given(["As", "Jk"], "/a")
    Traceback (most recent call last):
    ...
    api.errors.ApiProblem: a: card 2 'Jk': there are no jokers in this game
    """
    field = pointer.lstrip("/").replace("/", ".")
    try:
        _check_written_as_documented(tokens, field)
        return tuple(parse_card(token, position) for position, token in enumerate(tokens, start=1))
    except CardError as err:
        raise _card_problem(err, pointer) from None


def _card_problem(err: CardError, pointer: str) -> ApiProblem:
    """The problem of cards at ``pointer`` that cannot be read, pointing at the bad card."""
    field = pointer.lstrip("/").replace("/", ".")
    message = err.message if err.message.startswith(field) else f"{field}: {err.message}"
    return ApiProblem(err.code, message, errors=[{"pointer": _pointer(pointer, err),
                                                  "detail": err.message}])
