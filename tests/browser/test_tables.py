"""Play together: people at one table, each in their own browser, with the referee between them.

Every person is a browser context of their own (their own storage, their own page), as on
separate devices. Each page records every answer it received, and the tests check:

- each page sees the others' moves without a reload (the page polls its view);
- nothing any page received (answers, and the DOM) shows a card its seat may not know while
  the hand runs (the deal comes from the finished game's log, read afterwards);
- a spectator's page gets the public view only;
- no seat's token is ever in an address the page requests (it travels in ``Authorization``).
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from werkzeug.serving import make_server

from tests.browser.conftest import EXPECTED_REFUSAL, screenshot
from tests.browser.test_ramchi_trainer import combinations

CARD = re.compile(r"^(?:[2-9TJQKA][shdc](?:#\d+)?|Jk(?:#\d+)?)$")
"""A card code as the service writes it."""

RANKS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "10"}
SUITS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


def card_name(code: str) -> str:
    """The end of a Ramchi hand card button's accessible name ("K♠: King of spades")."""
    return f": {RANKS.get(code[0], code[0])} of {SUITS[code[1]]}"


class Person:
    """One person's browser: its page, and every JSON answer and request address it saw."""

    def __init__(self, browser: Any, base_url: str, name: str, *, phone: bool = False) -> None:
        self.base = base_url
        size = {"width": 390, "height": 844} if phone else {"width": 1200, "height": 900}
        self.context = browser.new_context(viewport=size, base_url=base_url)
        self.page = self.context.new_page()
        self.page.set_default_timeout(20_000)
        self.name = name
        self.answers: list[tuple[str, Any]] = []
        self.addresses: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda request: self.addresses.append(request.url))
        self.page.on("response", self._answer)
        self.page.on("console", lambda m: self.errors.append(m.text)
                     if m.type == "error" and not EXPECTED_REFUSAL.search(m.text) else None)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _answer(self, response: Any) -> None:
        if "/v1/" not in response.url or response.status == 304:
            return
        try:
            self.answers.append((response.url, json.loads(response.text())))
        except Exception:  # an answer the page stopped reading (a reload): nothing was shown
            return

    @property
    def panel(self) -> Any:
        return self.page.get_by_role("tabpanel", name="Play together")

    def dom_cards(self) -> set[str]:
        """The codes of the cards the page shows now (every drawn card carries ``data-card``)."""
        return set(self.page.eval_on_selector_all("[data-card]", "nodes => nodes.map(n => n.dataset.card)"))

    def close(self) -> None:
        self.context.close()
        assert not self.errors, f"{self.name}'s page logged errors: {self.errors}"


@pytest.fixture
def people(browser: Any, live_server: str) -> Iterator[list[Person]]:
    made: list[Person] = []

    def make(name: str, base: str | None = None, **kwargs: Any) -> Person:
        person = Person(browser, base or live_server, name, **kwargs)
        made.append(person)
        return person

    yield make  # type: ignore[misc]
    for person in made:
        person.close()


