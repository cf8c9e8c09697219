"""Expected-points advice for Continental: price each alternative of a decision by rollouts.

For a :class:`~solver.continental.position.Position`, every
:class:`~solver.continental.alternatives.Alternative` is played out on the same sampled deals
(common random numbers: sample ``i`` places the unknown cards the same way, and reshuffles the
same way, for every alternative) with the fast policy in every seat
(:func:`~solver.continental.rollout.play_out`). An alternative's *expected points* are the mean
points the advised seat scores at the end of the hand (lower is better: the same-turn bonus is
-10); its *danger* is how often the card it discards is taken by another player before the next
discard (drawn from the pile or bought) and ends on the table (melded or laid off: it helped
them drop, lay off or go out).

The advice keeps the exact advisor's choice unless another alternative is better by more than
a bar of standard errors of the paired difference (:data:`KEEP_BARS`, by decision kind), so
sampling noise seldom overrules it for nothing. Sampling is anytime: samples are played one
after the other until ``samples`` are done, the choice is clear (every other alternative worse
by :data:`CLEAR_Z` standard errors, looked at every :data:`BATCH` samples from
:data:`MIN_SAMPLES` on), the ``work`` budget of rollout turns is spent, or the deadline comes.
On the way the pricing *narrows*: an alternative trailing the best so far by :data:`NARROW_Z`
standard errors is no longer played out, so the samples still to come go to the close ones.
Same position, seed and samples give the same answer.

>>> from rulesets.continental.config import GameConfig
>>> from rulesets.continental.game import ContinentalGame
>>> from solver.continental.bots import seat_advice
>>> from solver.continental.position import Position
>>> game = ContinentalGame(GameConfig.create(players=4, hands=1, seed=3, dealer=0))
>>> position = Position.of_game(game, 1)
>>> priced = price(position, seat_advice(game, 1, drawn=False), samples=16, seed=1)
>>> [a.alternative.kind.value for a in priced.alternatives], priced.samples
(['take', 'stock'], 16)
>>> priced == price(position, seat_advice(game, 1, drawn=False), samples=16, seed=1)
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from solver.budget import Deadline, deadline_or_none
from solver.continental.alternatives import Alternative, Kind, alternatives
from solver.continental.drop import spare_cards
from solver.continental.expected_words import why
from solver.continental.played_sampler import PlayedSampler
from solver.continental.position import Position, Step
from solver.continental.results import ContinentalAdvice
from solver.continental.rollout import FastPolicy, RolloutGame, answer_offer, play_out

__all__ = [
    "BATCH",
    "CLEAR_Z",
    "DEFAULT_SAMPLES",
    "EXTEND_Z",
    "KEEP_BARS",
    "KEEP_Z",
    "MIN_OVERRULE",
    "MIN_SAMPLES",
    "VERDICTS",
    "ExpectedPoints",
    "KeepBars",
    "PricedAlternative",
    "played_sampler",
    "price",
    "verdict",
]

DEFAULT_SAMPLES = 48
"""Samples (deals of the unknown cards) each alternative is played out on, at most."""
MIN_SAMPLES = 16
"""Samples before the pricing may stop early because the choice is clear."""
BATCH = 8
"""Samples played between two looks at the figures (whether the choice is clear)."""
KEEP_Z = 2.0
"""The careful overrule bar, in standard errors of the paired difference: points are heavy-tailed
(a hand caught with many cards scores 100 and more), so few samples often miss the tail of a
risky play. :data:`KEEP_BARS` keeps it for buys and for dropping or holding."""
MIN_OVERRULE = 12
"""Samples before another alternative may overrule the exact advisor's."""
CLEAR_Z = 3.0
"""The pricing stops early once every other alternative is worse by this many standard errors."""
NARROW_Z = 2.0
"""An alternative trailing the best so far by this many standard errors of the paired difference
is dropped (:func:`_trailing`): the samples still to come go to the close ones. Never the exact
advisor's."""
NARROW_FROM = 8
"""Samples before an alternative may be dropped."""
NARROW_EVERY = 4
"""Samples between two looks at which alternatives trail."""
EXTEND_Z = 1.5
"""With ``extra_work``, the pricing goes on past its ``work`` while another alternative leads the
exact advisor's by at least this many standard errors and less than :data:`CLEAR_Z` (a close
call that more samples may settle either way)."""

