// A Continental table as one seat (or a spectator) sees it, live: whose turn and what step, the
// buy window with who may still answer, the pile, the players, the melds on the table, your hand
// with your legal actions, and the scores. It draws views; the table (table.js) polls and sends.

import { continentalContracts } from "/web/client.js";
import { ContinentalHand } from "/web/continental_hand.js";
import { pileParts, scoresTable, seatsTable, tableMelds } from "/web/continental_play.js";
import { continentalBotWords, describeRecord } from "/web/continental_show.js";
import { cardText, yourName } from "/web/format.js";
import { namesText } from "/web/table_ramchi.js";
import { el } from "/web/widgets.js";

/** A seat named in a sentence: "you" for your own seat, else the player's name. */
function whom(view, seat) {
  return seat === view.seat ? "you" : view.players[seat];
}

/** A seat's name in the players' table: "Asha (you)", "Robo (a bot: the advisor …)". */
function seatName(view, seat) {
  const player = view.players[seat];
  if (seat === view.seat) return yourName(player);
  const bot = (view.bots || [])[seat];
  return bot ? `${player} (a bot: ${continentalBotWords(bot)})` : player;
}

/** Whose turn it is and what they do, and the buy window with who may still answer. */
export function continentalTurnText(view) {
  if (view.is_over) return "The game is over.";
  const window = view.buy_window;
  const parts = [];
  if (window) {
    const answering = window.may_answer.map((seat) => whom(view, seat));
    const mine = window.may_answer.includes(view.seat);
    parts.push(mine ? `The ${cardText(window.card)} is on offer: buy it (with a penalty card) or pass.`
      : `The ${cardText(window.card)} is on offer to ${namesText(answering)}.`);
  }
  const current = view.current;
  const doing = view.step === "draw" ? "draw a card" : "drop, lay off, then discard";
  parts.push(current === view.seat ? `Your turn: ${doing}.` : `${view.players[current]}'s turn: ${view.players[current]} `
    + `${view.step === "draw" ? "draws a card" : "plays, then discards"}.`);
  return parts.join(" ");
}

/** The Continental board: ``show(view)`` draws it; ``send(body)`` is how your actions are sent. */
export class ContinentalBoard {
  constructor(root, send) {
    this.contracts = [];
    continentalContracts().then((contracts) => { this.contracts = contracts; }).catch(() => {});
    this.hand = new ContinentalHand(send);
    this.parts = {
      heading: el("h3", { tabIndex: -1 }),
      turn: el("p", { className: "turn", "aria-live": "polite" }),
      pile: el("div", { className: "row pile" }),
      seats: el("div", { className: "seats" }),
      table: el("div", { className: "table-melds" }),
      handBox: el("div", {}, el("h4", {}, "Your hand"), ...this.hand.nodes),
      scores: el("div", { className: "scores" }),
    };
    const { parts } = this;
    root.append(parts.heading, parts.turn, parts.pile, parts.seats, el("h4", {}, "Table"), parts.table,
      parts.handBox, parts.scores);
  }

  recordText(record, view) {
    return describeRecord(record, view.players, view.seat, this.contracts);
  }

  turnText(view) {
    return continentalTurnText(view);
  }

  show(view) {
    const { parts } = this;
    parts.heading.textContent = view.is_over ? "Game over"
      : `Hand ${view.hand_number} of ${view.hands}: ${view.contract.name}`;
    parts.turn.textContent = continentalTurnText(view);
    parts.pile.replaceChildren(...pileParts(view));
    parts.seats.replaceChildren(seatsTable(view, (player, i) => seatName(view, i)));
    parts.table.replaceChildren(tableMelds(view));
    parts.handBox.hidden = view.seat === undefined;
    if (view.seat !== undefined) this.hand.show(view);
    parts.scores.replaceChildren(...(view.scores.length ? [el("h4", {}, "Scores"), scoresTable(view, this.contracts)] : []));
  }

  /** After an action was sent: the selection and melds it used are gone. */
  sent(body) {
    this.hand.selected.clear();
    if (body.type === "drop") this.hand.melds = [];
  }

  /** Who won, in words (the fewest points). */
  standings(view) {
    const order = view.players.map((_, seat) => seat).sort((a, b) => view.totals[a] - view.totals[b]);
    const winners = (view.winners || []).map((seat) => (seat === view.seat ? "You" : view.players[seat]));
    const verb = winners.length === 1 ? (winners[0] === "You" ? "win" : "wins") : "share the win";
    return {
      headline: winners.length === 1 ? `${winners[0]} ${verb} the game.` : `${namesText(winners)} ${verb}.`,
      rows: order.map((seat) => [seat === view.seat ? `${view.players[seat]} (you)` : view.players[seat],
        String(view.totals[seat])]),
      unit: "Points (lower is better)",
    };
  }
}
