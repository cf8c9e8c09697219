"""The Ramchi advice tool, clicked through as a person would: pick 17 cards, advise, read."""

from __future__ import annotations

import re
from typing import Any

from solver.ramchi.opponents import DEFAULT_MIXTURE
from tests.browser.a11y import accessibility_violations, describe
from tests.browser.conftest import screenshot

HAND = ["As", "Ah", "Ad", "Kh", "Qh", "Jh", "2d", "3d", "5d", "9s", "9h", "9c", "7c", "8c", "6c", "4s", "4c"]
RANKS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "10"}
SUITS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
OPPONENT_WORDS = {"greedy": "players who always take their strongest combination first",
                  "solver": "careful players", "ev": "players who maximise expected chips"}
"""How the page names each kind of opponent."""
MARGIN = re.compile(r"This lineup is about \d+\.\d\d chips? better than the next best: "
                    r"(clearly better|probably better|a coin flip)\.|This lineup and the next best are equal")
"""The margin line: the lead over the next best lineup in words, and how sure it is."""
BEHIND = re.compile(r"Alternative 1: (about \d+\.\d\d chips? worse than the advice: the advice is "
                    r"(clearly better|probably better|a coin flip|better)|equal to the advice)")
"""The first alternative's line: how far it is behind the advice, in words."""


def name(code: str) -> str:
    """A card button's accessible name: what it shows, then the card's name ("A♠: Ace of spades")."""
    rank = "10" if code[0] == "T" else code[0]
    return f"{rank}{SYMBOLS[code[1]]}: {RANKS.get(code[0], code[0])} of {SUITS[code[1]]}"


def open_tool(page: Any) -> Any:
    page.goto("/#ramchi-advice")
    panel = page.get_by_role("tabpanel", name="Ramchi advice")
    panel.get_by_role("heading", name="Ramchi advice").wait_for()
    return panel


def pick(panel: Any, codes: list[str]) -> None:
    grid = panel.get_by_role("group", name="Deck")
    for code in codes:
        grid.get_by_role("button", name=name(code), exact=True).click()


def advise(page: Any, panel: Any) -> Any:
    panel.get_by_role("button", name="Advise").click()
    results = panel.get_by_role("region", name="Advice")
    results.get_by_role("list", name="Lineup", exact=True).wait_for()
    return results


def accounted(results: Any) -> int:
    lineup = results.get_by_role("list", name="Lineup", exact=True).get_by_role("img").count()
    discards = results.get_by_role("list", name="Thrown away", exact=True).get_by_role("img").count()
    return lineup + discards


def test_pick_cards_and_advise_maximin(page: Any) -> None:
    panel = open_tool(page)
    pick(panel, HAND)
    assert "17 of 17 chosen" in panel.locator("#ramchi-advice-count").inner_text()
    assert panel.get_by_role("button", name="Queen of hearts").get_attribute("aria-pressed") == "true"
    # An 18th card is refused with a message.
    extra = panel.get_by_role("button", name=name("Kc"), exact=True)
    extra.click()
    assert extra.get_attribute("aria-pressed") == "false"
    assert "unselect one" in panel.locator("#ramchi-advice-count").inner_text()

    panel.get_by_label("Aim for").select_option("maximin")
    assert panel.get_by_label("Deals to sample (most chips only)").is_disabled()
    assert panel.get_by_label("Opponents (most chips only)").is_disabled()
    results = advise(page, panel)
    assert accounted(results) == 17
    assert results.get_by_role("img", name="Queen of hearts").count() == 1
    assert "next best" not in results.inner_text()  # the safest lineup is compared with no other
    assert results.get_by_role("heading", name="Lineup, round by round").is_visible()
    assert "Round 1" in results.get_by_role("list", name="Lineup", exact=True).inner_text()
    assert results.get_by_role("heading", name="Why").is_visible()
    screenshot(page, "ramchi-advice")


