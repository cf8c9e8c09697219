"""Whole Continental games: engine speed (bare engine vs. the HTTP API) and the advisor's strength.

Prints two tables, both measured in the same run:

1. **Engine speed.** Whole games (4 players, 7 hands by default) played (a) by the bare engine
   with a ``random`` bot in every seat (:func:`solver.simulate.play_game`), the
   baseline, and (b) through the API on SQLite (a Flask test client on a temporary database
   file): seat 0 is a person driven over HTTP, who picks from its seat view's ``legal_actions``
   (draws from the stock, passes on buys, drops and discards as the advisor says from its own
   hand, lays off when it can), and seats 1-3 are ``random`` bots played by the server. Games
   per second and actions per second of each, and the API/engine ratio. The API time is the
   time spent in requests (create, the first view, every action with the bot actions that
   follow it); the person's own thinking (the advice, on the client side) is not counted and is
   shown apart. Both use the same seeds (same deals); the games differ after the first move of
   seat 0, so compare actions per second first.
2. **Advisor strength.** Points per hand (lower is better) with 95% confidence intervals of
   (a) one ``advisor`` bot against three ``random`` bots, its seat rotated across games so that
   seat order favours no one, with the paired difference advisor − mean of the random seats,
   hand by hand; (b) four advisors; (c) four random bots, for reference. Game ``g`` of every
   line is dealt from seed ``seed + g`` (the same deals for the three lines). Intervals are the
   normal approximation over hands (:func:`solver.stats.mean_ci`); for the lines of four alike
   bots the value of a hand is the mean over its four seats.

Run: ``.venv/bin/python bench/continental_games.py [--games 20] [--api-games 5]
[--strength-games 15] [--hands 7] [--seed 0] [--jobs 1] [--quick]``
(defaults: about 5 minutes on 2 cores,
most of it the advisor games: CP-SAT already uses every core, so ``--jobs`` gains little there)
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulesets.cards import Card, parse_card  # noqa: E402
from rulesets.continental.contracts import CONTRACTS  # noqa: E402
from solver.continental.advice import advise  # noqa: E402
from solver.simulate import play_game, simulate  # noqa: E402
from solver.stats import mean_ci  # noqa: E402

PLAYERS = 4


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


# --- 1. engine speed -------------------------------------------------------------------------


def engine_games(games: int, hands: int, seed: int) -> tuple[int, float]:
    """Play ``games`` games of four random bots with the bare engine; actions and seconds."""
    actions, seconds = 0, 0.0
    for g in range(games):
        started = time.perf_counter()
        game = play_game("continental", ["random"] * PLAYERS, config={"hands": hands}, seed=seed + g)
        seconds += time.perf_counter() - started
        actions += sum(record.is_action for record in game.log)
    return actions, seconds


def _card(token: str) -> Card:
    return parse_card(token, jokers=True, decks=PLAYERS)


def _text(card: Card) -> str:
    """A card as the API writes it: its code, with ``#copy`` for a later copy."""
    return card.code if card.copy == 1 else card.id


