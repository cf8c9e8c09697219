"""The ``abuse`` scenario of ``bench/load.py``: costly solver requests from many addresses at once,
while other clients check ``/health``, read their seat views and play their games.

Two phases of ``--seconds`` each, in the same run against the same server: *calm* (only the
game clients and the ``/health`` client) and *attack* (the same, plus 12 attackers). Each
attacker sends one of the four costly requests of issue 18 again and again, as soon as the last
was answered (it ignores ``Retry-After``), each time varied so that no cache helps, each from an
address of its own (the server trusts ``X-Forwarded-For`` for the run, so the per-client limit
does not shield it and the pool's queue must):

- ``advice 5000``: ``POST /v1/ramchi/advice``, a random hand, ``"samples": 5000``;
- ``advice solver``: the same with ``"opponents": "solver", "samples": 200``;
- ``trainer solver``: ``POST /v1/ramchi/trainer/score``, solver opponents, 200 samples, a
  one-combination lineup;
- ``continental 30``: ``POST /v1/continental/advice``, hand 5, 30 cards: two each of 14 random
  kinds and two more.

Prints, per phase and kind of request, p50 / p99 / max and what the answers were (complete,
anytime with ``complete: false``, 429, 503 busy, 503 budget_exceeded, other), and checks the
targets: ``/health`` max ≤ 250 ms and game views and actions p99 ≤ 500 ms during the attack,
every costly request answered within the budget plus 2 s, and no answer ≥ 500 but 503.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import load

ATTACKERS_PER_KIND = 3
HEALTH_PAUSE_S = 0.05
GAME_CLIENTS = 4
DECK = load.DECK
KINDS = [*DECK, "Jk"]


@dataclass
class Outcomes:
    """Latencies of every answer of one kind of request, and what the answers were."""

    latencies: list[float] = field(default_factory=list)
    answers: Counter[str] = field(default_factory=Counter)

    def add(self, seconds: float, outcome: str) -> None:
        self.latencies.append(seconds)
        self.answers[outcome] += 1


def _hand(rng: random.Random) -> list[str]:
    deck = DECK[:]
    rng.shuffle(deck)
    return deck[:18]


def advice_5000(rng: random.Random) -> tuple[str, dict[str, Any]]:
    cards = _hand(rng)
    return "/v1/ramchi/advice", {"hand": cards[:17], "up_card": cards[17], "samples": 5000,
                                 "seed": rng.randrange(10**6)}


def advice_solver(rng: random.Random) -> tuple[str, dict[str, Any]]:
    path, body = advice_5000(rng)
    return path, body | {"opponents": "solver", "samples": 200}


def trainer_solver(rng: random.Random) -> tuple[str, dict[str, Any]]:
    cards = _hand(rng)[:17]
    # Three ranks in three suits are a combination (unrelated cards at worst, a straight at best).
    lineup = next(list(three) for three in itertools.combinations(cards, 3)
                  if len({c[0] for c in three}) == 3 and len({c[1] for c in three}) == 3)
    return "/v1/ramchi/trainer/score", {
        "hand": cards, "lineup": [lineup], "opponents": "solver", "samples": 200,
        "seed": rng.randrange(10**6)}


def continental_30(rng: random.Random) -> tuple[str, dict[str, Any]]:
    kinds = rng.sample(KINDS, 14)
    extra = rng.sample([k for k in KINDS if k not in kinds and k != "Jk"], 2)
    return "/v1/continental/advice", {"hand": kinds * 2 + extra, "hand_number": 5}


COSTLY = {"advice 5000": advice_5000, "advice solver": advice_solver,
          "trainer solver": trainer_solver, "continental 30": continental_30}


def outcome_of(status: int | None, answer: Any) -> str:
    """What one answer was, in the table's words."""
    if status is None:
        return "no answer"
    if 200 <= status < 300:
        return "anytime" if isinstance(answer, dict) and answer.get("complete") is False else "complete"
    code = answer.get("code") if isinstance(answer, dict) else None
    return f"{status} {code}" if code else str(status)


def attacker(kind: str, address: str, host: str, port: int, args: argparse.Namespace,
             stop: list[float], seed: str, into: Outcomes) -> None:
    """Send ``kind`` requests as ``address`` until ``stop``, each as soon as the last is answered."""
    client = load.Client(host, port, args.timeout)
    client.extra_headers = {"X-Forwarded-For": address}
    rng = random.Random(seed)
    make = COSTLY[kind]
    while time.monotonic() < stop[0]:
        path, body = make(rng)
        try:
            status, answer, seconds = client.call("POST", path, body)
        except Exception:
            into.add(args.timeout, "no answer")
            continue
        into.add(seconds, outcome_of(status, answer))
    client.close()


def health_client(host: str, port: int, args: argparse.Namespace, stop: list[float],
                  into: Outcomes) -> None:
    """``GET /health`` every 50 ms until ``stop``."""
    client = load.Client(host, port, args.timeout)
    while time.monotonic() < stop[0]:
        try:
            status, answer, seconds = client.call("GET", "/health")
            into.add(seconds, outcome_of(status, answer))
        except Exception:
            into.add(args.timeout, "no answer")
        time.sleep(HEALTH_PAUSE_S)
    client.close()


