// A Ramchi table as one seat (or a spectator) sees it, live: whose decision the hand waits for,
// the 2♦ exchange and the arranging for your seat, the last hand's rounds and the chips, and what
// each player did in words. It draws views; the table (table.js) polls and sends.

import { cardElement, cardRow } from "/web/cards.js";
import { cardText, cardsText, signed } from "/web/format.js";
import { TableWords, botWords } from "/web/ramchi_play_words.js";
import { button, el, lineupBuilder, scrollBox } from "/web/widgets.js";

/** The names of ``seats`` joined in a sentence: "Ben", "Ben and Cy", "Ben, Cy and Di". */
export function namesText(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** One record of the log in words, the seats named as ``words`` (a TableWords) names them. */
export function ramchiRecordText(record, words) {
  switch (record.kind) {
    case "hand_dealt": return `Hand ${record.hand} dealt: ${words.says(record.dealer, "deal", "deals")}`
      + `${record.up_card ? `, the up-card is ${cardText(record.up_card)}` : ""}`;
    case "exchange": return `${words.says(record.seat, "exchange", "exchanges")} the 2♦ for the up-card`;
    case "keep": return `${words.says(record.seat, "keep", "keeps")} the 2♦`;
    case "exchange_skipped": return "Nobody may exchange the 2♦ this hand";
    case "arrange": return record.combinations
      ? `${words.says(record.seat, "arrange", "arranges")}: ${record.combinations.map(cardsText).join(" / ") || "all cards discarded"}`
      : `${words.says(record.seat, "have", "has")} arranged`;
    case "four_of_a_kind_won": return words.fourOfAKind(record);
    case "round_played": return `Round ${record.number}: ${words.says(record.winner, "win", "wins")} (`
      + `${record.plays.map((play) => `${words.who(play.seat)} ${play.name}`).join(", ")})`;
    case "hand_ended": return `Hand ${record.hand} is over: ${words.chipsList(record.chips)}`;
    case "game_ended": return `Game over: ${words.chipsList(record.chips)}`;
    case "replace_by_bot": return `${words.who(record.seat)} handed ${words.whose(record.player)} seat to a bot `
      + `(${botWords(record.bot)})`;
    default: return `${record.kind}`;
  }
}

/** The hand's decision in words: who holds the 2♦, who still arranges, or yours. */
export function ramchiTurnText(view, words) {
  if (view.is_over) return "The game is over.";
  const mine = view.seat !== undefined && view.awaiting.includes(view.seat);
  if (view.phase === "exchange") {
    const holder = view.awaiting[0];
    return mine ? "You hold the 2♦: exchange it for the up-card, or keep it."
      : `${words.who(holder)} holds the 2♦ and decides whether to exchange it for the up-card.`;
  }
  const others = view.awaiting.filter((seat) => seat !== view.seat).map((seat) => words.whom(seat));
  if (mine) return `Your turn: arrange your five rounds.${others.length ? ` ${namesText(others)} arrange too.` : ""}`;
  return others.length ? `Waiting for ${namesText(others)} to arrange.` : "The rounds are being played.";
}

function seatsTable(view, words) {
  const lastChips = view.last_hand ? (view.last_hand.events || []).find((e) => e.kind === "hand_ended") : null;
  return scrollBox(el("table", {}, el("caption", {}, "Players"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Player"), el("th", { scope: "col" }, "This hand"),
      el("th", { scope: "col", className: "num" }, "Last hand"), el("th", { scope: "col", className: "num" }, "Chips"))),
    el("tbody", {}, view.players.map((_, seat) => el("tr", {},
      el("th", { scope: "row" }, words.rowName(seat),
        !view.is_over && view.awaiting.includes(seat) ? el("span", { className: "to-play" }, " (to play)") : ""),
      el("td", {}, view.is_over ? "–" : view.arranged[seat] ? "arranged" : "arranging"),
      el("td", { className: "num" }, lastChips ? signed(lastChips.chips[seat]) : "–"),
      el("td", { className: "num" }, signed(view.chips[seat])))))));
}

function lastHandPart(view, words) {
  const last = view.last_hand;
  if (!last) return [];
  const events = last.events || [];
  const rounds = events.filter((e) => e.kind === "round_played").sort((a, b) => a.number - b.number);
  const four = events.find((e) => e.kind === "four_of_a_kind_won");
  const ended = events.find((e) => e.kind === "hand_ended");
  return [el("h4", {}, `Hand ${last.hand}`),
    four ? el("p", {}, words.fourOfAKind(four)) : null,
    rounds.length ? el("ol", { className: "lineup", "aria-label": `Hand ${last.hand} rounds` }, rounds.map((round) =>
      el("li", {}, el("p", {}, `Round ${round.number}: `, el("strong", {}, words.says(round.winner, "win", "wins"))),
        round.plays.map((play) => el("div", { className: "row" }, el("span", {}, `${words.who(play.seat)}: ${play.name}`),
          cardRow(play.cards, `Round ${round.number}, ${words.who(play.seat)}: ${play.name}`)))))) : null,
    ended ? el("p", {}, `Chips this hand: ${words.chipsList(ended.chips)}.`) : null].filter(Boolean);
}