def person_choice(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The person's action from its seat view: one of its ``legal_actions`` (a drop and a
    discard as the advisor says from the person's own hand and the table)."""
    legal = view["legal_actions"]
    kinds = {action["type"] for action in legal}
    if "draw" in kinds:
        return {"type": "draw", "source": "stock"}
    if "discard" not in kinds:  # a buy offer out of turn
        return {"type": "pass"}
    for kind in ("lay_off", "swap_joker"):
        if kind in kinds:
            return rng.choice([action for action in legal if action["type"] == kind])
    try:
        advice = advise([_card(c) for c in view["hand"]], CONTRACTS[view["hand_number"]],
                        dropped=view["dropped"][view["seat"]],
                        table=[[_card(c) for c in meld["cards"]] for meld in view["table"]],
                        drawn=True)
    except Exception:  # never expected: play on with a legal discard
        advice = None
    if advice is not None and "drop" in kinds and advice.can_drop:
        return {"type": "drop", "melds": [[_text(c) for c in meld.cards] for meld in advice.drop]}
    discards = [action for action in legal if action["type"] == "discard"]
    if advice is not None and advice.discard is not None:
        wanted = {"type": "discard", "card": _text(advice.discard)}
        if wanted in discards:
            return wanted
    return rng.choice(discards)


def api_games(client: Any, games: int, hands: int, seed: int) -> tuple[int, float, float, list[float]]:
    """Play ``games`` games through the API, seat 0 a person; actions, request seconds, the
    person's thinking seconds and every request's latency."""
    actions, thinking, latencies = 0, 0.0, []
    rng = random.Random(seed)

    def call(method: str, url: str, **kwargs: Any) -> dict[str, Any]:
        started = time.perf_counter()
        response = getattr(client, method)(url, **kwargs)
        latencies.append(time.perf_counter() - started)
        assert response.status_code in (200, 201), (url, kwargs.get("json"), response.json)
        return response.json

    for g in range(games):
        body = {"game": "continental", "players": [f"p{s}" for s in range(PLAYERS)],
                "bots": [None] + ["random"] * (PLAYERS - 1), "seed": seed + g, "hands": hands}
        created = call("post", "/v1/games", json=body)
        auth = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
        view = call("get", f"/v1/games/{created['id']}", headers=auth)
        version = view["version"]
        while not view["is_over"]:
            started = time.perf_counter()
            action = person_choice(view, rng) | {"expected_version": version}
            thinking += time.perf_counter() - started
            answer = call("post", f"/v1/games/{created['id']}/actions", json=action, headers=auth)
            view, version = answer["state"], answer["version"]
        actions += version
    return actions, sum(latencies), thinking, latencies


def speed_table(args: argparse.Namespace) -> None:
    from api import create_app  # imported late: the API stack loads slowly

    print(f"Engine speed: {PLAYERS} players, {args.hands} hands, seeds {args.seed}+g\n")
    e_actions, e_seconds = engine_games(args.games, args.hands, args.seed)
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        client = create_app({"TESTING": True, "DATABASE_URL": url, "GAMES_PER_HOUR": 0}).test_client()
        a_actions, a_seconds, thinking, latencies = api_games(client, args.api_games, args.hands,
                                                              args.seed)
    print("| path | games | actions/game | games/s | actions/s | ms/request p50 | ms/request p99 |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    print(f"| engine: play_game, 4 random bots (baseline) | {args.games} | "
          f"{e_actions / args.games:.0f} | {args.games / e_seconds:.2f} | {e_actions / e_seconds:.0f} "
          f"| | |")
    print(f"| API on SQLite: 1 person over HTTP + 3 random bots | {args.api_games} | "
          f"{a_actions / args.api_games:.0f} | {args.api_games / a_seconds:.2f} | "
          f"{a_actions / a_seconds:.0f} | {1000 * pct(latencies, .5):.1f} | "
          f"{1000 * pct(latencies, .99):.1f} |")
    print(f"\nAPI / engine: {(e_actions / e_seconds) / (a_actions / a_seconds):.1f}x the time per "
          f"action, {(args.games / e_seconds) / (args.api_games / a_seconds):.1f}x per game "
          f"({len(latencies)} requests; the person's own advice, not counted above, took "
          f"{thinking:.1f} s)")


# --- 2. advisor strength ---------------------------------------------------------------------


def game_points(bots: tuple[str, ...], hands: int, seed: int) -> list[tuple[int, ...]]:
    """Every hand's points (seat order) of one game of ``bots`` from ``seed`` (a worker's task)."""
    return list(simulate("continental", list(bots), 1, config={"hands": hands}, seed=seed).scores)


def lineup(g: int, advisors: int) -> tuple[str, ...]:
    """Game ``g``'s bots: ``advisors`` 1 puts the one advisor at seat ``g mod 4``."""
    if advisors == PLAYERS:
        return ("advisor",) * PLAYERS
    bots = ["random"] * PLAYERS
    if advisors == 1:
        bots[g % PLAYERS] = "advisor"
    return tuple(bots)


def _cell(values: list[float]) -> str:
    mean, half = mean_ci(values, digits=2)
    return f"| {mean:.2f} | {'' if half is None else f'± {half:.2f}'} |"


def strength_table(args: argparse.Namespace) -> None:
    games = args.strength_games
    tasks = [(lineup(g, advisors), args.hands, args.seed + g)
             for advisors in (1, PLAYERS, 0) for g in range(games)]
    started = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
            results = list(pool.map(game_points, *zip(*tasks, strict=True)))
    else:
        results = [game_points(*task) for task in tasks]
    seconds = time.perf_counter() - started
    one, four, none = (results[i * games:(i + 1) * games] for i in range(3))
    advisor, randoms, diff = [], [], []
    for g, points in enumerate(one):
        seat = g % PLAYERS
        for hand in points:
            others = [p for s, p in enumerate(hand) if s != seat]
            advisor.append(hand[seat])
            randoms.append(sum(others) / len(others))
            diff.append(hand[seat] - randoms[-1])

    def seat_means(lines: list[list[tuple[int, ...]]]) -> list[float]:
        return [sum(hand) / len(hand) for points in lines for hand in points]

    hands = len(advisor)
    print(f"\nAdvisor strength: points per hand (lower is better), {games} games x {args.hands} "
          f"hands per line, seeds {args.seed}+g, {PLAYERS} players\n")
    print("| lineup | seats | hands | points/hand | 95% CI |")
    print("|---|---|---:|---:|---:|")
    label = "1 advisor + 3 random (advisor seat rotated)"
    print(f"| {label} | advisor | {hands} {_cell(advisor)}")
    print(f"| {label} | random (mean of 3) | {hands} {_cell(randoms)}")
    print(f"| {label} | advisor − random, paired by hand | {hands} {_cell(diff)}")
    print(f"| 4 advisors | all (mean of 4) | {len(seat_means(four))} {_cell(seat_means(four))}")
    print(f"| 4 random (reference) | all (mean of 4) | {len(seat_means(none))} "
          f"{_cell(seat_means(none))}")
    print(f"\n({len(tasks)} games in {seconds:.0f} s, --jobs {args.jobs})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="engine games (table 1)")
    parser.add_argument("--api-games", type=int, default=5, help="API games (table 1)")
    parser.add_argument("--strength-games", type=int, default=15, help="games per line (table 2)")
    parser.add_argument("--hands", type=int, default=7, help="hands per game (1-7)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes for table 2 (CP-SAT already uses every core)")
    parser.add_argument("--quick", action="store_true",
                        help="a tiny run: 2 engine games, 1 API game, 2 strength games, 2 hands")
    args = parser.parse_args()
    if args.quick:
        args.games, args.api_games, args.strength_games, args.hands = 2, 1, 2, 2
    speed_table(args)
    strength_table(args)


if __name__ == "__main__":
    main()
