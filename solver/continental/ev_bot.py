"""The Continental ``ev`` bot: plays the expected-points advice from what its seat sees.

Each decision is priced by :func:`~solver.continental.expected.price` on deals of what the seat
does not know (:meth:`~solver.continental.position.Position.of_game`: its own hand, the table,
the pile, the hand sizes, the cards others took from the pile), with the exact advisor
(:func:`~solver.continental.bots.seat_advice`) pruning the alternatives first. A decision the
exact advice leaves no doubt about is not priced: a draw or a buy offer of a card that is no
out of the hand (nor, once dropped, fits a meld on the table), and any decision with a single
alternative.

The bot is deterministic: its samples come from the bot's random generator, and its budget is a
count of rollout turns (:data:`WORK`), not the clock; a ``deadline`` only cuts the sampling
short (then the figures so far decide). Past the deadline before any advice, it plays as the
``advisor`` bot does when out of time.

>>> import random
>>> from rulesets.continental.config import GameConfig
>>> from rulesets.continental.game import ContinentalGame
>>> game = ContinentalGame(GameConfig.create(players=4, hands=1, seed=5, dealer=0))
>>> action = ev_action(game, 1, random.Random(0))
>>> action.kind, game.can(action)
('draw', True)
"""

from __future__ import annotations

import dataclasses
import logging
import random
from collections.abc import Callable

from rulesets.continental.game import ContinentalGame
from rulesets.continental.melds import can_lay_off
from rulesets.continental.records import Draw, Pass
from rulesets.log import Record
from solver.bots import Bot, register_bot
from solver.budget import BudgetExceededError, Deadline
from solver.continental.alternatives import alternatives
from solver.continental.bots import advisor_choice, seat_advice
from solver.continental.cardtypes import add, counts_of, type_of
from solver.continental.distance import distance
from solver.continental.drop import spare_cards
from solver.continental.expected import ExpectedPoints, KeepBars, price
from solver.continental.position import Position, Step

__all__ = ["DISCARDS", "EV", "EXTRA_WORK", "PRICED", "SAMPLES", "WORK", "ev_action", "ev_pricing"]

logger = logging.getLogger(__name__)

SAMPLES = 48
"""Samples per alternative the bot plays out, at most (the work budgets bound most decisions first)."""
WORK = 1000
"""Rollout turns the bot plays per decision, at most, but for a close call (:data:`EXTRA_WORK`):
about 0.05-0.4 s on one core (a turn of the rollout policy costs about 0.06-0.15 ms from cold
caches, the most in hands 5 and 6: ``bench/continental_rollout_speed.py``; a decision's p95 is
174 ms with both cores playing, ``bench/continental_playoff.py``, README).
Fewer turns leave most pricings short of the samples an overrule needs (:data:`~solver.
continental.expected.MIN_OVERRULE`): at 450 turns the bot played almost as the advisor
(``bench/continental_playoff.py``, README)."""
EXTRA_WORK = 1500
"""Rollout turns the bot adds, at most, to a close call: another alternative ahead of the exact
advice's by 1.5 to 3 standard errors (:data:`~solver.continental.expected.EXTEND_Z`), which more
samples may settle either way. About one priced decision in ten gets them; the decision p95 stays
174 ms and the longest took 0.9 s (``bench/continental_playoff.py``, README)."""
DISCARDS = 3
"""Discards the bot prices, at most (those leaving the hand as close as the best one). The bot
does not price shedding (:attr:`~solver.continental.alternatives.Kind.SHED`): as a rule of play
it loses points (``bench/continental_policy_variants.py``), and pricing it would take samples
from the close choices."""
PRICED: list[Callable[[Position, ExpectedPoints], None]] = []
"""Called with every decision the bot prices and its figures, in order (empty: none). A bench
(``bench/continental_ev_decisions.py``) counts with it how often the pricing overrules the exact
advice; the bot's choices do not depend on it."""


def _helps(game: ContinentalGame, seat: int) -> bool:
    """Whether the top discard is an out of the seat's hand, or fits the table once dropped."""
    top = game.top_discard
    if top is None:
        return False
    hand = game.hands[seat]
    if game.dropped[seat]:
        return any(can_lay_off(meld, top) for meld in game.table)
    spare = spare_cards(game.options)
    counts = counts_of(hand)
    return distance(add(counts, type_of(top)), game.contract, spare=spare) < \
        distance(counts, game.contract, spare=spare)


def ev_pricing(game: ContinentalGame, seat: int, rng: random.Random, *,
               deadline: Deadline | None = None, bars: KeepBars | None = None) -> ExpectedPoints | None:
    """The priced decision of ``seat`` now, or None when the exact advice leaves no doubt
    (module text); ``bars`` the overrule bars (default :data:`~solver.continental.expected.KEEP_BARS`).
    """
    position = Position.of_game(game, seat)
    if position.step is not Step.PLAY and not _helps(game, seat):
        return None
    return _priced(game, seat, position, rng, deadline, bars)


def _priced(game: ContinentalGame, seat: int, position: Position, rng: random.Random,
            deadline: Deadline | None, bars: KeepBars | None) -> ExpectedPoints:
    """The decision priced (the work of :func:`ev_pricing` once the pricing is worth it)."""
    advice = seat_advice(game, seat, drawn=position.step is Step.PLAY, deadline=deadline)
    options = alternatives(position, advice, discards=DISCARDS, closest=True, shed=False)
    priced = price(position, advice, samples=SAMPLES, seed=rng.getrandbits(31), work=WORK,
                   extra_work=EXTRA_WORK, deadline=deadline, options=options, bars=bars)
    for observer in PRICED:
        observer(position, priced)
    return priced


def ev_action(game: ContinentalGame, seat: int, rng: random.Random, *,
              deadline: Deadline | None = None, bars: KeepBars | None = None) -> Record:
    """The action the ``ev`` bot takes now for ``seat``, one of ``game.awaited()``; ``bars`` as
    for :func:`ev_pricing` (a bench tries others).
    """
    drawing = seat == game.current and game.phase.value == "draw"
    offered = seat != game.current and seat in game.buyers_to_answer()
    if (drawing or offered) and not _helps(game, seat):
        return Draw(seat, "stock") if drawing else Pass(seat)
    try:
        priced = _priced(game, seat, Position.of_game(game, seat), rng, deadline, bars)
    except BudgetExceededError:
        priced = None
    if priced is not None:
        action = dataclasses.replace(priced.choice.alternative.action, seat=seat)  # type: ignore[type-var]
        if game.can(action):
            return action
        logger.warning("ev bot, seat %d of %r: the priced %r is refused; playing the advisor's",
                       seat, game, action)
    return advisor_choice(game, seat, rng, deadline=deadline)[0]


def _ev(game: ContinentalGame, seat: int, rng: random.Random, deadline: Deadline | None) -> Record:
    return ev_action(game, seat, rng, deadline=deadline)


EV = register_bot(Bot(
    game="continental", name="ev",
    description="Plays the expected-points advice: prices its close choices (discards, drop or "
                "hold, take, buy) by playing the hand out on samples of the cards it cannot see, "
                "and avoids discards another player can use. Sees only what its seat sees.",
    choose=_ev, costly=True))
