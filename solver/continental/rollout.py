"""Play a Continental hand out from a known state with a fast policy, for the expected-points advice.

A *rollout* starts from one full state of a hand (every hand and the stock known: a sample of what
the advised seat does not know, :mod:`solver.continental.sampler`) and plays it to its end with
:class:`FastPolicy` in every seat, through the referee's own ``take_*`` steps
(:data:`rulesets.continental.game.RULES`), so every move follows the rules' bookkeeping; the moves
the policy builds itself are legal by construction and the tests replay each rollout's log through
a verifying :class:`~rulesets.continental.game.ContinentalGame`. The first moves of a rollout (the
candidate being priced) are verified as any action is.

The fast policy is the advisor's rules of thumb, computed from the exact distance tables
(:func:`~solver.continental.distance.outs_mask`, cached) instead of the advisor's solves:

- draw: take the top discard when it is an out (not dropped) or can be laid off (dropped);
- buy: when the card is an out, and the seat has not dropped;
- play: drop the contract as soon as the hand holds it (:func:`~rulesets.continental.drop_search.find_drop`),
  unless the seat *holds* (see :class:`Plan`); once dropped lay off every card that fits
  (keeping one to discard); discard the card that keeps the hand closest to its contract, not
  one a table meld takes once another player has dropped, then the one leaving the most kinds of
  outs (:func:`outs_left`, found with few analyses: :func:`most_outs`), the most points first
  (once dropped: the most points).

A hand that lasts :data:`MAX_TURNS` turns is scored as if the stock ran out (it is rare: the
stock is reshuffled from the pile, so a hand can in principle go on for ever).

>>> from rulesets.continental.config import GameConfig
>>> from rulesets.continental.game import ContinentalGame
>>> game = ContinentalGame(GameConfig.create(players=4, hands=7, seed=3, dealer=0))
>>> rollout = RolloutGame.copy_of(game, seed=1)
>>> scores = play_out(rollout)
>>> len(scores), rollout.ended, min(scores) <= 0
(4, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from rulesets.cards import Card
from rulesets.continental.config import GameConfig
from rulesets.continental.contracts import Contract, drop_size
from rulesets.continental.drop_search import find_drop
from rulesets.continental.game import RULES, ContinentalGame
from rulesets.continental.hand_scores import hand_scores
from rulesets.continental.melds import Meld, Trio, can_lay_off, free_ends, lay_off
from rulesets.continental.phase import Phase
from rulesets.continental.points import card_points
from rulesets.continental.records import Buy, Discard, Draw, Drop, LayOff, Pass
from rulesets.continental.turn_actions import contract_drop
from rulesets.log import Record
from solver.continental.cardtypes import JOKER, type_of
from solver.continental.distance import DELTA, JOKER_SHIFT, NATURAL_KEY, HandAnalysis, analysis_of, outs_mask
from solver.continental.drop import spare_cards

__all__ = ["MAX_TURNS", "FastPolicy", "Plan", "RolloutGame", "StockStreams", "accepts", "answer_offer",
           "discard_distances", "hand_key", "most_outs", "outs_left", "play_out", "shed_card"]

MAX_TURNS = 160
"""Turns after which a rollout's hand is scored as if the stock had run out."""


class Plan(Enum):
    """How a seat plays its drop in a rollout.

    ``NOW`` drops as soon as the hand holds the contract. ``HOLD`` keeps the contract in hand
    until it can drop and go out in the same turn (scoring the same-turn bonus), and gives up
    holding, dropping at once, as soon as another player has dropped. ``SHED`` drops as ``NOW``
    does but, until then, discards the card worth the most points (a natural: the joker is kept),
    the closest of those first, and buys nothing: it plays for fewer points in hand should another
    player go out soon, rather than for its own drop.
    """

    NOW = "now"
    HOLD = "hold"
    SHED = "shed"


