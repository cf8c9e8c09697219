r"""``ramchi dispute FILE``: judge a posted log on the command line and print the verdict in words.

FILE holds the body of ``POST /v1/disputes`` (``game``, ``config``, ``log``), or the answer of
``GET /v1/games/{id}/log`` as it is; ``-`` reads it from standard input. The verdict is the
one the API gives (:meth:`rulesets.game.GameKind.judge`); :func:`verdict_lines` tells it in a
few lines: legal or not, where, the differences, the rule, the standings, whether the game is
finished.

>>> print("\n".join(verdict_lines({"legal": True, "finished": False, "standings_after": {
...     "through_record": 2, "hands_finished": 0, "chips": [0, 0, 0],
...     "counts": "chips won or lost by each seat in the 0 hands finished in records 0 to 2"}})))
Legal: every record follows from the rules.
Not finished: the records judged stop before the game's end.
Standings: chips won or lost by each seat in the 0 hands finished in records 0 to 2
  seat 0: 0, seat 1: 0, seat 2: 0
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

from rulesets.errors import InvalidInputError

__all__ = ["BadDisputeFile", "api_verdict", "judge_file", "posted_game", "read_dispute", "verdict_lines"]


class BadDisputeFile(InvalidInputError):
    """A dispute file that cannot be judged: unreadable, not JSON, or not a dispute body."""

    code = "invalid_log"


def read_dispute(path: str) -> dict[str, Any]:
    """The dispute body in the file ``path`` (``-``: standard input): the body of
    ``POST /v1/disputes`` or the answer of ``GET /v1/games/{id}/log``.

    >>> read_dispute("/nonexistent/x.json")
    Traceback (most recent call last):
    ...
    api.dispute_cli.BadDisputeFile: /nonexistent/x.json: not a readable JSON file (No such file or directory)
    """
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()  # noqa: SIM115
        body = json.loads(text)
    except OSError as err:
        raise BadDisputeFile(f"{path}: not a readable JSON file ({err.strerror})") from None
    except UnicodeDecodeError:
        raise BadDisputeFile(f"{path}: not a readable JSON file (not UTF-8 text)") from None
    except json.JSONDecodeError as err:
        raise BadDisputeFile(f"{path}: not a readable JSON file (it is not JSON from line "
                             f"{err.lineno}, column {err.colno} on)") from None
    except ValueError:
        raise BadDisputeFile(f"{path}: not a readable JSON file (it holds a value JSON does not "
                             "allow)") from None
    if not isinstance(body, dict) or not isinstance(body.get("config"), dict) or "log" not in body:
        raise BadDisputeFile(f"{path}: expected an object with a config and a log (the body of "
                             "POST /v1/disputes, or a GET /v1/games/{id}/log answer)")
    return body


def posted_game(body: Mapping[str, Any], path: str = "the file") -> tuple[Any, Any, Any]:
    """The game kind, configuration and log of a dispute ``body`` (the log's size checked); a
    configuration the game refuses raises its :class:`~rulesets.errors.RulesError`.
    """
    from rulesets.game import DEFAULT_GAME, game_kind, game_names

    name = body.get("game") or DEFAULT_GAME
    if not isinstance(name, str) or name not in game_names():
        raise BadDisputeFile(f"{path}: no game {name!r} (games: {', '.join(game_names())})")
    kind = game_kind(name)
    config = kind.config_from_dict(body["config"])
    kind.check_log_size(config, body["log"])
    return kind, config, body["log"]


def judge_file(body: Mapping[str, Any], path: str = "the file") -> dict[str, Any]:
    """The verdict on the dispute ``body``, as ``POST /v1/disputes`` gives it (without its
    ``events`` and ``log``); a body that cannot be judged raises a
    :class:`~rulesets.errors.RulesError` (:class:`BadDisputeFile` among them).
    """
    if body.get("complete") is False:
        raise BadDisputeFile(f"{path}: the log of a game still running (complete: false): its "
                             "running hand is hidden; judge it once the game is over")
    kind, config, log = posted_game(body, path)
    verdict = kind.judge(config, log)
    return {key: value for key, value in verdict.items() if key not in ("events", "log")}


def api_verdict(body: Mapping[str, Any], verdict: Mapping[str, Any]) -> dict[str, Any]:
    """The verdict on the dispute ``body`` exactly as ``POST /v1/disputes`` answers it: dumped
    by its game's verdict schema, the one the route dumps it with.

    >>> api_verdict({"game": "ramchi"}, {"legal": True, "phase": "game_over", "chips": [0, 0, 0]})
    {'legal': True, 'chips': [0, 0, 0]}
    """
    from api.game_api import game_api
    from rulesets.game import DEFAULT_GAME

    dumped: dict[str, Any] = game_api(body.get("game") or DEFAULT_GAME).verdict().dump(verdict)
    return dumped


def _numbers(standings: Mapping[str, Any]) -> str:
    if "chips" in standings:
        return ", ".join(f"seat {seat}: {chips:+d}" if chips else f"seat {seat}: 0"
                         for seat, chips in enumerate(standings["chips"]))
    return ", ".join(f"seat {seat}: {points} points" for seat, points in enumerate(standings["totals"]))


def verdict_lines(verdict: Mapping[str, Any]) -> list[str]:
    """The verdict told in a few lines."""
    if verdict["legal"]:
        lines = ["Legal: every record follows from the rules."]
    else:
        lines = [f"Illegal: {verdict['message']}"]
        for difference in verdict.get("differences") or ():
            lines.append(f"  {difference['field']}: the log says {difference['log']}; "
                         f"the rules give {difference['rules']}")
        lines.append(f"Rule: {verdict['rule']}")
    lines.append("Finished: the records judged end the game." if verdict["finished"] else
                 "Not finished: the records judged stop before the game's end.")
    standings = verdict["standings_after"]
    lines += [f"Standings: {standings['counts']}", f"  {_numbers(standings)}"]
    return lines
