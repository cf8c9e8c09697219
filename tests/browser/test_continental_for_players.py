"""The Continental tabs as a player reads them (issue 22): the score of going out as the rules
count it, the discard ranking on a phone, the play's buttons and bots in words, the advice form
in a player's words, a finished hand stepped through turn by turn, and what each departure from
the advice cost."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.browser.a11y import accessibility_violations, describe
from tests.browser.conftest import screenshot
from tests.browser.test_continental_play import play_to_the_end, start_game, visible

PHONE = {"width": 390, "height": 844}


def open_advice(page: Any) -> Any:
    page.goto("/#continental-advice")
    panel = page.locator("#continental-advice")
    panel.get_by_role("heading", name="Continental advice").wait_for()
    return panel


def ask(panel: Any, hand: str, hand_number: str) -> Any:
    panel.get_by_label("Hand (card codes)").fill(hand)
    panel.get_by_label("Hand number").select_option(hand_number)
    panel.get_by_role("button", name="Get advice").click()
    result = panel.locator(".advice-result")
    result.locator(".advice").wait_for()
    return result


def test_going_out_shows_the_hand_scored_minus_ten(page: Any) -> None:
    panel = open_advice(page)
    result = ask(panel, "2c 3c 4c 5c 9d Td Jd Qd Kh Jk", "3")
    text = result.inner_text()
    assert "−10 (you go out)" in text, text
    assert not re.search(r"Points left in hand\s+0", text), text


def test_the_discard_ranking_fits_a_phone_one_card_per_discard(page: Any) -> None:
    page.set_viewport_size(PHONE)
    panel = open_advice(page)
    result = ask(panel, "2c 3d Jh Tc 9s Js Kd Qd Kh 9c", "3")
    ranking = result.locator("table.ranking")
    ranking.wait_for()
    assert ranking.locator("tbody tr").count() >= 2
    # every figure of every discard is on the screen, each one labelled
    cells = page.evaluate("""() => [...document.querySelectorAll('table.ranking td, table.ranking tbody th')]
        .map((c) => ({right: c.getBoundingClientRect().right, label: c.dataset.label || '',
                      text: c.textContent}))""")
    assert cells and all(cell["right"] <= PHONE["width"] for cell in cells), cells
    labels = page.evaluate("""() => [...document.querySelectorAll('table.ranking tbody tr:first-child td')]
        .map((c) => getComputedStyle(c, '::before').content)""")
    assert '"Points: "' in labels and '"Distance: "' in labels, labels
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "continental-ranking-phone")


def test_no_discard_button_before_the_draw_and_bots_offered_in_words(page: Any) -> None:
    page.goto("/#continental-play")
    panel = page.locator("#continental-play")
    offered = panel.get_by_label("Bot 1").locator("option").all_inner_texts()
    assert "An expected-points player (plays each hand out before it moves)" in offered, offered
    assert "A random player" in offered and not any(re.search(r"\bev\b|\(ev\)", o) for o in offered), offered
    panel = start_game(page, hands="2", bots=("random",))
    actions = panel.get_by_role("group", name="Your actions")
    for _ in range(10):
        if visible(actions.get_by_role("button", name="Draw from the stock")):
            break
        actions.get_by_role("button", name="Pass").click()
        page.wait_for_function("() => !document.querySelector('#continental-play [role=status]').textContent")
    panel.locator(".hand button").first.click()
    assert actions.get_by_role("button", name=re.compile("^Discard")).count() == 0
    actions.get_by_role("button", name="Draw from the stock").click()
    page.wait_for_function("() => !document.querySelector('#continental-play [role=status]').textContent")
    actions.get_by_role("button", name=re.compile("^Discard")).wait_for()


def test_the_advice_form_and_expected_points_read_in_a_players_words(page: Any) -> None:
    panel = open_advice(page)
    by = panel.get_by_label("Advice by")
    assert by.locator("option").all_inner_texts() == [
        "Expected points (plays the hand out; needs the other players)", "Distance to the contract"]
    panel.get_by_label("Hand (card codes)").fill("2c 3d Jh Tc 9s Js Kd Qd Kh 9c")
    panel.get_by_label("Hand number").select_option("3")
    panel.get_by_role("button", name="Add another player").click()
    panel.get_by_label("Player 1 hand size").fill("9")
    assert panel.get_by_label("Player 1 turns played").input_value() == "0"  # a random hand unless told
    by.select_option("expected_points")
    panel.get_by_label("Deals to play out").fill("8")
    panel.get_by_role("button", name="Get advice").click()
    panel.get_by_role("table", name="Expected points").wait_for()
    shown = panel.inner_text().lower()
    for word in ("±", "standard error", "objective", "seed"):
        assert word not in shown, word
    panel.get_by_text("How sure is this?").click()
    assert "±" in panel.locator("details.how-sure").inner_text()


def _seeded(seed: int) -> Any:
    def route(request_route: Any) -> None:
        request = request_route.request
        if request.method == "POST":
            request_route.continue_(post_data=json.dumps(json.loads(request.post_data) | {"seed": seed}))
        else:
            request_route.continue_()
    return route


def _settle(page: Any) -> None:
    page.wait_for_function("() => !document.querySelector('#continental-play [role=status]').textContent")


def _depart_once(page: Any, panel: Any) -> None:
    """Follow the advice until a discard, then discard another card than the advised one."""
    actions = panel.get_by_role("group", name="Your actions")
    advice = panel.locator(".play-advice")
    for _ in range(30):
        actions.get_by_role("button", name="Advice").click()
        advice.get_by_text("Distance", exact=True).wait_for()
        follow = advice.get_by_role("button", name=re.compile("^Follow the advice: "))
        text = follow.inner_text() if visible(follow) else ""
        found = re.search(r"Follow the advice: discard (\S+)", text)
        if found:
            card = found.group(1)
            other = next(b for b in panel.locator(".hand button").all()
                         if card not in b.inner_text() and card not in (b.get_attribute("aria-label") or ""))
            other.click()
            actions.get_by_role("button", name=re.compile("^Discard ")).click()
            _settle(page)
            return
        follow.click()
        _settle(page)
    raise AssertionError("no discard to depart from")


def test_the_review_says_what_each_departure_cost(page: Any) -> None:
    page.route("**/v1/games", _seeded(2))
    panel = start_game(page, bots=("advisor", "advisor"))
    _depart_once(page, panel)
    play_to_the_end(page, panel, follow=True)
    review = panel.locator(".review")
    departed = review.locator("li.verdict-mistake").first.inner_text()
    assert re.search(r"this cost about \d+\.\d points at the end of the hand|would have left \d+ points"
                     r"|at no cost: about \d+\.\d points fewer expected", departed), departed
    screenshot(page, "continental-review-cost")


def test_a_finished_hand_is_stepped_through_turn_by_turn_from_your_seat(page: Any) -> None:
    page.route("**/v1/games", _seeded(2))
    panel = start_game(page, bots=("advisor", "advisor"))
    play_to_the_end(page, panel, follow=True)
    panel.get_by_role("button", name="Replay the finished hands turn by turn").click()
    replay = panel.locator(".continental-replay")
    replay.get_by_role("heading", name="Replay of the game").wait_for()
    steps = replay.get_by_role("group", name="Step through the turns")
    assert steps.get_by_role("button", name="Previous turn").is_disabled()
    assert "Hand 1 dealt" in replay.locator(".step-text").inner_text()
    seen = []
    for _ in range(6):
        steps.get_by_role("button", name="Next turn").click()
        seen.append(replay.locator(".step-text").inner_text())
        # only your own hand is ever shown: as many cards as the players' table gives you
        mine = replay.get_by_role("list", name="Your hand in the replay").get_by_role("img").count()
        row = replay.get_by_role("row", name=re.compile(r"\(you\)")).inner_text()
        assert str(mine) in row.split(), (mine, row)
        assert replay.locator("[aria-label$=\"'s hand\"]").count() == 0
    text = " ".join(seen)
    assert re.search(r"(You|Advisor bot) (drew from the stock|took the discard|discarded|passed)", text), text
    assert "Seat 0" not in replay.inner_text() and "seat 1" not in replay.inner_text()
    assert "Turn 7 of" in replay.inner_text()
    steps.get_by_role("button", name="Previous turn").click()
    assert "Turn 6 of" in replay.inner_text()
    violations = accessibility_violations(page, context="#continental-play .continental-replay")
    assert not violations, describe(violations)
    screenshot(page, "continental-replay")
    page.set_viewport_size(PHONE)  # on a phone the replay fits the screen
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