def cards_in(value: Any) -> set[str]:
    """Every card code anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def create_table(host: Person, game: str, names: list[str], bots: dict[int, str], hands: int,
                 seed: int) -> dict[str, Any]:
    """Set up a table in ``host``'s page; the create answer (its seats' tokens)."""
    page, panel = host.page, host.panel
    page.goto("/#table")
    panel.get_by_role("button", name="Create the table").wait_for()
    panel.get_by_label("Game").select_option(game)
    page.wait_for_function("() => !document.getElementById('table').hasAttribute('aria-busy')")
    if game == "continental":
        panel.get_by_label("Players", exact=True).select_option(str(len(names)))
    panel.get_by_label("Your name").fill(names[0])
    for seat, name in enumerate(names[1:], start=1):
        panel.get_by_label(f"Player {seat + 1}'s name").fill(name)
        panel.get_by_label(f"Who plays seat {seat + 1}").select_option(bots.get(seat, "person"))
    panel.get_by_label("Hands").fill(str(hands))
    panel.get_by_text("Ruleset, options and seed").click()
    panel.get_by_label("Seed (optional)").fill(str(seed))
    with page.expect_response(lambda r: r.url.endswith("/v1/games") and r.request.method == "POST") as made:
        panel.get_by_role("button", name="Create the table").click()
    created = made.value.json()
    panel.get_by_role("heading", name="Invite the players").wait_for()
    return created


def link_of(host: Person, label: str) -> str:
    return host.panel.get_by_role("textbox", name=label).input_value()


def dealt_ramchi(log: dict[str, Any]) -> tuple[dict[int, set[str]], str]:
    """Hand 1's cards of each seat and its up-card, from a finished game's log."""
    deal = next(r for r in log["log"] if r["kind"] == "hand_dealt" and r["hand"] == 1)
    deck, dealer = deal["deck"], deal["dealer"]
    hands: dict[int, set[str]] = {0: set(), 1: set(), 2: set()}
    for j, code in enumerate(deck[:51]):
        hands[(dealer + 1 + j) % 3].add(code)
    return hands, deck[51]


def wait_for_text(locator: Any, text: str, timeout_s: float = 20) -> float:
    """Wait until ``locator``'s text holds ``text``; the seconds it took."""
    start = time.monotonic()
    locator.page.wait_for_function(
        "([node, text]) => node.textContent.includes(text)", arg=[locator.element_handle(), text],
        timeout=timeout_s * 1000)
    return time.monotonic() - start


def on(base: str, link: str) -> str:
    """``link`` (an address of the creator's page) opened on the instance at ``base``."""
    return base + link[link.index("/#"):]


def play_ramchi_table(people: Any, bases: list[str], shots: bool = True) -> None:
    """Three people play a whole Ramchi game through their links, seat ``s``'s page served by
    ``bases[s]``, and a spectator watches from ``bases[0]``; then every check of this module."""
    asha = people("Asha", base=bases[0])
    created = create_table(asha, "ramchi", ["Asha", "Ben", "Cy"], {}, hands=1, seed=16)
    ben, cy = people("Ben", base=bases[1], phone=True), people("Cy", base=bases[2])
    watcher = people("Watcher")
    ben.page.goto(on(bases[1], link_of(asha, "Ben's link (seat 2)")))
    cy.page.goto(on(bases[2], link_of(asha, "Cy's link (seat 3)")))
    watcher.page.goto(on(bases[0], link_of(asha, re.compile("^Spectators' link"))))
    seats = {0: asha, 1: ben, 2: cy}
    for seat, person in seats.items():
        person.panel.get_by_text(f"seat {seat + 1})").first.wait_for()
    watcher.panel.get_by_text("You are watching").wait_for()

    shown: dict[int, set[str]] = {0: set(), 1: set(), 2: set()}
    delays: list[float] = []
    for _ in range(6):
        acted = False
        for seat in (1, 0, 2):
            person = seats[seat]
            panel = person.panel
            keep = panel.get_by_role("button", name="Keep", exact=True)
            play = panel.get_by_role("button", name="Play these rounds")
            settled(person)  # the page shows its own last action's answer
            if keep.is_visible():
                keep.click()
                keep.wait_for(state="hidden")
            elif play.is_visible():
                hand_group = panel.get_by_role("group", name="Your hand", exact=True)
                hand = hand_group.evaluate("g => [...g.querySelectorAll('button')].map(b => b.dataset.card)")
                assert len(hand) == 17
                shown[seat] |= person.dom_cards()
                for combo in combinations(hand, 5):
                    for code in combo:
                        hand_group.get_by_role("button", name=card_name(code)).click()
                if seat == 0 and shots:
                    screenshot(person.page, "table-ramchi-arranging")
                play.click()
                play.wait_for(state="hidden")  # this seat's decision is made: the next is another's
            else:
                continue
            acted = True
            # every other page sees it without a reload
            name = ["Asha", "Ben", "Cy"][seat]
            for other in [p for s, p in seats.items() if s != seat] + [watcher]:
                events = other.panel.get_by_role("list", name="What happened (the newest first)")
                delays.append(wait_for_text(events, name))
        if not acted:
            if asha.panel.get_by_role("heading", name="The game is over").is_visible():
                break
            asha.page.wait_for_timeout(300)
    for person in (asha, ben, cy, watcher):
        person.panel.get_by_role("heading", name="The game is over").wait_for()
        assert person.panel.get_by_role("table", name="Final standings").is_visible()
    if shots:
        screenshot(asha.page, "table-ramchi-game-over")
    print(f"moves seen by the other pages after (s): {sorted(round(d, 2) for d in delays)}")
    assert max(delays) < 5, delays  # polled every second: a move shows within about a second

    log = asha.page.evaluate(f"() => fetch('/v1/games/{created['id']}/log').then(r => r.json())")
    hands, up_card = dealt_ramchi(log)
    exchanged = any(r["kind"] == "exchange" for r in log["log"])
    public = {up_card} | ({"2d"} if exchanged else set())
    for seat, person in seats.items():
        known = hands[seat] | public
        running = [a for _, a in person.answers if isinstance(a, dict)
                   and (a.get("is_over") is False or a.get("complete") is False)]
        assert running, "the page read the table while it ran"
        leaked = set().union(*(cards_in(a) for a in running)) - known
        assert not leaked, f"{person.name}'s page received cards of other seats: {sorted(leaked)}"
        assert shown[seat] <= known, f"{person.name}'s page showed {sorted(shown[seat] - known)}"
    spectator_running = [a for _, a in watcher.answers if isinstance(a, dict)
                         and (a.get("is_over") is False or a.get("complete") is False)]
    assert spectator_running and all("hand" not in a and "seat" not in a for a in spectator_running)
    assert set().union(*(cards_in(a) for a in spectator_running)) <= public
    tokens = [seat["token"] for seat in created["seats"]]
    for person in (asha, ben, cy, watcher):
        assert not any(token in address for address in person.addresses for token in tokens), person.name

    # the end of the game: the log to download, and the referee's verdict on it
    end = asha.panel.locator(".table-end")
    assert end.get_by_role("link", name="Download the whole log").get_attribute("download")
    end.get_by_role("button", name=re.compile("^Settle a dispute")).click()
    end.get_by_role("heading", name="Verdict").wait_for()
    assert "legal" in end.locator(".verdict").inner_text().lower()
    end.get_by_role("button", name="Replay the game hand by hand").click()
    end.locator(".table-replay").get_by_role("button", name=re.compile("Next")).first.wait_for()


