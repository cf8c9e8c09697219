"""The actions on the melds of the table, after the drop: lay off, swap a joker, move a joker.

"Only a player who has dropped may lay off", on any player's melds, in their own
turn; "a player who has dropped may put the natural card a joker stands for into a
run; the joker then moves to an end of the same run"; "a joker at either end of a
run may be moved to another run, but not if its run would be left with fewer than 4
cards. Jokers in trios never move." For each action, ``<action>_problems(game,
action)`` lists why it is refused now and ``take_<action>(game, action)`` takes it.

>>> from rulesets.continental.config import GameConfig
>>> from rulesets.continental.game import ContinentalGame
>>> from rulesets.cards import parse_card
>>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
>>> game.do_draw(1, "stock")
>>> [p.code for p in lay_off_problems(game, LayOff(1, game.hands[1][0], 0, None))]
['not_dropped']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesets.cards import Card
from rulesets.continental.checks import (
    after_drop_problems,
    card_problems,
    end_problems,
    last_card_problems,
    meld_problems,
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
from rulesets.referee import Problems

if TYPE_CHECKING:
    from rulesets.continental.game import ContinentalGame

__all__ = [
    "lay_off_problems",
    "lay_off_result",
    "move_joker_problems",
    "move_joker_result",
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

def lay_off_result(game: ContinentalGame, action: LayOff | SwapJoker) -> tuple[Meld | None, Problems]:
    """The meld the card would make laid off as asked, or the problems that refuse it."""
    seat, card, meld, end = action.seat, action.card, action.meld, action.end
    problems = (after_drop_problems(game, seat) or card_problems(game, seat, [card])
                or meld_problems(game, meld) or end_problems(end) or last_card_problems(game, seat, 1))
    if problems:
        return None, problems
    if not can_lay_off(game.table[meld], card, end):
        return None, [refuse("cannot_lay_off", f"{card.id} cannot be laid off on meld {meld}")]
    return lay_off(game.table[meld], card, end), []


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

def swap_joker_result(game: ContinentalGame, action: SwapJoker) -> tuple[Meld | None, Problems]:
    """The run with the card in place of the joker standing for it, or the problems that refuse it."""
    result, problems = lay_off_result(game, action)
    if problems and problems[0].code != "cannot_lay_off":
        return None, problems
    card, meld = action.card, action.meld
    old = game.table[meld]
    if (result is None or not isinstance(old, Run) or not isinstance(result, Run)
            or result.cards in ((card, *old.cards), (*old.cards, card))):
        return None, [refuse("not_a_joker_swap", f"no joker of meld {meld} stands for {card.id}")]
    return result, []


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

def move_joker_result(game: ContinentalGame, action: MoveJoker) -> tuple[tuple[Run, Meld] | None, Problems]:
    """Both runs after the move (the one the joker leaves, the one it joins), or the problems."""
    seat, meld, end, to, to_end = action.seat, action.meld, action.end, action.to, action.to_end
    problems = (after_drop_problems(game, seat) or meld_problems(game, meld) or meld_problems(game, to)
                or end_problems(end, allow_none=False) or end_problems(to_end))
    if problems:
        return None, problems
    source, target = game.table[meld], game.table[to]
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
        return None, [refuse("cannot_lay_off", f"the joker cannot go on the {to_end or 'free'} end "
                                               f"of meld {to}")]
    return (left, lay_off(target, joker, to_end)), []


def move_joker_problems(game: ContinentalGame, action: MoveJoker) -> Problems:
    """Why the joker may not move from one run to the other now."""
    return move_joker_result(game, action)[1]


def take_move_joker(game: ContinentalGame, action: MoveJoker) -> None:
    """Move an end joker of a run (keeping at least four cards) to another run."""
    result, _ = move_joker_result(game, action)
    assert result is not None
    game.log.append(action)
    game.table[action.meld], game.table[action.to] = result
