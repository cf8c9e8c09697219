"""Settling Continental disputes: replay posted actions (or a whole posted log) and judge them.

:func:`settle` takes a game configuration (dict or :class:`GameConfig`, with
its seed or decks) and the posted records, replays the player actions in
order on a new game, and returns a JSON-ready verdict: the first refused
record (index, action, code, rule, message) or confirmation, each with the
scores, totals, winners and the derived log. If the posted list also holds
events, it is a whole log and must be exactly the derived one; the first
record where it departs from the rules is the one refused.

>>> config = {"players": 2, "hands": 1, "seed": 5, "dealer": 0}
>>> verdict = settle(config, [{"kind": "draw", "seat": 0, "source": "stock"}])
>>> verdict["legal"], verdict["index"], verdict["code"]
(False, 0, 'not_your_turn')
>>> verdict["rule"][:36]
'only the player whose turn it is may'
>>> verdict = settle(config, [{"kind": "draw", "seat": 1, "source": "stock"}])
>>> verdict["legal"], verdict["hand_number"], verdict["finished"], verdict["winners"]
(True, 1, False, None)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from rulesets.cards import Card
from rulesets.continental.config import ConfigError, GameConfig
from rulesets.continental.game import ContinentalGame
from rulesets.continental.records import (
    CONTINENTAL_RECORDS,
    Discard,
    Draw,
    Drop,
    GameEnded,
    HandEnded,
    LayOff,
    SwapJoker,
)
from rulesets.continental.values import DrawSource
from rulesets.continental.verdict_words import WORDING, verdict_words
from rulesets.continental.views import HIDDEN, stock_draws
from rulesets.differences import Difference, card_words
from rulesets.errors import CardError, RulesError, echo
from rulesets.log import (
    MAX_LOG_RECORDS,
    LogError,
    LogMismatchError,
    Record,
    check_same_log,
    first_mismatch,
    record_to_dict,
    split_actions,
)
from rulesets.verdicts import accepted, blame_tries, blamed_error, changed_action, refused, rule_in_words

__all__ = [
    "RECORDS_PER_HAND",
    "check_fixed_deal",
    "check_log_size",
    "hidden_record",
    "max_log_length",
    "posted_record",
    "rule_of",
    "settle",
]

RECORDS_PER_HAND = 20_000
"""A generous bound on the records one Continental hand adds to a log.

