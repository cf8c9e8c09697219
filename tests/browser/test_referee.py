"""The Referee tab: a tampered log judged (the verdict in words, the refused record marked), a
replay stepped through with the buttons and the arrow keys, a Ramchi hand and a Continental
hand scored, a Continental play checked, at phone and desktop width, axe-clean."""

from __future__ import annotations

import json
import random
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from rulesets.cards import parse_cards
from rulesets.continental.config import GameConfig
from rulesets.continental.game import ContinentalGame
from rulesets.continental.points import hand_points
from rulesets.log import record_to_dict
from solver.continental.random_player import random_action
from tests.browser.a11y import accessibility_violations, describe
from tests.browser.conftest import SCREENSHOTS, screenshot

PHONE = {"width": 390, "height": 844}
PAGE_STEPS = 200
"""The steps a page of the replay holds (``PAGE_STEPS`` of ``referee_replay.js``)."""
DESKTOP = {"width": 1440, "height": 900}

REPR = re.compile(r"\w+\(\w+=|Card\('")
"""What a Python repr looks like (``RoundPlayed(hand=``, ``Card('7s')``): never shown to a player."""


def call(base: str, path: str, body: Any = None, token: str | None = None) -> Any:
    """The JSON answer of the service at ``base`` (a POST when ``body`` is given)."""
    headers = {"Accept": "application/json"}
    data = None
    if body is not None:
        headers["Content-Type"] = "application/json"
        data = json.dumps(body).encode()
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path, data=data, headers=headers,
                                     method="POST" if body is not None else "GET")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def finished_ramchi_game(base: str, hands: int = 1, seed: int = 7) -> tuple[str, dict[str, Any]]:
    """A Ramchi game of ``hands`` hands against two greedy bots played to its end (the person keeps
    the 2♦ and discards every card); its id and its log."""
    created = call(base, "/v1/games", {"players": ["Asha", "Bo", "Chen"], "bots": [None, "greedy", "greedy"],
                                       "hands": hands, "seed": seed})
    token = created["seats"][0]["token"]
    path = f"/v1/games/{created['id']}"
    for _ in range(3 * hands + 5):
        view = call(base, path, token=token)
        if view["is_over"]:
            break
        kinds = [action["type"] for action in view["legal_actions"]]
        body = {"type": "keep"} if "keep" in kinds else {"type": "arrange", "combinations": []}
        call(base, f"{path}/actions", {**body, "expected_version": view["version"]}, token=token)
    log = call(base, f"{path}/log")
    assert log["complete"] is True
    return created["id"], log


@pytest.fixture(scope="module")
def ramchi_game(live_server: str) -> tuple[str, dict[str, Any]]:
    return finished_ramchi_game(live_server)


def continental_body(seed: int = 3) -> dict[str, Any]:
    """A finished 1-hand, 2-player Continental game of random legal players, as a dispute body."""
    rng = random.Random(seed)
    game = ContinentalGame(GameConfig.create(players=2, hands=1, seed=rng.randrange(2**32), dealer=0))
    while not game.is_over:
        seat = rng.choice(game.awaited())
        game.apply(random_action(game, seat, rng, 0.9))  # type: ignore[arg-type]
    return {"game": "continental", "config": game.config.to_dict(),
            "log": [record_to_dict(record) for record in game.log]}


def tampered(log: dict[str, Any]) -> tuple[dict[str, Any], int, int, int]:
    """``log`` with its first round's winner changed: the log, the record's index, the winner the
    rules give and the one the log now says."""
    changed = json.loads(json.dumps(log))
    index = next(i for i, record in enumerate(changed["log"]) if record["kind"] == "round_played")
    record = changed["log"][index]
    winner = record["winner"]
    other = next(play["seat"] for play in record["plays"] if play["seat"] != winner)
    record["winner"] = other
    return changed, index, winner, other


def open_referee(page: Any) -> Any:
    page.goto("/#referee")
    panel = page.locator("#referee")
    panel.get_by_role("heading", name="Referee", exact=True).wait_for()
    return panel


