"""Play Continental against bots in the browser: set up, play a 1-hand game to its end with the
advice, see the scores, the review and a refused action's rule."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.browser.conftest import screenshot


def start_game(page: Any, *, hands: str = "1", bots: tuple[str, ...] = ("advisor", "random")) -> Any:
    page.goto("/#continental-play")
    panel = page.locator("#continental-play")
    panel.get_by_label("Your name").fill("Asha")
    panel.get_by_label("Number of bots").select_option(str(len(bots)))
    for i, kind in enumerate(bots):
        panel.get_by_label(f"Bot {i + 1}").select_option(kind)
    panel.get_by_label("Hands to play").select_option(hands)
    panel.get_by_role("button", name="Start the game").click()
    panel.get_by_role("heading", name=re.compile(r"Hand 1 of \d+: 2 trios")).wait_for()
    return panel


def visible(locator: Any) -> bool:
    return locator.count() > 0 and locator.first.is_visible()


def hand_button(panel: Any, code: str) -> Any:
    return panel.locator(f'.hand button[data-card="{code}"], .hand button[data-card^="{code}#"]').first


def play_one_decision(page: Any, panel: Any) -> None:
    """Make the next decision as a careful person: pass on buys, follow the advice otherwise."""
    actions = panel.get_by_role("group", name="Your actions")
    if visible(actions.get_by_role("button", name="Pass")):
        actions.get_by_role("button", name="Pass").click()
    elif visible(actions.get_by_role("button", name="Draw from the stock")):
        actions.get_by_role("button", name="Advice").click()
        advice = panel.locator(".play-advice")
        advice.get_by_text("Distance", exact=True).wait_for()
        take = actions.get_by_role("button", name=re.compile("^Take the discard"))
        if "yes: take" in advice.inner_text() and visible(take):
            take.click()
        else:
            actions.get_by_role("button", name="Draw from the stock").click()
    elif visible(actions.get_by_role("button", name=re.compile("^Lay off"))):
        actions.get_by_role("button", name=re.compile("^Lay off")).first.click()
    else:
        actions.get_by_role("button", name="Advice").click()
        advice = panel.locator(".play-advice")
        advice.get_by_text("Distance", exact=True).wait_for()
        if visible(advice.get_by_role("button", name="Set up the advised drop")):
            advice.get_by_role("button", name="Set up the advised drop").click()
            actions.get_by_role("button", name=re.compile(r"^Drop \d meld")).click()
        else:
            text = advice.inner_text()
            found = re.search(r"Discard\s+(\S+) \(", text)
            codes = page.evaluate("""() => [...document.querySelectorAll('#continental-play .hand button')]
                .map((b) => b.dataset.card)""")
            pick = codes[0]
            if found:
                pick = next((code for code in codes if _short(code) == found.group(1)), pick)
            panel.locator(f'.hand button[data-card="{pick}"]').click()
            actions.get_by_role("button", name=re.compile("^Discard ")).click()
    page.wait_for_function("() => !document.querySelector('#continental-play [role=status]').textContent")


def follow_the_advice(page: Any, panel: Any) -> None:
    """Make the next decision by sending the advice's own action: "Follow the advice"."""
    actions = panel.get_by_role("group", name="Your actions")
    actions.get_by_role("button", name="Advice").click()
    panel.locator(".play-advice").get_by_text("Distance", exact=True).wait_for()
    panel.locator(".play-advice").get_by_role("button", name=re.compile("^Follow the advice: ")).click()
    page.wait_for_function("() => !document.querySelector('#continental-play [role=status]').textContent")


def play_to_the_end(page: Any, panel: Any, decisions: int = 120, *, follow: bool = False) -> None:
    """Make decisions until the game is over (a 1-hand game ends well within ``decisions``)."""
    for _ in range(decisions):
        if visible(panel.get_by_role("heading", name="Game over")):
            return
        if follow:
            follow_the_advice(page, panel)
        else:
            play_one_decision(page, panel)
    raise AssertionError(f"the game did not end within {decisions} decisions")


def _short(code: str) -> str:
    bare = code.split("#")[0]
    if bare.startswith("Jk"):
        return "Jk"
    rank = "10" if bare[0] == "T" else bare[0]
    return rank + {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}[bare[1]]


def test_only_the_chosen_number_of_bots_is_asked_for(page: Any) -> None:
    page.goto("/#continental-play")
    panel = page.locator("#continental-play")
    count = panel.get_by_label("Number of bots")
    for chosen in (1, 2, 3):
        count.select_option(str(chosen))
        shown = [visible(panel.get_by_label(f"Bot {i}")) for i in (1, 2, 3)]
        assert shown == [i <= chosen for i in (1, 2, 3)], (chosen, shown)


def open_in_the_referee_tab(page: Any, panel: Any, game_id: str) -> None:
    """The game's id is shown with a button that opens it in the Referee tab, judged legal."""
    line = panel.locator("#continental-play-game-id, #ramchi-play-game-id")
    assert f"Game id: {game_id}" in line.inner_text()
    line.get_by_role("button", name=re.compile("^Open in the Referee tab")).click()
    desk = page.locator("#referee-dispute")
    verdict = desk.locator("#referee-dispute-verdict")
    verdict.get_by_text("Legal").first.wait_for(timeout=60_000)
    assert desk.get_by_label("Or a game's id").input_value() == game_id
    assert page.get_by_role("tab", name="Referee").get_attribute("aria-selected") == "true"


