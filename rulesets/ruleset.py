"""Rulesets as data: TOML files validated against each game's options.

A ruleset file has ``name``, ``game`` (``ramchi`` or ``continental``),
``title``, ``description`` and an ``[options]`` table. Loading checks every
key and value and reports all problems at once.

>>> ramchi = load_ruleset("ramchi")
>>> ramchi.game, ramchi.options.tie_goes_to
('ramchi', 'first')
>>> ramchi.with_options({"tie_goes_to": "last"}).options.tie_goes_to
'last'
"""

from __future__ import annotations

import dataclasses
import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rulesets.continental.options import ContinentalOptions
from rulesets.errors import InvalidInputError, RulesetError, UnknownRulesetError, echo
from rulesets.options import describe_options, option_problems
from rulesets.ramchi.options import RamchiOptions

__all__ = ["GAMES", "Ruleset", "load_ruleset", "parse_ruleset", "ruleset_names"]

GAMES: dict[str, type] = {"ramchi": RamchiOptions, "continental": ContinentalOptions}
"""Each game and the dataclass holding its options."""

PACKAGE_DIR = Path(__file__).parent
EXTRA_DIRS_VARIABLE = "RAMCHI_RULESETS_PATH"
_TOP_KEYS = {"name", "game", "title", "description", "options"}
_PLAIN_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}", re.ASCII)
_SHOWN_UNKNOWN = 5


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A validated ruleset: which game, and the value of every option."""

    name: str
    game: str
    title: str
    description: str
    options: Any

    def with_options(self, overrides: Mapping[str, Any]) -> Ruleset:
        """A copy with some options changed, validated like a file.

        >>> load_ruleset("ramchi").with_options({"colour": 1})
        Traceback (most recent call last):
        ...
        rulesets.errors.RulesetError: ruleset 'ramchi': unknown option 'colour' \
(known: exchange, four_of_a_kind, four_of_a_kind_chips, out_players_pay, tie_goes_to)
        >>> load_ruleset("ramchi").with_options(["tie_goes_to", "last"])
        Traceback (most recent call last):
        ...
        rulesets.errors.RulesetError: ruleset 'ramchi': options must be an object of option names \
