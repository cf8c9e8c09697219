"""Issue 20's proof: every record kind of both games, each field tampered in turn, is refused at
the changed record, naming the field, in words (no Python repr); cut logs are legal, not finished.

A tampered event (or the card a stock draw shows) must be a ``log_mismatch`` at its own index
whose ``differences`` name the field. A tampered action that the rules refuse where it stands is
refused there; one that is another legal action may be judged legal or refused later (the log
then holds two legal games' records), but always in words. The fast tier tampers the first
record of each kind of a few games; the slow tier every record of more games.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesets.game import game_kind
from tests.rulesets.tampering import (
    continental_log,
    kinds_in,
    ramchi_log,
    random_bots_log,
    reprs_in,
    tampered,
    without_shown_card,
)

RAMCHI_KINDS = set(game_kind("ramchi").records.classes)
CONTINENTAL_KINDS = set(game_kind("continental").records.classes)

RAMCHI_FAST = (0, 1, 2)
"""Seeds whose games hold every Ramchi record kind: keep, exchange, no exchange, four of a kind."""
CONTINENTAL_FAST = ((7, 3, 2),)
"""(seed, players, hands) of a game holding every Continental record kind but a reshuffle."""


def reshuffled_log() -> tuple[dict[str, Any], tuple[dict[str, Any], ...]]:
    """A Continental game whose stock ran out and was reshuffled."""
    for seed in range(10):
        config, log = random_bots_log(seed)
        if "stock_reshuffled" in kinds_in(log):
            return config, log
    raise AssertionError("no reshuffle in 10 games")


def _state_before(game: str, config: dict[str, Any], log: tuple[dict[str, Any], ...], index: int) -> Any:
    kind = game_kind(game)
    state = kind.new_game(kind.config_from_dict(config))
    for item in log[:index]:
        record = kind.records.from_dict(without_shown_card(item))
        if record.is_action:
            kind.apply(state, record)
    return state


def check_standings_agree(verdict: dict[str, Any]) -> None:
    """The top-level standings (kept for older clients) are those of ``standings_after``: the
    records judged, not what the rules derive after them; ``winners`` only once finished."""
    standings = verdict["standings_after"]
    for field in ("chips", "totals", "scores"):
        if field in verdict:
            assert verdict[field] == standings[field], (field, verdict.get("message"))
    if "winners" in verdict:
        assert (verdict["winners"] is None) == (not verdict["finished"]), verdict.get("message")


def check(game: str, config: dict[str, Any], log: tuple[dict[str, Any], ...], index: int) -> int:
    """Tamper each field of record ``index`` in turn and check each verdict; the cases checked."""
    kind = game_kind(game)
    item = log[index]
    seats = kind.seat_count(kind.config_from_dict(config))
    action_class = kind.records.classes[item["kind"]]
    cases = 0
    for field, changed in tampered(item, seats):
        posted = [*log[:index], changed, *log[index + 1:]]
        verdict = kind.judge(kind.config_from_dict(config), posted)
        where = f"{game} record {index} ({item['kind']}), {field} changed: {verdict.get('message')}"
        assert not reprs_in(verdict), (where, reprs_in(verdict))
        assert isinstance(verdict["finished"], bool) and "standings_after" in verdict, where
        check_standings_agree(verdict)
        cases += 1
        shown_card = item["kind"] == "draw" and field == "card"
        if not action_class.is_action or shown_card:
            assert (verdict["legal"], verdict["index"], verdict["code"]) == (False, index, "log_mismatch"), \
                where
            assert any(d["field"].startswith(field) for d in verdict["differences"]), \
                (where, verdict["differences"])
            assert verdict["message"].startswith(f"record {index}"), where
            continue
        record = kind.records.from_dict(without_shown_card(changed))
        if not _state_before(game, config, log, index).can(record):
            assert (verdict["legal"], verdict["index"]) == (False, index), where
            assert verdict["message"].startswith(f"record {index}"), where
        elif not verdict["legal"]:  # another legal action: refused where the log shows it, in words
            assert verdict["message"] and verdict["rule"], where
    return cases


def check_cuts(game: str, config: dict[str, Any], log: tuple[dict[str, Any], ...], step: int = 1) -> None:
    """Every first part of the log (every ``step`` records) is legal and not finished; the
    whole log is finished."""
    kind = game_kind(game)
    for cut in range(0, len(log), step):
        verdict = kind.judge(kind.config_from_dict(config), list(log[:cut]))
        assert (verdict["legal"], verdict["finished"]) == (True, False), (game, cut, verdict.get("message"))
        assert verdict["standings_after"]["through_record"] == cut - 1
        check_standings_agree(verdict)
        assert not reprs_in(verdict)
    whole = kind.judge(kind.config_from_dict(config), list(log))
    assert (whole["legal"], whole["finished"]) == (True, True)
    check_standings_agree(whole)


def first_of_each_kind(log: tuple[dict[str, Any], ...]) -> list[int]:
    seen: dict[str, int] = {}
    for index, item in enumerate(log):
        seen.setdefault(item["kind"], index)
    return sorted(seen.values())


# -- fast tier ------------------------------------------------------------------------------------

def test_the_fast_games_hold_every_record_kind() -> None:
    assert set().union(*(kinds_in(ramchi_log(seed)[1]) for seed in RAMCHI_FAST)) == RAMCHI_KINDS
    held = set().union(*(kinds_in(continental_log(*game)[1]) for game in CONTINENTAL_FAST))
    assert held | kinds_in(reshuffled_log()[1]) == CONTINENTAL_KINDS


@pytest.mark.parametrize("seed", RAMCHI_FAST)
def test_each_field_of_each_ramchi_record_kind_tampered_is_refused_in_words(seed: int) -> None:
    config, log = ramchi_log(seed)
    assert sum(check("ramchi", config, log, index) for index in first_of_each_kind(log)) > 10


@pytest.mark.parametrize("game", CONTINENTAL_FAST)
def test_each_field_of_each_continental_record_kind_tampered_is_refused_in_words(
        game: tuple[int, int, int]) -> None:
    config, log = continental_log(*game)
    assert sum(check("continental", config, log, index) for index in first_of_each_kind(log)) > 20


def test_a_tampered_reshuffle_is_refused_at_the_reshuffle() -> None:
    config, log = reshuffled_log()
    index = next(i for i, item in enumerate(log) if item["kind"] == "stock_reshuffled")
    assert check("continental", config, log, index) >= 3


def test_every_stock_draw_logged_as_a_discard_draw_is_refused_at_the_draw() -> None:
    """The issue's case, in logs that show the card drawn and in logs that do not."""
    config, log = continental_log(*CONTINENTAL_FAST[0])
    kind = game_kind("continental")
    draws = [i for i, item in enumerate(log) if item["kind"] == "draw" and item["source"] == "stock"]
    for index in draws[:12]:
        for shown in (True, False):
            changed = log[index] | {"source": "discard"}
            if not shown:
                changed = {k: v for k, v in changed.items() if k != "card"}
            verdict = kind.judge(kind.config_from_dict(config), [*log[:index], changed, *log[index + 1:]])
            if not _state_before("continental", config, log, index).can(
                    kind.records.from_dict(without_shown_card(changed))):
                assert (verdict["legal"], verdict["index"]) == (False, index)
                continue
            assert (verdict["legal"], verdict["index"], verdict["code"]) == (False, index, "log_mismatch"), \
                (index, shown, verdict["message"])
            assert verdict["differences"] == [
                {"field": "source", "log": "the discard pile", "rules": "the stock"}]


