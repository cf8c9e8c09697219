"""Posted logs: the slowest legal logs a dispute or a replay can be sent, judged, told and served.

Each case is one posted log (the body of ``POST /v1/disputes`` and ``POST /v1/replays``),
the longest legal logs the limits let through first (each within the body limit,
``api.limits.max_body_bytes``, and the game's log size, ``GameKind.check_log_size``):

- ``continental random``: the longest 7-hand game of random players among ``--seeds`` seeds
  (2 players, the longest games measured, see ``rulesets/continental/disputes.py``);
- ``continental stalling`` (adversarial): players who never drop and never go out
  (:func:`solver.continental.random_player.stalling_action`), one hand played on through
  reshuffle after reshuffle up to ``rulesets.log.MAX_LOG_RECORDS`` records; ``+ drops``:
  the same with the contract dropped when it can be (a table of melds to carry);
  ``illegal last``: the stalling log cut after its last discard, made by the other seat (judged
  to the end, refused there), whole and cut to ``rulesets.verdicts.BLAME_RECORDS`` records (the
  longest log whose refusal is then searched for the action it follows from);
- ``ramchi 1000 hands``: ``rulesets.ramchi.config.MAX_HANDS`` hands of greedy bots, the whole
  log, and the same game as its actions only (a smaller body, the same work), each also with
  its last keep made by the next seat (refused, then searched).

For each case it times, in this process, the judgement (``kind.judge``) and the replay of one
page of steps (the first and the last ``--limit`` steps), against the **baseline** measured in
the same run: the replay of every step at once, as ``POST /v1/replays`` answered before it
paged (time and answer size). Then it sends each request through the app's test client with a
pool of one solver process (``SOLVER_PROCESSES=1``, the log budget of ``RAMCHI_LOG_BUDGET_S``):
the served time of a dispute and of the first and last pages, their status, and the size of
each answer. ``--budget`` sets the log budget of the served app.

Run: ``.venv/bin/python bench/log_requests.py [--seeds 6] [--limit 200] [--budget 8]
[--quick]`` (``--quick``: a tenth of the records for the stalling logs, 100 hands of Ramchi).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from api import create_app
from api.limits import max_body_bytes
from api.log_jobs import log_budget_s
from api.pool import POOL
from rulesets.continental.config import GameConfig as ContinentalConfig
from rulesets.continental.game import ContinentalGame
from rulesets.game import game_kind
from rulesets.log import MAX_LOG_RECORDS
from rulesets.replay import Page
from rulesets.verdicts import BLAME_RECORDS
from solver.continental.random_player import stalling_action
from solver.simulate import play_game


@dataclass(frozen=True, slots=True)
class Case:
    """One posted log: a name and the request body."""

    name: str
    body: dict[str, Any]

    @property
    def records(self) -> int:
        """The records posted."""
        return len(self.body["log"])

    @property
    def size(self) -> int:
        """The body's bytes, as JSON."""
        return len(json.dumps(self.body))


def _whole(game: str, state: Any) -> dict[str, Any]:
    """The body judging ``state``'s whole log (nothing hidden: a judge's log)."""
    kind = game_kind(game)
    return {"game": game, "config": state.config.to_dict(), "log": kind.full_log(state)}


def continental_random(seeds: int) -> Case:
    """The longest 7-hand game of two random players among ``seeds`` seeds."""
    longest = max((play_game("continental", ["random", "random"], config={"hands": 7}, seed=seed)
                   for seed in range(seeds)), key=lambda state: len(state.log))
    return Case(f"continental random (longest of {seeds})", _whole("continental", longest))


def continental_stalling(records: int, *, drops: bool, players: int = 2, seed: int = 5) -> Case:
    """A game of :func:`stalling_action` players, cut at ``records`` records."""
    game = ContinentalGame(ContinentalConfig.create(players=players, hands=7, seed=seed, dealer=0))
    rng = random.Random(seed)
    while not game.is_over and len(game.log) < records:
        seat = game.awaited()[0]
        game.apply(stalling_action(game, seat, rng, drops=drops))
    body = _whole("continental", game)
    body["log"] = body["log"][:records]
    return Case(f"continental stalling{' + drops' if drops else ''}", body)


def illegal_last(case: Case, kind: str, seats: int, records: int | None = None) -> Case:
    """``case`` (its first ``records`` records) cut after its last ``kind`` action, made by the
    next seat instead (out of turn: judged to the end, refused there, then the search for the
    action it follows from, ``rulesets.verdicts.changed_action``, replays the log again).
    """
    log = [dict(item) for item in case.body["log"][:records]]
    last = max(i for i, item in enumerate(log) if item["kind"] == kind)
    log[last]["seat"] = (log[last]["seat"] + 1) % seats
    return Case(f"{case.name}, {len(log[:last + 1])} illegal last", case.body | {"log": log[:last + 1]})


def ramchi_longest(hands: int) -> tuple[Case, Case]:
    """A game of ``hands`` hands of greedy bots: its whole log, and its actions only."""
    state = play_game("ramchi", ["greedy"] * 3, config={"hands": hands}, seed=3)
    whole = _whole("ramchi", state)
    actions = whole | {"log": [item for item, record in zip(whole["log"], state.log, strict=True)
                               if record.is_action]}
    return Case(f"ramchi {hands} hands", whole), Case(f"ramchi {hands} hands, actions", actions)


def timed(call: Callable[[], Any]) -> tuple[float, Any]:
    """Seconds ``call()`` took, and its result."""
    started = time.perf_counter()
    result = call()
    return time.perf_counter() - started, result