class RolloutGame(ContinentalGame):
    """One hand of a game, played to its end and no further: the hand's scores are kept in
    :attr:`scores` instead of dealing the next hand, reshuffles use the rollout's own random
    generator, and :attr:`turns` counts the turns played.
    """

    scores: tuple[int, ...] | None
    went_out: int | None

    def __init__(self, config: GameConfig, contract: Contract, seed: int, *,
                 checked: bool = False) -> None:
        self.checked = checked
        self.config = config
        self.log: list[Record] = []
        self.players = config.players
        self.totals = (0,) * self.players
        self.dealer = 0
        self._reset_hand(contract.hand)
        self._contract = contract
        self.rng = random.Random(seed)
        self.scores = None
        self.went_out = None
        self.turns = 0
        self.keys: dict[int, tuple[tuple[Card, ...], int, int]] = {}
        self.distances: dict[int, tuple[tuple[Card, ...], int, int]] = {}
        self.spare = spare_cards(config.options)
        """Cards a hand keeps after melding (:func:`~solver.continental.drop.spare_cards`)."""
        self.streams = StockStreams(config.players)

    def key_of(self, hand: tuple[Card, ...]) -> tuple[int, int]:
        """The encoded hand and its jokers (:func:`hand_key`), remembered while the hand lasts."""
        known = self.keys.get(id(hand))
        if known is not None and known[0] is hand:
            return known[1], known[2]
        key, jokers = hand_key(hand)
        self.keys[id(hand)] = (hand, key, jokers)
        return key, jokers

    def distance_of(self, hand: tuple[Card, ...]) -> tuple[int, int]:
        """The distance of ``hand`` and its outs mask (:func:`~solver.continental.distance.outs_mask`,
        the rules' spare card kept), remembered while the hand lasts: the other seats ask again
        at every discard whether they want it.
        """
        known = self.distances.get(id(hand))
        if known is not None and known[0] is hand:
            return known[1], known[2]
        contract = self._contract
        key, jokers = self.key_of(hand)
        dist, mask = outs_mask(key, len(hand), jokers, contract.trios, contract.runs, self.spare)
        self.distances[id(hand)] = (hand, dist, mask)
        return dist, mask

    def accepted(self, index: int) -> int:
        """The mask of card types (0-52) that table meld ``index`` takes (:func:`accepts`)."""
        meld = self.table[index]
        known = _ACCEPTS.get(id(meld))
        if known is not None and known[0] is meld:
            return known[1]
        if len(_ACCEPTS) > _ACCEPTS_KEPT:
            _ACCEPTS.clear()
        mask = accepts(meld)
        _ACCEPTS[id(meld)] = (meld, mask)
        return mask

    @classmethod
    def copy_of(cls, game: ContinentalGame, seed: int, *, checked: bool = False) -> RolloutGame:
        """The running hand of ``game`` as a rollout (every card where it is in ``game``)."""
        rollout = cls(game.config, game.contract, seed, checked=checked)
        rollout.hand_number = game.hand_number
        rollout.totals = game.totals
        rollout.dealer = game.dealer
        rollout.hands = list(game.hands)
        rollout.stock = game.stock
        rollout.discards = game.discards
        rollout.table = list(game.table)
        rollout.owners = list(game.owners)
        rollout.dropped = list(game.dropped)
        rollout.dropped_this_turn = game.dropped_this_turn
        rollout.reshuffles = game.reshuffles
        rollout.current = game.current
        rollout.phase = game.phase
        rollout.window = game.window
        rollout.answers = list(game.answers)
        return rollout

    @property
    def contract(self) -> Contract:
        """The contract of the hand rolled out (any contract, not only the seven hands')."""
        return self._contract

    @property
    def ended(self) -> bool:
        """Whether the hand is over (:attr:`scores` holds its points)."""
        return self.scores is not None

    def take_stock_card(self, seat: int) -> Card:
        """The stock card ``seat`` draws, from its own stream of the stock (:class:`StockStreams`)."""
        card, self.stock = self.streams.take(self.stock, self.reshuffles, seat)
        return card

    def refill_stock(self) -> bool:
        """The rules' reshuffle, shuffled by the rollout's generator."""
        if self.stock:
            return True
        if len(self.discards) <= 1:
            return False
        cards = list(self.discards[:-1])
        self.rng.shuffle(cards)
        self.stock = tuple(cards)
        self.discards = self.discards[-1:]
        self.reshuffles += 1
        return True

    def _end_hand(self, out: int | None) -> None:
        """Keep the hand's scores; the rollout stops here."""
        self.scores = hand_scores(self.hands, out, self.dropped_this_turn, self.options)
        self.went_out = out
        self.window = False
        self.phase = Phase.GAME_OVER

    def take(self, record: Record) -> None:
        """Apply a record the policy built (legal by construction): checked by the rules first
        when the rollout is ``checked`` (the tests), else taken at once.
        """
        if self.checked:
            self.apply(record)
        else:
            RULES[type(record)].take(self, record)  # type: ignore[arg-type]