A hand has no fixed length: when the stock runs out the discard pile is
reshuffled into a new one, so players who never meld could play on forever,
and each stock draw opens a buy window that every other seat answers. The
bound is therefore measured, not derived. Random players
(:func:`solver.continental.random_player.random_action`, skill 0.5 to 0.9, 2 to 6
players, 7 hands, 20 games for each number of players and skill: 500 games)
gave at most 1,782 records in one hand and 4,886 in one 7-hand game (both with
2 players at skill 0.6); by number of players, the longest games had 4,886
(2 players), 4,140 (3), 3,492 (4), 3,030 (5) and 2,900 (6) records. The
shortest-sighted players make the longest games. This bound is more than 10
times the longest hand; :data:`~rulesets.log.MAX_LOG_RECORDS` caps the whole
log (the limit of any posted log, about 10 times the longest 7-hand game measured).
"""

_EVENT_KINDS = frozenset(kind for kind, cls in CONTINENTAL_RECORDS.classes.items() if not cls.is_action)


def max_log_length(config: GameConfig) -> int:
    """The most records a posted log of a game of ``config`` may hold.

    ``hands`` × :data:`RECORDS_PER_HAND`, plus one for the draw for the first
    dealer, but never more than :data:`~rulesets.log.MAX_LOG_RECORDS` (which, for games of
    three hands or more, is the bound: about 10 times the longest 7-hand game
    measured, see :data:`RECORDS_PER_HAND`).

    >>> max_log_length(GameConfig.create(players=2, hands=1, seed=5))
    20001
    """
    return min(MAX_LOG_RECORDS, config.hands * RECORDS_PER_HAND + 1)


_FALLBACK_RULES: tuple[tuple[type[RulesError], str], ...] = (
    (LogMismatchError, "the events of a game follow from its actions by the rules"),
    (LogError, "an action is an object with a kind and a seat (and the fields of its kind: a "
               "source to draw, melds to drop, a card to lay off or discard, card codes such as "
               "7c, 7c#2 or Jk)"),
    (CardError, "cards are written rank then suit, e.g. As or 10h (7c#2 for a second copy, Jk for "
                "a joker), each physical card once"),
)


def rule_of(error: RulesError) -> str:
    """Name the rule a refusal enforces, in words a player understands.

    The error's own ``rule`` (the referee's :data:`~rulesets.continental.game.REFUSALS`)
    when it has one; else a rule for its kind; else the rules of the game.

    >>> rule_of(LogError("bad"))[:27]
    'an action is an object with'
    >>> rule_of(RulesError("bad"))
    'the rules of Continental Rummy'
    """
    return rule_in_words(error, _FALLBACK_RULES, "the rules of Continental Rummy")


def hidden_record(item: Any) -> str | None:
    """Why a posted record cannot be judged because a redaction hid part of it (None: judgeable).

    While a hand runs, :func:`~rulesets.continental.views.redacted_log` shows its
    ``hand_dealt`` with ``deck: None`` and each ``stock_reshuffled`` with
    ``stock: None``; neither is ever None in a real log, so both are refused here.

    Another seat's penalty card is shown as ``penalty: "hidden"``
    (:data:`~rulesets.continental.views.HIDDEN`), refused here too. A ``card_bought``
    with ``penalty: None`` is judged normally: it is what the rules record when the
    stock ran out for the penalty card (the hand then ends).

    >>> hidden_record({"kind": "hand_dealt", "hand": 1, "dealer": 0, "deck": None})[:20]
    'is the deal of a han'
    >>> hidden_record({"kind": "stock_reshuffled", "hand": 1, "number": 1, "stock": None})[:20]
    'is a reshuffle of th'
    >>> hidden_record({"kind": "card_bought", "hand": 1, "seat": 0, "card": "5h", "penalty": "hidden"})[:27]
    'is a buy whose penalty card'
    >>> hidden_record({"kind": "card_bought", "hand": 1, "seat": 0, "card": "5h", "penalty": None})
    """
    if not isinstance(item, Mapping):
        return None
    kind = item.get("kind")
    if kind == "hand_dealt" and "deck" in item and item["deck"] is None:
        return ("is the deal of a hand that was still running when the log was read, so its cards "
                "are hidden: a game can be judged once it is over, when its log shows every deck")
    if kind == "stock_reshuffled" and "stock" in item and item["stock"] is None:
        return ("is a reshuffle of the discard pile in a hand that was still running when the log "
                "was read, so the new stock is hidden: a game can be judged once it is over, when "
                "its log shows every stock")
    if kind == "card_bought" and item.get("penalty") == HIDDEN:
        return ("is a buy whose penalty card is hidden (another seat's, in a hand that was still "
                "running when the log was read): a game can be judged once it is over, when its "
                "log shows every card")
    return None


def posted_record(item: Any, where: str) -> Record:
    """A posted item as a record, as :func:`settle` reads it (a stock draw may show its card).

    >>> posted_record({"kind": "draw", "seat": 1, "source": "stock", "card": "7c#2"}, "record 3")
    Draw(seat=1, source='stock')
    """
    return _read(item, where)[0]


def _read(item: Any, where: str) -> tuple[Record, Card | None]:
    """Read a posted item as a record (records pass through), and the card a stock draw shows.

    A log shows a stock ``draw`` with the ``card`` it took to whoever may know it
    (:func:`~rulesets.continental.views.redacted_log`); the card is no part of the action
    (the stock decides it), so it is read apart and checked against the stock afterwards
    (:func:`_misdrawn`). A discard draw showing a card is read too, and checked against the
    top discard (:func:`_misread_discard`): a stock draw whose source was changed is refused
    at the draw.
    """
    if isinstance(item, Record):
        return item, None
    shown = None
    if isinstance(item, Mapping) and item.get("kind") == "draw" and "card" in item:
        # Read the card as a discard's card is read: the same codes, jokers and copies.
        shown = CONTINENTAL_RECORDS.from_dict({"kind": "discard", "seat": 0, "card": item["card"]},
                                              where)
        item = {key: value for key, value in item.items() if key != "card"}
    record = CONTINENTAL_RECORDS.from_dict(item, where)
    return record, shown.card if isinstance(shown, Discard) else None


def _misdrawn(game: ContinentalGame, shown: dict[int, tuple[int, Card]], before: int
              ) -> tuple[LogMismatchError, int] | None:
    """The first posted stock draw (posted before index ``before``) whose ``card`` is not the one
    the stock gave, and its place in the game's log; ``shown`` maps a draw's place in the game's
    log to its posted index and card.
    """
    if not shown:
        return None
    drawn = stock_draws(game.log, game.players)
    for at, (index, card) in sorted(shown.items(), key=lambda item: item[1][0]):
        if index < before and drawn.get(at) != card:
            took = drawn.get(at)
            draw = game.log[at]
            truth = f"the stock's top card, {card_words(took)}" if took else "no card: the stock was empty"
            body = (f"the log shows seat {getattr(draw, 'seat', '?')} taking {card_words(card)} from "
                    f"the stock; by the rules it took {truth}")
            return LogMismatchError(index, body, [Difference("card", card, took)], draw, draw), at
    return None


def _misread_discard(game: ContinentalGame, index: int, record: Record,
                     card: Card) -> LogMismatchError | None:
    """The refusal of a posted discard ``draw`` showing ``card`` when the top discard is another
    (``None`` when it is the top discard, or when the draw is refused for another reason): a
    card that is the stock's top card tells a stock draw logged as a discard draw.
    """
    if not (isinstance(record, Draw) and record.source == DrawSource.DISCARD) or not game.can(record):
        return None
    top = game.discards[-1] if game.discards else None
    if top == card:
        return None
    seat = record.seat
    if game.stock and game.stock[0] == card:
        body = (f"the log says seat {seat} drew from the discard pile; by the rules from the stock: "
                f"the log shows it taking {card_words(card)}, the stock's top card (the top discard "
                f"was {card_words(top) if top else 'none'})")
        return LogMismatchError(index, body, [Difference("source", DrawSource.DISCARD, DrawSource.STOCK)],
                                record, Draw(seat, DrawSource.STOCK))
    body = (f"the log shows seat {seat} taking {card_words(card)} from the discard pile; by the "
            f"rules it took the top discard, {card_words(top) if top else 'none'}")
    return LogMismatchError(index, body, [Difference("card", card, top)], record, record)


def _is_event(item: Any) -> bool:
    """Whether a posted item is (or names) an event of the rules, before reading it."""
    if isinstance(item, Record):
        return not item.is_action
    kind = item.get("kind") if isinstance(item, Mapping) else None
    return isinstance(kind, str) and kind in _EVENT_KINDS


def _departs(record: Record, index: int, derived: Sequence[Record]) -> bool:
    """Whether a whole posted log departs from the derived one at ``index``.

    Every record before ``index`` matched, so the derived log holds at least
    ``index`` records: an action must come when the rules derive nothing more
    (the game appends it at ``index``), an event must be the derived one.
    """
    if record.is_action:
        return len(derived) != index
    return len(derived) <= index or derived[index] != record


def _summary(game: ContinentalGame) -> dict[str, Any]:
    """Scores, totals, winners, the hand, and the derived log so far."""
    ended = [r for r in game.log if isinstance(r, GameEnded)]
    return {
        "scores": [list(r.scores) for r in game.log if isinstance(r, HandEnded)],
        "totals": list(game.totals),
        "winners": list(ended[0].winners) if ended else None,
        "hand_number": game.hand_number,
        "finished": game.is_over,
        "events": [record_to_dict(r) for r in game.log if not r.is_action],
        "log": [record_to_dict(r) for r in game.log],
    }


def _judged(game: ContinentalGame, verdict: dict[str, Any]) -> dict[str, Any]:
    """The ``verdict`` with the game's fields; its ``scores`` and ``totals`` are those of
    ``standings_after`` and its ``winners`` are given only when the records judged end the game
    (they describe the records judged, not what the rules would derive after them).
    """
    summary = _summary(game)
    standings = verdict["standings_after"]
    return summary | verdict | {"scores": [list(scores) for scores in standings["scores"]],
                                "totals": list(standings["totals"]),
                                "winners": summary["winners"] if verdict["finished"] else None}


def _refusal(game: ContinentalGame, index: int, item: Any, error: RulesError, context: Sequence[Record],
             record: Record | None) -> dict[str, Any]:
    """The verdict for the first refused record (``context``: the derived records before it)."""
    return _judged(game, refused(index, item, error, rule_of(error), context, record,
                                 verdict_words(game.players)))


def check_fixed_deal(config: GameConfig, posted: Sequence[Any]) -> None:
    """Refuse a configuration that leaves the cards to chance (:meth:`GameConfig.unfixed_deal`):
    a log is judged against the cards it was played with. The log of a game still running
    (its cards hidden, :func:`hidden_record`) is told as it is, so it needs none.

    >>> check_fixed_deal(GameConfig.from_dict({"players": 2, "hands": 1}), [])
    Traceback (most recent call last):
    ...
    rulesets.continental.config.ConfigError: the configuration fixes no deal: give seed (the seed \
the game was played with: it shuffles the decks not given, draws the first dealer and reshuffles \
the discard pile)
    """
    problem = config.unfixed_deal()
    if problem is not None and not any(hidden_record(item) is not None for item in posted):
        error = ConfigError([problem])
        error.field = "config/seed"
        raise error


def check_log_size(config: GameConfig | Mapping[str, Any], posted: Any) -> None:
    """Refuse, before reading any record, a log that is not a list or is longer than
    :func:`max_log_length`, raising :class:`~rulesets.log.LogError`; then a configuration that
    fixes no deal (:func:`check_fixed_deal`, a :class:`~rulesets.continental.config.ConfigError`).

    >>> check_log_size({"players": 3, "hands": 1, "seed": 5}, [{}] * 20_002)
    Traceback (most recent call last):
    ...
    rulesets.log.LogError: log: 20002 records given; a game of 1 hand(s) has at most 20001
    """
    if not isinstance(config, GameConfig):
        config = GameConfig.from_dict(config)
    if not isinstance(posted, list | tuple):
        raise LogError(f"log: expected a list of records (or only the actions), got {echo(posted)}")
    most = max_log_length(config)
    if len(posted) > most:
        raise LogError(f"log: {len(posted)} records given; a game of {config.hands} hand(s) "
                       f"has at most {most}")
    check_fixed_deal(config, posted)


def settle(config: GameConfig | Mapping[str, Any], posted: Sequence[Any], *,
           blame: bool = True) -> dict[str, Any]:
    """Replay ``posted`` (actions, or a whole log) on a game made from ``config`` and judge it.

    Returns ``{"legal": True, "scores", "totals", "winners", "hand_number",
    "finished", "events", "log", "standings_after"}`` or ``{"legal": False, "index",
    "action", "code", "rule", "message", "where", "finished", "standings_after", ...}`` (with
    ``differences`` for a ``log_mismatch``) with the state when the record was refused. A
    whole log cut short (a first part of a game's log) is legal, and not ``finished``. A
    refusal that follows from a changed action before it (a stock draw logged as a discard
    draw) is given at that action, when changing one of its fields makes the whole log legal
    (``blame``; :func:`~rulesets.verdicts.changed_action`).
    ``scores`` lists the scores of each hand that is over; ``winners`` is None
    until the game is over.

    Actions are applied in order; a refused action gives its referee code
    (:data:`~rulesets.continental.game.REFUSALS`). When the posted list holds
    an event, it is read as a whole log: every record must equal the derived
    one at the same index, and the first that differs (or is missing, or is
    extra) is refused as ``log_mismatch``. A record that cannot be read is
    refused as ``invalid_log``.

    A bad configuration raises :class:`~rulesets.continental.config.ConfigError`
    (or the ruleset's :class:`~rulesets.errors.RulesetError`); a log that is not
    a list, or longer than :func:`max_log_length`, raises
    :class:`~rulesets.log.LogError` before any record is read.

    >>> config = GameConfig.create(players=2, hands=1, seed=5, dealer=0)
    >>> verdict = settle(config, [{"kind": "hand_dealt", "hand": 1, "dealer": 1,
    ...                            "deck": [c.id for c in config.deck_for(1)]}])
    >>> verdict["legal"], verdict["index"], verdict["code"]
    (False, 0, 'log_mismatch')
    """
    if not isinstance(config, GameConfig):
        config = GameConfig.from_dict(config)
    check_log_size(config, posted)
    game = ContinentalGame(config)
    whole = any(_is_event(item) for item in posted)
    records: list[Record] = []
    shown: dict[int, tuple[int, Card]] = {}  # a stock draw's place in the log: (index, card shown)

    def refuse(index: int, error: RulesError, context: Sequence[Record], record: Record | None
               ) -> dict[str, Any]:
        return _judged_refusal(config, posted, records, game, index, error, context, record, blame,
                               whole=whole)

    for index, item in enumerate(posted):
        record: Record | None = None
        try:
            record, card = _read(item, f"record {index}")
            records.append(record)
            if whole and _departs(record, index, game.log):
                check_same_log(records, game.log[:index + 1], WORDING)
            if card is not None and isinstance(record, Draw) and record.source == DrawSource.DISCARD:
                misread = _misread_discard(game, index, record, card)
                if misread is not None:
                    return refuse(index, misread, list(game.log), record)
            elif card is not None:
                shown[len(game.log)] = (index, card)
            if record.is_action:
                game.apply(record)  # type: ignore[arg-type]
        except RulesError as error:
            misdrawn = _misdrawn(game, shown, index)
            if misdrawn is not None:
                wrong, at = misdrawn
                return refuse(wrong.index, wrong, game.log[:at], game.log[at])
            if isinstance(error, LogMismatchError):
                return refuse(index, error, game.log[:index], error.rules or error.log)
            return refuse(index, error, list(game.log), record)
    misdrawn = _misdrawn(game, shown, len(posted))
    if misdrawn is not None:
        wrong, at = misdrawn
        return refuse(wrong.index, wrong, game.log[:at], game.log[at])
    if whole:
        mismatch = first_mismatch(records, game.log, WORDING, cut_ok=True)
        if mismatch is not None:
            return refuse(mismatch.index, mismatch, game.log[:mismatch.index], mismatch.rules or mismatch.log)
    context = game.log[:len(records)] if whole else game.log
    return _judged(game, accepted(context, len(posted) - 1, verdict_words(game.players)))


def _with(posted: Sequence[Any], index: int, meant: Record) -> list[Any]:
    """The posted items with the one at ``index`` read as ``meant`` (what else it shows, such as
    the card a draw took, kept).
    """
    item = posted[index]
    shown = {key: value for key, value in item.items() if key not in record_to_dict(meant)} \
        if isinstance(item, Mapping) else {}
    return [*posted[:index], record_to_dict(meant) | shown, *posted[index + 1:]]


def _played(record: Record | None) -> tuple[Card, ...]:
    """The cards an action plays from its seat's hand (a discard's, a lay-off's, a drop's)."""
    if isinstance(record, Discard | LayOff | SwapJoker):
        return (record.card,)
    if isinstance(record, Drop):
        return tuple(card for meld in record.melds for card in meld)
    return ()


def _card_mover(config: GameConfig, records: Sequence[Record], game: ContinentalGame, index: int,
                error: RulesError) -> tuple[int, list[Record]] | None:
    """For a refusal at ``index`` of a card not in the seat's hand (``game``: the game then), the
    earlier action that last played the card and its other readings: the same action with each
    other card the seat held then (:func:`~rulesets.verdicts.changed_action`'s ``mover``).
    """
    refused = records[index] if index < len(records) else None
    seat = getattr(refused, "seat", None)
    if error.code != "card_not_in_hand" or not isinstance(seat, int) or seat not in range(game.players):
        return None
    missing = {card for card in _played(refused) if card not in game.hands[seat]}
    at = next((at for at in range(index - 1, -1, -1) if getattr(records[at], "seat", None) == seat
               and missing & set(_played(records[at]))), None)
    if at is None:
        return None
    moved = records[at]
    if not isinstance(moved, Discard | LayOff | SwapJoker):
        return at, []
    before = ContinentalGame.from_actions(config, split_actions(records[:at]))  # type: ignore[arg-type]
    held = sorted(set(before.hands[seat]), key=lambda card: (card.code, card.copy))
    return at, [dataclasses.replace(moved, card=card) for card in held if card != moved.card]


def _judged_refusal(config: GameConfig, posted: Sequence[Any], records: Sequence[Record],
                    game: ContinentalGame, index: int, error: RulesError, context: Sequence[Record],
                    record: Record | None, blame: bool, *, whole: bool) -> dict[str, Any]:
    """The verdict refusing the record at ``index``, or, when it follows from a changed action
    before it, refusing that action (see :func:`settle`).
    """
    item = posted[min(index, len(posted) - 1)]
    if not blame or (isinstance(error, LogError) and not isinstance(error, LogMismatchError)):
        return _refusal(game, index, item, error, context, record)
    words = verdict_words(game.players)

    def legal_with(at: int, meant: Record) -> bool:
        return bool(settle(config, _with(posted, at, meant), blame=False)["legal"])

    tries = blame_tries(len(posted))  # none: the card's mover is not looked for either
    mover = _card_mover(config, records, game, index, error) if tries else None
    found = changed_action(records, index, game.players, legal_with, words,
                           derived=error.rules if isinstance(error, LogMismatchError) else None,
                           tries=tries, mover=mover)
    if found is None:
        return _refusal(game, index, item, error, context, record)
    at, meant = found
    before = ContinentalGame.from_actions(config, split_actions(records[:at]))  # type: ignore[arg-type]
    message = error.body if isinstance(error, LogMismatchError) else error.message
    changed = blamed_error(at, records[at], meant, index, message, words)
    return _refusal(before, at, posted[at], changed, before.log[:at] if whole else before.log, records[at])
