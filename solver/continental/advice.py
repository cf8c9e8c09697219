"""The Continental advisor: one call answers drop, lay-offs, discard, distance, outs, take and buy.

:func:`advise` checks the cards it is given (the hand, the melds on the table,
the top discard and the cards seen), then asks
:func:`~solver.continental.drop.best_turn` for the turn leaving the fewest
points, :mod:`solver.continental.ranking` for the distance, outs and discard
ranking, and says in words whether to take or buy the top discard.

>>> from rulesets.cards import parse_cards
>>> from rulesets.continental.contracts import CONTRACTS
>>> hand = parse_cards("7c 7d 7h Kc Kd Jk 9s 9s", jokers=True, decks=2)
>>> advice = advise(hand, CONTRACTS[1])
>>> advice.can_drop, [m.text for m in advice.drop], advice.discard, advice.points_left
(True, ['7♣ 7♦ 7♥', 'K♣ K♦ Jk(K)'], Card('9s'), 5)
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from rulesets.cards import Card
from rulesets.continental.contracts import CONTRACTS, CONTRACTS_RULE, HANDS, Contract, drop_size
from rulesets.continental.deck import Deck
from rulesets.continental.melds import Meld, can_lay_off, read_meld
from rulesets.continental.options import ContinentalOptions
from rulesets.continental.points import hand_points
from rulesets.errors import InvalidInputError, LimitExceededError
from solver.budget import Deadline, deadline_or_none
from solver.continental.cardtypes import TYPES, add, card_of_type, counts_of, type_of
from solver.continental.distance import distance
from solver.continental.drop import Turn, best_turn, spare_cards
from solver.continental.public import OtherPlayer, check_hand_sizes, known_elsewhere
from solver.continental.ranking import outs_with_unseen, rank_discards
from solver.continental.results import AdvisedChoice, ContinentalAdvice, DiscardOption, Out
from solver.limits import (
    CONTINENTAL_MAX_CONTRACT_MELDS,
    CONTINENTAL_MAX_HAND_CARDS,
    CONTINENTAL_MAX_TABLE_MELDS,
    DEFAULT_TIME_LIMIT_S,
)

__all__ = ["advise", "before_draw", "contract_for", "table_meld", "unseen_counts"]

CONTRACT_RULE = CONTRACTS_RULE
"""The rule a hand number or free contract out of range breaks (the rules' words)."""


def contract_for(hand_number: int | None = None, trios: int | None = None,
                 runs: int | None = None) -> Contract:
    """The contract of hand 1-7, or any contract of up to 3 trios and 3 runs (at least one meld).

    A free contract equal to one of the seven hands' is that hand's contract.

    >>> contract_for(5).name, contract_for(trios=0, runs=1).name
    ('2 trios + 1 run', '1 run')
    """
    if hand_number is not None:
        if trios is not None or runs is not None:
            raise InvalidInputError("give hand_number or contract, not both", code="invalid_input",
                                    rule=CONTRACT_RULE, field="contract")
        if hand_number not in CONTRACTS:
            raise InvalidInputError(f"hand_number must be 1 to {HANDS}, got {hand_number}",
                                    code="invalid_input", rule=CONTRACT_RULE, field="hand_number")
        return CONTRACTS[hand_number]
    if trios is None or runs is None:
        raise InvalidInputError("give hand_number (1-7) or contract {trios, runs}",
                                code="invalid_input", rule=CONTRACT_RULE, field="hand_number")
    most = CONTINENTAL_MAX_CONTRACT_MELDS
    if not (0 <= trios <= most and 0 <= runs <= most and 1 <= trios + runs <= most):
        raise InvalidInputError(f"a contract is one to {most} melds (trios and runs), "
                                f"like the seven hands; got {_plural(trios, 'trio')} and "
                                f"{_plural(runs, 'run')}",
                                code="invalid_input", rule=CONTRACT_RULE, field="contract")
    same = [c for c in CONTRACTS.values() if (c.trios, c.runs) == (trios, runs)]
    return same[0] if same else Contract(0, trios, runs, drop_size(trios, runs))


def table_meld(cards: Sequence[Card], index: int = 0) -> Meld:
    """A meld on the table, read as the rules read a written meld (:func:`read_meld`), or an
    :class:`InvalidInputError` naming the meld (``table/<index>``).

    >>> from rulesets.cards import parse_cards
    >>> table_meld(parse_cards("5h Jk 7h 8h", jokers=True)).text
    '5♥ Jk(6♥) 7♥ 8♥'
    >>> try:
    ...     table_meld(parse_cards("5h 9c 7h", jokers=True), 2)
    ... except InvalidInputError as err:
    ...     print(err.field, "|", err.message[:40])
    table/2 | table meld 3: 5♥ 9♣ 7♥ is neither a trio
    """
    try:
        return read_meld(cards)
    except InvalidInputError as err:
        raise InvalidInputError(f"table meld {index + 1}: {err.message}", code=err.code,
                                field=f"table/{index}", rule=err.rule) from None


def unseen_counts(known: Sequence[Card], deck: Deck) -> tuple[int, ...]:
    """Copies of each card type not among the ``known`` cards (hand, table, discard, seen).

    >>> from rulesets.cards import parse_cards
    >>> from solver.continental.cardtypes import JOKER
    >>> unseen = unseen_counts(parse_cards("7c 7c Jk", jokers=True, decks=2), Deck())
    >>> unseen[type_of(parse_cards("7c")[0])], unseen[JOKER], sum(unseen)
    (0, 1, 103)
    """
    held = counts_of(known)
    unseen = []
    for t in range(TYPES):
        card = card_of_type(t)
        copies = deck.copies(card)
        if held[t] > copies:
            raise deck.too_many(card, "between the hand, the table and the cards seen", given=held[t],
                                field="seen")
        unseen.append(copies - held[t])
    return tuple(unseen)


def _check_sizes(hand: Sequence[Card], table: Sequence[Sequence[Card]]) -> None:
    if not hand:
        raise InvalidInputError("the hand is empty: give the cards you hold", code="invalid_input",
                                field="hand", rule="a player holds cards until going out")
    if len(hand) > CONTINENTAL_MAX_HAND_CARDS:
        raise LimitExceededError(
            f"the hand holds {len(hand)} cards; advice takes at most {CONTINENTAL_MAX_HAND_CARDS} "
            "(13 dealt, the draw and eight buys)", field="hand")
    if len(table) > CONTINENTAL_MAX_TABLE_MELDS:
        raise LimitExceededError(f"{len(table)} table melds; at most {CONTINENTAL_MAX_TABLE_MELDS}",
                                 field="table")


def _take_discard(top: Card, hand: Sequence[Card], contract: Contract, dropped: bool,
                  table: Sequence[Meld], options: ContinentalOptions, now: int,
                  turn_now: Turn | None, time_limit: float, deadline: Deadline) -> AdvisedChoice:
    """Take the top discard when it brings the hand closer (or, ready to drop, goes on the table).

    ``turn_now`` is the best turn of the hand as it is, when already worked out.
    """
    name = top.pretty if not top.is_joker else "joker"
    counts, spare = counts_of(hand), spare_cards(options)
    if now == 0 and not dropped:
        without = turn_now or best_turn(hand, contract, table=table, options=options,
                                        time_limit=time_limit, deadline=deadline)
        turn = best_turn([*hand, top], contract, table=table, options=options,
                         time_limit=time_limit, deadline=deadline)
        if turn.points_left < without.points_left:
            return AdvisedChoice(True, f"take the {name}: you can drop now, and with it you keep "
                                  f"{turn.points_left} points instead of {without.points_left}")
        return AdvisedChoice(False, f"draw from the stock: you can already drop, and the {name} would "
                               f"not lower the {without.points_left} points you keep")
    if dropped:
        fits = [i + 1 for i, meld in enumerate(table) if can_lay_off(meld, top)]
        if fits:
            return AdvisedChoice(True, f"take the {name}: it can be laid off on table meld {fits[0]}")
        return AdvisedChoice(False, f"draw from the stock: the {name} cannot be laid off on any meld "
                               "on the table, and would only add points")
    after = distance(add(counts, type_of(top)), contract, spare=spare, deadline=deadline)
    if after == 0:
        return AdvisedChoice(True, f"take the {name}: with it you can drop the contract this turn")
    if after < now:
        return AdvisedChoice(True, f"take the {name}: it brings the hand one card closer to the "
                              f"contract (distance {now} → {after})")
    return AdvisedChoice(False, f"draw from the stock: the {name} does not bring the hand closer "
                           f"(distance stays {now}), a card from the stock might")


def _buy(top: Card, counts: tuple[int, ...], contract: Contract, dropped: bool, spare: int,
         now: int, options: ContinentalOptions, deadline: Deadline) -> AdvisedChoice:
    """Buy the top discard (out of turn, with a penalty card) only when it brings the hand closer."""
    name = top.pretty if not top.is_joker else "joker"
    if not options.buying:
        return AdvisedChoice(False, "buying is off in this ruleset")
    if dropped:
        return AdvisedChoice(False, "do not buy: you have dropped, and the penalty card only adds points")
    t = type_of(top)
    after = distance(add(counts, t), contract, spare=spare, deadline=deadline)
    if after < now:
        return AdvisedChoice(True, f"buy the {name}: it brings the hand one card closer to the contract "
                              f"(distance {now} → {after}); the price is a penalty card from the "
                              "stock, two more cards in hand")
    return AdvisedChoice(False, f"do not buy: the {name} does not bring the hand closer (distance stays "
                           f"{now}), and the penalty card adds points")


def _plural(n: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _name(card: Card) -> str:
    """A card as the explanation writes it: ``9♦``, ``joker``."""
    return "joker" if card.is_joker else card.pretty


def _explain(contract: Contract, hand: Sequence[Card], turn: Turn, dropped: bool, drawn: bool,
             dist: int, outs_total: int, outs: Sequence[Out], best: DiscardOption | None,
             discard: Card | None, points_left: int) -> str:
    """The advice in a few sentences."""
    what = f"Hand {contract.hand} ({contract.name})" if contract.hand else f"Contract {contract.name}"
    parts = [f"{what}, {_plural(len(hand), 'card')}" + ("" if drawn else ", before your draw") + "."]
    live = [o for o in outs if o.unseen]
    kinds = ", ".join(_name(o.card) for o in live[:12]) + (
        f" and {len(live) - 12} more" if len(live) > 12 else "")
    helping = (f"{_plural(len(live), 'kind')} of card would help ({outs_total} unseen): {kinds}."
               if live else "no card still unseen would bring it closer.")
    if not drawn and not dropped:
        if dist == 0:
            parts.append("Whatever you draw, you can drop the contract this turn.")
        else:
            parts.append(f"You are {_plural(dist, 'card')} away; {helping}")
        return " ".join(parts)
    if turn.can_drop:
        parts.append("You can drop the contract now: " + " | ".join(m.text for m in turn.drop) + ".")
    elif dropped:
        parts.append("You have dropped: lay off what you can and discard.")
    else:
        parts.append(f"You cannot drop yet: {_plural(dist, 'card')} away; {helping}")
    if turn.lay_offs:
        parts.append("Lay off " + ", ".join(_name(x.card) for x in turn.lay_offs) + ".")
    if turn.goes_out:
        parts.append("You go out" + (f" by discarding {_name(discard)}." if discard else "."))
    elif discard is not None:
        why = "" if turn.can_drop or dropped or best is None else (
            f" (the hand stays {_plural(best.distance, 'card')} away, {best.outs_total} outs, "
            f"{best.next_outs:.1f} after the next draw)")
        parts.append(f"Discard {_name(discard)}{why}, keeping {points_left} points in hand.")
    return " ".join(parts)


def before_draw(hand: Sequence[Card], contract: Contract, dropped: bool) -> bool:
    """Whether a hand that has not dropped is held before this turn's draw, from its size.

    Before the draw a hand holds the cards dealt plus two per buy; after it, one
    more. A hand that has dropped, or of a contract that is none of the seven
    hands', is taken as after the draw.

    >>> from rulesets.cards import parse_cards
    >>> before_draw(parse_cards("2c 3c 4c 5c 6c 7c 8c"), CONTRACTS[1], False)
    True
    """
    if dropped or not contract.hand:
        return False
    return (len(hand) - contract.cards_dealt) % 2 == 0


def advise(hand: Sequence[Card], contract: Contract, *, dropped: bool = False,
           table: Sequence[Sequence[Card]] = (), discard_top: Card | None = None,
           seen: Sequence[Card] = (), options: ContinentalOptions | None = None,
           drawn: bool | None = None, others: Sequence[OtherPlayer] = (),
           discards: Sequence[Card] | None = None, time_limit: float = DEFAULT_TIME_LIMIT_S,
           deadline: Deadline | None = None) -> ContinentalAdvice:
    """Advise a Continental hand: cards as physical cards (parse them together, see
    :func:`rulesets.cards.parse_card_groups`, so one card is never in two places).

    ``table`` holds the melds on the table (trios, or runs lowest first);
    ``seen`` every other card known not to be in the stock (the discard pile,
    other players' known cards). ``discard_top`` is the card on the discard
    pile, for the take and buy advice. ``discards`` is the whole discard pile,
    bottom first (its top is ``discard_top`` when both are given), ``others`` what
    is public about the other players (:class:`~solver.continental.public.OtherPlayer`):
    the pile and the cards others are known to hold are not in the stock, counted
    as ``seen`` counts (``seen`` holds the cards known elsewhere that neither lists).

    ``drawn`` says whether the hand holds this turn's drawn card; by default it
    is read from the hand's size (:func:`before_draw`). Before the draw there is
    no drop or discard to advise yet: the answer is the distance, the outs (the
    draws that help) and whether to take or buy the top discard.

    Each CP-SAT solve gets ``time_limit`` seconds, or what is left before ``deadline``. The
    advice is not anytime: past the deadline it raises
    :class:`~solver.budget.BudgetExceededError`, saying what it was working out.

    >>> from rulesets.cards import parse_cards
    >>> hand = parse_cards("2c 5c 6c 8c Kd Kh 9s", decks=2)
    >>> advice = advise(hand, CONTRACTS[2], discard_top=parse_cards("7c")[0])
    >>> advice.distance, advice.take_discard.advised, advice.discard_ranking[0].card
    (2, True, Card('2c'))
    """
    started = time.perf_counter()
    deadline = deadline_or_none(deadline)
    options = options or ContinentalOptions()
    deck = Deck.for_players(options.max_players)
    _check_sizes(hand, table)
    melds = tuple(table_meld(cards, i) for i, cards in enumerate(table))
    on_table = [c for cards in table for c in cards]
    check_hand_sizes(others, contract, deck_size=deck.size,
                     placed=None if discards is None else len(hand) + len(on_table) + len(discards))
    known = [*hand, *on_table, *seen, *known_elsewhere(discards or (), others)]
    if discard_top is not None and discard_top not in known:
        known.append(discard_top)
    unseen = unseen_counts(known, deck)
    spare = spare_cards(options)
    counts = counts_of(hand)
    if drawn is None:
        drawn = not before_draw(hand, contract, dropped)
    if drawn:
        turn = best_turn(hand, contract, dropped=dropped, table=melds, options=options,
                         time_limit=time_limit, deadline=deadline)
    else:
        turn = Turn(False, (), (), None, hand_points(hand, options.card_values), False)
    if dropped:
        dist, outs, outs_total = 0, (), 0
    else:
        dist = distance(counts, contract, spare=spare, deadline=deadline)
        outs, outs_total = outs_with_unseen(counts, contract, unseen, spare=spare, deadline=deadline)
    if not drawn:
        ranking: tuple[DiscardOption, ...] = ()
    elif turn.can_drop or dropped:
        ranking = _ranking_after_melding(turn, hand, options)
    else:
        ranking = rank_discards(counts, contract, unseen, spare=spare,
                                card_values=options.card_values, deadline=deadline)
    best = ranking[0] if ranking else None
    if turn.can_drop or dropped or not drawn:
        discard, points_left = turn.discard, turn.points_left
    else:
        discard = _physical(hand, best.card) if best else None
        points_left = best.points if best else hand_points(hand, options.card_values)
    take = buy = None
    if discard_top is not None:
        take = _take_discard(discard_top, hand, contract, dropped, melds, options, dist,
                             turn if drawn else None, time_limit, deadline)
        buy = _buy(discard_top, counts, contract, dropped, spare, dist, options, deadline)
    explanation = _explain(contract, hand, turn, dropped, drawn, dist, outs_total, outs, best,
                           discard, points_left)
    return ContinentalAdvice(
        contract=contract, dropped=dropped, drawn=drawn, can_drop=turn.can_drop, drop=turn.drop,
        lay_offs=turn.lay_offs, discard=discard, points_left=points_left,
        goes_out=turn.goes_out, distance=dist, outs=tuple(outs), outs_total=outs_total,
        discard_ranking=ranking, take_discard=take, buy=buy, explanation=explanation,
        solve_ms=round((time.perf_counter() - started) * 1000, 2))


def _physical(hand: Sequence[Card], card: Card) -> Card:
    """The held physical card of the same type as ``card`` (the highest copy)."""
    return max((c for c in hand if type_of(c) == type_of(card)), key=lambda c: c.copy)


def _ranking_after_melding(turn: Turn, hand: Sequence[Card], options: ContinentalOptions) \
        -> tuple[DiscardOption, ...]:
    """After the drop (or once dropped), the discards among the cards kept, fewest points left first."""
    laid = {x.card for x in turn.lay_offs} | {c for m in turn.drop for c in m.cards}
    kept = [c for c in hand if c not in laid]
    total = hand_points(kept, options.card_values)
    options_by_type: dict[int, DiscardOption] = {}
    for card in kept:
        left = total - hand_points([card], options.card_values)
        options_by_type.setdefault(type_of(card), DiscardOption(card_of_type(type_of(card)), 0, (),
                                                                0, 0.0, left))
    first = type_of(turn.discard) if turn.discard is not None else None
    return tuple(sorted(options_by_type.values(),
                        key=lambda o: (o.points, type_of(o.card) != first, type_of(o.card))))
