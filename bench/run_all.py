"""Run every benchmark script of bench/ with short settings, one after the other.

Each script prints its own table with its same-run baseline. The settings here keep the whole
run to a few minutes on 2 cores; run a script by itself with its defaults (see its docstring)
for the figures quoted in the README.

Run: ``.venv/bin/python bench/run_all.py`` (or ``make bench``).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

RUNS: list[tuple[str, list[str]]] = [
    ("cli_startup.py", ["--runs", "5"]),
    ("ramchi_solver.py", ["--hands", "40", "--ev-hands", "5"]),
    ("continental_solver.py", ["--hands", "30", "--drop-hands", "20"]),
    ("worst_cases.py", ["--seconds", "15"]),
    ("continental_sampler.py", ["--samples", "5000"]),
    ("referee.py", ["--games", "2"]),
    ("log_requests.py", ["--quick", "--seeds", "2"]),
    ("load.py", ["--seconds", "5", "--scenarios", "health,classify,maximin,game"]),
    ("idle_tables.py", ["--seconds", "5"]),
    ("ramchi_tournament.py", ["--deals", "12"]),
    ("continental_games.py", ["--games", "5", "--api-games", "1", "--strength-games", "4"]),
    ("continental_rollout_speed.py", ["--deals", "2", "--rollouts", "2"]),
    ("continental_rollout_policy.py", ["--quick"]),
    ("continental_policy_variants.py", ["--deals", "5", "--jobs", "2"]),
    ("continental_playoff.py", ["--quick", "--lines", "ev:advisor"]),
]
"""Each script and its short settings, cheapest first."""


def main() -> int:
    """Run each script; return non-zero if any failed."""
    failed = []
    for script, args in RUNS:
        print(f"\n## {script} {' '.join(args)}\n", flush=True)
        started = time.monotonic()
        result = subprocess.run([sys.executable, str(HERE / script), *args], check=False)
        print(f"\n({script}: {time.monotonic() - started:.0f} s, exit {result.returncode})", flush=True)
        if result.returncode != 0:
            failed.append(script)
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
