"""Every example of the README, run against a served instance, prints what the README shows.

The README's convention (applied to every curl and ``ramchi`` example):

- **Examples are ```console blocks.** A line starting with ``$ `` is a command, run by ``bash``;
  it continues on the next lines while it ends with ``\\`` or a quote is open (a JSON body over
  several lines). The lines after it, up to the next ``$ `` or the end of the block, are what it
  prints (its standard output). Commands run in README order against one server, so a command
  may use what an earlier one created. ```sh blocks are not run, and may hold no ``curl`` or
  ``ramchi`` command but ``ramchi serve`` (which is how this test serves the examples).
- **Addresses and variables.** ``localhost:8000`` is the served instance (``ramchi serve`` on
  SQLite in a temporary directory, on a free port of 127.0.0.1), ``.venv/bin/`` the virtualenv
  running the tests, ``DATABASE_URL`` the served database. After a command answers a game
  (a JSON object with an ``id`` and ``seats`` holding tokens), ``$ID`` is that game's id and
  ``$TOKEN0``, ``$TOKEN1``, … its seats' tokens, as a reader would copy them.
- **Shown JSON is a pattern** (shown output starting with ``{`` or ``[``; the answer must be
  JSON, read whatever its spacing and escapes). An object lists exactly the answer's keys,
  unless it holds ``…`` as a member: then the keys shown must be there and others may be too. A
  list lists exactly the answer's items; ``…`` as an item stands for any number of items (``["Kh",
  …]`` starts with ``"Kh"``, ``[…]`` is any list). ``…`` as a value stands for any value, and a
  string holding ``…`` for any string that reads the same around it (``"Keep the 2♦ …"``). A
  number with decimals matches within half a unit of its last decimal (``0.71`` matches
  ``0.7066``); a whole number exactly. An answer that is a problem (``"type": "/problems/…"``)
  must be shown as one.
- **Shown text** (any other output) is compared line by line (trailing spaces aside): ``…`` in
  a line stands for any characters, and a line of only ``…`` for any number of lines. Only
  ``…`` (U+2026) is a placeholder; ``...`` is three dots. Ids, tokens and timings are written
  ``…``.
- **Every command succeeds** (exit status 0), and a block that creates a game is run twice and
  must print the same both times, ids and tokens aside: the same seed, the same game.

The server gets solver and bot budgets of a minute, so that a loaded machine cannot cut an
anytime answer short and change its figures.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import require_service
from tests.server.conftest import Server

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"

ELLIPSIS = "…"
SENTINEL = "\x00" + ELLIPSIS
"""What a bare ``…`` of a JSON pattern reads as (a key, an item or a value)."""

BUDGETS = {"RAMCHI_SOLVE_BUDGET_S": "60", "RAMCHI_BOT_BUDGET_S": "60", "RAMCHI_LOG_BUDGET_S": "60"}
"""The served instance's budgets: generous, so that the figures do not depend on the load."""


# -- reading the README -------------------------------------------------------------------------


@dataclass
class Example:
    """One command of a console block and the output the README shows for it."""

    command: str
    shown: str
    line: int


@dataclass
class Block:
    """A fenced block: its language, the heading it is under, where it starts, and its lines."""

    language: str
    heading: str
    line: int
    lines: list[str] = field(default_factory=list)

    @property
    def examples(self) -> list[Example]:
        """The commands of a ``console`` block with their shown output."""
        examples: list[Example] = []
        lines = self.lines
        i = 0
        while i < len(lines):
            if not lines[i].startswith("$ "):
                if examples:
                    examples[-1].shown += lines[i] + "\n"
                elif lines[i].strip():
                    raise ValueError(f"README line {self.line + 1 + i}: output before any command")
                i += 1
                continue
            start = i
            command = lines[i][2:]
            while _continues(command) and i + 1 < len(lines):
                i += 1
                command += "\n" + lines[i]
            examples.append(Example(command, "", self.line + 1 + start))
            i += 1
        for example in examples:
            example.shown = example.shown.strip("\n")
        return examples


def _continues(command: str) -> bool:
    """Whether a command goes on on the next line (a trailing backslash, or an open quote)."""
    if command.endswith("\\"):
        return True
    try:
        shlex.split(command, comments=True)
    except ValueError:
        return True
    return False


def read_blocks(text: str) -> list[Block]:
    """Every fenced block of a Markdown text, with the heading it is under."""
    blocks: list[Block] = []
    heading = ""
    current: Block | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if current is not None:
            if line.startswith("```"):
                blocks.append(current)
                current = None
            else:
                current.lines.append(line)
        elif line.startswith("```"):
            current = Block(line[3:].strip(), heading, number)
        elif line.startswith("#"):
            heading = line.lstrip("#").strip()
    assert current is None, "the README ends inside a fenced block"
    return blocks


