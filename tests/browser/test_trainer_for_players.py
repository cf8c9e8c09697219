"""The Ramchi trainer as a player learns with it (issue 22): four of a kind told at the deal,
each round named while it is filled, a hint and the best arrangement, drags that land, undo and
a reload that keeps the hand, and words instead of statistics."""

from __future__ import annotations

import json
from typing import Any

from tests.browser.a11y import accessibility_violations, describe
from tests.browser.conftest import screenshot
from tests.browser.test_ramchi_trainer import name, open_tool

KEY = "ramchi-trainer.v1"
HAND = ["As", "Ad", "Ah", "Kc", "Qc", "Jc", "9s", "8s", "7s", "5h", "4d", "3c", "Td", "9d", "2c", "6h", "2d"]
FOUR_QUEENS = ["Qs", "Qh", "Qd", "Qc", "2s", "3s", "5s", "7c", "8d", "9h", "4c", "4d", "6h", "Jc", "Kh",
               "As", "Td"]


def kept(hand: list[str], rounds: list[list[str]] | None = None, **extra: Any) -> str:
    """A stored trainer state for ``hand`` (up-card K♠, seat 1, dealer 0, seed 5)."""
    return json.dumps({"version": 1, "dealt": {"hand": hand, "upCard": "Ks", "seat": 1, "dealer": 0,
                                               "seed": 5},
                       "exchanged": False, "rounds": rounds or [], "scored": False} | extra)


def open_with(page: Any, stored: str) -> Any:
    """The trainer opened in a browser that kept ``stored`` from an earlier visit."""
    open_tool(page)
    page.evaluate("([key, value]) => window.localStorage.setItem(key, value)", [KEY, stored])
    page.reload()
    return open_tool(page)


def hand_buttons(panel: Any) -> Any:
    return panel.get_by_role("group", name="Your hand", exact=True)


def fill(panel: Any, rounds: list[list[str]]) -> None:
    """Fill the rounds in order by clicking cards (the next round is chosen by itself)."""
    for cards in rounds:
        for code in cards:
            hand_buttons(panel).get_by_role("button", name=name(code)).click()


def round_row(panel: Any, number: int) -> Any:
    return panel.locator(f"li[data-round='{number}']")


def round_cards(panel: Any, number: int) -> Any:
    return panel.get_by_role("group", name=f"Round {number} cards").get_by_role("button")


def test_four_of_a_kind_is_told_at_the_deal_before_any_card_is_placed(page: Any) -> None:
    panel = open_with(page, kept(FOUR_QUEENS))
    four = panel.locator("#ramchi-trainer-four")
    four.wait_for()
    assert "Four Queens" in four.inner_text()
    assert "not played" in four.inner_text()
    assert round_cards(panel, 1).count() == 0


def test_each_round_names_its_combination_while_it_is_filled(page: Any) -> None:
    panel = open_with(page, kept(HAND))
    fill(panel, [["Kc", "Qc", "Jc"], ["As", "Ad", "Ah"], ["9s", "7s", "5h"], ["2c", "3c"]])
    round_row(panel, 1).get_by_text("Straight flush K-Q-J").wait_for()
    assert "played in round 2" in round_row(panel, 1).inner_text()
    round_row(panel, 2).get_by_text("Three Aces").wait_for()
    assert "played in round 1" in round_row(panel, 2).inner_text()
    # A round of three cards that make no combination says so in words, not by colour alone.
    bad = round_row(panel, 3)
    bad.get_by_text("Not a combination").wait_for()
    assert "neither a straight nor a flush" in bad.inner_text() and "3 of 3" not in bad.inner_text()
    panel.get_by_role("button", name="Score my arrangement").click()
    said = panel.get_by_text("Not scored yet: Round 3 is not a combination")
    said.wait_for()
    assert not panel.get_by_role("region", name="Your score").is_visible()
    assert "2 of 3 cards" in round_row(panel, 4).inner_text()
    hand_buttons(panel).get_by_role("button", name=name("9d")).click()
    round_row(panel, 4).get_by_text("Not a combination").wait_for()
    round_cards(panel, 4).last.click()  # take the 9♦ back
    panel.get_by_role("button", name="Round 4", exact=True).click()
    # The 5♥ is in round 3: take it back, then make the Ramchi.
    round_row(panel, 3).get_by_role("button", name="5♥: 5 of hearts, round 3: take back").click()
    panel.get_by_role("button", name="Round 4", exact=True).click()
    hand_buttons(panel).get_by_role("button", name=name("5h")).click()
    round_row(panel, 4).get_by_text("Ramchi (2-3-5)").wait_for()
    order = panel.get_by_role("list", name="Your combinations in playing order")
    order.get_by_text("Ramchi (2-3-5)").wait_for()
    names = [item.locator("strong").inner_text() for item in order.get_by_role("listitem").all()]
    assert names == ["Three Aces", "Straight flush K-Q-J", "Ramchi (2-3-5)"]
    assert not accessibility_violations(page, context="#ramchi-trainer"), \
        describe(accessibility_violations(page, context="#ramchi-trainer"))