class StockStreams:
    """Which stock card each seat draws in a rollout: each seat reads the stock in its own order.

    The stock of a rollout is a sample: its order is uniformly random, so any rule that picks the
    next stock card from what has been seen only (never from the unseen cards) deals each draw
    uniformly from the cards left, as the rules' top card does. This rule gives each seat a
    stream of its own: seat ``s`` of ``n`` reads the positions ``s, s + n, s + 2n, ...`` of the
    stock as it was when it was last shuffled, skipping the cards already drawn, and once those
    run out, the first card left. It keeps the alternatives priced on one sample alike: when one
    alternative gives the next player the discard and another makes it draw, every other draw of
    the hand is still the same card in both (with one shared top, each draw after it would move
    by one card), so the paired differences of the pricing measure the decision and much less
    the chance of the draws (:mod:`solver.continental.expected`).

    >>> from rulesets.cards import parse_cards
    >>> streams = StockStreams(2)
    >>> stock = tuple(parse_cards("2c 3c 4c 5c 6c"))
    >>> card, stock = streams.take(stock, 0, 1)  # seat 1 reads places 1, 3, ...
    >>> str(card), " ".join(map(str, stock))
    ('3c', '2c 4c 5c 6c')
    >>> card, stock = streams.take(stock, 0, 1)
    >>> str(card), " ".join(map(str, stock))
    ('5c', '2c 4c 6c')
    >>> [str(streams.take(stock, 0, 0)[0]), str(streams.take(stock, 1, 0)[0])]  # a reshuffle restarts
    ['2c', '2c']
    """

    __slots__ = ("_cursor", "_drawn", "_epoch", "_players", "_shuffled")

    def __init__(self, players: int) -> None:
        self._players = players
        self._epoch = -1
        self._shuffled: tuple[Card, ...] = ()
        self._drawn = bytearray()
        self._cursor: list[int] = []

    def take(self, stock: tuple[Card, ...], shuffle: int, seat: int) -> tuple[Card, tuple[Card, ...]]:
        """The card ``seat`` draws from the non-empty ``stock`` and the stock left; ``shuffle``
        counts the reshuffles (a new one starts the streams again from the stock as it is).
        """
        if shuffle != self._epoch:
            self._epoch = shuffle
            self._shuffled = stock
            self._drawn = bytearray(len(stock))
            self._cursor = list(range(self._players))
        drawn, size = self._drawn, len(self._shuffled)
        place = self._cursor[seat]
        while place < size and drawn[place]:
            place += self._players
        if place < size:
            self._cursor[seat] = place + self._players
        else:
            place = drawn.index(0)
        drawn[place] = 1
        index = place - sum(drawn[:place])  # its place in the stock left
        return stock[index], stock[:index] + stock[index + 1:]


_JOKER_BIT = 1 << JOKER
_CARD_FACTS: dict[int, tuple[Card, str, tuple[int, int]]] = {}
"""Each card's type and points by card values, worked out once (the policy asks millions of
times), by the card's identity (hashing a card costs more than the facts' lookup); the entry
holds the card, so its identity is not reused while it is kept."""
_CARD_FACTS_KEPT = 1 << 16


def card_facts(card: Card, card_values: str) -> tuple[int, int]:
    """``(type, points)`` of a card under ``card_values``.

    >>> from rulesets.cards import parse_card
    >>> card_facts(parse_card("As"), "standard")
    (51, 20)
    """
    known = _CARD_FACTS.get(id(card))
    if known is not None and known[0] is card and known[1] == card_values:
        return known[2]
    if len(_CARD_FACTS) > _CARD_FACTS_KEPT:
        _CARD_FACTS.clear()
    facts = (type_of(card), card_points(card, card_values))
    _CARD_FACTS[id(card)] = (card, card_values, facts)
    return facts
