"""The Continental bots, registered with :mod:`solver.bots`, and the advisor bot's play.

- ``random``: :func:`solver.continental.random_player.random_action` with skill
  :data:`RANDOM_SKILL` (0.5): a legal move at random, but half the time a sensible one
  (drop and lay off when it finds how, keep the cards that build melds), so that its
  hands end.
- ``advisor``: :func:`advisor_action`, a seat played by following
  :func:`~solver.continental.advice.advise` from what the seat sees.

>>> from solver.bots import bots_of
>>> list(bots_of("continental"))
['random', 'advisor', 'ev']

:func:`advisor_action` is the action the advisor bot takes now for one seat of a
:class:`~rulesets.continental.game.ContinentalGame`; :func:`advisor_choice`
also says whether it had to fall back on a random legal action. The bot is
stateless: every call advises the seat again from the game as it stands, so a
turn that drops, lays off and discards is several calls, each one the first
step of the best plan that is left.

- A buy offer to a seat that is not the current player: ``Buy`` when the advice
  says buy (and the rules allow it), else ``Pass``.
- The draw: ``Draw(seat, "discard")`` when the advice says take it, else from the stock.
- The play: the advised drop (the advisor always drops when it can); once
  dropped, the first advised lay-off (:class:`~solver.continental.results.AdvisedLayOff`)
  that is legal now (``SwapJoker`` when the card takes a joker's place in a run, else
  ``LayOff``); then the advised discard. With ``go_out_without_discard`` the last card may
  be melded or laid off: the hand is then empty and the hand ends by itself, with no discard.

**What the bot sees.** Only what its seat may see: its own hand
(``game.hands[seat]``), the melds on the table, the discard pile (the top card
is the one offered; every card in the pile counts as *seen*), whether it has
dropped, the contract and the options, and where the game stands (whose turn,
which step, the buy window). It never reads the other hands, the stock or the
log (whose deal records hold the deck), so two games that look the same from
the seat get the same action.

**Fallback.** Advice that cannot be turned into a legal action (a bug: it
should never happen) is logged as a warning, counted in :data:`FALLBACKS`, and
replaced by :func:`solver.continental.random_player.random_action` with ``skill=1.0``;
the bot never raises for a seat that has a legal action.

**Budget.** Given a ``deadline``, the advice may run out of time
(:class:`~solver.budget.BudgetExceededError`): that is no bug, so the bot plays
the same simple purposeful action (``random_action`` with ``skill=1.0``: drop or
lay off what it finds, keep the cards that build melds), counts it in
:data:`BUDGET_FALLBACKS` and logs it at info level.

>>> import random
>>> from rulesets.continental.config import GameConfig
>>> from rulesets.continental.game import ContinentalGame
>>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
>>> action = advisor_action(game, 1, random.Random(0))
>>> action.kind, game.can(action)
('draw', True)
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence

from rulesets.continental.game import ContinentalGame, Phase
from rulesets.continental.records import Draw
from rulesets.log import Record
from solver.bots import Bot, register_bot
from solver.budget import BudgetExceededError, Deadline
from solver.continental.advice import advise
from solver.continental.advised_action import advised_records
from solver.continental.random_player import random_action
from solver.continental.results import ContinentalAdvice

__all__ = [
    "ADVISOR",
    "BUDGET_FALLBACKS",
    "FALLBACKS",
    "RANDOM",
    "RANDOM_SKILL",
    "advisor_action",
    "advisor_choice",
    "seat_advice",
]

logger = logging.getLogger(__name__)

FALLBACKS = 0
"""How many times, in this process, the advice could not be turned into a legal action and the
bot played :func:`~solver.continental.random_player.random_action` instead (0 when all is well)."""

BUDGET_FALLBACKS = 0
"""How many times, in this process, the advice ran out of its budget and the bot played
:func:`~solver.continental.random_player.random_action` (``skill=1.0``) instead."""


class _NoAdvisedAction(Exception):
    """The advice gives no legal action (the caller falls back)."""


def seat_advice(game: ContinentalGame, seat: int, *, drawn: bool,
                deadline: Deadline | None = None) -> ContinentalAdvice:
    """The advice for ``seat`` from what that seat sees of ``game`` (and nothing else).

    ``drawn`` says whether the hand holds this turn's draw (the play step of its
    own turn) or not (its draw step, or a buy offer out of turn). The discard
    pile is the cards seen. Before the draw its top card is the one offered (the
    take and buy advice); after it nothing is offered to the seat, so the advice
    skips the take and buy questions (the drop, lay-offs and discard do not
    depend on them: the top card counts as seen either way). Past ``deadline`` it raises
    :class:`~solver.budget.BudgetExceededError`.

    >>> from rulesets.continental.config import GameConfig
    >>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
    >>> seat_advice(game, 1, drawn=False).take_discard is not None
    True
    """
    return advise(
        game.hands[seat], game.contract, dropped=game.dropped[seat],
        table=[meld.cards for meld in game.table], discard_top=None if drawn else game.top_discard,
        seen=game.discards, options=game.options, drawn=drawn, deadline=deadline)


def _first_legal(game: ContinentalGame, records: Sequence[Record], problem: str) -> Record:
    """The first of ``records`` the rules allow now (raises :class:`_NoAdvisedAction`)."""
    for record in records:
        if game.can(record):  # type: ignore[arg-type]
            return record
    raise _NoAdvisedAction(problem)


def _play_problem(advice: ContinentalAdvice) -> str:
    """Why no advised action of the play step is legal, in words (for the log)."""
    if not advice.dropped and advice.can_drop:
        return f"the advised drop {[m.text for m in advice.drop]} is refused"
    if advice.dropped and advice.lay_offs:
        return "no advised lay-off is legal: " + ", ".join(f"{x.card.id}→{x.meld}" for x in advice.lay_offs)
    if advice.discard is None:
        return "no lay-off left and no discard advised"
    return f"the advised discard {advice.discard.id} is refused"


def _advised(game: ContinentalGame, seat: int, deadline: Deadline | None) -> Record:
    """The advised action (raises :class:`_NoAdvisedAction` or the advisor's error): the first
    of :func:`~solver.continental.advised_action.advised_records` the rules allow now (the same
    mapping the API's advice answers write as ``action``).
    """
    if game.is_over:
        raise _NoAdvisedAction("the game is over")
    offer = seat != game.current
    if offer and seat not in game.buyers_to_answer():
        raise _NoAdvisedAction(f"seat {seat} is not awaited")
    drawn = not offer and game.phase is not Phase.DRAW
    if not offer and not drawn and game.top_discard is None:
        return Draw(seat, "stock")  # nothing offered: no advice needed
    advice = seat_advice(game, seat, drawn=drawn, deadline=deadline)
    records = advised_records(advice, seat, game.table, offer=offer)
    if drawn:
        return _first_legal(game, records, _play_problem(advice))
    # A refused buy or take falls back on passing or the stock (the last record), as asked.
    return next((record for record in records[:-1] if game.can(record)), records[-1])  # type: ignore[arg-type]


def advisor_choice(game: ContinentalGame, seat: int, rng: random.Random, *,
                   deadline: Deadline | None = None) -> tuple[Record, bool]:
    """The action the advisor bot takes now for ``seat`` (one of ``game.awaited()``), and whether it
    fell back on a random legal action because the advice gave none (counted in :data:`FALLBACKS`)
    or ran out of ``deadline`` (counted in :data:`BUDGET_FALLBACKS`).

    ``rng`` is used by the fallback only. Raises ``ValueError`` when the seat has no legal action.

    >>> import random
    >>> from rulesets.continental.config import GameConfig
    >>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
    >>> advisor_choice(game, 1, random.Random(0))[1]
    False
    """
    global BUDGET_FALLBACKS, FALLBACKS
    try:
        action = _advised(game, seat, deadline)
        if game.can(action):  # type: ignore[arg-type]
            return action, False
        problem = f"the advised {action!r} is refused"
    except BudgetExceededError as err:  # out of time: no bug, a simple action instead
        action = random_action(game, seat, rng, skill=1.0)
        BUDGET_FALLBACKS += 1
        logger.info("advisor bot, seat %d of %r: %s; playing %r instead", seat, game, err, action)
        return action, True
    except Exception as err:  # the advice failed: fall back, never raise
        problem = f"{type(err).__name__}: {err}"
    action = random_action(game, seat, rng, skill=1.0)
    FALLBACKS += 1
    logger.warning("advisor bot, seat %d of %r: %s; playing %r instead", seat, game, problem, action)
    return action, True


def advisor_action(game: ContinentalGame, seat: int, rng: random.Random, *,
                   deadline: Deadline | None = None) -> Record:
    """The action the advisor bot takes now for ``seat``, one of ``game.awaited()`` (see the module doc).

    Past ``deadline`` it plays a simple legal action instead of the advice (never raises for it).

    >>> import random
    >>> from rulesets.continental.config import GameConfig
    >>> game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=5, dealer=0))
    >>> game.apply(advisor_action(game, 1, random.Random(0)))
    >>> game.phase.value, game.can(advisor_action(game, 1, random.Random(0)))
    ('play', True)
    """
    return advisor_choice(game, seat, rng, deadline=deadline)[0]


# -- the bots registered with solver.bots ------------------------------------------------------

RANDOM_SKILL = 0.5
"""How often the ``random`` bot plays a sensible move instead of a random legal one."""


def _random(game: ContinentalGame, seat: int, rng: random.Random, deadline: Deadline | None) -> Record:
    return random_action(game, seat, rng, RANDOM_SKILL)


def _advisor(game: ContinentalGame, seat: int, rng: random.Random, deadline: Deadline | None) -> Record:
    return advisor_action(game, seat, rng, deadline=deadline)


RANDOM = register_bot(Bot(
    game="continental", name="random",
    description="Plays legal moves at random, but half the time a sensible one (drops and lays off "
                "when it finds how, keeps cards that build melds), so that its hands end.",
    choose=_random))

ADVISOR = register_bot(Bot(
    game="continental", name="advisor",
    description="Follows the Continental advisor: takes or buys the discard when it helps, drops "
                "the contract as soon as it can, lays off, and throws the card that keeps it "
                "closest to going out. Sees only what its seat sees.",
    choose=_advisor, costly=True))
