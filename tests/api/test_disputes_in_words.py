"""POST /v1/disputes answers in words (issue 20): where, differences, finished, standings_after,
as documented (the OpenAPI examples are the answers the service gives)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from rulesets.game import game_kind
from rulesets.log import record_to_dict
from solver.bots import play_bots
from tests.rulesets.tampering import reprs_in

DISPUTES = "/v1/disputes"


def documented(client: FlaskClient) -> dict[str, Any]:
    spec = client.get("/openapi.json").json
    return spec


def ramchi_seed_5() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The finished game of the documented example: seed 5, dealer 0, greedy bots."""
    kind = game_kind("ramchi")
    config = kind.config_from_dict({"hands": 1, "seed": 5, "dealer": 0})
    game = kind.new_game(config)
    play_bots(kind, game, ["greedy"] * 3)
    return config.to_dict(), [record_to_dict(record) for record in game.log]


def test_the_documented_verdicts_are_the_answers_given(client: FlaskClient) -> None:
    spec = documented(client)
    answers = spec["paths"][DISPUTES]["post"]["responses"]["200"]["content"]["application/json"]["examples"]
    requests = spec["paths"][DISPUTES]["post"]["requestBody"]["content"]["application/json"]["examples"]
    config, log = ramchi_seed_5()
    log[5] = log[5] | {"winner": 0}
    ramchi = client.post(DISPUTES, json={"config": config, "log": log})
    continental = client.post(DISPUTES, json=requests["continental-changed-draw"]["value"])
    for answer, example in ((ramchi, "ramchi-changed-winner"), (continental, "continental-changed-draw")):
        assert answer.status_code == 200
        shown = answers[example]["value"]
        assert {key: answer.json[key] for key in shown} == shown, example


def test_a_tampered_log_is_answered_in_words(client: FlaskClient) -> None:
    config, log = ramchi_seed_5()
    ended = next(i for i, item in enumerate(log) if item["kind"] == "hand_ended")
    log[ended] = log[ended] | {"chips": [0, 0, 0]}
    verdict = client.post(DISPUTES, json={"game": "ramchi", "config": config, "log": log}).json
    assert (verdict["legal"], verdict["index"], verdict["code"]) == (False, ended, "log_mismatch")
    assert verdict["where"] == {"index": ended, "hand": 1, "round": None}
    assert verdict["differences"][0]["field"] == "chips"
    assert verdict["differences"][0]["log"] == "seat 0: 0, seat 1: 0, seat 2: 0"
    assert verdict["message"].startswith(f"record {ended}, hand 1: the log gives the chips as ")
    assert verdict["finished"] is False
    assert verdict["standings_after"]["through_record"] == ended - 1
    assert not reprs_in(verdict)


def test_a_finished_games_log_is_finished_and_a_cut_one_is_not(client: FlaskClient) -> None:
    created = client.post("/v1/games", json={"players": ["Asha", "Bo", "Chen"], "hands": 1, "seed": 5,
                                             "dealer": 0, "bots": [None, "greedy", "greedy"]}).json
    token = created["seats"][0]["token"]
    done = client.post(f"/v1/games/{created['id']}/actions", json={"type": "arrange", "combinations": []},
                       headers={"Authorization": f"Bearer {token}"})
    assert done.status_code == 200 and done.json["state"]["phase"] == "game_over"
    answer = client.get(f"/v1/games/{created['id']}/log").json
    whole = client.post(DISPUTES, json=answer).json
    assert (whole["legal"], whole["finished"]) == (True, True)
    assert whole["standings_after"]["hands_finished"] == 1
    assert whole["standings_after"]["chips"] == whole["chips"]
    cut = client.post(DISPUTES, json=answer | {"log": answer["log"][:3]}).json
    assert (cut["legal"], cut["finished"]) == (True, False)
    assert cut["standings_after"] == {
        "through_record": 2, "hands_finished": 0, "chips": [0, 0, 0],
        "counts": "chips won or lost by each seat in the 0 hands finished in records 0 to 2"}


def test_the_verdict_schemas_document_the_new_fields(client: FlaskClient) -> None:
    schemas = documented(client)["components"]["schemas"]
    for game, place in (("Ramchi", "round"), ("Continental", "turn")):
        verdict = schemas[f"{game}Verdict"]
        assert {"finished", "standings_after", "where", "differences"} <= set(verdict["properties"])
        assert {"legal", "finished", "standings_after"} <= set(verdict["required"])
        assert set(schemas[f"{game}Where"]["properties"]) == {"index", "hand", place}
        assert "counts" in schemas[f"{game}Standings"]["properties"]
    assert set(schemas["Difference"]["properties"]) == {"field", "log", "rules"}


def test_a_dispute_or_replay_needs_a_fixed_deal(client: FlaskClient) -> None:
    # A log is judged against the cards it was played with: without a seed (or every deck and the
    # dealer) the rules would deal at random, and the verdict would change from call to call.
    unfixed = [
        {"config": {"hands": 1, "dealer": 0}, "log": [{"kind": "keep", "seat": 1}]},
        {"game": "continental", "config": {"players": 2, "hands": 1, "dealer": 0}, "log": []},
    ]
    for body in unfixed:
        for path in (DISPUTES, "/v1/replays"):
            answer = client.post(path, json=body)
            assert answer.status_code == 422, (path, answer.json)
            assert answer.json["code"] == "invalid_game_config"
            assert "give seed" in answer.json["detail"]
            assert answer.json["errors"][0]["pointer"] == "/config/seed"
    _, log = ramchi_seed_5()
    deck = log[0]["deck"]
    fixed = {"config": {"hands": 1, "dealer": 0, "deck": deck}, "log": [{"kind": "keep", "seat": 1}]}
    verdicts = [client.post(DISPUTES, json=fixed).json for _ in range(3)]
    assert all(verdict == verdicts[0] for verdict in verdicts) and verdicts[0]["legal"] is True
    without_dealer = client.post(DISPUTES, json={"config": {"hands": 1, "deck": deck}, "log": []})
    assert without_dealer.status_code == 422 and "dealer" in without_dealer.json["detail"]