_ACCEPTS: dict[int, tuple[Meld, int]] = {}
"""The :func:`accepts` masks of the melds seen lately, by identity (a meld is immutable)."""
_ACCEPTS_KEPT = 4096


def accepts(meld: Meld) -> int:
    """The card types (a mask over 0-52) that can be laid off on ``meld``: a trio takes its rank
    and jokers; a run the natural card just past a free end, the natural a joker stands for
    (the joker then moving to a free end), and jokers while an end is free
    (:func:`~rulesets.continental.melds.can_lay_off`, type by type; the tests compare them).

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.melds import make_run
    >>> mask = accepts(make_run(parse_cards("5h 6h 7h 8h")))
    >>> [t for t in range(53) if mask >> t & 1]  # 4♥, 9♥ and a joker
    [10, 30, 52]
    """
    if isinstance(meld, Trio):
        base = (int(meld.rank) - 2) * 4
        return (0b1111 << base) | _JOKER_BIT
    low_free, high_free = free_ends(meld)
    suit = int(meld.suit)
    mask = 0
    if low_free:
        mask |= _natural_bit(meld.start - 1, suit)
    if high_free:
        mask |= _natural_bit(meld.start + len(meld.cards), suit)
    if low_free or high_free:
        mask |= _JOKER_BIT
        for i, card in enumerate(meld.cards):
            if card.rank is None:
                mask |= _natural_bit(meld.start + i, suit)
    return mask


def _natural_bit(position: int, suit: int) -> int:
    """The type bit of the natural card at run ``position`` (1 and 14: the ace) of ``suit``."""
    rank = 14 if position in (1, 14) else position
    return 1 << ((rank - 2) * 4 + suit)


def hand_key(hand: Sequence[Card]) -> tuple[int, int]:
    """The encoded hand (:func:`~solver.continental.distance.encode`) and its jokers."""
    key = 0
    for card in hand:
        key += DELTA[card.kind]  # a joker adds to the count above the naturals' fields
    return key & NATURAL_KEY, key >> JOKER_SHIFT