def test_three_people_play_a_whole_ramchi_game_through_their_links(people: Any, live_server: str) -> None:
    play_ramchi_table(people, [live_server] * 3)


@pytest.fixture
def two_instances(postgres_url: str) -> Iterator[list[str]]:
    """Two instances of the service on one PostgreSQL database, each served on 127.0.0.1."""
    from api import create_app
    from api.migrate import upgrade

    upgrade(postgres_url)
    servers = []
    for _ in range(2):
        app = create_app({"TESTING": True, "DATABASE_URL": postgres_url, "GAMES_PER_HOUR": 0,
                          "SOLVER_PROCESSES": 0})
        server = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
    try:
        yield [f"http://127.0.0.1:{server.server_port}" for server in servers]
    finally:
        for server in servers:
            server.shutdown()


@pytest.mark.postgres
def test_postgres_three_people_on_two_instances_play_one_ramchi_game_live(
        people: Any, two_instances: list[str]) -> None:
    first, second = two_instances
    play_ramchi_table(people, [first, second, first], shots=False)


def known_in_continental(log: dict[str, Any], players: int) -> dict[int, set[str]]:
    """Every card each seat could know at some moment of a finished game: those it held, and
    every card that lay face up (the discard pile, the melds), replayed by the referee."""
    from rulesets.continental.views import public_view
    from rulesets.game import game_kind
    from rulesets.jsonable import jsonable

    kind = game_kind("continental")
    game = kind.new_game(kind.config_from_dict(log["config"]))
    known: dict[int, set[str]] = {seat: set() for seat in range(players)}

    def note() -> None:
        public = cards_in(public_view(game)) | set(jsonable(list(game.discards)))
        for seat in range(players):
            known[seat] |= public | set(jsonable(list(game.hands[seat])))

    note()
    for item in log["log"]:
        if item["kind"] == "dealer_drawn":  # each player's card for the deal is shown to all
            for seat in range(players):
                known[seat] |= cards_in(item["draws"])
        read = kind.read_posted_item or kind.records.from_dict
        record = read(item, "record")
        if record.is_action:
            kind.apply(game, record)
            note()
    return known


