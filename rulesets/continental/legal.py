"""What a Continental seat may do now, every action as a record legal as it is.

In this order: the drop (listed once, and only when the hand can lay the contract
down now: its melds are one drop :func:`~rulesets.continental.drop_search.find_drop`
found, and :func:`drop_choice` says what the player may choose instead), the draws,
the buy and pass of an open offer, the lay-offs, joker swaps and joker moves (each
different outcome once: an ``end`` or ``to_end`` left out is the default end, the
other end listed where it places the joker elsewhere), and a discard per card held.

>>> from rulesets.continental.config import GameConfig
>>> from rulesets.continental.game import ContinentalGame
>>> game = ContinentalGame(GameConfig.create(players=3, hands=1, seed=5, dealer=0))
>>> game.do_draw(1, "stock")
>>> [legal.body for legal in legal_actions(game, 2)]
[{'type': 'buy'}, {'type': 'pass'}]
>>> sorted({legal.body["type"] for legal in legal_actions(game, 1)})
['discard']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rulesets.continental.checks import END_NAMES
from rulesets.continental.contracts import Contract
from rulesets.continental.drop_search import find_drop
from rulesets.continental.melds import RUN_MINIMUM, TRIO_MINIMUM, Run
from rulesets.continental.phase import Phase
from rulesets.continental.records import Buy, Discard, Draw, Drop, LayOff, MoveJoker, Pass, SwapJoker
from rulesets.continental.table_actions import lay_off_result, move_joker_result, swap_joker_result
from rulesets.continental.turn_actions import DRAW_SOURCES
from rulesets.legal_actions import CardChoice, CardGroup, LegalAction
from rulesets.log import Record

if TYPE_CHECKING:
    from rulesets.continental.game import ContinentalGame

__all__ = [
    "answers",
    "discards",
    "draws",
    "drop",
    "drop_choice",
    "joker_moves",
    "joker_swaps",
    "lay_offs",
    "legal_actions",
]


def drop_choice(contract: Contract) -> CardChoice:
    """What a drop chooses: the contract's melds, each exactly its minimum, from the hand.

    >>> from rulesets.continental.contracts import CONTRACTS
    >>> drop_choice(CONTRACTS[2]).text
    'the contract (1 trio + 1 run): 1 trio of 3 cards and 1 run of 4 cards, exactly, from your hand \
(a run lowest first; jokers are wild); the melds listed are one drop your hand can make'
    """
    groups = tuple(group for group in (CardGroup("trio", TRIO_MINIMUM, contract.trios, contract.trios),
                                       CardGroup("run", RUN_MINIMUM, contract.runs, contract.runs))
                   if group.most)
    return CardChoice("melds", groups,
                      f"the contract ({contract.name}): {' and '.join(group.text for group in groups)}, "
                      "exactly, from your hand (a run lowest first; jokers are wild); the melds listed "
                      "are one drop your hand can make")


def _playing(game: ContinentalGame, seat: int) -> bool:
    return not game.is_over and seat == game.current and game.phase is Phase.PLAY


def drop(game: ContinentalGame, seat: int) -> list[LegalAction]:
    """The drop, listed once when ``seat`` can lay its contract down now (else nothing)."""
    if not _playing(game, seat) or game.dropped[seat]:
        return []
    melds = find_drop(game.hands[seat], game.contract)
    if melds is None or not game.can(Drop(seat, melds)):
        return []
    return [LegalAction(Drop(seat, melds), drop_choice(game.contract))]


def draws(game: ContinentalGame, seat: int) -> list[Record]:
    """The draws ``seat`` may make now: from the stock, and from the discard pile when it holds a card."""
    return [action for source in DRAW_SOURCES if game.can(action := Draw(seat, source))]


def answers(game: ContinentalGame, seat: int) -> list[Record]:
    """Buy (where buying is on) and pass, while ``seat`` may still answer an open buy offer."""
    if seat not in game.buyers_to_answer():
        return []
    return [action for action in (Buy(seat), Pass(seat)) if game.can(action)]


def _ends(card_is_joker: bool, on_run: bool) -> tuple[str | None, ...]:
    """The ends worth trying: a joker on a run goes high or low; another card's end matters only
    for a joker it displaces from a run.
    """
    if on_run:
        return END_NAMES if card_is_joker else (None, *END_NAMES)
    return (None,)


def lay_offs(game: ContinentalGame, seat: int) -> list[Record]:
    """Every lay-off ``seat`` may make now, each different outcome once."""
    if not _playing(game, seat) or not game.dropped[seat]:
        return []
    found: list[Record] = []
    for card in dict.fromkeys(game.hands[seat]):
        for index, meld in enumerate(game.table):
            seen = set()
            for end in _ends(card.is_joker, isinstance(meld, Run)):
                result, problems = lay_off_result(game, LayOff(seat, card, index, end))
                if not problems and result not in seen:
                    seen.add(result)
                    found.append(LayOff(seat, card, index, end))
    return found


def joker_swaps(game: ContinentalGame, seat: int) -> list[Record]:
    """Every natural card ``seat`` may put in place of a joker of a run now, each outcome once."""
    if not _playing(game, seat) or not game.dropped[seat]:
        return []
    found: list[Record] = []
    for card in dict.fromkeys(game.hands[seat]):
        for index, meld in enumerate(game.table):
            if card.is_joker or not isinstance(meld, Run):
                continue
            seen = set()
            for end in (None, *END_NAMES):
                result, problems = swap_joker_result(game, SwapJoker(seat, card, index, end))
                if not problems and result not in seen:
                    seen.add(result)
                    found.append(SwapJoker(seat, card, index, end))
    return found


def _move_targets(game: ContinentalGame) -> Iterator[tuple[int, str, int]]:
    """Each run with more than four cards, each of its ends, each other run."""
    for index, meld in enumerate(game.table):
        if isinstance(meld, Run) and len(meld) > RUN_MINIMUM:
            for end in END_NAMES:
                for to, target in enumerate(game.table):
                    if isinstance(target, Run) and to != index:
                        yield index, end, to


def joker_moves(game: ContinentalGame, seat: int) -> list[Record]:
    """Every move of an end joker from one run to another ``seat`` may make now, each outcome once."""
    if not _playing(game, seat) or not game.dropped[seat]:
        return []
    found: list[Record] = []
    for index, end, to in _move_targets(game):
        seen = set()
        for to_end in (None, *END_NAMES):
            result, problems = move_joker_result(game, MoveJoker(seat, index, end, to, to_end))
            if not problems and result not in seen:
                seen.add(result)
                found.append(MoveJoker(seat, index, end, to, to_end))
    return found


def discards(game: ContinentalGame, seat: int) -> list[Record]:
    """A discard of each card ``seat`` holds, when it may discard now."""
    if not _playing(game, seat):
        return []
    return [Discard(seat, card) for card in dict.fromkeys(game.hands[seat])]


def legal_actions(game: ContinentalGame, seat: int) -> list[LegalAction]:
    """Everything ``seat`` may do now, in the order of the module's description (empty when the
    game does not wait for it).
    """
    if game.is_over or seat not in game.awaited():
        return []
    plays = [*draws(game, seat), *answers(game, seat), *lay_offs(game, seat), *joker_swaps(game, seat),
             *joker_moves(game, seat), *discards(game, seat)]
    return [*drop(game, seat), *(LegalAction(action) for action in plays)]