VERDICTS: tuple[tuple[str, float], ...] = (("best", 1.0), ("inaccuracy", 3.0), ("mistake", 10.0))
"""Verdict by expected points lost against the advised play, the words of the Ramchi review: at
most 1 point is ``best`` (within the sampling noise: a paired difference's standard error is
about 1 point at 48 samples), at most 3 ``inaccuracy``, at most 10 ``mistake`` (a face card kept),
more ``blunder``. A hand scores about 0-100 points (Ramchi's chips range about -10 to +10 a hand,
hence thresholds four times Ramchi's in the same words, rounded)."""


@dataclass(frozen=True, slots=True)
class KeepBars:
    """How many standard errors (of the paired difference) another alternative must be better by
    to overrule the exact advisor's choice, by decision kind (:meth:`kind_of`).

    >>> bars = KeepBars(draw=1.0, buy=2.0, drop_or_hold=2.0, discard=0.5)
    >>> bars.bar("discard"), bars.bar("buy")
    (0.5, 2.0)
    >>> KeepBars.uniform(3) == KeepBars(3, 3, 3, 3)
    True
    """

    draw: float
    buy: float
    drop_or_hold: float
    discard: float

    KINDS = ("draw", "buy", "drop_or_hold", "discard")
    """The decision kinds, each a field."""

    @classmethod
    def uniform(cls, bar: float) -> KeepBars:
        """The same bar for every kind of decision."""
        return cls(bar, bar, bar, bar)

    @classmethod
    def parse(cls, text: str) -> KeepBars:
        """Bars from their notation (:attr:`notation`): one number for every kind, or four
        (``draw,buy,drop_or_hold,discard``); ``ValueError`` saying what is wrong otherwise.

        >>> KeepBars.parse("1, 2,2,0.5") == KeepBars(1.0, 2.0, 2.0, 0.5)
        True
        >>> KeepBars.parse("0.5").notation
        '0.5'
        >>> KeepBars.parse("1,2")
        Traceback (most recent call last):
        ...
        ValueError: bars are one number for every decision kind or four (draw,buy,drop_or_hold,discard), not 2
        """
        parts = [part.strip() for part in text.split(",")]
        if len(parts) not in (1, len(cls.KINDS)):
            raise ValueError(f"bars are one number for every decision kind or four "
                             f"({','.join(cls.KINDS)}), not {len(parts)}")
        try:
            values = [float(part) for part in parts]
        except ValueError:
            raise ValueError(f"a bar is a number of standard errors, not {text!r}") from None
        if not all(value >= 0 for value in values):
            raise ValueError(f"a bar is at least 0 standard errors, not {text!r}")
        return cls.uniform(values[0]) if len(values) == 1 else cls(*values)

    @property
    def notation(self) -> str:
        """The bars as :meth:`parse` reads them: one number when they are all the same.

        >>> KEEP_BARS.notation, KeepBars.uniform(2).notation
        ('1,2,2,1', '2')
        """
        values = [f"{self.bar(kind):g}" for kind in self.KINDS]
        return values[0] if len(set(values)) == 1 else ",".join(values)

    @staticmethod
    def kind_of(step: Step, options: Sequence[Alternative]) -> str:
        """The decision kind of ``options`` at ``step``: ``draw``, ``buy``, ``drop_or_hold`` (a
        play with a drop or a hold among the choices) or ``discard`` (any other play).
        """
        if step is not Step.PLAY:
            return step.value
        kinds = {option.kind for option in options}
        return "drop_or_hold" if Kind.HOLD in kinds or Kind.DROP in kinds else "discard"

    def bar(self, kind: str) -> float:
        """The bar of decision ``kind`` (one of :attr:`KINDS`)."""
        if kind not in self.KINDS:
            raise ValueError(f"no decision kind {kind!r}: one of {', '.join(self.KINDS)}")
        return float(getattr(self, kind))

    def describe(self) -> str:
        """The bars in words.

        >>> KEEP_BARS.describe()
        '1 for a draw, 2 for a buy, 2 for dropping or holding, 1 for a discard'
        """
        words = {"draw": "a draw", "buy": "a buy", "drop_or_hold": "dropping or holding",
                 "discard": "a discard"}
        return ", ".join(f"{self.bar(kind):g} for {words[kind]}" for kind in self.KINDS)