def _game_outcomes(tally: load.Tally) -> Outcomes:
    found = Outcomes(list(tally.latencies))
    found.answers["complete"] = len(tally.latencies)
    if tally.errors:
        found.answers["error"] = tally.errors
    return found


def run_phase(name: str, host: str, port: int, args: argparse.Namespace,
              attack: bool) -> dict[str, Outcomes]:
    """One phase: the game and health clients, and (``attack``) the attackers, for ``--seconds``."""
    stop = [math.inf]
    start = threading.Barrier(GAME_CLIENTS + 1)
    games = [load.GameTallies() for _ in range(GAME_CLIENTS)]
    threads = []
    for index in range(GAME_CLIENTS):
        client = load.Client(host, port, args.timeout)
        client.extra_headers = {"X-Forwarded-For": f"192.0.2.{index + 1}"}
        rng = random.Random(f"{args.seed}-{name}-game-{index}")
        threads.append(threading.Thread(target=load.game_client, daemon=True,
                                        args=(client, rng, start, stop, games[index], args.hands)))
    for thread in threads:
        thread.start()
    start.wait(timeout=args.timeout * 2 + 10)
    stop[0] = time.monotonic() + args.seconds
    found: dict[str, Outcomes] = {"/health": Outcomes()}
    others = [threading.Thread(target=health_client, daemon=True,
                               args=(host, port, args, stop, found["/health"]))]
    if attack:
        for number, kind in enumerate(COSTLY):
            found[kind] = Outcomes()
            for copy in range(ATTACKERS_PER_KIND):
                address = f"198.51.100.{number * ATTACKERS_PER_KIND + copy + 1}"
                others.append(threading.Thread(target=attacker, daemon=True, args=(
                    kind, address, host, port, args, stop, f"{args.seed}-{kind}-{copy}", found[kind])))
    for thread in others:
        thread.start()
    for thread in threads + others:
        thread.join(timeout=max(0.0, stop[0] + args.timeout + 5 - time.monotonic()))
    if attack:
        every = Outcomes()
        for kind in COSTLY:
            every.latencies += found[kind].latencies
            every.answers.update(found[kind].answers)
        found["all costly"] = every
    views, actions = load.Tally(), load.Tally()
    for one in games:
        views.merge(one.views)
        actions.merge(one.actions)
    found["seat views (GET)"] = _game_outcomes(views)
    found["game actions (POST)"] = _game_outcomes(actions)
    return found


def _ms(values: list[float], q: float | None = None) -> str:
    if not values:
        return "–"
    value = max(values) if q is None else load.percentile(values, q)
    return f"{1000 * value:.0f}"


def _failed(outcome: str) -> bool:
    """An answer that breaks the targets: none at all, or a status of 500 or more but 503."""
    status = outcome.split()[0]
    if outcome in ("no answer", "error"):
        return True
    return status.isdigit() and int(status) >= 500 and status != "503"


def print_abuse(phases: dict[str, dict[str, Outcomes]], budget_s: float) -> bool:
    """The table, then each target with its figure; whether every target was met."""
    print("| phase | requests | count | p50 ms | p99 ms | max ms | answers |")
    print("|---|---|---:|---:|---:|---:|---|")
    for phase, found in phases.items():
        for name, outcome in found.items():
            answers = ", ".join(f"{k} {v}" for k, v in sorted(outcome.answers.items()))
            print(f"| {phase} | {name} | {len(outcome.latencies)} | {_ms(outcome.latencies, 0.5)} "
                  f"| {_ms(outcome.latencies, 0.99)} | {_ms(outcome.latencies)} | {answers} |")
    attack = phases["attack"]
    costly = [attack["all costly"]]
    slowest = max((max(o.latencies) for o in costly if o.latencies), default=math.nan)
    bad = sum(n for o in attack.values() for k, n in o.answers.items() if _failed(k))
    checks = [
        ("/health max during the attack ≤ 250 ms", max(attack["/health"].latencies, default=math.inf),
         0.25),
        ("seat views p99 during the attack ≤ 500 ms",
         load.percentile(attack["seat views (GET)"].latencies, 0.99), 0.5),
        ("game actions p99 during the attack ≤ 500 ms",
         load.percentile(attack["game actions (POST)"].latencies, 0.99), 0.5),
        (f"every costly request answered within the budget + 2 s ({budget_s + 2:g} s)", slowest,
         budget_s + 2),
    ]
    met = True
    print()
    for text, value, limit in checks:
        ok = value <= limit
        met &= ok
        print(f"- {'met' if ok else 'MISSED'}: {text}: {1000 * value:.0f} ms")
    print(f"- {'met' if bad == 0 else 'MISSED'}: answers ≥ 500 other than 503, or none at all: {bad}")
    return met and bad == 0