# -- shown JSON as a pattern --------------------------------------------------------------------


class Shown(float):
    """A number of a pattern that remembers how many decimals it was written with."""

    places: int

    @classmethod
    def read(cls, text: str) -> Shown:
        """``json`` reads a number with a fraction or an exponent through this."""
        value = cls(text)
        value.places = len(text.lower().partition("e")[0].partition(".")[2])
        return value


def read_pattern(text: str) -> Any:
    """A JSON pattern: JSON where a bare ``…`` is a member, an item or a value (read as SENTINEL)."""
    out: list[str] = []
    stack: list[str] = []
    in_string = escaped = False
    last = ""
    for char in text:
        if in_string:
            out.append(char)
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string, last = False, '"'
            continue
        if char == ELLIPSIS:
            member = bool(stack) and stack[-1] == "{" and last in ("{", ",")
            out.append('"\\u0000…": null' if member else '"\\u0000…"')
            last = '"'
            continue
        if char == '"':
            in_string = True
        elif char in "{[":
            stack.append(char)
        elif char in "}]" and stack:
            stack.pop()
        if not char.isspace():
            last = char
        out.append(char)
    return json.loads("".join(out), parse_float=Shown.read)


def _string_matches(pattern: str, actual: str) -> bool:
    regex = ".*".join(re.escape(part) for part in pattern.split(ELLIPSIS))
    return re.fullmatch(regex, actual, flags=re.DOTALL) is not None


def match(pattern: Any, actual: Any, where: str = "") -> Iterator[str]:
    """What differs between an answer and a pattern (nothing: it matches), with JSON pointers."""
    at = where or "/"
    if pattern == SENTINEL:
        return
    if isinstance(pattern, dict):
        if not isinstance(actual, dict):
            yield f"{at}: shown an object, answered {actual!r}"
            return
        for key, value in pattern.items():
            if key == SENTINEL:
                continue
            if key not in actual:
                yield f"{at}: no key {key!r} in the answer"
            else:
                yield from match(value, actual[key], f"{where}/{key}")
        if SENTINEL not in pattern and set(actual) - set(pattern):
            yield f"{at}: keys not shown (write … to allow them): {sorted(set(actual) - set(pattern))}"
    elif isinstance(pattern, list):
        if not isinstance(actual, list):
            yield f"{at}: shown a list, answered {actual!r}"
            return
        marks = [i for i, item in enumerate(pattern) if item == SENTINEL]
        head, tail = (pattern[:marks[0]], pattern[marks[-1] + 1:]) if marks else (pattern, [])
        if any(item != SENTINEL for item in pattern[len(head):len(pattern) - len(tail)]):
            raise ValueError(f"{at}: items between two … in a pattern are not supported")
        if (len(actual) < len(head) + len(tail)) if marks else len(actual) != len(head):
            yield f"{at}: shown {len(pattern) - len(marks)} items{' and more' if marks else ''}, " \
                  f"answered {len(actual)}: {actual!r}"
            return
        for i, item in enumerate(head):
            yield from match(item, actual[i], f"{where}/{i}")
        for i, item in enumerate(tail, start=len(actual) - len(tail)):
            yield from match(item, actual[i], f"{where}/{i}")
    elif isinstance(pattern, str):
        if not isinstance(actual, str) or not _string_matches(pattern, actual):
            yield f"{at}: shown {pattern!r}, answered {actual!r}"
    elif isinstance(pattern, bool) or pattern is None:
        if actual is not pattern:
            yield f"{at}: shown {json.dumps(pattern)}, answered {actual!r}"
    else:
        number = isinstance(actual, int | float) and not isinstance(actual, bool)
        close = (abs(actual - pattern) <= 0.5 * 10 ** -pattern.places + 1e-12
                 if isinstance(pattern, Shown) else actual == pattern) if number else False
        if not close:
            yield f"{at}: shown {pattern!r}, answered {actual!r}"


def _is_problem(answer: Any) -> bool:
    return isinstance(answer, dict) and str(answer.get("type", "")).startswith("/problems/")


def json_problems(shown: str, stdout: str) -> list[str]:
    """What differs between JSON shown and printed (nothing: they match)."""
    try:
        answer = json.loads(stdout)
    except ValueError:
        return [f"shown JSON, printed something else: {stdout[:500]!r}"]
    pattern = read_pattern(shown)
    if _is_problem(answer) and not (isinstance(pattern, dict) and "type" in pattern):
        return [f"answered a problem, shown as something else: {stdout[:500]}"]
    return list(match(pattern, answer))


