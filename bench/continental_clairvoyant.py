"""How much better could the ``ev`` bot play if it knew the other hands? An upper bound.

The ``ev`` bot (:mod:`solver.continental.ev_bot`) prices a decision on samples of what its seat
cannot see: the other hands and the stock. Part of what keeps its pricing from overruling the
exact advice is that uncertainty. This script seats ``ev_clairvoyant``: the same bot, the same
budget and the same decisions priced, but every sample deals the other players' *real* hands
(the stock is the real stock's cards in a random order: its order is unknown to every player).
It is a bound, not a player: it reads the hidden hands. What it gains on ``advisor`` in the
play-off (``bench/continental_playoff.py``: the same deals, the six seatings, paired by deal)
says how much the rollouts' pricing could gain with a perfect guess of the hidden hands; what it
does not gain no better sampling of the hidden hands could.

Run: ``.venv/bin/python bench/continental_clairvoyant.py --deals 20 --seed 4000 --jobs 2`` (any
option of ``bench/continental_playoff.py``; ``--lines`` defaults to ``ev_clairvoyant:advisor``).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import continental_playoff  # noqa: E402

from rulesets.cards import Card  # noqa: E402
from rulesets.continental.game import ContinentalGame  # noqa: E402
from rulesets.log import Record  # noqa: E402
from solver.bots import Bot, bots_of, register_bot  # noqa: E402
from solver.budget import Deadline  # noqa: E402
from solver.continental import expected  # noqa: E402
from solver.continental.ev_bot import ev_action  # noqa: E402
from solver.continental.sampler import Deal, Sampler, SeatKnowledge  # noqa: E402

LINES = "ev_clairvoyant:advisor"


class ClairvoyantSampler(Sampler):
    """Deals the real other hands; the stock's real cards in the sample's random order."""

    def __init__(self, knowledge: SeatKnowledge, hands: tuple[tuple[Card, ...], ...],
                 stock: frozenset[Card]) -> None:
        super().__init__(knowledge)
        self.hands = hands
        self.stock = stock

    def deal_of(self, order: Sequence[int]) -> Deal:
        """The real hands, and the real stock shuffled as ``order`` shuffles the unknown cards."""
        return Deal(self.hands, tuple(c for c in (self.unknown[i] for i in order) if c in self.stock))


@contextmanager
def seeing(game: ContinentalGame, seat: int) -> Iterator[None]:
    """The pricing deals ``game``'s real hidden hands for ``seat`` while inside."""
    hands = tuple(game.hands[(seat + k) % game.players] for k in range(1, game.players))
    stock = frozenset(game.stock)
    own = expected.played_sampler
    expected.played_sampler = lambda position: ClairvoyantSampler(position.knowledge, hands, stock)  # type: ignore[assignment]
    try:
        yield
    finally:
        expected.played_sampler = own  # type: ignore[assignment]


def _choose(game: ContinentalGame, seat: int, rng: random.Random, deadline: Deadline | None) -> Record:
    with seeing(game, seat):
        return ev_action(game, seat, rng, deadline=deadline)


def register() -> None:
    """Register ``ev_clairvoyant`` (once) for this process's games."""
    if "ev_clairvoyant" not in bots_of("continental"):
        register_bot(Bot(game="continental", name="ev_clairvoyant",
                         description="the ev bot pricing on the real hidden hands (a bound, not a player)",
                         choose=_choose, costly=True))


if __name__ in ("__main__", "__mp_main__"):  # the script, and the processes it spawns
    register()


def main(argv: Sequence[str] | None = None) -> None:
    """Run the play-off's ``ev_clairvoyant`` line (``--lines`` replaces it)."""
    register()
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--lines" not in argv:
        argv = ["--lines", LINES, *argv]
    continental_playoff.main(argv)


if __name__ == "__main__":
    main()
