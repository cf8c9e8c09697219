"""Whether a play is legal on a table of real cards: a new meld, a lay-off, a joker swap or move,
or a drop, checked by the referee's own rules on the table alone.

A table at a real game is only its melds, and whether the player has dropped; the referee's
rules for each play are split so that the part the table alone decides is a function of the
table (:func:`~rulesets.continental.table_actions.lay_off_on`,
:func:`~rulesets.continental.table_actions.swap_joker_on`,
:func:`~rulesets.continental.table_actions.move_joker_on`,
:func:`~rulesets.continental.turn_actions.contract_drop`), and a play is checked by those
alone. What needs the game (whose turn it is, the hand) is left to the players: each check
says so in its verdict's message where it matters.

>>> from rulesets.cards import parse_cards, parse_card
>>> from rulesets.continental.melds import read_meld
>>> table = [read_meld(parse_cards("Ah 2h 3h Jk 5h", jokers=True))]
>>> verdict = check_swap_joker(table, True, parse_card("4h"), 0, None)
>>> verdict.legal, verdict.melds[0][1].text
(True, 'A♥ 2♥ 3♥ 4♥ 5♥ Jk(6♥)')
>>> check_lay_off(table, False, parse_card("6h"), 0, None).code
'not_dropped'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rulesets.cards import Card, card_named
from rulesets.continental.contracts import CONTRACTS
from rulesets.continental.melds import RUN_MINIMUM, TRIO_MINIMUM, Meld, Run
from rulesets.continental.refusals import played_meld, refuse
from rulesets.continental.table_actions import lay_off_on, move_joker_on, swap_joker_on
from rulesets.continental.turn_actions import contract_drop
from rulesets.errors import RulesError
from rulesets.referee import Problems

__all__ = [
    "PlayVerdict",
    "check_drop",
    "check_lay_off",
    "check_meld",
    "check_move_joker",
    "check_swap_joker",
    "describe_meld",
]


@dataclass(frozen=True, slots=True)
class PlayVerdict:
    """A play judged: ``legal``, the melds it makes (each with its index on the table after the
    play, None for a meld not put on the table), and a ``message`` in words; refused, the
    ``code`` of the rule broken and the ``rule`` in words.
    """

    legal: bool
    melds: tuple[tuple[int | None, Meld], ...]
    message: str
    code: str | None = None
    rule: str | None = None


def describe_meld(meld: Meld) -> str:
    """A meld in words: what it is and what each joker stands for.

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.melds import read_meld
    >>> describe_meld(read_meld(parse_cards("Th Jk Jk", jokers=True, decks=2)))
    'a trio of Tens: 10♥ Jk(10) Jk(10)'
    >>> describe_meld(read_meld(parse_cards("Jk 5h 6h 7h", jokers=True)))
    'a run of ♥ from 4 to 7: Jk(4♥) 5♥ 6♥ 7♥'
    """
    if isinstance(meld, Run):
        ranks = meld.ranks
        return f"a run of {meld.suit.symbol} from {ranks[0].label} to {ranks[-1].label}: {meld.text}"
    return f"a trio of {meld.rank.plural}: {meld.text}"


def _refused(problems: Problems) -> PlayVerdict:
    """The verdict of a play refused by the first of its problems."""
    problem = problems[0]
    return PlayVerdict(False, (), problem.message, problem.code, getattr(problem, "rule", None))


def _refusal(error: RulesError) -> PlayVerdict:
    return _refused([error])


def _needs_drop(dropped: bool, what: str) -> Problems:
    """"Only a player who has dropped may lay off" (and swap or move jokers)."""
    if dropped:
        return []
    return [refuse("not_dropped", f"only a player who has dropped the contract may {what}")]


def _no_new_meld(dropped: bool) -> Problems:
    """"After dropping a player can never make a new meld in this hand"."""
    if not dropped:
        return []
    return [refuse("already_dropped", "after dropping, a player never makes a new meld in this hand "
                                      "(only lays off)")]


def check_meld(cards: Sequence[Card], dropped: bool) -> PlayVerdict:
    """Whether the cards are a meld a player who has not dropped may put down (as part of the
    drop, where each meld is exactly its minimum: check the whole drop with :func:`check_drop`).

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.melds import read_meld
    >>> check_meld(parse_cards("Th Jk Jk", jokers=True, decks=2), False).message
    '10♥ Jk Jk is a trio of Tens: 10♥ Jk(10) Jk(10); it goes down as one meld of the drop'
    >>> check_meld(parse_cards("5h 6h 7h 8h 9h"), False).message.split("; ")[1]
    'at the drop a run is exactly 4 cards: put 4 down and lay the others off afterwards'
    >>> check_meld(parse_cards("Qc Kc Ac 2c"), False).code
    'not_a_meld'
    """
    problems = _no_new_meld(dropped)
    if problems:
        return _refused(problems)
    try:
        meld = played_meld(cards)
    except RulesError as err:
        return _refusal(err)
    written = " ".join("Jk" if card.is_joker else card.pretty for card in cards)
    minimum = RUN_MINIMUM if isinstance(meld, Run) else TRIO_MINIMUM
    kind = "run" if isinstance(meld, Run) else "trio"
    when = ("it goes down as one meld of the drop" if len(meld) == minimum else
            f"at the drop a {kind} is exactly {minimum} cards: put {minimum} down and lay the "
            "others off afterwards")
    return PlayVerdict(True, ((None, meld),), f"{written} is {describe_meld(meld)}; {when}")


def check_lay_off(table: Sequence[Meld], dropped: bool, card: Card, meld: int,
                  end: str | None) -> PlayVerdict:
    """Whether ``card`` may be laid off on table meld ``meld`` (``end`` placing a joker).

    >>> from rulesets.cards import parse_cards, parse_card
    >>> from rulesets.continental.melds import read_meld
    >>> table = [read_meld(parse_cards("5h 6h 7h 8h"))]
    >>> check_lay_off(table, True, parse_card("Jk", jokers=True), 0, "low").message
    'Joker goes on meld 0: a run of ♥ from 4 to 8: Jk(4♥) 5♥ 6♥ 7♥ 8♥'
    """
    problems = _needs_drop(dropped, "lay off")
    result, problems = (None, problems) if problems else lay_off_on(table, card, meld, end)
    if problems or result is None:
        return _refused(problems)
    shown = card_named(card)
    return PlayVerdict(True, ((meld, result),), f"{shown} goes on meld {meld}: {describe_meld(result)}")


def check_swap_joker(table: Sequence[Meld], dropped: bool, card: Card, meld: int,
                     end: str | None) -> PlayVerdict:
    """Whether natural ``card`` may take the place of the joker standing for it in run ``meld``,
    the joker moving to ``end`` of the same run.
    """
    problems = _needs_drop(dropped, "put a natural card in a joker's place")
    result, problems = (None, problems) if problems else swap_joker_on(table, card, meld, end)
    if problems or result is None:
        return _refused(problems)
    return PlayVerdict(True, ((meld, result),),
                       f"{card.pretty} takes the place of the joker standing for it in meld {meld}; the "
                       f"joker moves to an end: {describe_meld(result)}")


def check_move_joker(table: Sequence[Meld], dropped: bool, meld: int, end: str, to: int,
                     to_end: str | None) -> PlayVerdict:
    """Whether the joker at ``end`` of run ``meld`` may move to run ``to`` (at ``to_end``)."""
    problems = _needs_drop(dropped, "move a joker")
    result, problems = (None, problems) if problems else move_joker_on(table, meld, end, to, to_end)
    if problems or result is None:
        return _refused(problems)
    left, joined = result
    return PlayVerdict(True, ((meld, left), (to, joined)),
                       f"the joker leaves the {end} end of meld {meld}, which keeps {len(left)} cards "
                       f"({describe_meld(left)}), for meld {to}: {describe_meld(joined)}")


def check_drop(table: Sequence[Meld], dropped: bool, hand_number: int,
               melds: Sequence[Sequence[Card]]) -> PlayVerdict:
    """Whether ``melds`` are a drop of hand ``hand_number``'s contract; they would take the table
    indexes after the melds already there.

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.melds import read_meld
    >>> verdict = check_drop([], False, 1, [parse_cards("3c 3d 3h"), parse_cards("Kc Kd Jk", jokers=True)])
    >>> verdict.legal, [index for index, _ in verdict.melds]
    (True, [0, 1])
    >>> check_drop([], False, 2, [parse_cards("3c 3d 3h"), parse_cards("Kc Kd Jk", jokers=True)]).code
    'wrong_contract'
    """
    problems = _no_new_meld(dropped)
    if problems:
        return _refused(problems)
    contract = CONTRACTS[hand_number]
    made, problems = contract_drop(melds, contract)
    if problems:
        return _refused(problems)
    placed = tuple((len(table) + i, meld) for i, meld in enumerate(made))
    told = "; ".join(f"meld {index}, {describe_meld(meld)}" for index, meld in placed)
    return PlayVerdict(True, placed, f"a drop of hand {hand_number}'s contract ({contract.name}): "
                                     f"{told} (the player must still keep a card to discard)")