ACTION_GONE_MS = 3000
"""How long a click waits for a button seen a moment ago (a decision can go away meanwhile)."""


def play_one_continental_step(person: Person) -> str | None:
    """Do what the page offers now: pass on an offer, draw from the stock, or discard the first
    card; the action's name, or None when it is not this person's decision."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    panel = person.panel
    actions = panel.get_by_role("group", name="Your actions")
    try:
        for name in ("Pass", "Draw from the stock"):
            button = actions.get_by_role("button", name=name, exact=True)
            if button.count() and button.is_visible():
                button.click(timeout=ACTION_GONE_MS)
                return name
        discard = actions.get_by_role("button", name="Discard (select one card)")
        if discard.count() and discard.is_visible():
            panel.get_by_role("list", name="Your hand: select cards").get_by_role("button").first.click(
                timeout=ACTION_GONE_MS)
            actions.get_by_role("button", name=re.compile("^Discard ")).click(timeout=ACTION_GONE_MS)
            return "Discard"
    except PlaywrightTimeoutError:
        # The decision went away between seeing the button and clicking it: a buy offer another
        # player settled (a nearer buyer bought, or the player whose turn it is took the card),
        # and the page redrew without it. Not this person's decision any more: look again.
        return None
    return None


def settled(person: Person) -> None:
    person.page.wait_for_function("() => !document.getElementById('table').hasAttribute('aria-busy')")


def test_a_table_created_while_its_game_still_loads_gets_that_games_ruleset(people: Any) -> None:
    """Choosing Continental and pressing Create at once: the form waits for Continental's rulesets.

    (The service's answers about rulesets are held back a second once the page is ready; before,
    the form could send a Continental game with Ramchi's ruleset, and the service refused it.)
    """
    asha = people("Asha")
    page, panel = asha.page, asha.panel

    # Held back in the page (a route handler would hold the test's own thread as well).
    page.add_init_script("""
        const fetchNow = window.fetch.bind(window);
        window.fetch = async (address, ...rest) => {
          if (window.slowRulesets && /\\/v1\\/rulesets(\\/continental)?$/.test(String(address))) {
            await new Promise((resolve) => setTimeout(resolve, 1000));
          }
          return fetchNow(address, ...rest);
        };
    """)
    page.goto("/#table")
    panel.get_by_role("button", name="Create the table").wait_for()
    settled(asha)
    page.evaluate("() => { window.slowRulesets = true; }")
    panel.get_by_label("Game").select_option("continental")
    assert panel.get_by_role("button", name="Create the table").is_disabled()
    with page.expect_response(lambda r: r.url.endswith("/v1/games") and r.request.method == "POST") as made:
        panel.get_by_role("button", name="Create the table").click()
    assert made.value.status == 201, made.value.text()
    answer = made.value.json()
    assert (answer["game"], answer["ruleset"]) == ("continental", "continental")
    panel.get_by_role("heading", name="Invite the players").wait_for()


def test_the_continental_set_up_fits_a_phone(people: Any) -> None:
    """The seats' choices name each bot in words (long options): the form still fits 390 px."""
    asha = people("Asha", phone=True)
    page, panel = asha.page, asha.panel
    page.goto("/#table")
    panel.get_by_role("button", name="Create the table").wait_for()
    settled(asha)
    panel.get_by_label("Game").select_option("continental")
    page.wait_for_function("() => !document.querySelector('form.table-setup').hasAttribute('aria-busy')")
    assert panel.get_by_role("button", name="Create the table").is_enabled()
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, "table-setup-continental-phone")


