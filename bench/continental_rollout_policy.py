"""How well the expected-points advice's rollout policy plays, as a player of its own.

The ``ev`` bot prices its choices by playing each hand out with
:class:`solver.continental.rollout.FastPolicy` in every seat, so the figures it compares are
only as good as that policy's play. This script seats the policy at the table as two bots that
see only what their seat sees (their own hand, the table, the pile, who has dropped) and plays
them in the duplicate matches of ``bench/continental_playoff.py`` (the same deals, the six
seatings of two ``A`` and two ``B``, points per hand paired by deal):

- ``rollout``: the policy as the rollouts play it;
- ``rollout_points``: the same policy with the tie-break it had before (between discards that
  leave the hand equally close, the one worth the most points, not the one leaving the most
  kinds of outs: :func:`solver.continental.rollout.outs_left`), the baseline.

Lines ``rollout:advisor`` (is the policy as strong as the exact advisor?),
``rollout:rollout_points`` (what the tie-break is worth) and ``rollout_points:advisor``.
The policy's decisions take well under a millisecond, so most of the time goes to the
advisor's seats.

Run: ``.venv/bin/python bench/continental_rollout_policy.py [--deals 20] [--seed 500] [--jobs 2]``
(any option of ``bench/continental_playoff.py``; ``--lines`` defaults to the three above).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import continental_playoff  # noqa: E402

from rulesets.cards import Card  # noqa: E402
from rulesets.continental.game import ContinentalGame, Phase  # noqa: E402
from rulesets.continental.records import Buy, Pass  # noqa: E402
from rulesets.log import Record  # noqa: E402
from solver.bots import Bot, bots_of, register_bot  # noqa: E402
from solver.budget import Deadline  # noqa: E402
from solver.continental.bots import advisor_action  # noqa: E402
from solver.continental.rollout import FastPolicy, RolloutGame, card_facts, discard_distances  # noqa: E402

LINES = "rollout:advisor,rollout:rollout_points,rollout_points:advisor"


@dataclass(frozen=True, slots=True)
class MostPointsPolicy(FastPolicy):
    """The rollout policy with its former tie-break: the most points before the most outs."""

    def _discard_building(self, game: RolloutGame, hand: tuple[Card, ...], spare: int) -> Card:
        key, jokers = game.key_of(hand)
        far = discard_distances(hand, game.contract, spare, key=key, jokers=jokers)
        feeds = self.feeds(game)

        def score(card: Card) -> tuple[int, int, int, int]:
            t, worth = card_facts(card, self.card_values)
            return far[t], feeds >> t & 1, -worth, t

        return min(hand, key=score)


def policy_action(policy: FastPolicy, game: ContinentalGame, seat: int) -> Record:
    """What ``policy`` plays for ``seat`` now, from what the seat sees: it reads only the seat's
    own hand, the table, the pile and who has dropped of the copy it is given.
    """
    view = RolloutGame.copy_of(game, seed=0)
    if seat != game.current:
        return Buy(seat) if policy.buys(view, seat) else Pass(seat)
    if game.phase is Phase.DRAW:
        return policy.draw(view, seat)
    return policy.play(view, seat)


def register_policies(policies: dict[str, Callable[[str], FastPolicy]]) -> None:
    """Register a bot for each policy (``name``: the policy by card values), once per process:
    it plays the policy's move from what its seat sees; a move the rules refuse would be a bug
    of the policy, and the advisor plays instead.
    """
    for name, make in policies.items():
        if name not in bots_of("continental"):
            register_bot(Bot(game="continental", name=name, description=f"the rollout policy ({name})",
                             choose=_player(make)))  # type: ignore[arg-type]


def _player(make: Callable[[str], FastPolicy]) -> Callable[..., Record]:
    def choose(game: ContinentalGame, seat: int, rng: random.Random, deadline: Deadline | None) -> Record:
        action = policy_action(make(game.options.card_values), game, seat)
        return action if game.can(action) else advisor_action(game, seat, rng, deadline=deadline)
    return choose


def register() -> None:
    """Register the two bots (once) for this process's games."""
    register_policies({"rollout": lambda values: FastPolicy(card_values=values),
                       "rollout_points": lambda values: MostPointsPolicy(card_values=values)})


def run_lines(lines: str, argv: Sequence[str] | None) -> None:
    """The play-off with ``--lines`` defaulting to ``lines`` (``argv``: the command line's)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--lines" not in argv:
        argv = ["--lines", lines, *argv]
    continental_playoff.main(argv)


if __name__ in ("__main__", "__mp_main__"):  # the script, and the processes it spawns
    register()


def main(argv: Sequence[str] | None = None) -> None:
    """Run the playoff's lines of the rollout policy (``--lines`` replaces them)."""
    register()
    run_lines(LINES, argv)


if __name__ == "__main__":
    main()
