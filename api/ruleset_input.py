"""Reading a request's ``ruleset`` and ``options`` into the options of one game.

>>> ruleset_options({"ruleset": "ramchi", "options": {"tie_goes_to": "last"}}, "ramchi", "Ramchi").tie_goes_to
'last'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from api.errors import ApiProblem
from rulesets.ruleset import load_ruleset

__all__ = ["ruleset_options"]


def ruleset_options(body: Mapping[str, Any], game: str, title: str) -> Any:
    """The options of the named ruleset with the request's overrides; refused if it is for another game.

    >>> ruleset_options({"ruleset": "continental", "options": {}}, "ramchi", "Ramchi")
    Traceback (most recent call last):
    ...
    api.errors.ApiProblem: ruleset 'continental' is for continental, not Ramchi
    """
    ruleset = load_ruleset(body["ruleset"]).with_options(body["options"])
    problem = ruleset.game_problem(game, title)
    if problem is not None:
        raise ApiProblem("invalid_ruleset", problem)
    return ruleset.options