def test_two_people_and_a_bot_play_a_whole_continental_hand(people: Any) -> None:
    asha = people("Asha")
    created = create_table(asha, "continental", ["Asha", "Ben", "Robo"], {2: "advisor"}, hands=1, seed=5)
    ben = people("Ben", phone=True)
    ben.page.goto(link_of(asha, "Ben's link (seat 2)"))
    watcher = people("Watcher")
    watcher.page.goto(link_of(asha, re.compile("^Spectators' link")))
    seats = {0: asha, 1: ben}
    for seat, person in seats.items():
        person.panel.get_by_text(f"seat {seat + 1})").first.wait_for()

    reloaded = duplicated = stale = False
    steps = 0
    for _ in range(400):
        if asha.panel.get_by_role("heading", name="The game is over").is_visible():
            break
        acted = None
        for seat, person in seats.items():
            settled(person)
            if person.panel.get_by_role("heading", name="The game is over").is_visible():
                continue
            if seat == 1 and not reloaded and person.panel.get_by_role(
                    "button", name="Discard (select one card)").is_visible():
                # a reload in the middle of a turn: drawn, not yet discarded
                person.page.reload()
                person.panel.get_by_role("button", name="Discard (select one card)").wait_for()
                assert "Ben's seat (seat 2)" in person.panel.inner_text()
                reloaded = True
            if seat == 0 and not duplicated and person.panel.get_by_role(
                    "button", name="Discard (select one card)").is_visible():
                duplicated = send_twice(person, created["id"])
                acted = "Discard"
                break
            if seat == 0 and duplicated and not stale and person.panel.get_by_role(
                    "button", name="Draw from the stock").is_visible():
                stale = stale_move(people, asha, link_of_seat(created, 0))
                acted = "Draw"
                break
            acted = play_one_continental_step(person) or acted
            if acted:
                steps += 1
                break
        if not acted:
            asha.page.wait_for_timeout(250)
    for person in (asha, ben, watcher):
        person.panel.get_by_role("heading", name="The game is over").wait_for()
    assert reloaded and duplicated and stale, (reloaded, duplicated, stale)
    screenshot(asha.page, "table-continental-game-over")

    log = asha.page.evaluate(f"() => fetch('/v1/games/{created['id']}/log').then(r => r.json())")
    known = known_in_continental(log, 3)
    for seat, person in seats.items():
        running = [a for _, a in person.answers if isinstance(a, dict)
                   and (a.get("is_over") is False or a.get("complete") is False)]
        assert running
        leaked = set().union(*(cards_in(a) for a in running)) - known[seat]
        assert not leaked, f"{person.name}'s page received cards it could not know: {sorted(leaked)}"
    public_only = set().union(*(cards_in(a) for _, a in watcher.answers if isinstance(a, dict)
                                and (a.get("is_over") is False or a.get("complete") is False)))
    everyone = known[0] & known[1] & known[2]
    assert public_only <= everyone, sorted(public_only - everyone)
    tokens = [seat["token"] for seat in created["seats"]]
    for person in (asha, ben, watcher):
        assert not any(token in address for address in person.addresses for token in tokens), person.name


def link_of_seat(created: dict[str, Any], seat: int) -> str:
    return f"/#table?game={created['id']}&token={created['seats'][seat]['token']}"


def send_twice(person: Person, game_id: str) -> bool:
    """The answer to a discard is lost on the way back: the page sends it again (the same
    ``action_id``), and the service applies it once and answers as the first time."""
    page = person.page
    posts: list[dict[str, Any]] = []

    def lose_the_first_answer(route: Any) -> None:
        posts.append(json.loads(route.request.post_data))
        if len(posts) == 1:
            route.fetch()  # the service takes it …
            route.abort()  # … and the answer never arrives
        else:
            route.continue_()

    page.route(f"**/v1/games/{game_id}/actions", lose_the_first_answer)
    try:
        person.panel.get_by_role("list", name="Your hand: select cards").get_by_role("button").first.click()
        actions = person.panel.get_by_role("group", name="Your actions")
        actions.get_by_role("button", name=re.compile("^Discard ")).click()
        page.wait_for_function("() => !document.getElementById('table').hasAttribute('aria-busy')",
                               timeout=30_000)
    finally:
        page.unroute(f"**/v1/games/{game_id}/actions")
    assert len(posts) == 2 and posts[0] == posts[1] and posts[0]["action_id"]
    assert person.panel.locator("[role=alert]").first.inner_text().strip() == "", "no error after the repeat"
    person.errors[:] = [e for e in person.errors if "net::ERR_FAILED" not in e]  # the lost answer
    log = page.evaluate(f"() => fetch('/v1/games/{game_id}/log').then(r => r.json())")
    discards = [r for r in log["log"] if r["kind"] == "discard" and r["seat"] == 0]
    return len(discards) == 1