def test_play_one_hand_to_the_end(page: Any) -> None:
    with page.expect_response(lambda r: r.url.endswith("/v1/games") and r.request.method == "POST") as made:
        panel = start_game(page)
    game_id = made.value.json()["id"]
    assert f"Game id: {game_id}" in panel.locator("#continental-play-game-id").inner_text()
    assert panel.get_by_role("table", name="Players").get_by_role("row").count() == 4
    assert "Stock:" in panel.locator(".pile").inner_text()
    assert panel.get_by_role("list", name="Your hand: select cards").get_by_role("button").count() >= 7
    screenshot(page, "continental-play")
    play_to_the_end(page, panel)
    scores = panel.get_by_role("table", name=re.compile("Scores"))
    assert scores.get_by_role("row", name=re.compile("Total")).is_visible()
    assert "Winner:" in panel.locator(".winner").inner_text()
    log = panel.get_by_role("list", name="What happened").inner_text()
    assert "Advisor bot" in log and re.search(r"(drew from the stock|took the discard)", log)
    review = panel.locator(".review")
    assert review.get_by_role("heading", name="Review of your decisions").is_visible()
    assert review.locator("li").count() >= 2
    assert "advised:" in review.inner_text()
    screenshot(page, "continental-review")
    open_in_the_referee_tab(page, panel, game_id)


def test_a_game_against_the_ev_bot_starts_and_names_it(page: Any) -> None:
    panel = start_game(page, bots=("ev",))
    assert panel.get_by_role("table", name="Players").get_by_role("row").count() == 3
    assert "Expected-points bot" in panel.get_by_role("table", name="Players").inner_text()


def test_refused_action_shows_the_rule(page: Any) -> None:
    panel = start_game(page, hands="2", bots=("random",))
    actions = panel.get_by_role("group", name="Your actions")
    for _ in range(10):
        if visible(actions.get_by_role("button", name="Draw from the stock")):
            break
        play_one_decision(page, panel)
    first = panel.locator(".hand button").first
    first.click()
    assert first.get_attribute("aria-pressed") == "true"
    # a made-up meld is refused by the referee, which says the rule
    alert = panel.get_by_role("alert")
    actions.get_by_role("button", name="Draw from the stock").click()
    page.wait_for_function("() => !document.querySelector('#continental-play [role=status]').textContent")
    for button in panel.locator(".hand button").all()[:3]:
        button.click()
    actions.get_by_role("button", name="New meld from selected").click()
    assert panel.get_by_role("list", name="New meld 1").get_by_role("img").count() == 3
    actions.get_by_role("button", name="Drop 1 meld").click()
    alert.get_by_text("Rule:").wait_for()
    assert "meld" in alert.inner_text().lower() or "contract" in alert.inner_text().lower()


def test_play_keyboard_and_phone_width(page: Any) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/#continental-play")
    panel = page.locator("#continental-play")
    unlabelled = page.evaluate("""() => [...document.querySelectorAll('#continental-play input, '
        + '#continental-play select')].filter((e) => !e.labels || !e.labels.length).length""")
    assert unlabelled == 0
    panel.get_by_label("Hands to play").select_option("1")
    panel.get_by_role("button", name="Start the game").focus()
    page.keyboard.press("Enter")
    panel.get_by_role("heading", name=re.compile("Hand 1 of 1")).wait_for()
    draw = panel.get_by_role("button", name="Draw from the stock")
    if visible(draw):
        draw.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => !document.querySelector('#continental-play [role=status]').textContent")
    panel.get_by_role("button", name="Advice").click()
    panel.locator(".play-advice").get_by_text("Distance", exact=True).wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 391


def test_a_seeded_game_reaches_your_drop_and_the_review_records_it(page: Any) -> None:
    """Seed 4 with two advisor bots (they draw no random numbers) deals seat 0 a hand that the
    advice drops in hand 1, so the drop path is always clicked through."""
    def seeded(route: Any) -> None:
        if route.request.method == "POST":
            route.continue_(post_data=json.dumps(json.loads(route.request.post_data) | {"seed": 4}))
        else:
            route.continue_()

    page.route("**/v1/games", seeded)
    panel = start_game(page, bots=("advisor", "advisor"))
    play_to_the_end(page, panel)
    log = panel.get_by_role("list", name="What happened").inner_text()
    assert re.search(r"Asha dropped|You dropped", log), log
    assert "dropped" in panel.locator(".review").inner_text()


def test_following_the_advice_sends_its_action_and_the_review_agrees(page: Any) -> None:
    """The advice answer carries its action as a request body; "Follow the advice" sends it as
    it is, every one is accepted, and the review counts every decision as advised. Seed 2 with
    two advisor bots: the advice followed (by expected points) drops in hand 1 (with seed 4 a bot
    goes out before it does)."""
    def seeded(route: Any) -> None:
        if route.request.method == "POST":
            route.continue_(post_data=json.dumps(json.loads(route.request.post_data) | {"seed": 2}))
        else:
            route.continue_()

    page.route("**/v1/games", seeded)
    panel = start_game(page, bots=("advisor", "advisor"))
    play_to_the_end(page, panel, follow=True)
    log = panel.get_by_role("list", name="What happened").inner_text()
    assert re.search(r"You dropped", log), log
    review = panel.locator(".review").inner_text()
    assert re.search(r"\d+ decisions, 0 departing from the advice", review), review
    assert "departed" not in review
    # the advice was by expected points: each decision followed lost none of them
    assert "as advised: no points lost (Best)" in review, review
    assert "cost about" not in review, review