def judge(page: Any, panel: Any, body: dict[str, Any]) -> Any:
    """Paste ``body`` as the log and judge it; the dispute section once the verdict shows."""
    desk = panel.locator("#referee-dispute")
    desk.get_by_label("Log (JSON)").fill(json.dumps(body))
    desk.get_by_role("button", name="Judge the log").click()  # the status says "Judging…" at once
    page.wait_for_function("(node) => node.textContent.startsWith('Judged')",
                           arg=desk.get_by_role("status").first.element_handle())
    desk.get_by_role("heading", name="Replay").wait_for()
    return desk


def position(desk: Any) -> tuple[int, int]:
    found = re.search(r"Step (\d+) of (\d+)", desk.locator("#referee-replay-position").inner_text())
    assert found, desk.locator("#referee-replay-position").inner_text()
    return int(found.group(1)), int(found.group(2))


# -- disputes and replays ----------------------------------------------------------------------------

def test_a_tampered_log_is_refused_in_words_at_the_changed_record(page: Any, ramchi_game: Any) -> None:
    _, log = ramchi_game
    changed, index, winner, other = tampered(log)
    panel = open_referee(page)
    desk = judge(page, panel, changed)
    verdict = desk.locator("#referee-dispute-verdict")
    text = verdict.inner_text()
    assert "Refused" in text and f"record {index}" in text, text
    assert not REPR.search(text), f"a Python repr reached the page: {text}"
    assert re.search(r"The game is (not )?finished", text), text
    # the differences: what the log says (the tampered winner) and what the rules give
    differences = verdict.get_by_role("table", name="What differs")
    rows = differences.get_by_role("row")
    assert rows.count() >= 2, differences.inner_text()
    words = differences.inner_text()
    assert f"seat {other}" in words.lower() and f"seat {winner}" in words.lower(), words
    assert "Standings" in text
    # the refused record is marked in the step list and shown first
    refused = desk.locator(f'.replay-steps li.refused[data-index="{index}"]')
    assert refused.count() == 1
    assert "refuses this record" in refused.inner_text()
    assert desk.locator(".replay-steps li.refused").count() == 1
    assert refused.get_attribute("aria-current") == "step"
    assert "refused by the verdict" in desk.locator("#referee-replay-record").inner_text()
    screenshot(page, "referee-verdict")


def open_by_id(page: Any, game_id: str) -> tuple[Any, str]:
    """The Referee tab's dispute desk after opening game ``game_id`` by its id; its verdict's text."""
    desk = open_referee(page).locator("#referee-dispute")
    desk.get_by_label("Or a game's id").fill(game_id)
    desk.get_by_role("button", name="Open the game's log").click()
    desk.locator("#referee-dispute-verdict-heading").wait_for()
    return desk, desk.locator("#referee-dispute-verdict").inner_text()


def test_a_game_opened_by_its_id_is_judged_legal_and_finished(page: Any, ramchi_game: Any) -> None:
    game_id, log = ramchi_game
    desk, text = open_by_id(page, game_id)
    assert "Legal" in text and "The game is finished" in text, text
    chips = log["log"][-1]["chips"]
    standings = desk.get_by_role("table", name=re.compile("^Standings")).inner_text()
    for seat, value in enumerate(chips):
        shown = f"+{value}" if value > 0 else str(value).replace("-", "−")
        assert re.search(rf"Player {seat + 1}\s+{re.escape(shown)}", standings), (standings, chips)
    assert json.loads(desk.get_by_label("Log (JSON)").input_value())["id"] == game_id


def test_a_game_seeded_past_javascripts_exact_numbers_is_judged_legal(page: Any, live_server: str) -> None:
    """A seed past 2**53 (JavaScript reads it inexactly): the page posts the log as the service
    wrote it, so the verdict is on the real deck (a rewritten log would deal another deck and be
    refused at record 0)."""
    seed = 2**62 + 12_345
    game_id, _ = finished_ramchi_game(live_server, seed=seed)
    desk, text = open_by_id(page, game_id)
    assert "Legal" in text and "Refused" not in text, text
    assert str(seed) in desk.get_by_label("Log (JSON)").input_value()


