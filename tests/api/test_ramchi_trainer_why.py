"""The trainer's answer says why a lineup cost chips (``why``, in a player's words) and gives each
round's win chance for both lineups (``player`` and ``best``: ``win_probability`` per combination),
so that a page can show what the better lineup did differently without knowing the rules."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

pytestmark = pytest.mark.shared_app  # its tests store nothing another test reads: one app

TRAINER = "/v1/ramchi/trainer/score"
HAND = ["As", "Ad", "Ah", "Kc", "Qc", "Jc", "9s", "8s", "7s", "5h", "4d", "3c", "Td", "9d", "2c", "6h", "3h"]
"""Three Aces, a straight flush K-Q-J, a straight flush 9-8-7 and spare cards for more."""


def _score(client: FlaskClient, lineup: list[list[str]]) -> dict:
    response = client.post(TRAINER, json={"hand": HAND, "lineup": lineup, "samples": 40, "seed": 3,
                                          "dealer": 2})
    assert response.status_code == 200, response.json
    return response.json


def test_a_lineup_short_of_combinations_is_told_what_it_left_out(client: FlaskClient) -> None:
    answer = _score(client, [["As", "Ad", "Ah"]])
    why = answer["why"]
    assert why and all(isinstance(sentence, str) for sentence in why)
    assert why[0].startswith("You made 1 combination; the best lineup makes ")
    assert any(sentence.startswith("Round ") and "% of the time" in sentence for sentence in why)
    for lineup in (answer["player"], answer["best"]):
        chances = [c["win_probability"] for c in lineup["combinations"]]
        assert chances and all(0.0 <= chance <= 1.0 for chance in chances)
        assert [c["round"] for c in lineup["combinations"]] == list(range(1, len(chances) + 1))
    assert "±" not in " ".join(why) and "standard error" not in " ".join(why)


def test_the_best_lineup_itself_needs_no_why(client: FlaskClient) -> None:
    best = _score(client, [["As", "Ad", "Ah"]])["best"]
    again = _score(client, [c["cards"] for c in best["combinations"]])
    assert again["why"] == [] and again["chips_lost"] == 0