@dataclass(frozen=True, slots=True)
class FastPolicy:
    """The rollout policy of every seat (module text); ``plans`` gives a seat's :class:`Plan`."""

    plans: tuple[Plan, ...] = ()
    card_values: str = "standard"

    def plan(self, seat: int) -> Plan:
        """The seat's plan (``NOW`` unless given)."""
        return self.plans[seat] if seat < len(self.plans) else Plan.NOW

    def _spare(self, game: RolloutGame) -> int:
        return game.spare

    def _fits_table(self, game: RolloutGame, card: Card) -> int | None:
        """The first table meld ``card`` can be laid off on, if any."""
        bit = 1 << type_of(card)
        for index, meld in enumerate(game.table):
            if game.accepted(index) & bit and can_lay_off(meld, card):
                return index
        return None

    def wants(self, game: RolloutGame, seat: int, card: Card) -> bool:
        """Whether ``seat`` takes (or buys) ``card``: an out, or a card it can lay off once dropped."""
        if game.dropped[seat]:
            return self._fits_table(game, card) is not None
        dist, mask = game.distance_of(game.hands[seat])
        return dist > 0 and bool((mask >> type_of(card)) & 1)

    def buys(self, game: RolloutGame, seat: int) -> bool:
        """Whether ``seat`` asks to buy the offered discard (never while it sheds: a buy adds
        two cards of points).
        """
        return (not game.dropped[seat] and self.plan(seat) is not Plan.SHED
                and self.wants(game, seat, game.discards[-1]))

    def draw(self, game: RolloutGame, seat: int) -> Draw:
        """The draw of ``seat``'s turn."""
        top = game.top_discard
        if top is not None and self.wants(game, seat, top):
            return Draw(seat, "discard")
        return Draw(seat, "stock")

    def _lay_offs(self, table: list[Meld], hand: list[Card], keep: int) -> list[tuple[Card, int]]:
        """Greedy lay-offs of ``hand`` on ``table`` (both updated), most points first, keeping
        ``keep`` cards in hand.
        """
        done: list[tuple[Card, int]] = []
        progress = True
        while progress and len(hand) > keep:
            progress = False
            for card in sorted(hand, key=lambda c: -card_facts(c, self.card_values)[1]):
                if len(hand) <= keep:
                    break
                for index, meld in enumerate(table):
                    if can_lay_off(meld, card):
                        table[index] = lay_off(meld, card)
                        hand.remove(card)
                        done.append((card, index))
                        progress = True
                        break
        return done

    def _goes_out_with(self, game: RolloutGame, seat: int, drop: Sequence[Sequence[Card]]) -> bool:
        """Whether dropping ``drop`` now and laying off what fits leaves the hand going out."""
        melds, problems = contract_drop(drop, game.contract)
        if problems:
            return False
        used = {c for meld in drop for c in meld}
        hand = [c for c in game.hands[seat] if c not in used]
        table = [*game.table, *melds]
        keep = self._spare(game)
        self._lay_offs(table, hand, keep)
        return len(hand) <= keep

    def play(self, game: RolloutGame, seat: int) -> Record:
        """The next action of ``seat``'s play step: drop, a lay-off, or the discard."""
        hand = game.hands[seat]
        spare = self._spare(game)
        if not game.dropped[seat]:
            dist, _ = game.distance_of(hand)
            if dist == 0:
                drop = find_drop(hand, game.contract)
                if drop is not None and len(hand) - sum(map(len, drop)) >= spare:
                    holding = (self.plan(seat) is Plan.HOLD
                               and not any(d for s, d in enumerate(game.dropped) if s != seat))
                    if not holding or self._goes_out_with(game, seat, drop):
                        return Drop(seat, tuple(tuple(meld) for meld in drop))
            if self.plan(seat) is Plan.SHED:
                return Discard(seat, self._discard_shedding(game, hand, spare))
            return Discard(seat, self._discard_building(game, hand, spare))
        if len(hand) > spare:
            fits = 0
            for index in range(len(game.table)):
                fits |= game.accepted(index)
            for card in sorted(hand, key=lambda c: -card_facts(c, self.card_values)[1]):
                if fits >> card_facts(card, self.card_values)[0] & 1:
                    index = self._fits_table(game, card)
                    if index is not None:
                        return LayOff(seat, card, index, None)
        return Discard(seat, max(hand, key=lambda c: card_facts(c, self.card_values)[::-1]))

    def feeds(self, game: RolloutGame) -> int:
        """The card types (a mask) the current player avoids discarding: those a table meld
        takes, once another player has dropped (none before).
        """
        feeds = 0
        if any(d for s, d in enumerate(game.dropped) if s != game.current):
            for index in range(len(game.table)):
                feeds |= game.accepted(index)
        return feeds

    def _discard_building(self, game: RolloutGame, hand: tuple[Card, ...], spare: int) -> Card:
        """The card whose discard keeps the hand closest (:func:`discard_distances`), then feeds
        no table meld once another player has dropped, then leaves the most kinds of outs
        (:func:`most_outs`), then the most points (then the lowest type; the first such card).
        """
        key, jokers = game.key_of(hand)
        far = discard_distances(hand, game.contract, spare, key=key, jokers=jokers)
        closest = min(far.values())
        feeds = self.feeds(game)
        worth: dict[int, int] = {}
        for card in hand:
            t, points = card_facts(card, self.card_values)
            if far[t] == closest:
                worth[t] = points
        if len(worth) > 1 and feeds:
            safe = {t: w for t, w in worth.items() if not feeds >> t & 1}
            worth = safe or worth
        best = next(iter(worth)) if len(worth) == 1 else most_outs(
            game.contract, key, len(hand), jokers, worth, spare)
        return next(card for card in hand if card_facts(card, self.card_values)[0] == best)

    def _discard_shedding(self, game: RolloutGame, hand: tuple[Card, ...], spare: int) -> Card:
        """The discard of a shedding seat (:func:`shed_card`)."""
        key, jokers = game.key_of(hand)
        return shed_card(hand, game.contract, spare, self.card_values, key=key, jokers=jokers)


