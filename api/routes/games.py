"""Refereed games over HTTP: create, view, act (with seat tokens), read the log, advise a seat.

One set of routes serves every game registered in :mod:`rulesets.game`: a new
game is of the request's ``game``, a stored one of its stored ``kind``. The
state of a game is rebuilt from its stored actions by the game's referee (its
:class:`~rulesets.game.GameKind`); this module only authenticates, parses,
stores and presents. An action is stored (committed) before it is acknowledged.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, g, request
from sqlalchemy import Engine

from api import game_store
from api.bearer import MalformedAuthorization, bearer_token
from api.blueprint import Blueprint
from api.bot_runner import bot_names, bot_settings, bots_done, bots_in, host_of, run_bots
from api.creation_limit import admit_creation
from api.errors import ApiProblem, refusal_extra, status_of
from api.game_api import GameApi, game_api, host_of_request
from api.game_bodies import (
    ActionRequestSchema,
    ActionResponseSchema,
    GameCreatedSchema,
    GameCreateSchema,
    GameLogSchema,
    GameViewSchema,
    LogPageSchema,
    SeatAdviceSchema,
)
from api.game_cache import GAMES, GameCache
from api.pool import POOL, bot_budget_s
from api.schemas import PROBLEM
from api.view_polling import QUIET, VARY, QuietGames, matches, not_modified, view_etag
from rulesets.errors import RulesError
from rulesets.game import GameKind, GameState
from rulesets.legal_actions import request_body
from rulesets.log import Record, record_to_dict
from rulesets.seating import ReplaceByBot, open_handovers, table_problems

blp = Blueprint("games", __name__, url_prefix="/v1/games",
                description="Games refereed by the service: create, view, act, read the log, "
                            "get a seat's advice.")

STALE_VERSION_RULE = ("an action sent with expected_version applies only to that version of the "
                      "game, so nobody acts on a table that has changed")

def _engine() -> Engine:
    return current_app.extensions[game_store.ENGINE]


@blp.before_request
def _note_game_of_path() -> None:
    """Before an action's body is read, note the game it is for (its schema depends on it)."""
    game_id = (request.view_args or {}).get("game_id")
    if game_id is not None and request.method == "POST":
        g.game = game_store.kind_of(_engine(), game_id)
        if g.game is None:  # before the body is read: there is no game to read it for
            raise ApiProblem("game_not_found", f"no game has the id {game_id!r}")


def _bearer_token() -> str | None:
    try:
        return bearer_token(request.headers.get("Authorization"))
    except MalformedAuthorization as err:
        raise ApiProblem("unauthorized", str(err)) from None


def _cache() -> GameCache[GameState]:
    return current_app.extensions[GAMES]


def _quiet() -> QuietGames:
    return current_app.extensions[QUIET]


def _kind(name: str) -> GameKind:
    return game_api(name).kind


def _load(game_id: str) -> tuple[game_store.StoredGame, GameState]:
    """Rebuild the game from its stored actions, starting from a cached copy if there is one.

    The caller owns the game it gets; it gives it back with :func:`_keep`.
    """
    cached = _cache().take(game_id)
    after = cached[0] if cached is not None else 0
    stored = game_store.load_game(_engine(), game_id, after=after)
    if stored is None:
        raise ApiProblem("game_not_found", f"no game has the id {game_id!r}")
    kind = _kind(stored.kind)
    game = cached[1] if cached is not None else _new_game(kind, stored.settings)
    return stored, _caught_up(kind, game, stored.actions)


def _caught_up(kind: GameKind, game: GameState, actions: list[game_store.StoredAction]) -> GameState:
    """``game`` with the stored ``actions`` (those after the version it is at) applied."""
    for action in actions:
        kind.apply(game, kind.action_from_dict(action.body))
    return game


def _new_game(kind: GameKind, settings: dict[str, Any]) -> GameState:
    """A new game of ``kind`` from its stored settings."""
    return kind.new_game(kind.config_from_dict(settings["config"]))


def _keep(game_id: str, version: int, game: GameState) -> None:
    _cache().put(game_id, version, game)


def _seat_of(game_id: str, token: str | None, *, required: bool,
             needs: str = "an action needs the acting seat's token") -> int | None:
    if token is None:
        if required:
            raise ApiProblem("unauthorized", f"{needs}: 'Authorization: Bearer <seat token>'")
        return None
    seat = game_store.seat_for_token(_engine(), game_id, token)
    if seat is None:
        if game_store.kind_of(_engine(), game_id) is None:  # no game: no token can be of its seats
            raise ApiProblem("game_not_found", f"no game has the id {game_id!r}")
        raise ApiProblem("forbidden", "this token belongs to no seat of this game")
    return seat


