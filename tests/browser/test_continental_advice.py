"""The Continental advice tab, driven as a person would: type or click a hand, ask, read."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import screenshot


def open_tab(page: Any) -> Any:
    page.goto("/#continental-advice")
    panel = page.locator("#continental-advice")
    panel.get_by_role("heading", name="Continental advice").wait_for()
    return panel


def test_advice_drop_ranking_and_take(page: Any) -> None:
    panel = open_tab(page)
    hand = panel.get_by_label("Hand (card codes)")
    hand.fill("4h Jk 6h 7h Kc Kd")
    # the rest from the deck grid, a person clicking cards
    panel.get_by_text("Pick cards from a deck").click()
    panel.get_by_role("button", name="Add King of spades").click()
    panel.get_by_role("button", name="Add 2 of clubs").click()
    panel.get_by_role("button", name="Add 9 of diamonds").click()
    assert hand.input_value() == "4h Jk 6h 7h Kc Kd Ks 2c 9d"
    assert panel.get_by_role("list", name="Your hand").get_by_role("img").count() == 9
    panel.get_by_label("Hand number").select_option("2")
    assert "1 trio + 1 run" in panel.locator(".contract").inner_text()
    panel.get_by_role("button", name="Add a table meld").click()
    panel.get_by_label("Meld 1", exact=True).fill("5s 6s 7s 8s")
    panel.get_by_label("Discard top").fill("Kh")
    panel.get_by_label("Other cards seen").fill("Ks")
    panel.get_by_role("button", name="Get advice").click()
    result = panel.locator(".advice-result")
    result.get_by_text("Drop these melds").wait_for()
    assert result.get_by_text("4♥ Jk(5♥) 6♥ 7♥").first.is_visible()
    assert result.get_by_role("img", name="Joker").count() == 1
    text = result.inner_text()
    assert "Points left in hand" in text and "9♦" in text
    assert "draw from the stock" in text  # take advice with its reason
    ranking = result.get_by_role("table")
    assert ranking.get_by_role("row").count() == 3  # header + 2 discards
    assert "Next outs" in ranking.inner_text()
    screenshot(page, "continental-advice")


def test_advice_before_draw_and_problem(page: Any) -> None:
    # the 422 is expected: the page fixture lets refusals (409, 422) through the console check
    panel = open_tab(page)
    # two copies through the grid, then a third click takes both out again
    panel.get_by_text("Pick cards from a deck").click()
    seven = panel.get_by_role("button", name="Add 7 of clubs")
    seven.click()
    seven.click()
    assert panel.get_by_label("Hand (card codes)").input_value() == "7c 7c"
    seven.click()
    assert panel.get_by_label("Hand (card codes)").input_value() == ""
    panel.get_by_label("Hand (card codes)").fill("7c 7d 9h 9s Ks 2c 4d")
    panel.get_by_label("Turn").select_option("false")
    panel.get_by_label("Discard top").fill("7h")
    panel.get_by_role("button", name="Get advice").click()
    result = panel.locator(".advice-result")
    result.get_by_text("before the draw").wait_for()
    assert "Distance" in result.inner_text() and "Outs" in result.inner_text()
    assert "Take the discard" in result.inner_text()
    # a refused input: the problem in words, the card named, no pointer
    panel.get_by_label("Hand (card codes)").fill("7c 7x")
    panel.get_by_role("button", name="Get advice").click()
    alert = panel.get_by_role("alert")
    alert.get_by_text("Not a card").wait_for()
    assert "7x" in alert.inner_text() and "/hand/" not in alert.inner_text()
    # a meld added then removed leaves no meld
    panel.get_by_role("button", name="Add a table meld").click()
    panel.get_by_role("button", name="Remove meld 1").click()
    assert panel.locator(".table-melds li").count() == 0


def test_advice_keyboard_and_phone_width(page: Any) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    panel = open_tab(page)
    panel.get_by_text("Pick cards from a deck").click()
    panel.get_by_label("Hand (card codes)").fill("4h Jk 6h 7h Kc Kd Ks 2c 9d")
    panel.get_by_label("Hand number").select_option("2")
    # every input has a label; the button is reached and pressed with the keyboard
    unlabelled = page.evaluate("""() => [...document.querySelectorAll('#continental-advice input, '
        + '#continental-advice select')].filter((e) => !e.labels || !e.labels.length).length""")
    assert unlabelled == 0
    button = panel.get_by_role("button", name="Get advice")
    button.focus()
    page.keyboard.press("Enter")
    panel.locator(".advice-result").get_by_text("Drop these melds").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 391


def test_advice_expected_points_table(page: Any) -> None:
    panel = open_tab(page)
    panel.get_by_label("Hand (card codes)").fill("Th Ac 2s Ad Td 5c Jd 7h 7c 2h")
    panel.get_by_label("Hand number").select_option("3")
    panel.get_by_label("Discard pile below the top").fill("6c Qs 6h")
    add = panel.get_by_role("button", name="Add another player")
    add.click()
    add.click()
    add.click()
    panel.get_by_role("button", name="Remove player 3").click()
    for player in (1, 2):
        panel.get_by_label(f"Player {player} hand size").fill("9")
    assert panel.get_by_label("Player 2 has dropped").is_checked() is False
    assert panel.get_by_label("Advice by").input_value() == "distance"  # the default
    panel.get_by_label("Advice by").select_option("expected_points")
    panel.get_by_label("Deals to play out").fill("16")
    panel.get_by_role("button", name="Get advice").click()
    table = panel.get_by_role("table", name="Expected points")
    table.wait_for()
    assert "16 deals played out" in table.inner_text()
    rows = table.locator("tbody tr")
    assert rows.count() == 4  # the four best discards priced
    advised = rows.first.inner_text()
    assert "(advised)" in advised and "2♠" in advised and "±" not in advised and "Best" in advised
    sure = panel.locator("details.how-sure")
    sure.get_by_text("How sure is this?").click()
    assert "±" in sure.inner_text() and "seed 0" in sure.inner_text()
    assert "points expected at the end of the hand" in advised  # the why sentence
    assert "%" in advised  # the danger of the discard
    assert rows.locator(".verdict-blunder").count() >= 1
    result = panel.locator(".advice-result")
    assert "Next action (by expected points)" in result.inner_text()
    assert "discard 2♠" in result.inner_text()
    ranking = result.get_by_role("table").filter(has_text="Discards, best first")
    assert "Expected points" in ranking.inner_text() and "Danger" in ranking.inner_text()
    screenshot(page, "continental-advice-expected-points")
    # by distance the table goes and the exact advice's discard is the action
    panel.get_by_label("Advice by").select_option("distance")
    panel.get_by_role("button", name="Get advice").click()
    result.get_by_text("Next action").first.wait_for()
    page.wait_for_function("() => !document.querySelector('#continental-advice table.expected-points')")
    assert "discard A♣" in result.inner_text()


def test_shedding_reads_as_a_play_of_its_own_once_another_player_has_dropped(page: Any) -> None:
    panel = open_tab(page)
    panel.get_by_label("Hand (card codes)").fill("Jh Qh Kh Ah Js Qs Ks As 2c 3c 9c 4h 7s 6d")
    panel.get_by_label("Hand number").select_option("7")
    for index, meld in enumerate(("5c 6c 7c 8c", "7d 8d 9d Td", "5h 6h 7h 8h", "Tc Th Ts", "3s 3d 3h")):
        panel.get_by_role("button", name="Add a table meld").click()
        panel.get_by_label(f"Meld {index + 1}", exact=True).fill(meld)
    panel.get_by_label("Discard pile below the top").fill("2s Qc")
    panel.get_by_role("button", name="Add another player").click()
    panel.get_by_label("Player 1 hand size").fill("1")
    panel.get_by_label("Player 1 has dropped").check()
    panel.get_by_label("Advice by").select_option("expected_points")
    panel.get_by_label("Deals to play out").fill("24")
    panel.get_by_role("button", name="Get advice").click()
    table = panel.get_by_role("table", name="Expected points")
    table.wait_for()
    advised = table.locator("tbody tr").first.inner_text()
    assert "Shed your heaviest cards, discard" in advised and "(advised)" in advised
    assert "A♥" in advised or "A♠" in advised
    assert "another player has dropped" in advised
    screenshot(page, "continental-advice-shed")


def test_the_hand_preview_reads_cards_as_leniently_as_the_service(page: Any) -> None:
    """"10s", a suit symbol, any case and "jk" are cards to the service: the preview draws them."""
    panel = open_tab(page)
    panel.get_by_label("Hand (card codes)").fill("10s 10♥ jk qD")
    cards = panel.get_by_role("list", name="Your hand").get_by_role("img")
    names = [card.get_attribute("aria-label") for card in cards.all()]
    assert names == ["10 of spades", "10 of hearts", "Joker", "Queen of diamonds"]
    assert "?" not in panel.locator(".hand-preview").inner_text()
    # a card added from the deck counts the typed "10s" as the 10♠ (a second click adds its copy)
    panel.get_by_text("Pick cards from a deck").click()
    panel.get_by_role("button", name="Add 10 of spades").click()
    panel.get_by_role("button", name="Add 10 of spades").click()
    assert panel.get_by_label("Hand (card codes)").input_value() == "10♥ jk qD"