def shed_card(hand: Sequence[Card], contract: Contract, spare: int = 1, card_values: str = "standard",
              *, key: int | None = None, jokers: int | None = None) -> Card:
    """The discard of a seat playing :attr:`Plan.SHED`: the natural worth the most points, of
    those the one keeping the hand closest (:func:`discard_distances`), then the first in the
    hand (a joker only when the hand holds nothing else).

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.contracts import CONTRACTS
    >>> shed_card(parse_cards("7c 7d 7h Ks Kh Qs Jk 2c", jokers=True), CONTRACTS[1]).code
    'Qs'
    """
    naturals = [card for card in hand if card.rank is not None]
    if not naturals:
        return hand[0]
    most = max(card_facts(card, card_values)[1] for card in naturals)
    heavy = [card for card in naturals if card_facts(card, card_values)[1] == most]
    if len(heavy) == 1:
        return heavy[0]
    far = discard_distances(hand, contract, spare, key=key, jokers=jokers)
    return min(heavy, key=lambda card: far[card_facts(card, card_values)[0]])


def outs_left(contract: Contract, key: int, size: int, jokers: int, card: Card, spare: int = 1) -> int:
    """How many card types (of 53) would bring the hand of ``key`` (``size`` cards, ``jokers``
    of them jokers: :func:`hand_key`) closer to ``contract`` once ``card`` is discarded from it.

    Keeping the most kinds of outs is the advisor's own tie-break between discards that leave a
    hand equally close (its outs counted by unseen copies; kinds are nearly as good and cost
    nothing to count): as the rollouts' tie-break it plays as well as the ``advisor`` bot
    (``bench/continental_rollout_policy.py``) where the most points first played 6 points a hand
    worse.

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.contracts import CONTRACTS
    >>> hand = parse_cards("7c 7d 9s 9h Kd Qs 2c 5h")
    >>> key, jokers = hand_key(hand)
    >>> [outs_left(CONTRACTS[1], key, 8, jokers, card) for card in parse_cards("2c 7c")]
    [9, 25]

    (Without its 7♣ the hand is a card further off, and many more cards would help it.)
    """
    if card.rank is None:
        key_left, jokers_left = key, jokers - 1
    else:
        key_left, jokers_left = key - DELTA[card.index], jokers
    _, mask = outs_mask(key_left, size - 1, jokers_left, contract.trios, contract.runs, spare)
    return mask.bit_count()


def most_outs(contract: Contract, key: int, size: int, jokers: int, worth: dict[int, int],
              spare: int = 1) -> int:
    """Of the card types ``worth`` (type: points, each held in the hand of ``key``: ``size``
    cards, ``jokers`` of them jokers), the one whose discard leaves the most kinds of outs
    (:func:`outs_left`), then the most points, then the lowest type.

    It is :func:`outs_left` of each type, maximised, with most analyses of a hand less a card
    skipped, exactly:

    - the outs a discard leaves are known without that hand's analysis when it would be ready
      (none), when it is only short of cards (every type), and for a joker (jokers change no
      analysis);
    - a *free* natural (the melds use as many naturals without it) leaves at most the outs of
      the whole hand: a card that helps the hand without it helps the whole hand;
    - so the types are tried in order of (outs at most, points, lowest type), and a type that
      cannot beat the best so far, nor can any after it, ends the search.

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.contracts import CONTRACTS
    >>> hand = parse_cards("7c 7d 9s 9h Kd Qs 2c 5h")
    >>> key, jokers = hand_key(hand)
    >>> worth = {type_of(c): card_points(c, "standard") for c in parse_cards("2c 5h Kd Qs")}
    >>> most_outs(CONTRACTS[1], key, 8, jokers, worth) == type_of(parse_cards("Qs")[0])
    True

    (Each leaves the same 9 kinds of outs; the K♦ and the Q♠ are worth 10 points, and the Q♠
    is the lower type.)
    """
    trios, runs = contract.trios, contract.runs
    info = analysis_of(key, trios, runs)
    slots, melds = drop_size(trios, runs), trios + runs
    short = slots + spare - (size - 1)
    bound = (info.out | (_JOKER_BIT if slots - jokers > melds else 0)).bit_count()
    best: tuple[int, int, int] | None = None
    unknown: list[tuple[int, int, int]] = []
    for t, points in worth.items():
        need = _need_without(info, t, slots, melds, jokers)
        far = max(short, need, 0)
        if far == 0:
            known = 0
        elif need < far:
            known = _EVERY_TYPE
        elif t == JOKER:
            known = (info.out | (_JOKER_BIT if slots - jokers + 1 > melds else 0)).bit_count()
        else:
            unknown.append((bound if (info.free >> t) & 1 else _EVERY_TYPE, points, -t))
            continue
        if best is None or (known, points, -t) > best:
            best = (known, points, -t)
    unknown.sort(reverse=True)
    for most, points, minus_t in unknown:
        if best is not None and (most, points, minus_t) < best:
            break
        _, mask = outs_mask(key - DELTA[-minus_t], size - 1, jokers, trios, runs, spare)
        found = (mask.bit_count(), points, minus_t)
        if best is None or found > best:
            best = found
    assert best is not None
    return -best[2]


