"""How long ``ramchi --help`` takes, against a bare Python start in the same run.

Each line is run ``--runs`` times, interleaved (one of each, then again), in fresh interpreters of
the running Python; the table shows the median and the best run, and the ratio of medians to the
bare start. ``ramchi`` is run as ``python -m api.cli`` from the source tree this script is in.

Run: ``.venv/bin/python bench/cli_startup.py [--runs 20] [--markdown]``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

LINES: list[tuple[str, list[str]]] = [
    ("python -c pass (baseline)", ["-c", "pass"]),
    ("ramchi --help", ["-m", "api.cli", "--help"]),
    ("ramchi advise --help", ["-m", "api.cli", "advise", "--help"]),
    ("ramchi classify As 2s 3s", ["-m", "api.cli", "classify", "As", "2s", "3s"]),
]


def _seconds(args: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, *args], cwd=ROOT, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - started


def main() -> int:
    """Time each line and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="runs of each line")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    times: dict[str, list[float]] = {name: [] for name, _ in LINES}
    for _ in range(args.runs):
        for name, command in LINES:
            times[name].append(_seconds(command))
    base = statistics.median(times[LINES[0][0]])
    if args.markdown:
        print("| command | median ms | best ms | × bare start |\n|---|---:|---:|---:|")
    for name, runs in times.items():
        median = statistics.median(runs)
        if args.markdown:
            print(f"| `{name}` | {median * 1000:.1f} | {min(runs) * 1000:.1f} | {median / base:.1f}× |")
        else:
            print(f"{name:<28} median {median * 1000:7.1f} ms  best {min(runs) * 1000:7.1f} ms  "
                  f"{median / base:5.1f}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
