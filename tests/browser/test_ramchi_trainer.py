"""The Ramchi trainer, clicked through as a person would: deal, fill the rounds, score, repeat."""

from __future__ import annotations

from typing import Any

from api.web import STATIC
from rulesets.cards import parse_cards
from solver.ramchi.candidates import hand_candidates
from tests.browser.a11y import accessibility_violations
from tests.browser.conftest import screenshot

STUB = 'export const tool = {id: "stub-%s", title: "%s", mount(panel) { panel.textContent = "stub"; }};'
RANKS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "10"}
SUITS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


def name(code: str) -> str:
    """The card's name, the end of its button's accessible name ("K♠: King of spades")."""
    return f": {RANKS.get(code[0], code[0])} of {SUITS[code[1]]}"


def _stub_missing_tools(route: Any) -> None:
    """Sibling tools written by others may not exist yet; stand in for a missing one only."""
    file = route.request.url.rsplit("/web/", 1)[1].split("?")[0]
    if (STATIC / file).exists():
        route.continue_()
    else:
        stem = file.removesuffix(".js")
        route.fulfill(status=200, content_type="text/javascript", body=STUB % (stem, stem))


def open_tool(page: Any) -> Any:
    page.route("**/web/*.js", _stub_missing_tools)
    page.goto("/#ramchi-trainer")
    panel = page.get_by_role("tabpanel", name="Ramchi trainer")
    panel.get_by_role("heading", name="Ramchi trainer").wait_for()
    return panel


def dealt(panel: Any) -> list[str]:
    hand = panel.get_by_role("group", name="Your hand", exact=True)
    return [b.get_attribute("data-card") for b in hand.get_by_role("button").all()]


def combinations(codes: list[str], how_many: int) -> list[list[str]]:
    """Disjoint combinations of the hand, strongest first (the rules' own candidates)."""
    chosen: list[list[str]] = []
    used: set[str] = set()
    for candidate in hand_candidates(parse_cards(codes)):
        cards = [c.code for c in candidate.cards]
        if used.isdisjoint(cards):
            chosen.append(cards)
            used.update(cards)
        if len(chosen) == how_many:
            break
    return chosen


def score(panel: Any) -> Any:
    panel.get_by_label("Samples").fill("20")
    panel.get_by_role("button", name="Score my arrangement").click()
    results = panel.get_by_role("region", name="Your score")
    results.locator("#ramchi-trainer-verdict").wait_for()
    return results


def test_deal_arrange_score_and_keep_a_session_score(page: Any) -> None:
    panel = open_tool(page)
    hand = dealt(panel)
    assert len(hand) == 17 and len(set(hand)) == 17
    assert "Up-card" in panel.locator("#ramchi-trainer-deal").inner_text()
    combos = combinations(hand, 3)
    hand_group = panel.get_by_role("group", name="Your hand", exact=True)
    for combo in combos:  # the next round is selected by itself once a round is full
        for code in combo:
            hand_group.get_by_role("button", name=name(code)).click()
    for index, combo in enumerate(combos, start=1):
        group = panel.get_by_role("group", name=f"Round {index} cards")
        assert group.get_by_role("button").count() == 3
        assert hand_group.get_by_role("button", name=name(combo[0])).is_disabled()
    # Take a card back and put it again (clicking it in its round).
    first = combos[0][0]
    panel.get_by_role("group", name="Round 1 cards").get_by_role("button").first.click()
    assert hand_group.get_by_role("button", name=name(first)).is_enabled()
    panel.get_by_role("button", name="Round 1", exact=True).click()
    hand_group.get_by_role("button", name=name(first)).click()
    assert panel.get_by_role("group", name="Round 1 cards").get_by_role("button").count() == 3

    results = score(panel)
    verdict = results.locator("#ramchi-trainer-verdict")
    assert verdict.get_attribute("class").startswith("verdict-")
    assert any(word in verdict.inner_text() for word in ("Best", "Inaccuracy", "Mistake", "Blunder"))
    assert results.get_by_role("table", name="Expected chips").is_visible()
    assert results.get_by_role("list", name="Best lineup").get_by_role("img").count() >= 3
    session = panel.get_by_role("table", name="Session score")
    assert "Hands played 1" in " ".join(session.inner_text().split())
    assert not accessibility_violations(page, context="#ramchi-trainer")

    # A second hand: discard everything, a blunder or close; the session counts two hands.
    panel.get_by_role("button", name="Next hand").click()
    assert not results.is_visible()
    assert panel.get_by_role("group", name="Round 1 cards").get_by_role("button").count() == 0
    results = score(panel)
    assert "Hands played 2" in " ".join(session.inner_text().split())
    screenshot(page, "ramchi-trainer")


def test_keyboard_and_drag_fill_rounds(page: Any) -> None:
    panel = open_tool(page)
    hand = dealt(panel)
    combo, second = combinations(hand, 2)
    hand_group = panel.get_by_role("group", name="Your hand", exact=True)
    panel.get_by_role("button", name="Round 2", exact=True).click()
    for code in combo:
        hand_group.get_by_role("button", name=name(code)).focus()
        page.keyboard.press("Enter")
    assert panel.get_by_role("group", name="Round 2 cards").get_by_role("button").count() == 3
    target = panel.locator("li[data-round='4']")
    for code in second:
        hand_group.get_by_role("button", name=name(code)).drag_to(target)
    assert panel.get_by_role("group", name="Round 4 cards").get_by_role("button").count() == 3
    panel.get_by_role("button", name="Clear round 4").click()
    assert panel.get_by_role("group", name="Round 4 cards").get_by_role("button").count() == 0
    results = score(panel)
    assert "Round 1" in results.get_by_role("list", name="Your lineup as played", exact=True).inner_text()