def test_a_hint_names_the_next_combination_and_the_best_arrangement_scores_best(page: Any) -> None:
    panel = open_with(page, kept(HAND))
    panel.get_by_label("Samples").fill("20")
    fill(panel, [["9s", "7s", "5h"]])  # no combination: the score is refused, and says why
    panel.get_by_role("button", name="Score my arrangement").click()
    refused = panel.get_by_text("Not scored yet: Round 1 is not a combination")
    refused.wait_for()
    panel.get_by_role("button", name="Hint").click()
    hint = panel.locator("#ramchi-trainer-hint")
    hint.get_by_text("Hint:").wait_for(timeout=60_000)
    assert "best lineup" in hint.inner_text()
    panel.get_by_role("button", name="Show me the best arrangement").click()
    round_cards(panel, 3).nth(2).wait_for()
    assert round_cards(panel, 1).count() == 3
    # the rounds changed: the refusal of the old ones is no longer on screen
    assert refused.count() == 0
    panel.get_by_role("button", name="Score my arrangement").click()
    verdict = panel.locator("#ramchi-trainer-verdict")
    verdict.wait_for(timeout=60_000)
    assert verdict.inner_text().startswith("Best")


def test_a_card_dragged_onto_round_5_lands_there_and_a_missed_drop_is_said(page: Any) -> None:
    page.set_viewport_size({"width": 1200, "height": 760})
    panel = open_with(page, kept(HAND, [["As", "Ad", "Ah"], ["Kc", "Qc", "Jc"], ["9s", "8s", "7s"],
                                        ["2c", "3c", "5h"], ["Td", "9d"]]))
    assert round_cards(panel, 5).count() == 2
    hand_buttons(panel).get_by_role("button", name=name("4d")).drag_to(round_row(panel, 5))
    assert round_cards(panel, 5).count() == 3, "the drag onto round 5 was lost"
    round_row(panel, 5).get_by_text("Flush 10-9-4").wait_for()
    # A card dropped where no round is stays in the hand, and the page says so.
    round_cards(panel, 5).last.click()
    hand_buttons(panel).get_by_role("button", name=name("4d")).drag_to(
        panel.get_by_role("heading", name="Ramchi trainer"))
    status = panel.locator("#ramchi-trainer-count")
    status.get_by_text("was not placed").wait_for()
    assert hand_buttons(panel).get_by_role("button", name=name("4d")).is_enabled()


def test_undo_and_a_reload_keep_the_arrangement_and_a_broken_memory_is_ignored(page: Any) -> None:
    panel = open_with(page, kept(HAND))
    fill(panel, [["As", "Ad", "Ah"]])
    assert round_cards(panel, 1).count() == 3
    panel.get_by_role("button", name="Undo").click()
    assert round_cards(panel, 1).count() == 2
    hand_buttons(panel).get_by_role("button", name=name("Kc")).focus()
    page.keyboard.press("Control+z")
    assert round_cards(panel, 1).count() == 1
    page.reload()
    panel = open_tool(page)
    # the same hand comes back (shown sorted: the order on screen is the player's choice)
    shown = [b.get_attribute("data-card") for b in hand_buttons(panel).get_by_role("button").all()]
    assert sorted(shown) == sorted(HAND)
    assert [b.get_attribute("data-card") for b in round_cards(panel, 1).all()] == ["As"]
    for broken in ("{not json", json.dumps({"version": 1, "dealt": {"hand": ["As"]}}),
                   kept([*HAND[:16], "As"]), json.dumps({"version": 0}), "null"):
        panel = open_with(page, broken)
        hand = [b.get_attribute("data-card") for b in hand_buttons(panel).get_by_role("button").all()]
        assert len(hand) == 17 and len(set(hand)) == 17
        assert round_cards(panel, 1).count() == 0