def text_problems(shown: str, stdout: str) -> list[str]:
    """What differs between text shown and printed, line by line (nothing: they match)."""
    patterns = [line.rstrip() for line in shown.splitlines()]
    lines = [line.rstrip() for line in stdout.rstrip("\n").splitlines()]
    memo: dict[tuple[int, int], bool] = {}

    def fits(p: int, a: int) -> bool:
        if (p, a) not in memo:
            if p == len(patterns):
                memo[p, a] = a == len(lines)
            elif patterns[p].strip() == ELLIPSIS:
                memo[p, a] = any(fits(p + 1, b) for b in range(a, len(lines) + 1))
            else:
                memo[p, a] = a < len(lines) and _string_matches(patterns[p], lines[a]) and fits(p + 1, a + 1)
        return memo[p, a]

    if fits(0, 0):
        return []
    return ["printed other lines than shown:\n--- shown\n" + "\n".join(patterns) + "\n--- printed\n"
            + "\n".join(lines)]


def output_problems(shown: str, stdout: str) -> list[str]:
    """What differs between a shown output and a printed one."""
    if shown.lstrip()[:1] in ("{", "["):
        return json_problems(shown, stdout)
    if not shown and _is_problem(_json_or_none(stdout)):
        return [f"answered a problem, shown nothing: {stdout[:500]}"]
    return text_problems(shown, stdout)


def _json_or_none(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


# -- running the examples -----------------------------------------------------------------------


BLOCKS = read_blocks(README.read_text(encoding="utf-8"))
CONSOLE = [block for block in BLOCKS if block.language == "console"]


@dataclass
class Ran:
    """What one command printed."""

    stdout: str
    stderr: str
    status: int


class Session:
    """The README's console blocks, run in order against one server; the problems of each."""

    def __init__(self, server: Server, workdir: Path) -> None:
        self.server = server
        self.workdir = workdir
        self.variables: dict[str, str] = {}
        self.done: dict[int, list[str]] = {}

    def problems(self, index: int) -> list[str]:
        """The problems of console block ``index``, running the blocks before it first if need be."""
        for i in range(index + 1):
            if i not in self.done:
                self.done[i] = self._check(CONSOLE[i])
        return self.done[index]

    def _env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("RAMCHI_")}
        return env | {"PYTHONPATH": str(ROOT), "PYTHONUTF8": "1", "DATABASE_URL": self.server.database_url,
                      **self.variables}

    def _command(self, text: str) -> str:
        text = text.replace("localhost:8000", f"127.0.0.1:{self.server.port}")
        bindir = shlex.quote(str(Path(sys.executable).parent))
        return re.sub(r"(?<![\w/.])\.venv/bin/", lambda _: f"{bindir}/", text)

    def _run(self, example: Example) -> Ran:
        done = subprocess.run(["bash", "-c", self._command(example.command)], cwd=self.workdir,
                              env=self._env(), capture_output=True, text=True, timeout=300, check=False)
        answer = _json_or_none(done.stdout)
        if isinstance(answer, dict) and isinstance(answer.get("id"), str) and isinstance(
                answer.get("seats"), list):
            self.variables["ID"] = answer["id"]
            for seat in answer["seats"]:
                if isinstance(seat, dict) and "token" in seat:
                    self.variables[f"TOKEN{seat['seat']}"] = seat["token"]
        return Ran(done.stdout, done.stderr, done.returncode)

    def _run_block(self, block: Block) -> tuple[list[Ran], list[str], bool]:
        """Run every command of a block: what each printed, the problems, and whether it created
        a game."""
        before = self.variables.get("ID")
        ran: list[Ran] = []
        problems: list[str] = []
        for example in block.examples:
            result = self._run(example)
            ran.append(result)
            where = f"README line {example.line}: {example.command.splitlines()[0][:80]}"
            if result.status != 0:
                problems.append(f"{where}: exit status {result.status}\n{result.stderr[-2000:]}")
                continue
            problems += [f"{where}: {problem}" for problem in output_problems(example.shown, result.stdout)]
        return ran, problems, self.variables.get("ID") != before

    def _check(self, block: Block) -> list[str]:
        first, problems, created = self._run_block(block)
        if problems or not created:
            return problems
        first_ids = dict(self.variables)
        second, problems, _ = self._run_block(block)
        for example, one, two in zip(block.examples, first, second, strict=True):
            if _masked(one.stdout, first_ids) != _masked(two.stdout, self.variables):
                problems.append(f"README line {example.line}: the same seed printed another game the "
                                f"second time:\n--- first\n{one.stdout[:3000]}\n--- second\n"
                                f"{two.stdout[:3000]}")
        return problems