def test_a_log_cut_short_is_legal_and_not_finished(page: Any, ramchi_game: Any) -> None:
    _, log = ramchi_game
    cut = {**log, "log": log["log"][:3]}
    panel = open_referee(page)
    desk = judge(page, panel, cut)
    text = desk.locator("#referee-dispute-verdict").inner_text()
    assert "Legal" in text and "The game is not finished" in text, text
    assert position(desk) == (1, 3)


def test_an_uploaded_log_file_is_judged(page: Any, ramchi_game: Any) -> None:
    changed, index, *_ = tampered(ramchi_game[1])
    panel = open_referee(page)
    desk = panel.locator("#referee-dispute")
    desk.get_by_label("Or upload a log file").set_input_files(
        {"name": "disputed.json", "mimeType": "application/json", "buffer": json.dumps(changed).encode()})
    desk.get_by_role("status").get_by_text("Read disputed.json").wait_for()
    assert json.loads(desk.get_by_label("Log (JSON)").input_value()) == changed
    desk.get_by_role("button", name="Judge the log").click()
    desk.locator("#referee-dispute-verdict-heading").wait_for()
    assert f"Refused at record {index}" in desk.locator("#referee-dispute-verdict").inner_text()


def test_a_running_game_is_replayed_without_its_hidden_cards(page: Any, live_server: str) -> None:
    created = call(live_server, "/v1/games", {"players": ["Asha", "Bo", "Chen"],
                                              "bots": [None, "greedy", "greedy"], "hands": 1, "seed": 11})
    panel = open_referee(page)
    desk = panel.locator("#referee-dispute")
    desk.get_by_label("Or a game's id").fill(created["id"])
    desk.get_by_role("button", name="Open the game's log").click()
    # no verdict on a game still running, said in the API's words; the replay tells what is public
    desk.get_by_role("alert").first.get_by_text("still running").wait_for()
    assert desk.locator("#referee-dispute-verdict").is_hidden()
    desk.get_by_role("heading", name="Replay").wait_for()
    record = desk.locator("#referee-replay-record")
    assert record.locator(".card").count() == 0, "the log of a running hand shows no card of it"
    assert record.get_by_text("Hand not shown by the log.").count() == 3


def test_a_log_that_is_not_json_is_refused_in_words(page: Any) -> None:
    panel = open_referee(page)
    desk = panel.locator("#referee-dispute")
    desk.get_by_label("Log (JSON)").fill("{not json")
    desk.get_by_role("button", name="Judge the log").click()
    alert = desk.get_by_role("alert").first
    alert.get_by_text("Not a log").wait_for()
    assert "not JSON" in alert.inner_text()


def test_the_replay_steps_forward_and_back(page: Any, ramchi_game: Any) -> None:
    _, log = ramchi_game
    panel = open_referee(page)
    desk = judge(page, panel, log)
    at, total = position(desk)
    assert (at, total) == (1, len(log["log"]))
    previous = desk.get_by_role("button", name="Previous record")
    following = desk.get_by_role("button", name="Next record")
    assert previous.is_disabled()
    record = desk.locator("#referee-replay-record")
    first = record.inner_text()
    assert "Hand 1" in first and "Player 1's hand" not in first
    following.click()
    assert position(desk) == (2, total)
    assert record.inner_text() != first
    # the keys step too, once the focus is in the replay (not in a text field)
    following.focus()
    page.keyboard.press("ArrowRight")
    assert position(desk) == (3, total)
    page.keyboard.press("ArrowLeft")
    assert position(desk) == (2, total)
    previous.click()
    assert position(desk) == (1, total)
    assert previous.is_disabled()
    # a step of the list opens that record: the first round, with its plays and winner
    rounds = [i for i, r in enumerate(log["log"]) if r["kind"] == "round_played"]
    desk.locator(f'.replay-steps li[data-index="{rounds[0]}"] button').click()
    assert position(desk) == (rounds[0] + 1, total)
    table = record.get_by_role("table", name="Rounds so far").inner_text()
    assert f"Player {log['log'][rounds[0]]['winner'] + 1}" in table
    # the last record: the game's chips, and Next disabled
    desk.locator(f'.replay-steps li[data-index="{total - 1}"] button').click()
    assert following.is_disabled()
    chips = record.get_by_role("table", name="Chips in the game").inner_text()
    assert all(str(abs(value)) in chips for value in log["log"][-1]["chips"])