_EVERY_TYPE = JOKER + 1
"""How many card types there are (52 naturals and the joker): the most outs a hand can have."""


def discard_distances(hand: Sequence[Card], contract: Contract, spare: int = 1, *,
                      key: int | None = None, jokers: int | None = None) -> dict[int, int]:
    """The distance of ``hand`` less one card, for each card type held, from one analysis of the
    hand: a natural card that is *free* leaves the naturals the melds use as they are, any other
    natural lowers them by one, and a joker changes only the joker count (``key`` and
    ``jokers``: the hand's :func:`hand_key`, when known).

    >>> from rulesets.cards import parse_cards
    >>> from rulesets.continental.contracts import CONTRACTS
    >>> far = discard_distances(parse_cards("7c 7d 7h 9s 9h Kd Qs 2c"), CONTRACTS[1])
    >>> far[type_of(parse_cards("2c")[0])], far[type_of(parse_cards("9s")[0])]
    (1, 2)
    """
    if key is None or jokers is None:
        key, jokers = hand_key(hand)
    trios, runs = contract.trios, contract.runs
    info = analysis_of(key, trios, runs)
    slots, melds = drop_size(trios, runs), trios + runs
    short = slots + spare - (len(hand) - 1)
    out: dict[int, int] = {}
    for card in hand:
        t = JOKER if card.rank is None else card.index
        out[t] = max(short, _need_without(info, t, slots, melds, jokers), 0)
    return out


def _need_without(info: HandAnalysis, t: int, slots: int, melds: int, jokers: int) -> int:
    """The cards the melds would lack (short of none) once a card of type ``t`` leaves the hand
    of analysis ``info`` and ``jokers`` jokers: a joker changes only the joker count, a free
    natural leaves the naturals the melds use as they are, any other natural lowers them by one.
    """
    if t == JOKER:
        return max(melds, slots - jokers + 1) - info.naturals
    return max(melds, slots - jokers) - info.naturals + (0 if (info.free >> t) & 1 else 1)


def answer_offer(game: RolloutGame, policy: FastPolicy) -> None:
    """The seats awaited on the open buy offer answer it with ``policy``, in the rules' order,
    until the offer is settled.
    """
    for seat in game.buyers_to_answer():
        game.take(Buy(seat) if policy.buys(game, seat) else Pass(seat))
        if not game.window or game.ended:
            return


def play_out(game: RolloutGame, policy: FastPolicy | None = None, *,
             discards: int | None = None) -> tuple[int, ...] | None:
    """Play ``game``'s hand to its end with ``policy`` in every seat; the hand's scores.

    With ``discards``, stop after that many discards instead (None when the hand goes on). A buy
    offer open at the start (or after a stock draw) is answered by every seat in the rules'
    order before the current player plays on.
    """
    policy = policy or FastPolicy(card_values=game.options.card_values)
    while not game.ended:
        if game.turns >= MAX_TURNS:
            game.stock_ran_out()
            break
        if game.window:
            answer_offer(game, policy)
            continue
        seat = game.current
        if game.phase is Phase.DRAW:
            game.take(policy.draw(game, seat))
            continue
        record = policy.play(game, seat)
        game.take(record)
        if isinstance(record, Discard):
            game.turns += 1
            if discards is not None:
                discards -= 1
                if discards <= 0 and not game.ended:
                    return None
    return game.scores