KEEP_BARS = KeepBars(draw=1.0, buy=2.0, drop_or_hold=2.0, discard=1.0)
"""The overrule bars the advice and the ``ev`` bot use: bolder (1 standard error) for draws and
discards, where the exact advice loses most against perfect information and a bolder bar lost
less, careful (:data:`KEEP_Z`) for buys and for dropping or holding, where a bolder bar lost
more (``bench/continental_information_regret.py``, README)."""


def verdict(points_lost: float) -> str:
    """The verdict for ``points_lost`` (see :data:`VERDICTS`).

    >>> verdict(0.4), verdict(2.5), verdict(7), verdict(25)
    ('best', 'inaccuracy', 'mistake', 'blunder')
    """
    return next((name for name, most in VERDICTS if points_lost <= most), "blunder")


@dataclass(frozen=True, slots=True)
class PricedAlternative:
    """One alternative with its figures over the samples (None when no sample was played).

    ``points_lost`` is the mean over the samples of this alternative's points less the advised
    one's (paired: the same deals), with ``difference_error`` its standard error; ``danger`` the
    share of samples where the card it discards ends on the table through another player;
    ``samples`` the deals it was played out on (fewer than the others' once it trailed the best
    clearly: :data:`NARROW_Z`).
    """

    alternative: Alternative
    expected_points: float | None
    standard_error: float | None
    points_lost: float | None
    difference_error: float | None
    danger: float | None
    danger_error: float | None
    advised: bool
    verdict: str | None
    why: str
    samples: int


@dataclass(frozen=True, slots=True)
class ExpectedPoints:
    """The priced decision: the advised alternative first, the others by expected points.

    ``samples`` is how many deals were dealt (an alternative dropped as clearly worse was played
    out on fewer: its own :attr:`PricedAlternative.samples`); ``complete`` is false when the
    deadline stopped the sampling before the asked samples (or a clear choice); ``turns`` is the
    rollout turns played in all (the work spent).
    """

    step: Step
    alternatives: tuple[PricedAlternative, ...]
    samples: int
    seed: int
    complete: bool
    turns: int
    solve_ms: float = field(compare=False)

    @property
    def choice(self) -> PricedAlternative:
        """The advised alternative."""
        return self.alternatives[0]


def played_sampler(position: Position) -> PlayedSampler:
    """The deals the pricing plays out: the unknown cards dealt at random, the other players'
    hidden cards then played forward for the turns they have played
    (:class:`~solver.continental.played_sampler.PlayedSampler`).
    """
    return PlayedSampler(position.knowledge, position.contract, spare=spare_cards(position.options),
                         card_values=position.options.card_values)


def _rollout(position: Position, alternative: Alternative, deal: object, seed: int,
             policy: FastPolicy, checked: bool) -> tuple[int, bool, int]:
    """Seat 0's points, whether the alternative's discard went to another player's meld, and the
    turns played.
    """
    game: RolloutGame = position.rollout(deal, seed, checked=checked)  # type: ignore[arg-type]
    if game.window and position.step is Step.PLAY:
        answer_offer(game, policy)  # the others decide on the top discard alone
    for record in alternative.records:
        game.apply(record)
        if game.ended:
            break
    card = alternative.card
    discarded = card is not None and alternative.kind not in (Kind.TAKE, Kind.BUY) and not game.ended
    taken = False
    if discarded:
        play_out(game, policy, discards=1)
        taken = any(card in hand for hand in game.hands[1:]) or _on_table(game, card)
    scores = play_out(game, policy)
    assert scores is not None
    return scores[0], taken and _on_table(game, card), game.turns