def test_the_trainer_reads_in_words_and_keeps_the_numbers_behind_how_sure(page: Any) -> None:
    panel = open_with(page, kept(HAND))
    deal_line = panel.locator("#ramchi-trainer-deal").inner_text()
    # seat 1, dealer 0: the seat after the dealer, who leads round 1 (each winner leads the next)
    assert "seat" not in deal_line.lower() and "You sit after the dealer: you lead round 1." in deal_line
    assert "You play" not in deal_line
    fill(panel, [["5h", "4d", "3c"]])
    panel.get_by_label("Samples").fill("20")
    panel.get_by_role("button", name="Score my arrangement").click()
    panel.locator("#ramchi-trainer-verdict").wait_for(timeout=60_000)
    shown = panel.inner_text()
    for word in ("±", "standard error", "runner-up", "objective", "mixture", "Seat 0"):
        assert word.lower() not in shown.lower(), word
    assert "chips per hand" in panel.locator("#ramchi-trainer-verdict").inner_text()
    # no part left out of the score is written as the word "null"
    assert "null" not in panel.locator("#ramchi-trainer-results").inner_text()
    details = panel.locator("details", has_text="How sure is this?")
    details.locator("summary").click()
    assert "±" in details.inner_text()
    summary = details.locator("summary").bounding_box()
    assert summary and summary["height"] >= 44
    screenshot(page, "ramchi-trainer-for-players")


def test_on_a_phone_the_exchange_box_sits_by_its_label(page: Any) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    panel = open_with(page, kept(HAND))
    box = panel.locator("#ramchi-trainer-exchange").bounding_box()
    label = panel.locator("label[for='ramchi-trainer-exchange']").bounding_box()
    assert box and label
    assert abs((box["y"] + box["height"] / 2) - (label["y"] + label["height"] / 2)) < 24
    assert label["x"] > box["x"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    fill(panel, [["As", "Ad", "Ah"]])
    panel.get_by_role("button", name="Hint").wait_for()
    small = page.evaluate("""() => [...document.querySelectorAll(
            '#ramchi-trainer button, #ramchi-trainer input, #ramchi-trainer summary')]
        .filter((e) => e.getClientRects().length)
        .map((e) => { const r = e.getBoundingClientRect();
                      return {what: e.tagName + ' ' + (e.id || e.textContent.trim().slice(0, 24)),
                              width: Math.round(r.width), height: Math.round(r.height)}; })
        .filter((e) => e.width < 44 || e.height < 44)""")
    assert not small, small


def test_the_deal_line_says_who_deals_and_who_sits_before_the_dealer(page: Any) -> None:
    stored = json.loads(kept(HAND))
    for seat, dealer, said in ((0, 0, "You deal"), (2, 0, "You sit before the dealer"),
                               (0, 2, "You sit after the dealer: you lead round 1.")):
        stored["dealt"] |= {"seat": seat, "dealer": dealer}
        panel = open_with(page, json.dumps(stored))
        assert said in panel.locator("#ramchi-trainer-deal").inner_text(), (seat, dealer)


def test_a_scored_four_of_a_kind_names_its_rank_in_words(page: Any) -> None:
    panel = open_with(page, kept(FOUR_QUEENS))
    panel.get_by_label("Samples").fill("20")
    panel.get_by_role("button", name="Score my arrangement").click()
    results = panel.locator("#ramchi-trainer-results")
    results.locator("#ramchi-trainer-verdict").wait_for(timeout=60_000)
    assert "You hold four Queens: the hand is not played" in results.inner_text()
    assert "null" not in results.inner_text()
