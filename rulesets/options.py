"""Declaring ruleset options: a typed field with a description and limits.

Each game declares its options as a frozen dataclass whose fields are made
with :func:`option`; :mod:`rulesets.ruleset` validates files against them.

>>> from dataclasses import fields
>>> from rulesets.ramchi.options import RamchiOptions
>>> [f.name for f in fields(RamchiOptions)][:2]
['four_of_a_kind', 'four_of_a_kind_chips']
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rulesets.errors import echo

__all__ = ["describe_options", "option", "option_problems"]


def option(
    default: Any,
    description: str,
    *,
    choices: tuple[str, ...] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
    spec: str = "",
) -> Any:
    """A dataclass field for a ruleset option.

    ``spec`` names the section of the rules the option belongs to.
    """
    metadata = {
        "description": description,
        "choices": choices,
        "minimum": minimum,
        "maximum": maximum,
        "spec": spec,
    }
    return dataclasses.field(default=default, metadata=metadata)


def _type_name(kind: type) -> str:
    return {bool: "true or false", int: "a whole number", str: "text"}[kind]


def option_problems(field: dataclasses.Field[Any], value: Any) -> list[str]:
    """Every problem with ``value`` for ``field``, in words (empty when it is fine).

    The value is repeated cut short when it is long (see :func:`rulesets.errors.echo`).

    >>> from rulesets.ramchi.options import RamchiOptions
    >>> f = {f.name: f for f in dataclasses.fields(RamchiOptions)}["tie_goes_to"]
    >>> option_problems(f, "middle")
    ["option 'tie_goes_to' must be one of 'first', 'last'; got 'middle'"]
    """
    kind = type(field.default)
    meta = field.metadata
    name = field.name
    if type(value) is not kind:
        return [f"option {name!r} must be {_type_name(kind)}; got {echo(value)}"]
    problems = []
    if meta["choices"] is not None and value not in meta["choices"]:
        allowed = ", ".join(repr(c) for c in meta["choices"])
        problems.append(f"option {name!r} must be one of {allowed}; got {echo(value)}")
    if meta["minimum"] is not None and value < meta["minimum"]:
        problems.append(f"option {name!r} must be at least {meta['minimum']}; got {echo(value)}")
    if meta["maximum"] is not None and value > meta["maximum"]:
        problems.append(f"option {name!r} must be at most {meta['maximum']}; got {echo(value)}")
    return problems


def describe_options(options: Any) -> list[dict[str, Any]]:
    """Each option of an options dataclass instance: name, value, default, type, limits, text.

    >>> from rulesets.ramchi.options import RamchiOptions
    >>> describe_options(RamchiOptions())[2]["choices"]
    ['first', 'last']
    """
    described = []
    for field in dataclasses.fields(options):
        meta = field.metadata
        described.append({
            "name": field.name,
            "value": getattr(options, field.name),
            "default": field.default,
            "type": {bool: "boolean", int: "integer", str: "string"}[type(field.default)],
            "choices": list(meta["choices"]) if meta["choices"] else None,
            "minimum": meta["minimum"],
            "maximum": meta["maximum"],
            "description": meta["description"],
            "spec": meta["spec"],
        })
    return described