def test_a_long_replay_is_read_page_by_page(page: Any, live_server: str) -> None:
    _, log = finished_ramchi_game(live_server, hands=40)
    total = len(log["log"])
    assert total > PAGE_STEPS
    panel = open_referee(page)
    desk = judge(page, panel, log)
    assert position(desk) == (1, total)
    steps = desk.locator(".replay-steps li[data-step]")
    assert steps.count() == PAGE_STEPS, "the first page only"
    more = desk.get_by_role("button", name=f"Show steps {PAGE_STEPS + 1} to {total}")
    assert more.is_visible()
    desk.locator(f'.replay-steps li[data-step="{PAGE_STEPS - 1}"] button').click()
    assert position(desk) == (PAGE_STEPS, total)
    desk.get_by_role("button", name="Next record").click()  # into the page not read yet
    desk.locator(f'.replay-steps li[data-step="{PAGE_STEPS}"]').wait_for()
    assert position(desk) == (PAGE_STEPS + 1, total)
    assert steps.count() == total and more.count() == 0
    assert desk.locator(f'.replay-steps li[data-step="{PAGE_STEPS}"]').get_attribute("aria-current") == "step"
    # a record refused on a later page: the replay opens at it
    changed = json.loads(json.dumps(log))
    index = max(i for i, record in enumerate(changed["log"]) if record["kind"] == "round_played")
    record = changed["log"][index]
    record["winner"] = next(play["seat"] for play in record["plays"] if play["seat"] != record["winner"])
    desk = judge(page, panel, changed)
    assert position(desk) == (index + 1, index + 1)
    refused = desk.locator(f'.replay-steps li.refused[data-index="{index}"]')
    assert refused.get_attribute("aria-current") == "step"


def test_a_continental_replay_shows_the_table(page: Any) -> None:
    body = continental_body()
    panel = open_referee(page)
    desk = judge(page, panel, body)
    assert "Legal" in desk.locator("#referee-dispute-verdict").inner_text()
    assert position(desk) == (1, len(body["log"]))
    for _ in range(3):
        desk.get_by_role("button", name="Next record").click()
    record = desk.locator("#referee-replay-record").inner_text()
    assert "in the stock" in record and "Discard pile" in record and "The table" in record
    assert not REPR.search(desk.locator(".replay-steps").inner_text())


def test_a_continental_draw_changed_is_refused_at_the_draw(page: Any) -> None:
    body = continental_body()
    index = next(i for i, record in enumerate(body["log"])
                 if record["kind"] == "draw" and record["source"] == "stock")
    body["log"][index]["source"] = "discard"
    panel = open_referee(page)
    desk = judge(page, panel, body)
    verdict = desk.locator("#referee-dispute-verdict").inner_text()
    assert f"Refused at record {index}, hand 1" in verdict, verdict
    assert not REPR.search(verdict), verdict
    assert re.search(r"Player 1\s+0\n", desk.get_by_role("table", name="Standings").inner_text())
    assert desk.locator(f'.replay-steps li.refused[data-index="{index}"]').count() == 1


# -- scoring a hand and checking a play --------------------------------------------------------------

RAMCHI_LINEUPS = [
    [["As", "Ah", "Ac"], ["Kh", "Qh", "Jh"]],
    [["7s", "7d", "7c"], ["Ts", "9s", "8s"]],
    [["Kd", "Ks", "Kc"], ["5c", "4c", "3c"]],
]
"""Round 1: three aces beat three kings and three sevens; round 2: the K-Q-J straight flush beats
10-9-8 and 5-4-3. Player 1 wins both: 1 + 2 chips from each other seat."""


def pick_lineups(section: Any, lineups: list[list[list[str]]]) -> None:
    for seat, combinations in enumerate(lineups):
        for number, cards in enumerate(combinations, start=1):
            section.get_by_role("button", name=f"Fill Player {seat + 1}, combination {number}").click()
            for code in cards:
                section.get_by_role("group", name="Deck").locator(f'button[data-card="{code}"]').click()


