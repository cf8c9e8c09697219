"""The problem pages of the codes only Continental Rummy's rules raise (``/problems/<code>``).

The game's :class:`~api.game_api.GameApi` adds them to :data:`api.errors.PROBLEMS`.
"""

from __future__ import annotations

from api.errors import ProblemType

__all__ = ["CONTINENTAL_PROBLEMS"]

CONTINENTAL_PROBLEMS: dict[str, ProblemType] = {
    "top_not_on_pile": ProblemType(
        422, "The top discard is not on the pile",
        "The discard pile given for advice (discards, bottom first) must end with discard_top: "
        "the top discard is the last card laid on the pile. An empty pile has no top card."),
    "impossible_hand_size": ProblemType(
        422, "No play leaves that hand size",
        "Each player is dealt the contract's cards; a draw adds one and the discard takes one, a "
        "buy adds two (the card and a penalty card). So before its drop a player holds the cards "
        "dealt plus two per card bought (one more during its turn); after it at least one card "
        "(none: it has gone out) and every card known in its hand; and all hands together fit in "
        "the decks."),
    "too_many_players": ProblemType(
        422, "More players than the table seats",
        "The other players given for advice are at most max_players - 1 (the max_players option: "
        "6 by default)."),
    "not_a_meld": ProblemType(
        422, "Not a meld",
        "The cards form no trio (three or more of one rank, jokers wild, at least one natural "
        "card) and no run (four or more in sequence in one suit, ace high or low, never around "
        "the corner); 'detail' lists every problem (422 for melds given for advice; 409 for a "
        "drop in a game)."),
    "cannot_lay_off": ProblemType(
        409, "Cannot lay off",
        "The card does not extend that meld: a trio takes its rank (or a joker), a run a card "
        "at either end, never past the ace or around the corner."),
    "cannot_move_joker": ProblemType(
        409, "Cannot move the joker",
        "Only a joker at an end of a run may be moved, and only if its run keeps four cards; "
        "jokers in trios never move."),
    "not_your_turn": ProblemType(
        409, "Not your turn",
        "Only the player whose turn it is draws, drops, lays off, moves jokers and discards; play "
        "goes clockwise from the dealer's left. Others may only answer a buy offer."),
    "already_drew": ProblemType(
        409, "Already drew", "A turn starts with exactly one draw, from the stock or the discard "
        "pile; now drop, lay off or discard."),
    "draw_first": ProblemType(
        409, "Draw first", "Draw a card, from the stock or the discard pile, before anything else "
        "in your turn."),
    "unknown_source": ProblemType(
        422, "No such pile", "Draw from the 'stock' or the 'discard' pile."),
    "discard_pile_empty": ProblemType(
        409, "Discard pile empty", "There is no discard to take: draw from the stock."),
    "buying_off": ProblemType(
        409, "No buying", "This ruleset does not let anyone buy the discard (buying = false)."),
    "current_player_cannot_buy": ProblemType(
        409, "The current player cannot buy",
        "The player whose turn it is takes the discard by drawing it; only the others may buy it."),
    "no_buy_window": ProblemType(
        409, "No discard on offer",
        "A discard may be bought only after the player whose turn it is drew from the stock "
        "instead of taking it, and only until they discard."),
    "already_answered": ProblemType(
        409, "Already answered", "Each player answers a buy offer once: buy or pass."),
    "already_dropped": ProblemType(
        409, "Already dropped",
        "The contract is dropped once per hand; afterwards you may only lay off (and move or swap "
        "jokers), never start a new meld."),
    "wrong_contract": ProblemType(
        409, "Not the contract",
        "A drop lays down exactly the hand's contract (e.g. 2 trios), each meld at its minimum: a "
        "trio 3 cards, a run 4; extra cards are laid off afterwards."),
    "must_keep_a_discard": ProblemType(
        409, "Keep a card to discard",
        "You go out by discarding your last card, so a drop or lay-off may not use it (unless the "
        "ruleset allows going out without a discard)."),
    "not_dropped": ProblemType(
        409, "Drop first", "Lay off, swap or move jokers only after dropping your contract."),
    "no_such_meld": ProblemType(
        409, "No such meld",
        "Table melds are numbered from 0 in the order they reached the table; see 'table' in the "
        "game's view."),
    "invalid_end": ProblemType(
        422, "No such end", "A joker goes to the 'high' or the 'low' end of a run."),
    "not_a_joker_swap": ProblemType(
        409, "Not a joker swap",
        "A swap puts into a run the natural card a joker there stands for; the joker moves to an "
        "end of the run."),
    "joker_in_trio": ProblemType(409, "Joker in a trio", "Jokers in trios never move."),
    "no_room_for_joker": ProblemType(
        409, "No room for the joker",
        "A joker moved to another run goes on a free end of it: never past the ace, and never to "
        "a run of 13 cards (the ace is high or low, never both)."),
    "no_joker_at_end": ProblemType(
        409, "No joker at that end", "Only a joker at the high or low end of a run may move."),
    "run_too_short": ProblemType(
        409, "Run too short", "A joker may leave a run only if the run keeps at least four cards."),
    "impossible_hand_end": ProblemType(
        409, "A hand cannot end so",
        "A hand ends when a player goes out, holding no card, or when the stock runs out; only "
        "the player who went out can have dropped and gone out in the same turn. Give the seat "
        "that went out no cards, or went_out null when the stock ran out."),
    "wrong_seat_count": ProblemType(
        422, "Not one per seat", "Give one total per seat, in the order of hands."),
    "not_a_run": ProblemType(
        409, "Not a run",
        "A joker moves from one run to another run: never to a trio, nor to the run it left."),
}
"""Every problem code of Continental Rummy alone, with its status, title and what to do."""