@pytest.mark.parametrize("seed", RAMCHI_FAST)
def test_a_ramchi_log_cut_short_is_legal_and_not_finished(seed: int) -> None:
    check_cuts("ramchi", *ramchi_log(seed))


def test_a_continental_log_cut_short_is_legal_and_not_finished() -> None:
    check_cuts("continental", *continental_log(*CONTINENTAL_FAST[0]), step=7)


def test_the_first_departure_is_refused_before_a_later_illegal_action() -> None:
    """A changed Ramchi deal, then an action that is illegal: the deal is the record refused."""
    config, log = ramchi_log(RAMCHI_FAST[0])
    kind = game_kind("ramchi")
    deck = list(log[0]["deck"])
    deck[0], deck[1] = deck[1], deck[0]
    decided = next(i for i, item in enumerate(log) if item["kind"] in ("keep", "exchange"))
    wrong = log[decided] | {"seat": (log[decided]["seat"] + 1) % 3}
    posted = [log[0] | {"deck": deck}, *log[1:decided], wrong, *log[decided + 1:]]
    verdict = kind.judge(kind.config_from_dict(config), posted)
    assert (verdict["legal"], verdict["index"], verdict["code"]) == (False, 0, "log_mismatch")
    assert [d["field"] for d in verdict["differences"]] == ["deck[0]", "deck[1]"]


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_any_record_any_field_tampered_is_judged_in_words(data: st.DataObject) -> None:
    """A random record of a random game, one field changed or two records changed at once: a
    verdict in words, never a repr; a changed event is refused at or before it."""
    game, (config, log) = data.draw(st.sampled_from([
        ("ramchi", ramchi_log(RAMCHI_FAST[0])), ("ramchi", ramchi_log(RAMCHI_FAST[2])),
        ("continental", continental_log(*CONTINENTAL_FAST[0]))]))
    kind = game_kind(game)
    seats = kind.seat_count(kind.config_from_dict(config))
    posted = list(log)
    changed_at = []
    for _ in range(data.draw(st.integers(1, 2))):
        index = data.draw(st.integers(0, len(log) - 1))
        options = list(tampered(posted[index], seats))
        if options:
            posted[index] = data.draw(st.sampled_from(options))[1]
            changed_at.append(index)
    verdict = kind.judge(kind.config_from_dict(config), posted)
    assert not reprs_in(verdict)
    assert isinstance(verdict["finished"], bool) and "standings_after" in verdict
    events = [i for i in changed_at if posted[i] != log[i]  # (changed twice: maybe back)
              and not kind.records.classes[log[i]["kind"]].is_action]
    if events:
        assert not verdict["legal"] and verdict["index"] <= max(events), verdict.get("message")
    if not verdict["legal"]:
        assert verdict["message"].startswith(f"record {verdict['index']}")