and values, e.g. {"tie_goes_to": "last"}; got ['tie_goes_to', 'last']
        """
        if not isinstance(overrides, Mapping):
            raise RulesetError(self.name, [
                'options must be an object of option names and values, e.g. {"tie_goes_to": "last"}; '
                f"got {echo(overrides)}"])
        merged = dataclasses.asdict(self.options) | dict(overrides)
        options = _build_options(self.name, self.game, merged)
        return dataclasses.replace(self, options=options)

    def game_problem(self, game: str, title: str | None = None) -> str | None:
        """Why this ruleset cannot set up a game of ``game`` (None: it is one of ``game``'s).

        The one wording of the refusal of another game's ruleset; ``title`` names the game
        as the caller writes it (``game`` itself by default).

        >>> load_ruleset("continental").game_problem("ramchi", "Ramchi")
        "ruleset 'continental' is for continental, not Ramchi"
        >>> load_ruleset("ramchi").game_problem("ramchi") is None
        True
        """
        if self.game == game:
            return None
        return f"ruleset {echo(self.name)} is for {self.game}, not {title or game}"

    def for_game(self, game: str, title: str | None = None) -> Ruleset:
        """The ruleset itself, or when it is another game's the refusal
        (:class:`~rulesets.errors.InvalidInputError` ``invalid_ruleset``, :meth:`game_problem`).

        >>> load_ruleset("ramchi").for_game("continental", "Continental")
        Traceback (most recent call last):
        ...
        rulesets.errors.InvalidInputError: ruleset 'ramchi' is for ramchi, not Continental
        """
        problem = self.game_problem(game, title)
        if problem is not None:
            raise InvalidInputError(problem, code=RulesetError.code, field="ruleset",
                                    rule="a ruleset sets up games of the one game it names")
        return self

    def describe(self) -> dict[str, Any]:
        """A JSON-ready description: name, game, title, description and every option."""
        return {
            "name": self.name,
            "game": self.game,
            "title": self.title,
            "description": self.description,
            "options": describe_options(self.options),
        }


def _build_options(name: str, game: str, values: Mapping[str, Any]) -> Any:
    """Validate option values for ``game`` and build its options dataclass."""
    kind = GAMES[game]
    fields = {f.name: f for f in dataclasses.fields(kind)}
    problems: list[str] = []
    unknown = [key for key in values if key not in fields]
    known = ", ".join(sorted(fields))
    for key in sorted(unknown[:1000], key=echo)[:_SHOWN_UNKNOWN]:
        problems.append(f"unknown option {echo(key)} (known: {known})")
    if len(unknown) > _SHOWN_UNKNOWN:
        problems.append(f"and {len(unknown) - _SHOWN_UNKNOWN} more unknown options")
    for key, value in values.items():
        if key in fields:
            problems.extend(option_problems(fields[key], value))
    if problems:
        raise RulesetError(name, problems)
    return kind(**values)


def parse_ruleset(text: str, source: str = "<text>") -> Ruleset:
    r"""Parse and validate a ruleset file's text; list every problem at once.

    >>> parse_ruleset('name = "x"\ngame = "poker"')
    Traceback (most recent call last):
    ...
    rulesets.errors.RulesetError: ruleset 'x': 'game' must be one of continental, ramchi; got 'poker'
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise RulesetError(source, [f"not valid TOML: {err}"]) from None
    name = data.get("name", source)
    problems = [f"unknown key {key!r}" for key in sorted(set(data) - _TOP_KEYS)]
    for key in ("name", "game"):
        if not isinstance(data.get(key), str):
            problems.append(f"{key!r} is required and must be text")
    game = data.get("game")
    if isinstance(game, str) and game not in GAMES:
        problems.append(f"'game' must be one of {', '.join(sorted(GAMES))}; got {game!r}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        problems.append("'options' must be a table")
    elif game in GAMES:
        try:
            built = _build_options(str(name), game, options)
        except RulesetError as err:
            problems.extend(err.problems)
    if problems:
        raise RulesetError(str(name), problems)
    return Ruleset(
        name=name,
        game=game,
        title=str(data.get("title", name)),
        description=str(data.get("description", "")),
        options=built,
    )


def _search_dirs() -> list[Path]:
    """Extra directories from ``RAMCHI_RULESETS_PATH`` (``os.pathsep``-separated), then the package."""
    extra = os.environ.get(EXTRA_DIRS_VARIABLE, "")
    return [Path(p) for p in extra.split(os.pathsep) if p] + [PACKAGE_DIR]


def load_all() -> tuple[list[Ruleset], dict[str, list[str]]]:
    """Every installed ruleset that loads, and the problems of each one that does not.

    >>> valid, invalid = load_all()
    >>> [r.name for r in valid][:2], invalid
    (['continental', 'ramchi'], {})
    """
    valid: list[Ruleset] = []
    invalid: dict[str, list[str]] = {}
    for name in ruleset_names():
        try:
            valid.append(load_ruleset(name))
        except RulesetError as err:
            invalid[name] = err.problems
    return valid, invalid


def ruleset_names() -> list[str]:
    """Names of every installed ruleset, sorted.

    >>> ruleset_names()[:2]
    ['continental', 'ramchi']
    """
    return sorted({path.stem for folder in _search_dirs() for path in folder.glob("*.toml")})


@cache
def _load_file(path: Path) -> Ruleset:
    ruleset = parse_ruleset(path.read_text(encoding="utf-8"), path.stem)
    if ruleset.name != path.stem:
        raise RulesetError(path.stem, [f"file name and 'name' differ ({ruleset.name!r})"])
    return ruleset


def load_ruleset(name: str) -> Ruleset:
    """Load the ruleset called ``name`` (files are read once and cached).

    A name is looked up as a file only if it is plain (letters, digits, ``_``
    and ``-``, at most 64) or is the name of an installed file: no other text
    reaches the file system.

    >>> load_ruleset("../ramchi")
    Traceback (most recent call last):
    ...
    rulesets.errors.UnknownRulesetError: ruleset '../ramchi': no such ruleset (installed: continental, ramchi)
    """
    if not isinstance(name, str) or (_PLAIN_NAME.fullmatch(name) is None
                                     and name not in ruleset_names()):
        raise UnknownRulesetError(
            name if isinstance(name, str) else echo(name),
            [f"no such ruleset (installed: {', '.join(ruleset_names())})"])
    for folder in _search_dirs():
        path = folder / f"{name}.toml"
        if path.is_file():
            return _load_file(path)
    raise UnknownRulesetError(name, [f"no such ruleset (installed: {', '.join(ruleset_names())})"])