def test_a_ramchi_hand_is_scored_round_by_round(page: Any, live_server: str) -> None:
    panel = open_referee(page)
    section = panel.locator("#referee-ramchi-score")
    pick_lineups(section, RAMCHI_LINEUPS)
    assert section.get_by_role("group", name="Deck").locator('button[aria-pressed="true"]').count() == 18
    section.get_by_label("Dealer").select_option("0")
    section.get_by_role("button", name="Score the hand").click()
    results = section.locator("#referee-ramchi-results")
    results.get_by_role("heading", name="The hand scored").wait_for()
    rounds = results.get_by_role("list", name="The rounds").locator(":scope > li")
    assert rounds.count() == 2
    for number in (1, 2):
        assert rounds.nth(number - 1).get_by_role("heading").inner_text() == f"Round {number}: Player 1 wins"
    plays = rounds.first.get_by_role("list", name="Round 1, the plays in order").locator(":scope > li")
    assert plays.count() == 3 and "Player 1: Three Aces" in plays.last.inner_text()
    chips = results.get_by_role("table", name="Chips for the hand").inner_text()
    assert re.search(r"Player 1\s+\+6", chips) and re.search(r"Player 2\s+−3", chips), chips
    assert "Next dealer: Player 1." in results.inner_text()
    # the page shows the API's answer, as any client gets it
    answer = call(live_server, "/v1/ramchi/score", {"lineups": RAMCHI_LINEUPS, "dealer": 0})
    for round_ in answer["rounds"]:
        assert round_["why"] in results.inner_text()
    screenshot(page, "referee-ramchi-score")


def test_the_lineups_are_picked_with_the_keyboard_alone(page: Any) -> None:
    panel = open_referee(page)
    section = panel.locator("#referee-ramchi-score")
    choose = section.get_by_role("button", name="Fill Player 2, combination 1")
    choose.focus()
    page.keyboard.press("Enter")
    assert choose.get_attribute("aria-pressed") == "true"
    assert page.evaluate("() => document.activeElement.dataset.key") == "choose-1-0", "the focus stays"
    deck = section.get_by_role("group", name="Deck")
    deck.locator('button[tabindex="0"]').focus()  # the deck is one tab stop: its first card
    page.keyboard.press("ArrowRight")  # K♠
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")  # K♥, a row (13 cards) below
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")  # K♦
    page.keyboard.press("Space")
    cards = section.get_by_role("group", name="Player 2, combination 1 cards").locator("button")
    assert [cards.nth(i).get_attribute("data-card") for i in range(cards.count())] == ["Ks", "Kh", "Kd"]
    assert deck.locator('button[tabindex="0"]').get_attribute("data-card") == "Kd", "one tab stop moves along"
    page.keyboard.press("Enter")  # picked again: taken back
    assert cards.count() == 2
    assert "Player 2, combination 1" in section.get_by_role("status").first.inner_text()


def test_a_refused_ramchi_lineup_shows_the_rule(page: Any) -> None:
    panel = open_referee(page)
    section = panel.locator("#referee-ramchi-score")
    # seat 1 plays its straight before its trio: not strongest first
    pick_lineups(section, [RAMCHI_LINEUPS[0], [["Ts", "9s", "8s"], ["7s", "7d", "7c"]], RAMCHI_LINEUPS[2]])
    section.get_by_role("button", name="Score the hand").click()
    alert = section.get_by_role("alert")
    alert.locator("strong").wait_for()
    words = alert.inner_text()
    assert "seat 1" in words.lower() and "/lineups/" not in words, words
    assert not REPR.search(words)