# -- slow tier ------------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3, 15))
def test_every_field_of_every_ramchi_record_tampered(seed: int) -> None:
    config, log = ramchi_log(seed, hands=3)
    for index in range(len(log)):
        check("ramchi", config, log, index)
    check_cuts("ramchi", config, log)


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "players", "hands"), [(1, 2, 2), (5, 3, 1), (15, 3, 2), (17, 4, 2),
                                                        (19, 2, 2), (23, 5, 1)])
def test_every_field_of_many_continental_records_tampered(seed: int, players: int, hands: int) -> None:
    config, log = continental_log(seed, players, hands)
    by_kind: dict[str, list[int]] = {}
    for index, item in enumerate(log):
        by_kind.setdefault(item["kind"], []).append(index)
    for indexes in by_kind.values():
        for index in indexes[:: max(1, len(indexes) // 6)]:
            check("continental", config, log, index)
    check_cuts("continental", config, log, step=max(1, len(log) // 40))


def _played_later(log: tuple[dict[str, Any], ...], index: int, seat: int, code: str) -> int | None:
    """The index of the next record after ``index`` where ``seat`` plays the card ``code`` in the
    same hand."""
    for at in range(index + 1, len(log)):
        item = log[at]
        if item["kind"] == "hand_ended":
            return None
        if item.get("seat") != seat:
            continue
        cards = [item["card"]] if item["kind"] in ("discard", "lay_off", "swap_joker") else \
            [card for meld in item.get("melds", ()) for card in meld] if item["kind"] == "drop" else []
        if code in cards:
            return at
    return None


def test_a_changed_discard_is_refused_at_the_discard_not_where_the_card_is_missing() -> None:
    """A discard changed to another card of the hand that the seat plays later: the later play is
    refused (the card is gone), however far on; the verdict names the discard, and its card."""
    config, log = continental_log(*CONTINENTAL_FAST[0])
    kind = game_kind("continental")
    cases = 0
    for index, item in enumerate(log):
        if item["kind"] != "discard" or cases == 4:
            continue
        state = _state_before("continental", config, log, index)
        following = next((later for later in log[index + 1:] if later["kind"] == "draw"), None)
        if following is None or following["source"] != "stock":  # the next seat takes the card
            continue
        held = {card.code if card.copy == 1 else card.id for card in state.hands[item["seat"]]}
        for code in sorted(held - {item["card"]}):
            later = _played_later(log, index, item["seat"], code)
            if later is None or later - index <= 12:  # beyond the last few actions
                continue
            posted = [*log[:index], item | {"card": code}, *log[index + 1:]]
            verdict = kind.judge(kind.config_from_dict(config), posted)
            assert (verdict["legal"], verdict["index"], verdict["code"]) == (False, index, "log_mismatch"), \
                (index, code, later, verdict["message"])
            assert verdict["differences"][0]["field"] == "card"
            assert f"the log says seat {item['seat']} discarded" in verdict["message"]
            assert not reprs_in(verdict)
            cases += 1
            break
    assert cases >= 2
