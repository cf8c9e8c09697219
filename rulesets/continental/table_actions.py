"""The actions on the melds of the table, after the drop: lay off, swap a joker, move a joker.

"Only a player who has dropped may lay off", on any player's melds, in their own
turn; "a player who has dropped may put the natural card a joker stands for into a
run; the joker then moves to an end of the same run"; "a joker at either end of a
run may be moved to another run, but not if its run would be left with fewer than 4
cards. Jokers in trios never move." For each action, ``<action>_problems(game,
action)`` lists why it is refused now and ``take_<action>(game, action)`` takes it;
``<action>_on(table, ...)`` is the part of its rule that only the table decides (whoever plays
it), which a play checked on a real table uses alone
(:mod:`rulesets.continental.play_check`).

>>> from rulesets.continental.config import GameConfig
>>> from rulesets.continental.game import ContinentalGame
>>> from rulesets.cards import parse_card
>>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
>>> game.do_draw(1, "stock")
>>> [p.code for p in lay_off_problems(game, LayOff(1, game.hands[1][0], 0, None))]
['not_dropped']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulesets.cards import Card, card_named
from rulesets.continental.checks import (
    after_drop_problems,
    card_problems,
    end_problems,
    last_card_problems,
    meld_problems,
    table_meld_problems,
)
from rulesets.continental.melds import (
    Meld,
    Run,
    Trio,
    can_lay_off,
    can_take_end_joker,
    lay_off,
    take_end_joker,
)
from rulesets.continental.records import LayOff, MoveJoker, SwapJoker
from rulesets.continental.refusals import refuse
from rulesets.continental.values import RunEnd
from rulesets.errors import RulesError
from rulesets.referee import Problems

if TYPE_CHECKING:
    from rulesets.continental.game import ContinentalGame

__all__ = [
    "lay_off_on",
    "lay_off_problems",
    "lay_off_result",
    "move_joker_on",
    "move_joker_problems",
    "move_joker_result",
    "swap_joker_on",
    "swap_joker_problems",
    "swap_joker_result",
    "take_lay_off",
    "take_move_joker",
    "take_swap_joker",
]


def _place(game: ContinentalGame, seat: int, card: Card, meld: int, result: Meld) -> None:
    """The card leaves the hand for table meld ``meld``, which becomes ``result``."""
    game.table[meld] = result
    game.remove_from_hand(seat, [card])
    game.after_meld(seat)


# -- lay off ------------------------------------------------------------------------------------

def lay_off_on(table: Sequence[Meld], card: Card, meld: int, end: str | None) -> tuple[Meld | None, Problems]:
    """The table's part of a lay-off: the meld ``card`` would make laid off on ``table[meld]``
    (``end`` placing a joker), or the problems that refuse it, whoever plays it.

    >>> from rulesets.cards import parse_card, parse_cards
    >>> from rulesets.continental.melds import make_run
    >>> table = [make_run(parse_cards("5h 6h 7h 8h"))]
    >>> lay_off_on(table, parse_card("9h"), 0, None)[0].text
    '5♥ 6♥ 7♥ 8♥ 9♥'
    >>> print(lay_off_on(table, parse_card("9c"), 0, None)[1][0].message)
    9♣ cannot be laid off on meld 0 (5♥ 6♥ 7♥ 8♥)
    >>> print(lay_off_on(table, parse_card("9h"), 0, "low")[1][0].message)
    9♥ goes on the high end of meld 0 (5♥ 6♥ 7♥ 8♥), not the low end asked
    """
    problems = table_meld_problems(table, meld) or end_problems(end)
    if problems:
        return None, problems
    if not can_lay_off(table[meld], card, end):
        return None, [_lay_off_refusal(table[meld], card, meld, end)]
    return lay_off(table[meld], card, end), []


def _end_extended(old: Meld, card: Card) -> str | None:
    """The end of run ``old`` a natural card would continue, laid off with no end asked."""
    if card.is_joker or not isinstance(old, Run) or not can_lay_off(old, card):
        return None
    grown = lay_off(old, card)
    return RunEnd.LOW if grown.cards[0] == card else RunEnd.HIGH if grown.cards[-1] == card else None


def _lay_off_refusal(old: Meld, card: Card, meld: int, end: str | None) -> RulesError:
    """Why ``card`` cannot be laid off on ``old`` (table meld ``meld``) at ``end``."""
    shown = card_named(card)
    went = _end_extended(old, card) if end else None
    if went is not None:
        return refuse("cannot_lay_off", f"{shown} goes on the {went} end of meld {meld} ({old.text}), "
                                        f"not the {end} end asked")
    return refuse("cannot_lay_off", f"{shown} cannot be laid off on meld {meld} ({old.text})")


def lay_off_result(game: ContinentalGame, action: LayOff | SwapJoker) -> tuple[Meld | None, Problems]:
    """The meld the card would make laid off as asked, or the problems that refuse it."""
    seat, card, meld, end = action.seat, action.card, action.meld, action.end
    problems = (after_drop_problems(game, seat) or card_problems(game, seat, [card])
                or meld_problems(game, meld) or end_problems(end) or last_card_problems(game, seat, 1))
    if problems:
        return None, problems
    return lay_off_on(game.table, card, meld, end)


def lay_off_problems(game: ContinentalGame, action: LayOff) -> Problems:
    """Why the card may not be laid off on the meld now."""
    return lay_off_result(game, action)[1]


def take_lay_off(game: ContinentalGame, action: LayOff) -> None:
    """Lay the card off on any table meld (only after dropping, never the card needed to discard)."""
    result, _ = lay_off_result(game, action)
    assert result is not None
    game.log.append(action)
    _place(game, action.seat, action.card, action.meld, result)


# -- swap a joker -------------------------------------------------------------------------------

def _as_swap(old: Meld, card: Card, meld: int, result: Meld | None,
             end: str | None) -> tuple[Meld | None, Problems]:
    """``result`` (``card`` laid off on ``old``, table meld ``meld``) when the card took a joker's
    place in the run, else the refusal ``not_a_joker_swap``.
    """
    if isinstance(old, Trio):
        return None, [refuse("joker_in_trio", f"meld {meld} ({old.text}) is a trio: its jokers never "
                                              "move, so no natural card takes a joker's place there")]
    if (result is None or not isinstance(result, Run)
            or result.cards in ((card, *old.cards), (*old.cards, card))):
        shown = card_named(card)
        stands = any(not card.is_joker and rank is card.rank for _, rank in old.joker_ranks)
        why = (f"the joker standing for {shown} cannot move to the {end or 'free'} end" if stands
               else f"no joker of it stands for {shown}")
        return None, [refuse("not_a_joker_swap", f"meld {meld} ({old.text}): {why}")]
    return result, []


def swap_joker_on(table: Sequence[Meld], card: Card, meld: int,
                  end: str | None) -> tuple[Meld | None, Problems]:
    """The table's part of a joker swap: the run with ``card`` in place of the joker standing for
    it (the joker moved to ``end``), or the problems that refuse it, whoever plays it.

    >>> from rulesets.cards import parse_card, parse_cards
    >>> from rulesets.continental.melds import make_run
    >>> table = [make_run(parse_cards("Ah 2h 3h Jk 5h", jokers=True), ordered=True)]
    >>> swap_joker_on(table, parse_card("4h"), 0, None)[0].text
    'A♥ 2♥ 3♥ 4♥ 5♥ Jk(6♥)'
    """
    result, problems = lay_off_on(table, card, meld, end)
    if problems and problems[0].code != "cannot_lay_off":
        return None, problems
    return _as_swap(table[meld], card, meld, result, end)


def swap_joker_result(game: ContinentalGame, action: SwapJoker) -> tuple[Meld | None, Problems]:
    """The run with the card in place of the joker standing for it, or the problems that refuse it."""
    result, problems = lay_off_result(game, action)
    if problems and problems[0].code != "cannot_lay_off":
        return None, problems
    return _as_swap(game.table[action.meld], action.card, action.meld, result, action.end)


def swap_joker_problems(game: ContinentalGame, action: SwapJoker) -> Problems:
    """Why the card may not take the place of a joker of the run now."""
    return swap_joker_result(game, action)[1]


def take_swap_joker(game: ContinentalGame, action: SwapJoker) -> None:
    """Put the natural card a joker stands for into its run; the joker moves to ``end``.

    "A,2,3,Jk,5 + 4 → A,2,3,4,5,Jk."
    """
    result, _ = swap_joker_result(game, action)
    assert result is not None
    game.log.append(action)
    _place(game, action.seat, action.card, action.meld, result)


# -- move a joker -------------------------------------------------------------------------------

def move_joker_on(table: Sequence[Meld], meld: int, end: str, to: int,
                  to_end: str | None) -> tuple[tuple[Run, Meld] | None, Problems]:
    """The table's part of a joker move: both runs after it (the one the joker leaves, the one it
    joins), or the problems that refuse it, whoever plays it.

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.melds import make_run
    >>> table = [make_run(parse_cards("Jk 4d 5d 6d 7d", jokers=True), ordered=True),
    ...          make_run(parse_cards("9c Tc Jc Qc"))]
    >>> [run.text for run in move_joker_on(table, 0, "low", 1, None)[0]]
    ['4♦ 5♦ 6♦ 7♦', '9♣ 10♣ J♣ Q♣ Jk(K♣)']
    >>> print(move_joker_on(table[1:] + table[:1], 0, "high", 1, None)[1][0].message)
    the high end of meld 0 is not a joker
    """
    problems = (table_meld_problems(table, meld) or table_meld_problems(table, to)
                or end_problems(end, allow_none=False) or end_problems(to_end))
    if problems:
        return None, problems
    source, target = table[meld], table[to]
    if isinstance(source, Trio):
        return None, [refuse("joker_in_trio", f"meld {meld} is a trio")]
    held = source.cards[-1] if end == RunEnd.HIGH else source.cards[0]
    if not held.is_joker:
        return None, [refuse("no_joker_at_end", f"the {end} end of meld {meld} is not a joker")]
    if to == meld or not isinstance(target, Run):
        return None, [refuse("not_a_run", f"meld {to} is {'the same run' if to == meld else 'a trio'}")]
    if not can_take_end_joker(source):
        return None, [refuse("run_too_short", f"meld {meld} has only {len(source)} cards")]
    left, joker = take_end_joker(source, end)
    if not can_lay_off(target, joker, to_end):
        return None, [refuse("no_room_for_joker", f"the joker cannot go on the {to_end or 'free'} end "
                                                  f"of meld {to} ({target.text})")]
    return (left, lay_off(target, joker, to_end)), []


def move_joker_result(game: ContinentalGame, action: MoveJoker) -> tuple[tuple[Run, Meld] | None, Problems]:
    """Both runs after the move (the one the joker leaves, the one it joins), or the problems."""
    problems = after_drop_problems(game, action.seat)
    if problems:
        return None, problems
    return move_joker_on(game.table, action.meld, action.end, action.to, action.to_end)


def move_joker_problems(game: ContinentalGame, action: MoveJoker) -> Problems:
    """Why the joker may not move from one run to the other now."""
    return move_joker_result(game, action)[1]


def take_move_joker(game: ContinentalGame, action: MoveJoker) -> None:
    """Move an end joker of a run (keeping at least four cards) to another run."""
    result, _ = move_joker_result(game, action)
    assert result is not None
    game.log.append(action)
    game.table[action.meld], game.table[action.to] = result
