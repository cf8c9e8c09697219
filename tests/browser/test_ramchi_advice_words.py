"""The Ramchi advice read as a player reads it (issue 22): equal values said as equal, margins in
words (clearly better, probably better, a coin flip), alternatives by the cards that differ, what
is thrown away set apart, what each round pays from the answer, opponents and seats in words, and
the statistics behind a "How sure is this?" disclosure.

Some answers are the solver's own; where a defect needs an answer the solver gives only for some
deals (two lineups exactly equal), the real answer is taken and changed the way such a deal would
change it (:func:`advise_with`), so that the page is shown exactly that case.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.test_ramchi_advice import advise, open_tool

HAND = "As Ks Qs Ah Kh Qh 9s 9h 9c 8c 7c 6c 2c 2d 3s 5h 4d"
"""Three of nines, three straight flushes and a Ramchi 2-3-5 that either 2 completes."""

PLAYERS_WORDS_NOT = ("±", "standard error", "runner-up", "objective", "mixture", "seat 0", "seat 1")
"""What a player must not have to read by default."""


def ask(page: Any, *, up_card: str | None = "Jd", seat: str | None = None, dealer: str | None = None,
        opponents: str | None = None) -> tuple[Any, Any]:
    """Type :data:`HAND`, set the deal, advise on 20 sampled deals; the panel and the results."""
    panel = open_tool(page)
    panel.get_by_label("Card codes (type, paste or pick below)").fill(HAND)
    if up_card:
        panel.get_by_label("Up-card").select_option(up_card)
    if seat:
        panel.get_by_label("Your seat").select_option(seat)
    if dealer:
        panel.get_by_label("Dealer").select_option(dealer)
    if opponents:
        panel.get_by_label("Opponents (most chips only)").select_option(opponents)
    panel.get_by_label("Deals to sample (most chips only)").fill("20")
    return panel, advise(page, panel)


def advise_with(page: Any, change: Callable[[dict[str, Any]], None]) -> None:
    """Answer the page's advice requests with the service's answer, changed by ``change``."""
    def handle(route: Any) -> None:
        response = route.fetch()
        body = response.json()
        change(body)
        route.fulfill(response=response, body=json.dumps(body), content_type="application/json")
    page.route("**/v1/ramchi/advice", handle)


def shown(results: Any) -> str:
    """The text the results show by default (a closed <details> keeps its details out of it)."""
    return str(results.inner_text())


def an_equal_alternative(body: dict[str, Any]) -> None:
    """The advice's lineup with the 2♦ played in place of the 2♣: worth exactly the same."""
    swap = {"2c": "2d", "2d": "2c"}
    combinations = [dict(c, cards=[swap.get(card, card) for card in c["cards"]], win_probability=None)
                    for c in body["combinations"]]
    discards = [swap.get(card, card) for card in body["discards"]]
    body["alternatives"].insert(0, {"combinations": combinations, "discards": discards,
                                    "expected_chips": body["expected_chips"],
                                    "standard_error": body["standard_error"],
                                    "chips_behind": 0.0, "behind_standard_error": 0.0})
    body["margin"] = {"chips": 0.0, "standard_error": 0.0, "clear": False}


def test_an_exchange_worth_the_same_as_keeping_is_said_to_be_worth_the_same(page: Any) -> None:
    _, results = ask(page)
    exchange = results.locator("#ramchi-advice-exchange").inner_text()
    # The 2♦ and the Jack of diamonds are both thrown away: the two choices are worth the same.
    assert "or keeping it is worth the same" in exchange, exchange
    assert re.search(r"about [+−]?\d+\.\d chips either way", exchange), exchange
    assert "worth less" not in exchange and "worth more" not in exchange


def test_an_alternative_is_shown_by_the_cards_that_differ_and_its_discards_apart(page: Any) -> None:
    advise_with(page, an_equal_alternative)
    _, results = ask(page)
    first = results.get_by_role("list", name="Alternative 1 lineup", exact=True).locator("xpath=..")
    text = first.inner_text()
    assert re.search(r"2♦ instead of 2♣ in round \d", text), text
    assert not re.search(r"(Ramchi \(2-3-5\)) instead of \1", text), text
    # What it throws away is labelled and set apart: not a sixth entry of its lineup.
    lineup = results.get_by_role("list", name="Alternative 1 lineup", exact=True)
    assert lineup.locator("> li").count() == 5
    thrown = results.get_by_role("list", name="Alternative 1 thrown away", exact=True)
    assert thrown.get_by_role("img").count() == 2
    box = thrown.locator("xpath=..")
    assert box.inner_text().startswith("Thrown away")
    assert lineup.locator(".thrown-away").count() == 0
    look = "(e) => [getComputedStyle(e).borderLeftWidth, getComputedStyle(e).backgroundColor]"
    assert box.evaluate(look) != lineup.evaluate(look), box.evaluate(look)