/** The Ramchi board: ``show(view)`` draws it; ``send(body)`` is how your decisions are sent. */
export class RamchiBoard {
  constructor(root, send) {
    this.send = send;
    this.builder = lineupBuilder({ statusId: "table-ramchi-count" });
    this.dealtHand = null;
    const play = button("Play these rounds", () => this.send({ type: "arrange", combinations: this.builder.lineup() }),
      { primary: true });
    this.parts = {
      heading: el("h3", { tabIndex: -1 }),
      turn: el("p", { className: "turn", "aria-live": "polite" }),
      up: el("div", { className: "row" }),
      seats: el("div"),
      exchange: el("div", { className: "row", role: "group", "aria-label": "The 2♦ exchange", hidden: true },
        button("Exchange", () => this.send({ type: "exchange" }), { primary: true }),
        button("Keep", () => this.send({ type: "keep" }))),
      hand: el("div"),
      arrange: el("fieldset", { hidden: true }, el("legend", {}, "Arrange your five rounds"), this.builder.hand,
        el("p", { className: "busy" }, "Pick a round, then click (or press Enter on) three cards, or drag a card "
          + "onto a round. Click a card in a round to take it back. Cards left over are discarded."),
        this.builder.slots, this.builder.status, el("div", { className: "row" }, play)),
      last: el("div"),
    };
    this.parts.arrange.style.minWidth = "0";
    root.append(...Object.values(this.parts));
  }

  words(view) {
    return new TableWords(view.players, view.bots, view.seat === undefined ? -1 : view.seat);
  }

  /** Whether ``body`` is a move everyone makes at once (arranging): another seat's arranging
   * cannot make it stale, so it is sent without the version it was decided at. */
  simultaneous(body) {
    return body.type === "arrange";
  }

  /** A record of the log in words, for the "What happened" list. */
  recordText(record, view) {
    return ramchiRecordText(record, this.words(view));
  }

  turnText(view) {
    return ramchiTurnText(view, this.words(view));
  }

  show(view) {
    const words = this.words(view);
    const { parts } = this;
    parts.heading.textContent = view.is_over ? "Game over" : `Hand ${view.hand_number} of ${view.hands}`;
    parts.turn.textContent = ramchiTurnText(view, words);
    parts.up.replaceChildren(...(view.is_over ? [] : [el("span", {}, "Up-card: "), cardElement(view.up_card),
      el("span", {}, ` ${words.says(view.dealer, "deal", "deals")}.`)]));
    parts.seats.replaceChildren(seatsTable(view, words));
    const mine = view.seat !== undefined && !view.is_over && view.awaiting.includes(view.seat);
    parts.exchange.hidden = !(mine && view.phase === "exchange");
    const arranging = mine && view.phase === "arrange";
    parts.arrange.hidden = !arranging;
    const held = view.hand || [];
    parts.hand.replaceChildren(...(held.length && !arranging ? [el("h4", {}, "Your hand"), cardRow(held, "Your hand")] : []));
    if (arranging) {
      const key = `${view.hand_number}:${held.join(" ")}`;
      // Only a new hand (or the exchange changing it) deals the cards afresh: another player's
      // move must not redraw the cards you are arranging (nor take the focus from them).
      if (this.dealtHand !== key) {
        this.dealtHand = key;
        this.builder.deal(held);
        const legal = (view.legal_actions || []).find((action) => action.type === "arrange");
        this.builder.setShape(legal && legal.choose && legal.choose.groups[0]);
        this.builder.setHand(held);
      }
    }
    parts.last.replaceChildren(...lastHandPart(view, words));
  }

  /** Who won, in words (the most chips). */
  standings(view) {
    const words = this.words(view);
    const order = view.players.map((_, seat) => seat).sort((a, b) => view.chips[b] - view.chips[a]);
    const best = view.chips[order[0]];
    const winners = order.filter((seat) => view.chips[seat] === best).map((seat) => words.who(seat));
    return {
      headline: winners.length === 1 ? `${winners[0]} ${winners[0] === "You" ? "win" : "wins"} the game.`
        : `${namesText(winners)} share the win.`,
      rows: order.map((seat) => [words.rowName(seat), signed(view.chips[seat])]),
      unit: "Chips",
    };
  }
}
