"""The API's JSON encoder is the rules' one (:func:`rulesets.jsonable.jsonable`), re-exported.

>>> from rulesets.cards import parse_cards
>>> jsonable({"cards": parse_cards("As 10h"), "n": (1, 2)})
{'cards': ['As', 'Th'], 'n': [1, 2]}
"""

from __future__ import annotations

from rulesets.jsonable import jsonable

__all__ = ["jsonable"]