def test_two_lineups_worth_the_same_are_said_to_be_equal(page: Any) -> None:
    advise_with(page, an_equal_alternative)
    _, results = ask(page)
    margin = results.locator("#ramchi-advice-margin").inner_text()
    assert "equal" in margin, margin
    assert "0.00" not in margin and "too close to call" not in margin
    first = results.get_by_role("list", name="Alternative 1 lineup", exact=True).locator("xpath=..")
    assert "Alternative 1: equal to the advice, worth the same chips" in first.inner_text()


@pytest.mark.parametrize(("chips", "error", "words"), [
    (0.15, 0.30, "about 0.15 chips better than the next best: a coin flip"),
    (0.50, 0.40, "about 0.50 chips better than the next best: probably better"),
    (1.20, 0.25, "about 1.20 chips better than the next best: clearly better"),
])
def test_the_margin_is_said_in_words_from_its_size_against_its_error(
        page: Any, chips: float, error: float, words: str) -> None:
    advise_with(page, lambda body: body.update(margin={"chips": chips, "standard_error": error,
                                                       "clear": chips >= 2 * error}))
    _, results = ask(page)
    assert words in results.locator("#ramchi-advice-margin").inner_text()


def test_each_round_says_what_it_pays_where_the_lineup_is(page: Any) -> None:
    _, results = ask(page)
    lineup = results.get_by_role("list", name="Lineup", exact=True).inner_text()
    assert "Round 1 (pays 1 chip from each other player)" in lineup
    assert "Round 5 (pays 5 chips from each other player)" in lineup


def test_what_a_round_pays_is_the_answers_stake_not_the_pages(page: Any) -> None:
    def tenfold(body: dict[str, Any]) -> None:
        for combination in body["combinations"]:
            combination["stake"] = 10 * combination["stake"]
    advise_with(page, tenfold)
    _, results = ask(page)
    assert "Round 3 (pays 30 chips from each other player)" in results.get_by_role(
        "list", name="Lineup", exact=True).inner_text()


def test_opponents_and_seats_are_said_in_words_and_the_numbers_wait_behind_how_sure(page: Any) -> None:
    panel, results = ask(page, seat="1", dealer="0", opponents="ev")
    text = shown(results)
    assert "against players who maximise expected chips" in text, text
    assert "You play second at the table; the first player deals." in text
    everything = shown(panel).lower()
    assert not [word for word in PLAYERS_WORDS_NOT if word.lower() in everything], everything
    disclosure = results.locator("details#ramchi-advice-how-sure")
    disclosure.get_by_text("How sure is this?").click()
    details = disclosure.inner_text()
    assert "±" in details and "standard error" in details and "Seat 1, dealer 0" in details


def test_the_safest_lineup_reads_for_players_too(page: Any) -> None:
    panel = open_tool(page)
    panel.get_by_label("Card codes (type, paste or pick below)").fill(HAND)
    panel.get_by_label("Aim for").select_option("maximin")
    results = advise(page, panel)
    text = shown(results)
    assert "The safest lineup: as many combinations as possible" in text
    assert "You play first at the table" in text
    assert "Round 5 (pays 5 chips from each other player)" in text
    assert not [word for word in PLAYERS_WORDS_NOT if word.lower() in shown(panel).lower()]


@pytest.mark.parametrize(("chips", "words"), [
    (-6.5, "Expected to lose about 6.5 chips this hand"),
    (0.02, "Expected to break even this hand"),
    (6.5, "Expected to win about 6.5 chips this hand"),
])
def test_the_expected_result_says_win_lose_or_break_even(page: Any, chips: float, words: str) -> None:
    advise_with(page, lambda body: body.update(expected_chips=chips))
    _, results = ask(page)
    expected = results.locator("#ramchi-advice-expected").inner_text()
    assert expected.startswith(words), expected
    assert "−" not in expected


def test_why_says_combinations_are_played_strongest_first(page: Any) -> None:
    _, results = ask(page)
    text = shown(results)
    assert "not always played first" not in text
    assert "always played strongest first" in text