def _on_table(game: RolloutGame, card: object) -> bool:
    return any(card in meld.cards for meld in game.table)


def _mean_error(values: np.ndarray) -> tuple[float, float]:
    """The mean of ``values`` and its standard error, leaving out the samples not played (NaN)."""
    values = values[~np.isnan(values)]
    n = len(values)
    mean = float(values.mean())
    return mean, float(values.std(ddof=1) / math.sqrt(n)) if n > 1 else math.inf


def _playing(points: np.ndarray) -> np.ndarray:
    """Which alternatives are still played out: those with no sample left out (NaN), the others
    dropped by :func:`_trailing`.
    """
    return ~np.isnan(points).any(axis=1)


def _exact_and_best(points: np.ndarray, options: Sequence[Alternative]) -> tuple[int, int]:
    """The exact advisor's alternative and, of those still played, the one with the fewest points
    so far (the first such).
    """
    means = np.where(_playing(points), np.nan_to_num(points).mean(axis=1), np.inf)
    best = int(np.argmin(means))
    return next((i for i, a in enumerate(options) if a.distance_choice), best), best


def _chosen(points: np.ndarray, options: Sequence[Alternative], bar: float) -> int:
    """The advised alternative: the exact advisor's, unless another beats it by ``bar`` standard
    errors (of the paired difference).
    """
    first, best = _exact_and_best(points, options)
    if best == first or points.shape[1] < MIN_OVERRULE:
        return first
    diff = points[first] - points[best]
    _, error = _mean_error(diff)
    return best if float(diff.mean()) > bar * error else first


def _close_call(points: np.ndarray, options: Sequence[Alternative]) -> bool:
    """Whether another alternative leads the exact advisor's by :data:`EXTEND_Z` to
    :data:`CLEAR_Z` standard errors of the paired difference (or before :data:`MIN_OVERRULE`
    samples, by :data:`EXTEND_Z` at least).
    """
    if points.shape[1] < 2:
        return False
    first, best = _exact_and_best(points, options)
    if best == first:
        return False
    mean, error = _mean_error(points[first] - points[best])
    if not mean >= EXTEND_Z * error:
        return False
    return points.shape[1] < MIN_OVERRULE or mean < CLEAR_Z * error


def _clear(points: np.ndarray, chosen: int) -> bool:
    """Whether every other alternative still played is worse than ``chosen`` by :data:`CLEAR_Z`
    standard errors (one dropped is settled already).
    """
    playing = _playing(points)
    for i in range(points.shape[0]):
        if i == chosen or not playing[i]:
            continue
        mean, error = _mean_error(points[i] - points[chosen])
        if not mean > CLEAR_Z * error:
            return False
    return True


def _trailing(points: np.ndarray, options: Sequence[Alternative], bar: float = NARROW_Z) -> np.ndarray:
    """Which alternatives still played trail the best so far by more than ``bar`` standard errors
    of the paired difference: they are dropped, and the samples still to come go to the others.
    Never the exact advisor's (the one any other must beat) nor the best.
    """
    first, best = _exact_and_best(points, options)
    trailing = np.zeros(points.shape[0], dtype=bool)
    for i in np.flatnonzero(_playing(points)):
        if i in (first, best):
            continue
        mean, error = _mean_error(points[i] - points[best])
        trailing[i] = mean > bar * error
    return trailing