def _view(stored: game_store.StoredGame, game: GameState, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (``None``: the public) with the table's fields first: its players,
    the bot of each seat now and its host; the host's own view of a game that takes handovers
    lists those it may send now (``table_actions``, each a whole request body). A seat a bot
    plays sends nothing by token: its view lists no ``legal_actions``.
    """
    kind = _kind(stored.kind)
    players = len(stored.players)
    bots, host = bots_in(stored.settings, players, game), host_of(stored.settings, players)
    table = {"id": stored.id, "game": stored.kind, "version": stored.version,
             "players": stored.players, "bots": bots, "host": host}
    view = kind.view(game, seat)
    if seat is not None and bots[seat] is not None and "legal_actions" in view:
        view["legal_actions"] = []  # the bot takes them (rulesets.seating.table_problems)
    if seat is not None and seat == host and ReplaceByBot in kind.actions and not kind.is_over(game):
        handovers = open_handovers(game, bots=bots, host=host, known_bots=bot_names(kind))
        view["table_actions"] = [request_body(action) for action in handovers]
    return table | view


def _note_finished(stored: game_store.StoredGame, game: GameState) -> None:
    """Record in the store that the game is over, the first time it is seen over."""
    if not stored.finished and _kind(stored.kind).is_over(game):
        game_store.mark_finished(_engine(), stored.id)


def _with_bots(stored: game_store.StoredGame, game: GameState) -> tuple[game_store.StoredGame, GameState]:
    """The game after its bots acted (they act until it needs a person), and its stored record."""
    kind = _kind(stored.kind)
    game, version = run_bots(_engine(), stored.id, kind, game, stored.version, stored.settings,
                             lambda game, actions: _caught_up(kind, game, actions),
                             current_app.extensions[POOL], bot_budget_s())
    if bots_done(kind, game, stored.settings):  # a poll at this version need not rebuild it
        _quiet().note(stored.id, version)
    if version == stored.version:
        return stored, game
    return game_store.StoredGame(id=stored.id, kind=stored.kind, settings=stored.settings,
                                 version=version, players=stored.players, actions=[]), game


@blp.route("", methods=["POST"])
@blp.arguments(GameCreateSchema)
@blp.response(201, GameCreatedSchema)
@blp.alt_response(422, description="A player list, deck, ruleset or option is invalid.", **PROBLEM)
@blp.alt_response(429, description="This address created as many games in the last hour as one "
                  "address may (`RAMCHI_GAMES_PER_HOUR`); wait the seconds in `Retry-After`.",
                  headers={"Retry-After": {"description": "seconds to wait",
                                           "schema": {"type": "integer"}}}, **PROBLEM)
def create_game(body: dict[str, Any]) -> tuple[dict[str, Any], int, dict[str, str]]:
    """Create a game of ``game`` (Ramchi by default); returns each seat's secret token once.

    Give ``deck`` (hand 1's deck order) or ``decks`` (one per hand), or a ``seed``;
    hands without an explicit deck are shuffled from the seed (drawn and
    recorded if not given). Seats are numbered in play order. ``bots`` gives
    seats to bots, which act on their own from the start. ``host`` names the seat that created
    the table (by default the first seat a person plays): only it may later hand a seat to a
    bot (a ``replace_by_bot`` action).
    One address creates at most ``RAMCHI_GAMES_PER_HOUR`` games in any hour (else 429).
    """
    served = game_api(body["game"])
    config = served.config_from(body)
    bots = served.bots_of(body)
    settings = {"config": config.to_dict()} | bot_settings(bots) | {"host": host_of_request(body, bots)}
    client = admit_creation()
    game_id, tokens = game_store.create_game(_engine(), served.name, settings, body["players"],
                                             client_hash=client)
    stored = game_store.StoredGame(id=game_id, kind=served.name, settings=settings, version=0,
                                   players=body["players"], actions=[])
    game = served.kind.new_game(config)  # as just stored: nothing to read back
    stored, game = _with_bots(stored, game)
    seats = [{"seat": s, "name": name, "token": tokens[s]} for s, name in enumerate(body["players"])]
    created = _view(stored, game, None) | {"seats": seats}
    _keep(game_id, stored.version, game)
    return created, 201, {"Location": f"/v1/games/{game_id}"}


VIEW_HEADERS = {
    "ETag": {"description": "The tag of this view: it changes whenever what this reader (the "
                            "token's seat, or the public) sees changes. Send it back in "
                            "`If-None-Match` to be answered `304` while nothing has moved.",
             "schema": {"type": "string"}},
    "Vary": {"description": "`Authorization`: the view depends on the token sent.",
             "schema": {"type": "string"}},
}


@blp.route("/<game_id>", methods=["GET"])
@blp.doc(parameters=[{
    "in": "header", "name": "If-None-Match", "required": False, "schema": {"type": "string"},
    "description": "The `ETag` of the view the client holds: `304` (no body) while it is "
                   "still the view of this reader; any other value gets the view in full."}])
@blp.response(200, GameViewSchema, headers=VIEW_HEADERS)
@blp.alt_response(304, description="Not Modified: the view named by `If-None-Match` is still "
                  "the view of this reader. No body.", headers=VIEW_HEADERS)
@blp.alt_response(401, description="Malformed Authorization header.", **PROBLEM)
@blp.alt_response(403, description="The token belongs to no seat of this game.", **PROBLEM)
@blp.alt_response(404, description="No such game.", **PROBLEM)
def get_game(game_id: str) -> Any:
    """The game as a seat sees it (with its token), or the public view (without one).

    The answer's ``ETag`` names the game's version and the reader (never the token): sent
    back in ``If-None-Match``, it is answered ``304 Not Modified`` with no body while the
    game has not moved. A poll of a game that waits for a person costs one lookup of its
    version; when a bot has to act, the bots act first, as on any read.
    """
    token = _bearer_token()
    if request.if_none_match and (polled := game_store.version_for(_engine(), game_id, token)):
        version, seat = polled
        etag = view_etag(version, seat)
        if _quiet().is_quiet(game_id, version) and matches(etag):
            return not_modified(etag)
    seat = _seat_of(game_id, token, required=False)  # a token of no seat: 403
    stored, game = _with_bots(*_load(game_id))
    _note_finished(stored, game)
    etag = view_etag(stored.version, seat)
    if matches(etag):  # e.g. first polled here, or its bots found no solver process free
        _keep(game_id, stored.version, game)
        return not_modified(etag)
    view = _view(stored, game, seat)
    _keep(game_id, stored.version, game)
    return view, 200, {"ETag": etag, "Vary": VARY}


def _compact(view: dict[str, Any]) -> dict[str, Any]:
    """The view without what grows with the game (Ramchi's rounds): an action's events tell
    what it added (:attr:`api.game_api.GameApi.history_fields`).
    """
    history = game_api(view["game"]).history_fields
    return {key: value for key, value in view.items() if key not in history}


def _action_record(game: GameApi, seat: int, body: dict[str, Any]) -> Record:
    """The action record ``seat`` asks for (its cards read with pointers to a bad one)."""
    request_part = game.read_action(_request_part(body))
    try:
        return game.kind.action_from_request(seat, request_part)
    except RulesError as err:
        raise ApiProblem("invalid_request", err.message,
                         errors=[{"pointer": "/", "detail": err.message}]) from None


def _refuse(kind: GameKind, err: RulesError) -> ApiProblem:
    return ApiProblem(err.code, err.message, status=status_of(err),
                      extra=refusal_extra(err, kind.rule_of(err)))


def _request_part(body: dict[str, Any]) -> dict[str, Any]:
    """What an action asks for, without the delivery fields (version check, idempotency key)."""
    return {k: v for k, v in body.items() if k not in ("expected_version", "action_id")}


def _replayed(previous: game_store.StoredAction, body: dict[str, Any]) -> dict[str, Any]:
    """The first answer to an action this seat already sent under the same ``action_id``."""
    if previous.response.get("request") != _request_part(body):
        raise ApiProblem("action_id_reused", f"action_id {previous.action_id!r} was already used "
                         "by this seat for a different action in this game")
    return previous.response["answer"]


def _rebuild(kind: GameKind, locked: game_store.LockedGame) -> GameState:
    """The game at the locked version: the cached copy brought up to date, or rebuilt."""
    cached = _cache().take(locked.game_id)
    if cached is not None and cached[0] <= locked.version:
        after, game = cached
    else:
        after, game = 0, _new_game(kind, locked.settings)
    return _caught_up(kind, game, locked.actions_after(after))


def _answer(kind: GameKind, game: GameState, before: int, version: int, seat: int,
            stored: game_store.StoredGame) -> dict[str, Any]:
    """What the acting seat is told: the new version, its action and the events, and its view.

    The action and events go through the seat's redaction like its log: an action
    that ends a hand also deals the next one, whose deck the seat must not see.
    """
    records = kind.redacted_log(game, seat, start=before)
    return {
        "version": version,
        "action": records[0],
        "events": records[1:],
        "state": _compact(_view(stored, game, seat) | {"version": version}),
    }


@blp.route("/<game_id>/actions", methods=["POST"])
@blp.arguments(ActionRequestSchema)
@blp.response(200, ActionResponseSchema)
@blp.alt_response(401, description="No or malformed seat token.", **PROBLEM)
@blp.alt_response(403, description="The token belongs to no seat of this game.", **PROBLEM)
@blp.alt_response(404, description="No such game.", **PROBLEM)
@blp.alt_response(409, description="The action breaks a rule now (the `rule` says which), or "
                  "`expected_version` is stale.", **PROBLEM)
@blp.alt_response(422, description="A card is unreadable or the body is malformed.", **PROBLEM)
def act(body: dict[str, Any], game_id: str) -> dict[str, Any]:
    """Take an action for the token's seat: one of its game's actions, named by ``type``.

    With ``expected_version`` the action applies only to that version of the
    game. Bots then act until the game needs a person: the answer's ``events``
    list their actions too, and its ``version`` counts them. Repeating an
    ``action_id`` (the same seat, the same action) returns the first answer
    without applying the action twice; an action sent without one is never
    replayed. Actions on one game are checked and stored one at a time.

    Besides its game's moves, every game takes ``replace_by_bot`` (``player``: the seat handed
    over, ``bot``: the bot's name), sent by the table's host only, at any moment of the game:
    from then on that bot plays the seat (at once if it is its turn: the answer's ``events``
    show it), and the seat's token may still read the game but no longer act.
    """
    seat = _seat_of(game_id, _bearer_token(), required=True)
    assert seat is not None
    action_id = body.get("action_id")
    game_name = g.get("game")
    if game_name is None:  # a token found the seat, so the game existed a moment ago
        raise ApiProblem("game_not_found", f"no game has the id {game_id!r}")
    game_kind = _kind(game_name)
    record = _action_record(game_api(game_name), seat, body)  # unreadable cards: 422 before holding
    with game_store.locked_game(_engine(), game_id) as locked:
        if locked is None:
            raise ApiProblem("game_not_found", f"no game has the id {game_id!r}")
        if action_id is not None and (previous := locked.find_action(seat, action_id)) is not None:
            return _replayed(previous, body)
        game = _rebuild(game_kind, locked)
        version = locked.version
        expected = body.get("expected_version")
        if expected is not None and expected != version:
            _keep(game_id, version, game)
            raise ApiProblem("stale_version", f"the game is at version {version}, not "
                             f"{expected}: reload it and decide again",
                             extra={"version": version, "rule": STALE_VERSION_RULE})
        before = len(game.log)
        record = game_kind.as_meant(game, record)
        players = len(locked.players)
        seated = table_problems(record, bots=bots_in(locked.settings, players, game),
                                host=host_of(locked.settings, players), known_bots=bot_names(game_kind))
        if seated:  # a seat a bot plays, or a handover the table refuses
            _keep(game_id, version, game)
            raise _refuse(game_kind, seated[0])
        try:
            game_kind.apply(game, record)
        except RulesError as err:
            _keep(game_id, version, game)  # refused: the game is unchanged
            raise _refuse(game_kind, err) from None
        stored = game_store.StoredGame(id=game_id, kind=game_name, settings=locked.settings,
                                       version=version + 1, players=locked.players, actions=[])
        answer = _answer(game_kind, game, before, version + 1, seat, stored)
        locked.append(game_store.StoredAction(
            seq=version + 1, action_id=action_id, seat=seat, body=record_to_dict(record),
            response={"request": _request_part(body), "answer": answer}))
    stored, game = _with_bots(stored, game)
    _note_finished(stored, game)
    if stored.version != version + 1:  # bots acted after it: the answer tells what they did too
        answer = _answer(game_kind, game, before, stored.version, seat, stored)
        with game_store.locked_game(_engine(), game_id) as locked:
            if locked is not None:
                locked.set_response(version + 1, {"request": _request_part(body), "answer": answer})
    _keep(game_id, stored.version, game)  # only once committed
    return answer


@blp.route("/<game_id>/advice", methods=["GET"])
@blp.response(200, SeatAdviceSchema)
@blp.alt_response(401, description="No or malformed seat token.", **PROBLEM)
@blp.alt_response(403, description="The token belongs to no seat of this game.", **PROBLEM)
@blp.alt_response(404, description="No such game.", **PROBLEM)
@blp.alt_response(409, description="The seat has nothing to decide now (nothing_to_advise), or "
                  "the game is over (game_over).", **PROBLEM)
@blp.solver_problems()
def get_advice(game_id: str) -> dict[str, Any]:
    """The advice for the token's seat now, from exactly what that seat knows.

    ``request`` is the body of the game's advice endpoint (``POST /v1/ramchi/advice``,
    ``POST /v1/continental/advice``) built from the seat's own view and log, nothing else;
    ``advice`` is that endpoint's answer to it, worked out the same way (the same solver
    budget, 429 and 503). Ramchi: the exchange while the 2♦ holder decides, the lineup while
    the seat arranges. Continental: before the draw whether to take the top discard, on a buy
    offer whether to buy it, after the draw the drop, lay-offs and the discard ranking, with
    the table and the discard pile (and the cards others took from it) as seen; the request
    names no ``objective``, ``samples`` or ``seed``, so the advice is by expected points (the
    decision played out to the end of the hand on the default number of random deals, seed
    0), its ``action`` the advised alternative's. This route takes no query parameters: for
    another objective, samples or seed, post ``request`` with them to the advice endpoint.
    """
    seat = _seat_of(game_id, _bearer_token(), required=True, needs="advice is for a seat: send its token")
    assert seat is not None
    stored, game = _with_bots(*_load(game_id))
    _note_finished(stored, game)
    kind = _kind(stored.kind)
    view, log = _view(stored, game, seat), _log_answer(stored, game, seat)
    awaited, over = kind.awaited(game), kind.is_over(game)
    _keep(game_id, stored.version, game)  # given back: the advice works on the seat's knowledge alone
    if over:
        raise ApiProblem("game_over", "the game is over: there is nothing left to decide")
    advisor = game_api(stored.kind).seat_advice
    request = advisor.request_of(view, log) if advisor is not None else None
    if advisor is None or request is None:
        waiting = ", ".join(f"seat {s}" for s in awaited if s != seat) or "nobody"
        why = (f"no advice is given in {kind.title} games" if advisor is None
               else f"seat {seat} has nothing to decide now (the game waits for {waiting})")
        raise ApiProblem("nothing_to_advise", why, extra={"awaiting": list(awaited)})
    return {"game": stored.kind, "seat": seat, "version": stored.version, "request": request,
            "advice": advisor.advice(request)}


def _log_answer(stored: game_store.StoredGame, game: GameState, seat: int | None,
                start: int | None = None) -> dict[str, Any]:
    """The log as ``seat`` (``None``: the public) reads it, with the configuration it may see:
    the whole log (postable to ``/v1/disputes`` as it is), or the records from ``start`` on
    with where they start and the whole log's ``total``.
    """
    kind = _kind(stored.kind)
    over = kind.is_over(game)
    answer = {"id": stored.id, "game": stored.kind, "version": stored.version, "complete": over,
              "config": kind.shown_config(stored.settings["config"], over)}
    if start is None:
        return answer | {"log": kind.redacted_log(game, seat)}
    total = len(game.log)
    return answer | {"log": kind.redacted_log(game, seat, start=min(start, total)), "start": start,
                     "total": total}


@blp.route("/<game_id>/log", methods=["GET"])
@blp.arguments(LogPageSchema, location="query", as_kwargs=True)
@blp.response(200, GameLogSchema)
@blp.alt_response(403, description="The token belongs to no seat of this game.", **PROBLEM)
@blp.alt_response(404, description="No such game.", **PROBLEM)
def get_log(game_id: str, start: int | None = None) -> dict[str, Any]:
    """The log: hands that are over in full; the running hand redacted (a seat sees its own cards).

    Once the game is over the configuration (seed and decks) is included, so
    the log can be posted as is to ``/v1/disputes``. ``?from=<n>`` gives only the records
    from index ``n`` on, with ``from`` and ``total`` (the records of the whole log): a page
    that follows a game live asks for what it has not read yet.
    """
    seat = _seat_of(game_id, _bearer_token(), required=False)
    stored, game = _with_bots(*_load(game_id))
    _note_finished(stored, game)
    _keep(game_id, stored.version, game)
    return _log_answer(stored, game, seat, start)
