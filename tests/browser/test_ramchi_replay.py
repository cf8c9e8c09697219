"""Replaying a finished Ramchi hand round by round (issue 22): in Play Ramchi after a hand and in
the game review, and in the Referee tab's replay of a Ramchi log. Each step is checked against
the game's log as the API gives it: the deal and its exchange, every round's combinations (names
and cards), its winner and chips; a hand still in play offers no replay and shows no other
player's combination."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.browser.a11y import accessibility_violations, describe
from tests.browser.conftest import screenshot
from tests.browser.test_ramchi_play import name, settle
from tests.browser.test_ramchi_play_for_players import ARRANGED, FOURS_AT_ONCE, assert_plain, carry_on, start
from tests.browser.test_ramchi_trainer import _stub_missing_tools, combinations
from tests.browser.test_referee import (
    DESKTOP,
    PHONE,
    call,
    finished_ramchi_game,
    judge,
    open_referee,
    tampered,
)

PLAY_WORDS = {0: "you", 1: "Bot 1", 2: "Bot 2"}
"""How Play Ramchi names the seats inside a sentence (your seat is 0; the bots keep their names)."""


def open_seeded(page: Any, seed: int, created: list[str]) -> Any:
    """Play Ramchi, its games created with ``seed``; each created game's id is added to ``created``."""
    def seeded(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        body = json.loads(route.request.post_data)
        response = route.fetch(post_data=json.dumps({**body, "seed": seed}))
        created.append(response.json()["id"])
        route.fulfill(response=response)

    page.route("**/web/*.js", _stub_missing_tools)
    page.route("**/v1/games", seeded)
    page.goto("/#ramchi-play")
    panel = page.get_by_role("tabpanel", name="Play Ramchi")
    panel.get_by_role("heading", name="Play Ramchi").wait_for()
    return panel


def hands_of(log: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """The log's records by hand: the deal, the exchange (or keep), arrangements, rounds, four."""
    hands: dict[int, dict[str, Any]] = {}
    current: dict[str, Any] = {}
    for record in log:
        if record["kind"] == "hand_dealt":
            current = hands.setdefault(record["hand"], {"deal": record, "arrange": {}, "rounds": [],
                                                        "exchange": None, "four": None, "ended": None})
        elif record["kind"] in ("exchange", "keep"):
            current["exchange"] = record
        elif record["kind"] == "arrange":
            current["arrange"][record["seat"]] = record["combinations"]
        elif record["kind"] == "round_played":
            current["rounds"].append(record)
        elif record["kind"] == "four_of_a_kind_won":
            current["four"] = record
        elif record["kind"] == "hand_ended":
            current["ended"] = record
    return hands


def says(words: dict[int, str], seat: int, you: str, other: str, me: int | None) -> str:
    return f"{words[seat]} {you if seat == me else other}"


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "0")


def round_words(record: dict[str, Any], words: dict[int, str], me: int | None) -> str:
    """The round's sentence built from the API's record: the others' plays, then the winner."""
    winner = record["winner"]
    plays = {play["seat"]: play for play in record["plays"]}
    parts = [f"{says(words, p['seat'], 'play', 'plays', me)} {p['name']}" for p in record["plays"]
             if p["seat"] != winner]
    parts += [f"{says(words, seat, 'have', 'has', me)} no combination left" for seat in range(3)
              if seat not in plays]
    parts.append(f"{says(words, winner, 'win', 'wins', me)} with {plays[winner]['name']}, "
                 f"{signed(record['chips'][winner])} chips")
    return f"Round {record['number']}: {'; '.join(parts)}."


def step_through(page: Any, stepper: Any, hand: dict[str, Any], words: dict[int, str],
                 me: int | None) -> None:
    """Go through every step of ``stepper`` (Next, and → from the keyboard), checking each against
    the log's ``hand``; Previous and Next are disabled at the ends."""
    previous = stepper.get_by_role("button", name="Previous step")
    next_step = stepper.get_by_role("button", name="Next step")
    shown = stepper.locator(".replay-record")
    rounds = sorted(hand["rounds"], key=lambda r: r["number"])
    total = 2 if hand["four"] else 1 + len(rounds)
    assert f"Step 1 of {total}" in stepper.inner_text()
    assert previous.is_disabled() and (total == 1 or next_step.is_enabled())
    deal = hand["deal"]
    text = shown.inner_text()
    assert f"Hand {deal['hand']}: {says(words, deal['dealer'], 'deal', 'deals', me)}." in text, text
    if hand["exchange"]:
        seat = hand["exchange"]["seat"]
        made = hand["exchange"]["kind"] == "exchange"
        verb = ("exchange" if seat == me else "exchanges") if made else ("keep" if seat == me else "keeps")
        assert f"the 2♦ and {verb} it" in text, text
    for at in range(1, total):
        if at % 2:
            next_step.click()
        else:
            next_step.focus()
            page.keyboard.press("ArrowRight")
        shown.get_by_role("heading", name=re.compile("^(Round|Four)")).wait_for()
        text = shown.inner_text()
        assert not re.search(r"\b(null|undefined|NaN)\b", text), text
        assert f"Step {at + 1} of {total}" in stepper.inner_text()
        if hand["four"]:
            assert "four of a kind" in text and "not played" in text, text
            cards = shown.get_by_role("list", name="The four of a kind").locator("[data-card]")
            assert sorted(c.get_attribute("data-card") for c in cards.all()) == sorted(hand["four"]["cards"])
            continue
        record = rounds[at - 1]
        assert round_words(record, words, me) in text, text
        plays = shown.get_by_role("list", name=f"Round {record['number']} combinations")
        for play in record["plays"]:
            who = words[play["seat"]]
            who = who[0].upper() + who[1:]
            row = plays.get_by_role("list", name=f"Round {record['number']}, {who}: {play['name']}")
            assert [c.get_attribute("data-card") for c in row.locator("[data-card]").all()] == play["cards"]
        assert len(plays.locator("[data-card]").all()) == 3 * len(record["plays"])
    assert next_step.is_disabled() and (total == 1 or previous.is_enabled())
    if total > 1:
        assert "Chips this hand:" in shown.inner_text()
        page.keyboard.press("ArrowLeft")
        assert f"Step {total - 1} of {total}" in stepper.inner_text()
        assert next_step.is_enabled()


def check_layout(page: Any, context: str, name: str) -> None:
    """axe-clean and no wider than the screen at phone and desktop width (a screenshot of each)."""
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        screenshot(page, f"{name}-{size['width']}")
        assert not (violations := accessibility_violations(page, context=context)), describe(violations)
        width = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
        assert width[0] <= width[1], (size, width)
    page.set_viewport_size({"width": 1200, "height": 900})


def test_a_finished_hand_replays_round_by_round_and_a_running_hand_is_not_offered(
        page: Any, live_server: str) -> None:
    created: list[str] = []
    panel = open_seeded(page, ARRANGED, created)
    start(panel)
    exchange = panel.get_by_role("button", name="Exchange", exact=True)
    play = panel.get_by_role("button", name="Play", exact=True)
    next_round = panel.get_by_role("button", name="Next round")
    review = panel.get_by_role("table", name="Your decisions")
    replay_now = panel.get_by_role("button", name="Replay this hand round by round")
    seen_in_play: dict[int, set[str]] = {}
    replayed_after_hand = 0
    for _ in range(40):
        exchange.or_(play).or_(next_round).or_(carry_on(panel)).or_(review).first.wait_for()
        settle(page)
        if review.is_visible():
            break
        if exchange.is_visible():
            exchange.click()
        elif play.is_visible():
            # The hand is in play: no replay is offered for it, and the bots' cards are not shown.
            heading = panel.locator("#ramchi-play-table-heading").inner_text()
            number = int(re.search(r"Hand (\d+)", heading)[1])
            assert not panel.locator("#ramchi-play-replay").is_visible()
            if number == 1:
                assert not panel.get_by_role("button", name=re.compile("^Replay")).count()
            # hand 1: nothing else is in the DOM; later hands: the earlier hands' results stay hidden
            cards_now = panel.locator("[data-card]" if number == 1 else "[data-card]:visible")
            seen_in_play[number] = {c.get_attribute("data-card") for c in cards_now.all()}
            hand_group = panel.get_by_role("group", name="Your hand", exact=True)
            cards = [b.get_attribute("data-card") for b in hand_group.get_by_role("button").all()]
            for combo in combinations(cards, 5):
                for code in combo:
                    hand_group.get_by_role("button", name=name(code)).click()
            play.click()
        elif next_round.is_visible():
            assert not replay_now.is_visible(), "the replay is offered once every round is shown"
            next_round.click()
        else:
            if replay_now.is_visible() and not replayed_after_hand:
                replay_now.click()
                stepper = panel.locator("#ramchi-play-hand-replay")
                stepper.wait_for()
                log = call(live_server, f"/v1/games/{created[0]}/log")["log"]
                step_through(page, stepper, hands_of(log)[1], PLAY_WORDS, 0)
                replayed_after_hand += 1
            carry_on(panel).click()
    assert review.is_visible() and replayed_after_hand == 1
    log = call(live_server, f"/v1/games/{created[0]}/log")["log"]
    hands = hands_of(log)
    for number, shown in seen_in_play.items():
        others = {code for seat in (1, 2) for combo in hands[number]["arrange"][seat] for code in combo}
        assert not shown & others, (number, shown & others)
    for number in sorted(hands):
        panel.get_by_role("button", name=f"Replay hand {number} round by round").click()
        stepper = panel.locator("#ramchi-play-hand-replay")
        panel.get_by_role("heading", name=f"Replay of hand {number}").wait_for()
        step_through(page, stepper, hands[number], PLAY_WORDS, 0)
    assert_plain(panel)
    check_layout(page, "#ramchi-play", "ramchi-play-replay")


def test_a_hand_won_by_four_of_a_kind_replays_as_the_deal_and_the_four(page: Any, live_server: str) -> None:
    created: list[str] = []
    panel = open_seeded(page, FOURS_AT_ONCE, created)
    start(panel)
    panel.get_by_role("heading", name=re.compile(r"^Hand 1: ")).wait_for()
    settle(page)
    replay_now = panel.get_by_role("button", name="Replay this hand round by round")
    replay_now.click()
    log = call(live_server, f"/v1/games/{created[0]}/log")["log"]
    step_through(page, panel.locator("#ramchi-play-hand-replay"), hands_of(log)[1], PLAY_WORDS, 0)
    panel.get_by_role("button", name="Next step").click()  # back to the last step
    replayed = panel.locator("#ramchi-play-replay").inner_text()
    assert "Bot 2 holds four of a kind" in replayed
    assert "Bot 1 is a greedy player and Bot 2 is a greedy player." in replayed
    assert_plain(panel)


def test_the_referee_replay_of_a_ramchi_log_steps_through_each_hand(page: Any, live_server: str) -> None:
    _, log = finished_ramchi_game(live_server, hands=2)  # hand 1 played out, hand 2 a four of a kind
    hands = hands_of(log["log"])
    assert hands[1]["rounds"] and hands[2]["four"]
    panel = open_referee(page)
    desk = judge(page, panel, log)
    rounds = desk.locator("#referee-dispute-rounds")
    rounds.get_by_role("heading", name="Round by round", exact=True).wait_for()
    names = page.evaluate("async () => [0, 1, 2].map((await import('/web/referee_verdict.js')).seatName)")
    words = dict(enumerate(names))
    step_through(page, rounds.locator("#referee-rounds-stepper"), hands[1], words, None)
    rounds.get_by_label("Hand to step through").select_option("2")
    rounds.get_by_role("heading", name="Hand 2, round by round").wait_for()
    step_through(page, rounds.locator("#referee-rounds-stepper"), hands[2], words, None)
    check_layout(page, "#referee", "referee-ramchi-rounds")
    # a log refused in hand 1's first round: no hand is finished before the refused record
    changed, index, _, _ = tampered(log)
    assert index < min(i for i, record in enumerate(changed["log"]) if record["kind"] == "hand_ended")
    judge(page, panel, changed)
    panel.locator("#referee-dispute-verdict-heading").wait_for()
    assert not rounds.is_visible() and not rounds.locator("[data-card]").count()
