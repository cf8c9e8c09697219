"""Settling disputes: replay posted actions (or a whole posted log) and judge them.

:func:`settle` takes a game configuration (dict or :class:`GameConfig`, with
its deck or decks) and the posted records, replays the player actions, and
returns a JSON-ready verdict: the first illegal action (index, action, code,
rule, message) or confirmation with the correct chips and the derived events.
If the posted list also holds events, they must be exactly the derived ones.

>>> verdict = settle({"hands": 1, "seed": 5, "dealer": 0}, [{"kind": "exchange", "seat": 0}])
>>> verdict["legal"], verdict["index"], verdict["code"]
(False, 0, 'wrong_seat')
>>> verdict["rule"]
'only the holder of the 2♦ may exchange it for the up-card'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulesets.errors import CardError, RulesError, echo
from rulesets.log import LogError, LogMismatchError, Record, first_mismatch, record_to_dict, split_actions
from rulesets.ramchi.arrangement import MAX_COMBINATIONS
from rulesets.ramchi.config import ConfigError, GameConfig
from rulesets.ramchi.game import RamchiGame
from rulesets.ramchi.records import RAMCHI_RECORDS, Arrange
from rulesets.ramchi.scoring import SEATS
from rulesets.ramchi.verdict_words import RAMCHI_VERDICT_WORDS, WORDING
from rulesets.verdicts import accepted, blame_tries, blamed_error, changed_action, refused, rule_in_words

__all__ = ["HANDOVERS", "RECORDS_PER_HAND", "check_fixed_deal", "check_log_size", "hidden_record",
           "max_log_length", "rule_of", "settle"]

RECORDS_PER_HAND = 1 + 1 + SEATS + MAX_COMBINATIONS + 1
"""The most records one hand adds to a log: the deal, the exchange decision (or why it is
skipped), one arrangement per seat, one round per combination, the end of the hand."""

HANDOVERS = SEATS
"""The most seats a game's log hands to bots (:class:`~rulesets.seating.ReplaceByBot`): each
seat once."""


def max_log_length(hands: int) -> int:
    """The most records the log of a game of ``hands`` hands can hold (with the game's end, and
    every seat handed to a bot once).

    >>> max_log_length(1)
    15
    """
    return hands * RECORDS_PER_HAND + 1 + HANDOVERS

_FALLBACK_RULES: tuple[tuple[type[RulesError], str], ...] = (
    (LogMismatchError, "the events of a game follow from its actions by the rules"),
    (LogError, "an action is an object with a kind and a seat (and, to arrange, combinations "
               "of card codes)"),
    (CardError, "cards are written rank then suit, e.g. As or 10h, each card once"),
)


def rule_of(error: RulesError) -> str:
    """Name the rule a refusal enforces, in words a player understands.

    >>> rule_of(LogError("bad"))[:27]
    'an action is an object with'
    """
    return rule_in_words(error, _FALLBACK_RULES, "the rules of Ramchi")


def _read(item: Any, index: int) -> Record:
    """Read a posted item as a record (records pass through)."""
    return item if isinstance(item, Record) else RAMCHI_RECORDS.from_dict(item, f"record {index}")


def _summary(game: RamchiGame) -> dict[str, Any]:
    """Chips, phase and the derived log so far."""
    return {
        "chips": list(game.chips),
        "phase": game.phase.value,
        "finished": game.is_over,
        "events": [record_to_dict(r) for r in game.log if not r.is_action],
        "log": [record_to_dict(r) for r in game.log],
    }


def _as_the_rules_write(records: list[Record], derived: Sequence[Record]) -> None:
    """Read each posted arrangement that holds the derived one's combinations, the cards of one
    in another order, as the derived one: a combination is its cards, whatever their order (the
    rules write them in their own order).

    >>> from rulesets.cards import parse_cards
    >>> records = [Arrange(0, (tuple(parse_cards("6c 6d 6s")),))]
    >>> _as_the_rules_write(records, [Arrange(0, (tuple(parse_cards("6s 6d 6c")),))])
    >>> records[0].combinations[0][0]
    Card('6s')
    """
    for index, record in enumerate(records[:len(derived)]):
        rules = derived[index]
        if isinstance(record, Arrange) and isinstance(rules, Arrange) and record != rules \
                and record.seat == rules.seat and len(record.combinations) == len(rules.combinations) \
                and all(sorted(a) == sorted(b) for a, b in zip(record.combinations, rules.combinations,
                                                                strict=True)):
            records[index] = rules


def _judged(game: RamchiGame, verdict: dict[str, Any]) -> dict[str, Any]:
    """The ``verdict`` with the game's fields; its ``chips`` are those of ``standings_after``
    (the records judged, not what the rules would derive after them).
    """
    return _summary(game) | verdict | {"chips": list(verdict["standings_after"]["chips"])}


def _refusal(game: RamchiGame, index: int, item: Any, error: RulesError, context: Sequence[Record],
             record: Record | None) -> dict[str, Any]:
    """The verdict for the first refused record (``context``: the derived records before it)."""
    return _judged(game, refused(index, item, error, rule_of(error), context, record,
                                 RAMCHI_VERDICT_WORDS))


def hidden_record(item: Any) -> str | None:
    """Why a posted record cannot be judged: the deal of a hand whose deck a redaction hid.

    >>> hidden_record({"kind": "hand_dealt", "hand": 1, "deck": None})[:20]
    'is the deal of a han'
    """
    if isinstance(item, Mapping) and item.get("kind") == "hand_dealt" and item.get("deck") is None:
        return ("is the deal of a hand that was still running when the log was read, so its cards "
                "are hidden: a game can be judged once it is over, when its log shows every deck")
    return None


def check_fixed_deal(config: GameConfig, posted: Sequence[Any]) -> None:
    """Refuse a configuration that leaves the deal to chance (:meth:`GameConfig.unfixed_deal`):
    a log is judged against the cards it was played with. The log of a game still running
    (its deal hidden, :func:`hidden_record`) is told as it is, so it needs none.

    >>> check_fixed_deal(GameConfig.from_dict({"hands": 1}), [{"kind": "keep", "seat": 1}])
    Traceback (most recent call last):
    ...
    rulesets.ramchi.config.ConfigError: the configuration fixes no deal: give seed (the seed the \
game was played with), or deck (a deck for the hand) and dealer
    """
    problem = config.unfixed_deal()
    if problem is not None and not any(hidden_record(item) is not None for item in posted):
        error = ConfigError([problem])
        error.field = "config/seed"
        raise error


def check_log_size(config: GameConfig, posted: Any) -> None:
    """Refuse, before reading any record, a log that is not a list or is longer than any game of
    ``config.hands`` hands can be (:func:`max_log_length`), raising :class:`~rulesets.log.LogError`;
    then a configuration that fixes no deal (:func:`check_fixed_deal`, a
    :class:`~rulesets.ramchi.config.ConfigError`).

    >>> check_log_size(GameConfig.create(hands=1, seed=5), [{}] * 15)
    """
    if not isinstance(posted, list | tuple):
        raise LogError(f"log: expected a list of records (or only the actions), got {echo(posted)}")
    if len(posted) > max_log_length(config.hands):
        raise LogError(f"log: {len(posted)} records given; a game of {config.hands} hand(s) "
                       f"has at most {max_log_length(config.hands)}")
    check_fixed_deal(config, posted)


def settle(config: GameConfig | Mapping[str, Any], posted: Sequence[Any], *,
           blame: bool = True) -> dict[str, Any]:
    """Replay ``posted`` (actions, or a full log) on a game made from ``config`` and judge it.

    Returns ``{"legal": True, "chips", "phase", "finished", "events", "log",
    "standings_after"}`` or ``{"legal": False, "index", "action", "code", "rule", "message",
    "where", "finished", "standings_after", ...}`` (with ``differences`` for a
    ``log_mismatch``) with the state just before the refused record. A whole log cut short
    (a first part of a game's log) is legal, and not ``finished``. A refusal that follows
    from a changed action before it is given at that action, when changing one of its fields
    makes the whole log legal (``blame``; :func:`~rulesets.verdicts.changed_action`).

    A bad configuration raises :class:`~rulesets.ramchi.config.ConfigError` (or the
    ruleset's :class:`~rulesets.errors.RulesetError`); a log that is not a list, or
    longer than any game of the configured hands (:func:`max_log_length`),
    raises :class:`~rulesets.log.LogError` before any record is read.

    >>> settle({"hands": 1, "seed": 5}, [{"kind": "keep", "seat": 1}] * 16)
    Traceback (most recent call last):
    ...
    rulesets.log.LogError: log: 16 records given; a game of 1 hand(s) has at most 15
    """
    if not isinstance(config, GameConfig):
        config = GameConfig.from_dict(config)
    check_log_size(config, posted)
    game = RamchiGame(config)
    records: list[Record] = []
    for index, item in enumerate(posted):
        record: Record | None = None
        try:
            record = _read(item, index)
            records.append(record)
            if record.is_action:
                game.apply(record)  # type: ignore[arg-type]
        except RulesError as error:
            _as_the_rules_write(records, game.log)
            earlier = first_mismatch(records[:index], game.log, WORDING, cut_ok=True)
            if earlier is not None and any(not r.is_action for r in records):  # the first departure
                return _judged_refusal(config, posted, records, game, earlier.index, earlier,
                                       game.log[:earlier.index], earlier.rules or earlier.log, blame,
                                       whole=True)
            return _judged_refusal(config, posted, records, game, index, error, list(game.log), record,
                                   blame, whole=False)
    whole = len(records) != sum(r.is_action for r in records)
    if whole:
        _as_the_rules_write(records, game.log)
        mismatch = first_mismatch(records, game.log, WORDING, cut_ok=True)
        if mismatch is not None:
            at = mismatch.index
            return _judged_refusal(config, posted, records, game, at, mismatch, game.log[:at],
                                   mismatch.rules or mismatch.log, blame, whole=True)
    context = game.log[:len(records)] if whole else game.log
    return _judged(game, accepted(context, len(posted) - 1, RAMCHI_VERDICT_WORDS))


def _judged_refusal(config: GameConfig, posted: Sequence[Any], records: Sequence[Record], game: RamchiGame,
                    index: int, error: RulesError, context: Sequence[Record], record: Record | None,
                    blame: bool, *, whole: bool) -> dict[str, Any]:
    """The verdict refusing the record at ``index``, or, when it follows from a changed action
    before it, refusing that action (see :func:`settle`).
    """
    item = posted[min(index, len(posted) - 1)]
    if not blame or (isinstance(error, LogError) and not isinstance(error, LogMismatchError)):
        return _refusal(game, index, item, error, context, record)

    def legal_with(at: int, meant: Record) -> bool:
        return bool(settle(config, [*posted[:at], meant, *posted[at + 1:]], blame=False)["legal"])

    found = changed_action(records, index, SEATS, legal_with, RAMCHI_VERDICT_WORDS,
                           derived=error.rules if isinstance(error, LogMismatchError) else None,
                           tries=blame_tries(len(posted)))
    if found is None:
        return _refusal(game, index, item, error, context, record)
    at, meant = found
    before = RamchiGame.from_actions(config, split_actions(records[:at]))  # type: ignore[arg-type]
    message = error.body if isinstance(error, LogMismatchError) else error.message
    changed = blamed_error(at, records[at], meant, index, message, RAMCHI_VERDICT_WORDS)
    return _refusal(before, at, posted[at], changed, before.log[:at] if whole else before.log, records[at])