def price(position: Position, advice: ContinentalAdvice, *, samples: int = DEFAULT_SAMPLES,
          seed: int = 0, deadline: Deadline | None = None, work: int | None = None,
          extra_work: int = 0, checked: bool = False,
          options: Sequence[Alternative] | None = None,
          bars: KeepBars | None = None, narrow_z: float | None = NARROW_Z) -> ExpectedPoints:
    """Price the alternatives of ``position`` (module text); ``advice`` is its exact advice.

    ``work`` bounds the turns played in all the rollouts: no sample starts once they are spent
    (a budget that, unlike the clock, gives the same answer every time). ``extra_work`` more
    turns go to a close call (:data:`EXTEND_Z`) while it stays one.

    ``options`` replaces the alternatives of :func:`~solver.continental.alternatives.alternatives`;
    ``bars`` the overrule bars (default :data:`KEEP_BARS`, read at the call); ``narrow_z`` the bar
    an alternative is dropped at once it trails the best (:data:`NARROW_Z`; None: every
    alternative is played out on every sample); ``checked`` has the rules check every move of
    every rollout (the tests).
    """
    started = time.perf_counter()
    deadline = deadline_or_none(deadline)
    options = tuple(options if options is not None else alternatives(position, advice))
    bar = (bars or KEEP_BARS).bar(KeepBars.kind_of(position.step, options))
    sampler = played_sampler(position)
    orders = sampler.permutations(samples, np.random.default_rng(seed))
    points = np.full((len(options), samples), np.nan)
    fed = np.zeros((len(options), samples), dtype=bool)
    playing = np.ones(len(options), dtype=bool)
    done = turns = 0
    clear = len(options) < 2
    single = clear
    while done < samples and not clear:
        if done and deadline.expired():
            break
        if work is not None and done and turns >= work and not (
                turns < work + extra_work and _close_call(points[:, :done], options)):
            break
        deal = sampler.deal_of(orders[done])
        rollout_seed = seed * 1_000_003 + done
        for a in np.flatnonzero(playing):
            alternative = options[a]
            policy = FastPolicy(plans=(alternative.plan,), card_values=position.options.card_values)
            points[a, done], fed[a, done], played = _rollout(position, alternative, deal, rollout_seed,
                                                             policy, checked)
            turns += played
        done += 1
        if done >= MIN_SAMPLES and done % BATCH == 0:
            clear = _clear(points[:, :done], _chosen(points[:, :done], options, bar))
        if narrow_z is not None and not clear and done >= NARROW_FROM and done % NARROW_EVERY == 0:
            playing &= ~_trailing(points[:, :done], options, narrow_z)
            clear = int(playing.sum()) < 2
    return _priced(position, options, points[:, :done], fed[:, :done], seed, bar,
                   complete=single or clear or done == samples, turns=turns, started=started)


def _priced(position: Position, options: Sequence[Alternative], points: np.ndarray, fed: np.ndarray,
            seed: int, bar: float, *, complete: bool, turns: int, started: float) -> ExpectedPoints:
    n = points.shape[1]
    chosen = _chosen(points, options, bar) if n else next(
        (i for i, a in enumerate(options) if a.distance_choice), 0)
    priced = []
    for a, alternative in enumerate(options):
        played = ~np.isnan(points[a])
        count = int(played.sum())
        if count == 0:
            priced.append(PricedAlternative(alternative, None, None, None, None, None, None,
                                            a == chosen, None, _unpriced(len(options)), samples=0))
            continue
        mean, error = _mean_error(points[a])
        lost, lost_error = _mean_error(points[a] - points[chosen]) if a != chosen else (0.0, 0.0)
        discards = alternative.card is not None and alternative.kind not in (Kind.TAKE, Kind.BUY)
        danger = float(fed[a][played].mean()) if discards else None
        danger_error = (math.sqrt(danger * (1 - danger) / count) if danger is not None else None)
        priced.append(PricedAlternative(
            alternative, round(mean, 2), _finite(error), round(lost, 2), _finite(lost_error),
            None if danger is None else round(danger, 3),
            None if danger_error is None else round(danger_error, 3), a == chosen,
            verdict(lost), "", samples=count))
    worded = [replace(p, why=why(p, priced, position)) for p in priced]
    order = sorted(range(len(worded)), key=lambda i: (i != chosen, worded[i].expected_points or 0.0, i))
    return ExpectedPoints(position.step, tuple(worded[i] for i in order), n, seed, complete, turns,
                          round((time.perf_counter() - started) * 1000, 2))


def _unpriced(count: int) -> str:
    """Why an alternative has no figures."""
    return ("the only play worth pricing here: nothing to compare it with" if count == 1 else
            "not priced: the budget ran out before the first sample")


def _finite(value: float) -> float | None:
    return round(value, 2) if math.isfinite(value) else None