def stale_move(people: Any, asha: Person, link: str) -> bool:
    """Asha's seat open on a second device that missed a move: its draw is refused with the
    rule, and the page shows the table as it is now."""
    second = people("Asha on her phone", phone=True)
    second.page.goto(link)
    draw = second.panel.get_by_role("group", name="Your actions").get_by_role(
        "button", name="Draw from the stock")
    draw.wait_for()
    game_path = link.split("game=")[1].split("&")[0]
    # the second page sees no change
    second.page.route(f"**/v1/games/{game_path}", lambda route: route.fulfill(status=304))
    asha.panel.get_by_role("group", name="Your actions").get_by_role(
        "button", name="Draw from the stock").click()
    asha.panel.get_by_role("button", name="Discard (select one card)").wait_for()
    draw.click()
    alert = second.panel.locator("[role=alert]").first
    alert.get_by_text("Another player moved first").wait_for()
    assert "Rule:" in alert.inner_text()
    second.page.unroute(f"**/v1/games/{game_path}")
    second.panel.get_by_role("button", name="Discard (select one card)").wait_for()  # the view reloaded
    # the second page then leaves the turn to the first
    second.context.close()
    second.errors.clear()
    return True


def arrange_and_play(person: Person) -> None:
    """Arrange five rounds in ``person``'s page and play them."""
    panel = person.panel
    hand_group = panel.get_by_role("group", name="Your hand", exact=True)
    hand = hand_group.evaluate("g => [...g.querySelectorAll('button')].map(b => b.dataset.card)")
    for combo in combinations(hand, 5):
        for code in combo:
            hand_group.get_by_role("button", name=card_name(code)).click()
    panel.get_by_role("button", name="Play these rounds").click()
    panel.get_by_role("button", name="Play these rounds").wait_for(state="hidden")


def test_the_creator_hands_the_seat_of_a_player_who_left_to_a_bot(people: Any) -> None:
    asha = people("Asha")
    create_table(asha, "ramchi", ["Asha", "Ben", "Cy"], {}, hands=1, seed=3)
    ben, cy = people("Ben"), people("Cy")
    ben.page.goto(link_of(asha, "Ben's link (seat 2)"))
    cy.page.goto(link_of(asha, "Cy's link (seat 3)"))
    cy.panel.get_by_text("You play Cy's seat (seat 3).").wait_for()
    assert not ben.panel.get_by_text("A player left?").is_visible(), "only the creator may hand a seat over"

    host = asha.panel.locator(".table-host")
    host.get_by_text("A player left?").click()
    host.get_by_label("The player who left").select_option(label="Cy (seat 3)")
    host.get_by_label("The bot that takes the seat").select_option("greedy")
    host.get_by_role("button", name="Let the bot play this seat").click()
    told = {asha: "You handed Cy's seat to a bot", ben: "Asha handed Cy's seat to a bot",
            cy: "Asha handed your seat to a bot"}
    for person, words in told.items():
        events = person.panel.get_by_role("list", name="What happened (the newest first)")
        events.get_by_text(words).wait_for()
    cy.panel.get_by_text("A bot now plays Cy's seat (seat 3): you can watch the game from it.").wait_for()
    assert not cy.panel.get_by_role("button", name="Play these rounds").is_visible()
    assert "Cy (a greedy player)" in asha.panel.get_by_role("table", name="Players").inner_text()

    for _ in range(20):  # Asha and Ben finish the game; the bot plays Cy's seat
        if asha.panel.get_by_role("heading", name="The game is over").is_visible():
            break
        acted = False
        for person in (ben, asha):
            settled(person)
            keep = person.panel.get_by_role("button", name="Keep", exact=True)
            if keep.is_visible():
                keep.click()
                keep.wait_for(state="hidden")
                acted = True
            elif person.panel.get_by_role("button", name="Play these rounds").is_visible():
                arrange_and_play(person)
                acted = True
        if not acted:
            asha.page.wait_for_timeout(300)
    for person in (asha, ben, cy):
        person.panel.get_by_role("heading", name="The game is over").wait_for()