def test_a_continental_hand_is_scored(page: Any) -> None:
    panel = open_referee(page)
    section = panel.locator("#referee-continental-score")
    section.get_by_label("Players").select_option("3")
    left = {1: "Ks Jk 7d", 2: "2c 9h"}
    for seat, cards in left.items():
        section.get_by_label(f"Player {seat + 1}: cards left").fill(cards)
    section.get_by_label("Who went out").select_option("0")
    section.get_by_role("button", name="Score the hand").click()
    table = section.get_by_role("table", name="Scores for the hand")
    table.wait_for()
    rows = table.get_by_role("row")
    expected = {0: 0} | {seat: hand_points(parse_cards(cards, jokers=True)) for seat, cards in left.items()}
    for seat, points in expected.items():
        assert rows.nth(seat + 1).get_by_role("cell").first.inner_text() == str(points)
    # with the totals before the hand: the new totals and who leads
    section.get_by_label("Add to the totals before this hand").check()
    section.get_by_label("Player 1: total before").fill("100")
    section.get_by_role("button", name="Score the hand").click()
    section.get_by_role("columnheader", name="New total").wait_for()
    rows = section.get_by_role("table", name="Scores for the hand").get_by_role("row")
    assert rows.nth(1).get_by_role("cell").last.inner_text() == "100"
    assert "Leading: Player 3" in section.locator("#referee-continental-score-results").inner_text()


def check(page: Any, section: Any, table: str, card: str) -> str:
    """Check laying ``card`` off on the first of the melds ``table`` (one a line); the answer's text."""
    section.get_by_label("Melds on the table, one per line (meld 1 first)").fill(table)
    section.get_by_label("The player has dropped this hand").check()
    section.get_by_label("The play", exact=True).select_option("lay_off")
    section.get_by_label("The card", exact=True).fill(card)
    section.get_by_label("On table meld").select_option("0")
    section.get_by_role("button", name="Check the play").click()
    status = section.get_by_role("status")
    page.wait_for_function("(node) => node.textContent.startsWith('Checked')", arg=status.element_handle())
    return section.locator("#referee-check-results").inner_text()


def test_a_legal_and_an_illegal_continental_play_are_checked(page: Any) -> None:
    panel = open_referee(page)
    section = panel.locator("#referee-check")
    legal = check(page, section, "7c 7d Jk", "7s")
    assert "Legal: the rules allow this play." in legal, legal
    assert "Jk stands for" in legal and "Meld 1" in legal
    illegal = check(page, section, "7c 7d Jk", "9s")
    assert "Not legal" in illegal and not REPR.search(illegal), illegal


# -- the whole tab at both widths ---------------------------------------------------------------------

def part(locator: Any, name: str) -> Path:
    """Save a screenshot of one element as ``test-output/screenshots/<name>.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    locator.screenshot(path=str(path))
    return path


def view(page: Any, locator: Any, name: str) -> Path:
    """Save the screen as it shows with ``locator`` scrolled to its top."""
    locator.evaluate("(node) => node.scrollIntoView({block: 'start'})")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def fill_everything(page: Any, ramchi_game: Any) -> Any:
    """The tab with a refused log's verdict and replay and a scored Ramchi hand."""
    panel = open_referee(page)
    changed, *_ = tampered(ramchi_game[1])
    judge(page, panel, changed)
    section = panel.locator("#referee-ramchi-score")
    pick_lineups(section, RAMCHI_LINEUPS)
    section.get_by_role("button", name="Score the hand").click()
    section.get_by_role("heading", name="The hand scored").wait_for()
    continental = panel.locator("#referee-continental-score")
    continental.get_by_label("Player 2: cards left").fill("Ks Jk 7d Qh Qd 9c 9s")
    continental.get_by_label("Player 3: cards left").fill("2c 9h")
    continental.get_by_label("Who went out").select_option("0")
    continental.get_by_role("button", name="Score the hand").click()
    continental.get_by_role("table", name="Scores for the hand").wait_for()
    check(page, panel.locator("#referee-check"), "4h 5h Jk 7h\n9c 9d 9s", "6h")
    return panel


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_tab_fits_the_screen_and_is_axe_clean(page: Any, ramchi_game: Any, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    panel = fill_everything(page, ramchi_game)
    width = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], f"wider than the screen: {width}"
    violations = accessibility_violations(page)
    assert not violations, describe(violations)
    if size is PHONE:  # what a phone shows: the verdict, then the scored hand
        view(page, panel.locator("#referee-dispute-verdict"), "referee-phone")
        view(page, panel.locator("#referee-ramchi-results"), "referee-score-phone")
    else:
        part(panel.locator("#referee-dispute"), "referee-desktop")
        part(panel.locator("#referee-ramchi-score"), "referee-score-desktop")