def test_ev_with_samples_and_up_card_fits_a_phone(page: Any) -> None:
    panel = open_tool(page)
    pick(panel, "Th As Ah Kc Qc Jc 2d 3d 5d 9s 9h 9c 7h 8h 6h 4s 4c".split())  # noqa: SIM905
    panel.get_by_label("Up-card").select_option("Ks")
    panel.get_by_label("Your seat").select_option("1")
    panel.get_by_label("Deals to sample (most chips only)").fill("40")
    panel.get_by_label("Opponents (most chips only)").select_option(label="Players who maximise chips")
    results = advise(page, panel)
    assert accounted(results) == 17
    text = results.inner_text()
    assert "against players who maximise expected chips (over 40 sampled deals)" in text
    assert "Opponent model: arranges for expected chips" not in text  # behind "How sure is this?"
    results.get_by_text("How sure is this?").click()
    assert "Opponent model: EV-playing opponents; arranges for expected chips" in results.inner_text()
    # How clear the choice is: the lead over the next best lineup, in words.
    assert MARGIN.search(results.locator("#ramchi-advice-margin").inner_text())
    assert "of the time" in results.get_by_role("list", name="Lineup", exact=True).inner_text()
    assert results.get_by_role("heading", name="The 2♦ exchange").is_visible()
    assert "Keep the 2♦: about" in text and "better than exchanging it for K♠" in text
    # An alternative is drawn with its difference and why it is worse.
    alternative = results.get_by_role("list", name="Alternative 1 lineup", exact=True)
    assert alternative.get_by_role("img").count() >= 3
    assert "It plays " in text and " in round " in text
    assert BEHIND.search(text), text
    violations = accessibility_violations(page, context="#ramchi-advice-results")
    assert not violations, describe(violations)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(100)
    assert page.evaluate("document.documentElement.scrollWidth") <= 391
    screenshot(page, "ramchi-advice-phone")


def test_the_default_opponents_are_mixed_and_named_in_words(page: Any) -> None:
    panel = open_tool(page)
    opponents = panel.get_by_label("Opponents (most chips only)")
    assert opponents.input_value() == "mixture"
    labels = opponents.locator("option").all_inner_texts()
    assert labels == ["Mixed (default)", "Greedy players", "Careful players", "Players who maximise chips"]
    # Careful opponents cost a solve per hand: the untouched samples follow the smaller default.
    samples = panel.get_by_label("Deals to sample (most chips only)")
    opponents.select_option("solver")
    assert samples.input_value() == "40"
    opponents.select_option("mixture")
    assert samples.input_value() == "200"
    pick(panel, HAND)
    samples.fill("40")
    results = advise(page, panel)
    text = results.inner_text()
    total = sum(DEFAULT_MIXTURE.values())
    present = {model: weight for model, weight in DEFAULT_MIXTURE.items() if weight > 0}
    if len(present) == 1:  # one kind of opponent: named without shares
        assert f"against {OPPONENT_WORDS[next(iter(present))]} (over 40 sampled deals)" in text, text
    else:
        for model, weight in present.items():
            assert f"{round(100 * weight / total)}% {OPPONENT_WORDS[model]}" in text, text
    assert MARGIN.search(results.locator("#ramchi-advice-margin").inner_text())


def test_typed_codes_lenient_and_bad_token_shows_problem(page: Any) -> None:
    panel = open_tool(page)
    codes = panel.get_by_label("Card codes (type, paste or pick below)")
    codes.fill("10h AS a♠")
    # The grid follows what this page can read; the text is sent as typed.
    assert panel.get_by_role("button", name="10 of hearts").get_attribute("aria-pressed") == "true"
    assert "3 of 17 chosen" in panel.locator("#ramchi-advice-count").inner_text()
    codes.fill(" ".join([*HAND[:16], "zz"]))
    panel.get_by_role("button", name="Advise").click()
    alert = panel.locator("[role=alert]")
    alert.get_by_text("Not a card").wait_for()
    assert "'z' is not a suit" in alert.inner_text()
    assert not panel.get_by_role("region", name="Advice").is_visible()
    # Fixed, lenient codes are accepted.
    codes.fill("a♠ AH ad Kh Qh Jh 2d 3d 5d 9s 9h 9c 7c 8c 6c 4s 4c")
    panel.get_by_label("Aim for").select_option("maximin")
    results = advise(page, panel)
    assert accounted(results) == 17
    assert alert.inner_text() == ""


def test_random_deal_then_advise(page: Any) -> None:
    panel = open_tool(page)
    panel.get_by_role("button", name="Deal at random").click()
    assert "17 of 17 chosen" in panel.locator("#ramchi-advice-count").inner_text()
    grid = panel.get_by_role("group", name="Deck")
    assert grid.locator("button[aria-pressed=true]").count() == 17
    panel.get_by_label("Aim for").select_option("maximin")
    results = advise(page, panel)
    assert accounted(results) == 17


def test_keyboard_picks_a_card(page: Any) -> None:
    panel = open_tool(page)
    first = panel.get_by_role("button", name=name("As"), exact=True)
    first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert panel.get_by_role("button", name="King of spades").get_attribute("aria-pressed") == "true"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    assert panel.get_by_role("button", name="King of hearts").get_attribute("aria-pressed") == "true"
    assert "2 of 17 chosen" in panel.locator("#ramchi-advice-count").inner_text()
    page.keyboard.press("Tab")  # one tab stop for the whole grid: next is the up-card select
    assert page.evaluate("document.activeElement.id") == "ramchi-advice-up-card"
