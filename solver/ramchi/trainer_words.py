"""What the best lineup does differently from yours, in a player's words (the trainer's ``why``).

The sentences speak to the player ("you made 4 combinations") and rest only on the two scored
lineups: their combinations, the 2♦ exchange and each round's estimated win chance.

>>> from rulesets.cards import parse_cards
>>> from solver.ramchi.results import PlannedCombination
>>> def combo(codes, name, number, chance):
...     return PlannedCombination(tuple(parse_cards(codes)), "flush", 300, name, number, chance)
>>> best = (combo("As Ad Ah", "Three Aces", 1, 0.9), combo("Qs 9s 7s", "Flush Q-9-7", 2, 0.4))
>>> yours = (combo("As Ad Ah", "Three Aces", 1, 0.9),)
>>> for sentence in lineup_differences(yours, False, best, False):
...     print(sentence)
You made 1 combination; Q♠ 9♠ 7♠ (Flush Q-9-7) was a second.
Round 2: you had no combination left; the best lineup's Flush Q-9-7 wins its round 40% of the time.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulesets.ramchi.narration import cards_in_words
from solver.ramchi.results import PlannedCombination

__all__ = ["lineup_differences"]

ORDINALS = ("first", "second", "third", "fourth", "fifth")
"""The k-th combination of a lineup, in words."""

MOST_NEW = 2
"""How many of the best lineup's combinations you did not make are named."""


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _chance(combination: PlannedCombination) -> str:
    chance = combination.win_probability
    return "" if chance is None else f" wins its round {chance:.0%} of the time"


def _key(combination: PlannedCombination) -> frozenset[str]:
    return frozenset(card.code for card in combination.cards)


def _exchange(yours: bool, best: bool) -> list[str]:
    if yours == best:
        return []
    if best:
        return ["The best lineup exchanges the 2♦ for the up-card; you kept it."]
    return ["The best lineup keeps the 2♦; you exchanged it for the up-card."]


def _counts(yours: Sequence[PlannedCombination], new: list[PlannedCombination],
            best: Sequence[PlannedCombination]) -> list[str]:
    """The number of combinations made, naming the one you left out when it is one."""
    mine, theirs = len(yours), len(best)
    if theirs > mine and theirs - mine == 1 and len(new) == 1 and mine < len(ORDINALS):
        extra = new[0]
        return [f"You made {_plural(mine, 'combination')}; {cards_in_words(extra.cards)} "
                f"({extra.name}) was a {ORDINALS[mine]}."]
    if theirs != mine:
        return [f"You made {_plural(mine, 'combination')}; the best lineup makes {theirs}."]
    return []


def _new_combinations(new: list[PlannedCombination], told: bool) -> list[str]:
    """The best lineup's combinations you did not make (unless the count sentence named it)."""
    if told or not new:
        return []
    named = [f"{c.name} ({cards_in_words(c.cards)})" for c in new[:MOST_NEW]]
    which = " and ".join(named)
    return [f"The best lineup plays {which}, which you did not make."]


def _widest_round(yours: Sequence[PlannedCombination], best: Sequence[PlannedCombination]) -> list[str]:
    """The round where the best lineup's win chance, weighted by what the round pays, gains most."""
    gains = []
    for index, theirs in enumerate(best):
        if theirs.win_probability is None:
            continue
        mine = yours[index] if index < len(yours) else None
        mine_chance = 0.0 if mine is None else (mine.win_probability or 0.0)
        gains.append(((theirs.win_probability - mine_chance) * theirs.round, index))
    if not gains:
        return []
    gain, index = max(gains)
    if gain <= 0.005:
        return []
    theirs = best[index]
    if index >= len(yours):
        return [f"Round {theirs.round}: you had no combination left; the best lineup's "
                f"{theirs.name}{_chance(theirs)}."]
    mine = yours[index]
    return [f"Round {theirs.round}: your {mine.name}{_chance(mine)}; the best lineup's "
            f"{theirs.name}{_chance(theirs).replace(' its round', '')}."]


def lineup_differences(yours: Sequence[PlannedCombination], you_exchanged: bool,
                       best: Sequence[PlannedCombination], best_exchanged: bool) -> tuple[str, ...]:
    """What the best lineup does differently from yours, one sentence each (round order).

    Empty when both play the same combinations after the same exchange decision.
    """
    mine = {_key(c) for c in yours}
    new = [c for c in best if _key(c) not in mine]
    if not new and len(yours) == len(best) and you_exchanged == best_exchanged:
        return ()
    sentences = _exchange(you_exchanged, best_exchanged)
    counted = _counts(yours, new, best)
    sentences += counted
    sentences += _new_combinations(new, bool(counted) and "was a" in counted[0])
    sentences += _widest_round(yours, best)
    return tuple(sentences)