def megabytes(value: Any) -> float:
    """The size of ``value`` as JSON, in MB."""
    return len(json.dumps(value)) / 1e6


@dataclass(frozen=True, slots=True)
class Row:
    """The figures of one case."""

    name: str
    records: int
    body_mb: float
    judge_s: float
    all_s: float
    all_mb: float
    first_s: float
    last_s: float
    steps: int
    verdict: str
    served: dict[str, tuple[int, float, float]]  # request: status, seconds, answer kB


def said(verdict: dict[str, Any]) -> str:
    """The verdict in a word or two."""
    if not verdict["legal"]:
        return f"refused {verdict['index']}"
    return "legal, over" if verdict["finished"] else "legal"


def in_process(case: Case, limit: int) -> tuple[float, float, float, float, float, int, str]:
    """Judge, replay every step (the baseline), the first page and the last page, here."""
    kind = game_kind(case.body["game"])
    config = kind.config_from_dict(case.body["config"])
    log = case.body["log"]
    judge_s, verdict = timed(lambda: kind.judge(config, log))
    all_s, answer = timed(lambda: kind.replay_log(config, log))
    total = answer["total_steps"]
    first_s, _ = timed(lambda: kind.replay_log(config, log, Page(0, limit)))
    last_s, _ = timed(lambda: kind.replay_log(config, log, Page(max(0, total - limit), limit)))
    return judge_s, all_s, megabytes(answer), first_s, last_s, total, said(verdict)


def served(client: Any, case: Case, limit: int, total: int) -> dict[str, tuple[int, float, float]]:
    """Each request through the app: status, seconds and answer size (kB)."""
    data = json.dumps(case.body)
    requests = {"dispute": ("/v1/disputes", {}),
                "first page": ("/v1/replays", {"limit": limit}),
                "last page": ("/v1/replays", {"from": max(0, total - limit), "limit": limit})}
    figures = {}
    for name, (path, query) in requests.items():
        seconds, answer = timed(lambda path=path, query=query: client.post(
            path, data=data, content_type="application/json", query_string=query))
        figures[name] = (answer.status_code, seconds, len(answer.data) / 1e3)
    return figures


def table(rows: Sequence[Row], limit: int, budget: float) -> str:
    """The figures as a table: the baseline (every step at once) beside the pages."""
    head = (f"{'case':<48} {'records':>7} {'body MB':>7} {'verdict':>14} {'judge s':>7} | "
            f"{'all s':>6} {'all MB':>7} | {'page1 s':>7} {'last s':>7} | "
            f"{'served: dispute':>20} {'first page':>20} {'last page':>20}")
    lines = [f"log budget {budget:g} s, pages of {limit} steps, body limit {max_body_bytes():,} bytes; "
             "baseline: every step at once (all s, all MB); served: status, seconds, answer kB", head,
             "-" * len(head)]
    for row in rows:
        cells = [f"{status} {seconds:5.2f}s {kb:6.1f}kB" for status, seconds, kb in row.served.values()]
        lines.append(f"{row.name:<48} {row.records:>7} {row.body_mb:>7.2f} {row.verdict:>14} "
                     f"{row.judge_s:>7.2f} | "
                     f"{row.all_s:>6.2f} {row.all_mb:>7.1f} | {row.first_s:>7.2f} {row.last_s:>7.2f} | "
                     + " ".join(f"{cell:>20}" for cell in cells))
    return "\n".join(lines)


def cases(seeds: int, quick: bool) -> list[Case]:
    """The posted logs, each checked against the body limit and the game's log size."""
    records = MAX_LOG_RECORDS // (10 if quick else 1) - 1
    stalling = continental_stalling(records, drops=False)
    blamed = BLAME_RECORDS // (10 if quick else 1) - 1  # the longest log the search goes through
    ramchi, actions = ramchi_longest(100 if quick else 1000)
    found = [continental_random(seeds), stalling, continental_stalling(records, drops=True),
             illegal_last(stalling, "discard", 2), illegal_last(stalling, "discard", 2, blamed),
             ramchi, actions, illegal_last(ramchi, "keep", 3), illegal_last(actions, "keep", 3)]
    for case in found:
        kind = game_kind(case.body["game"])
        kind.check_log_size(kind.config_from_dict(case.body["config"]), case.body["log"])
        assert case.size <= max_body_bytes(), f"{case.name}: {case.size} bytes"
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=6, help="random games played, the longest kept")
    parser.add_argument("--limit", type=int, default=200, help="steps per page")
    parser.add_argument("--budget", type=float, default=None, help="the served app's log budget (s)")
    parser.add_argument("--quick", action="store_true", help="shorter logs")
    args = parser.parse_args(argv)
    budget = args.budget or log_budget_s({})
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{Path(tmp) / 'b.db'}",
                          "SOLVER_PROCESSES": 1, "LOG_BUDGET_S": budget})
        client = app.test_client()
        rows = []
        for case in cases(args.seeds, args.quick):
            judge_s, all_s, all_mb, first_s, last_s, total, verdict = in_process(case, args.limit)
            rows.append(Row(case.name, case.records, case.size / 1e6, judge_s, all_s, all_mb, first_s,
                            last_s, total, verdict, served(client, case, args.limit, total)))
            print(f"  {case.name}: {case.records} records, {total} steps", file=sys.stderr, flush=True)
        app.extensions[POOL].close()
    print(table(rows, args.limit, budget))
    return 0


if __name__ == "__main__":
    sys.exit(main())
