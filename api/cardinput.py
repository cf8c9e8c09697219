"""Reading card lists from request bodies, with errors that point at the bad item.

>>> [c.code for c in read_cards(["10h", "AS"], "/cards")]
['Th', 'As']
"""

from __future__ import annotations

from collections.abc import Sequence

from api.errors import ApiProblem
from rulesets.cards import Card, parse_cards
from rulesets.errors import CardError, CardParseError, DuplicateCardError


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
        return parse_cards(tokens, count=count, what=what or field, jokers=jokers, decks=decks)
    except CardError as err:
        message = err.message if err.message.startswith(field) else f"{field}: {err.message}"
        item = _pointer(pointer, err)
        raise ApiProblem(err.code, message, errors=[{"pointer": item, "detail": err.message}]) \
            from None