def _masked(stdout: str, variables: dict[str, str]) -> Any:
    """A command's output with the game's id and tokens blanked out."""
    answer = _json_or_none(stdout)
    if answer is None:
        for name, value in variables.items():
            stdout = stdout.replace(value, f"${name}")
        return stdout

    def blank(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: ELLIPSIS if k in ("id", "token") else blank(v) for k, v in value.items()}
        if isinstance(value, list):
            return [blank(item) for item in value]
        return value
    return blank(answer)


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Session]:
    for tool in ("bash", "curl"):
        require_service(shutil.which(tool) is not None, f"`{tool}` (the README examples use it)")
    directory = tmp_path_factory.mktemp("readme")
    server = Server(f"sqlite:///{directory / 'ramchi.db'}", directory / "server.log",
                    env={"PYTHONPATH": str(ROOT)} | BUDGETS)
    server.start()
    try:
        yield Session(server, directory)
    finally:
        server.stop()


def _block_id(block: Block) -> str:
    return f"line{block.line}-{re.sub(r'[^a-z0-9]+', '-', block.heading.lower()).strip('-')}"


@pytest.mark.parametrize("index", range(len(CONSOLE)), ids=[_block_id(block) for block in CONSOLE])
def test_readme_example(session: Session, index: int) -> None:
    problems = session.problems(index)
    assert not problems, "\n\n".join(problems)


# -- the convention itself ----------------------------------------------------------------------


def test_every_curl_and_ramchi_example_is_a_console_block_that_is_run() -> None:
    assert len(CONSOLE) >= 10
    assert all(block.examples for block in CONSOLE)
    unchecked = [f"README line {block.line + 1 + i}: {line.strip()}"
                 for block in BLOCKS if block.language != "console"
                 for i, line in enumerate(block.lines)
                 if re.search(r"(^|[\s/])(curl|ramchi)\s", line) and not re.search(r"ramchi serve\b", line)]
    assert unchecked == [], "write these as ```console examples (see this module's docstring)"


def test_a_block_reads_as_commands_and_their_output() -> None:
    block = Block("console", "", 1, ["$ curl -s localhost:8000/x \\", "     -d '{", '  "a": 1}\'',
                                     '{"a": 1}', "", "$ ramchi rulesets   # it's a comment", "a", "…"])
    assert [(e.command.count("\n"), e.shown, e.line) for e in block.examples] == [
        (2, '{"a": 1}', 2), (0, "a\n…", 7)]


@pytest.mark.parametrize(("shown", "answer", "matches"), [
    ('{"a": 1, "b": [1, 2]}', {"a": 1, "b": [1, 2]}, True),
    ('{"a": 1}', {"a": 1, "b": 2}, False),
    ('{"a": 1, …}', {"a": 1, "b": 2}, True),
    ('{…, "b": 2}', {"a": 1, "b": 2}, True),
    ('{"a": …}', {"a": [1, {"x": None}]}, True),
    ('{"a": "…"}', {"a": 3}, False),
    ('{"a": "…"}', {"a": "anything"}, True),
    ('["x", …]', ["x", "y", "z"], True),
    ('["x", …]', ["y", "x"], False),
    ('[…, "z"]', ["x", "z"], True),
    ('[…]', [], True),
    ('["x"]', ["x", "y"], False),
    ('{"t": "Keep the 2♦ …."}', {"t": "Keep the 2♦ (expected +1 chips)."}, True),
    ('{"t": "Keep the 2♦ …."}', {"t": "Exchange the 2♦."}, False),
    ('{"x": 0.71}', {"x": 0.7066}, True),
    ('{"x": 0.71}', {"x": 0.7151}, False),
    ('{"x": 16.46}', {"x": 16.455}, True),
    ('{"x": 1.0}', {"x": 1}, True),
    ('{"x": 571}', {"x": 571.4}, False),
    ('{"x": null}', {"x": False}, False),
    ('{"x": false}', {"x": 0}, False),
])
def test_json_patterns(shown: str, answer: Any, matches: bool) -> None:
    assert (json_problems(shown, json.dumps(answer)) == []) is matches


def test_a_problem_must_be_shown_as_one() -> None:
    problem = json.dumps({"type": "/problems/illegal_action", "status": 409, "detail": "no"})
    assert json_problems("{…}", problem) != []
    assert json_problems('{"type": "/problems/illegal_action", …}', problem) == []
    assert output_problems("", problem) != []


@pytest.mark.parametrize(("shown", "printed", "matches"), [
    ("a\nb", "a\nb\n", True),
    ("a\nb", "a\nb\nc", False),
    ("a\n…", "a\nb\nc", True),
    ("a\n…\nd", "a\nd", True),
    ("a … z", "a to z  ", True),
    ("a … z", "a to y", False),
    ("…", "", True),
])
def test_text_patterns(shown: str, printed: str, matches: bool) -> None:
    assert (text_problems(shown, printed) == []) is matches
