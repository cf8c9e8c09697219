// Score a Ramchi hand played at a real table: the three seats' lineups picked on one deck grid
// (up to five combinations of three cards each, strongest first) and the dealer, scored by the
// rules (client.js: ramchiScore): every round with its winner and why, the chips, the next dealer.

import { ramchiScore } from "/web/client.js";
import { cardButton, cardRow } from "/web/cards.js";
import { cardButtonName, cardName, deckCodes, known, signed } from "/web/format.js";
import { seatName } from "/web/referee_verdict.js";
import {
  RAMCHI_LINEUP, button, deckGrid, el, feedback, field, guarded, scrollBox, select,
} from "/web/widgets.js";

const SEATS = [0, 1, 2];
const { rounds: COMBINATIONS, size: CARDS } = RAMCHI_LINEUP;
const id = (name) => `referee-ramchi-${name}`;

/** The three lineups being picked: ``slots[seat][combination]`` holds card codes. */
class Lineups {
  constructor() {
    this.clear();
  }

  clear() {
    this.slots = SEATS.map(() => Array.from({ length: COMBINATIONS }, () => []));
    this.active = { seat: 0, combination: 0 };
  }

  /** Where ``code`` is placed ({seat, combination}), or null. */
  find(code) {
    for (const seat of SEATS) {
      const combination = this.slots[seat].findIndex((slot) => slot.includes(code));
      if (combination >= 0) return { seat, combination };
    }
    return null;
  }

  /** A card picked on the grid: taken back when placed, else put in the chosen combination. */
  toggle(code) {
    const at = this.find(code);
    if (at) return this.takeBack(code, at);
    const { seat, combination } = this.active;
    const slot = this.slots[seat][combination];
    if (slot.length >= CARDS) {
      return `${seatName(seat)}'s combination ${combination + 1} already holds ${CARDS} cards: `
        + "choose another one or take a card back.";
    }
    slot.push(code);
    if (slot.length === CARDS) {
      const next = this.slots[seat].findIndex((other) => other.length < CARDS);
      if (next >= 0) this.active = { seat, combination: next };
    }
    return `${cardName(code)} goes to ${seatName(seat)}, combination ${combination + 1}.`;
  }

  takeBack(code, at) {
    const slot = this.slots[at.seat][at.combination];
    slot.splice(slot.indexOf(code), 1);
    this.active = at;
    return `${cardName(code)} taken back from ${seatName(at.seat)}.`;
  }

  /** What the scoring takes: each seat's combinations that hold cards, in order. */
  lineups() {
    return this.slots.map((seat) => seat.filter((slot) => slot.length).map((slot) => [...slot]));
  }
}

// -- the answer ---------------------------------------------------------------------------------

/** The rounds as a list (readable at any width): each one's plays in order, winner, why, chips. */
function roundsList(rounds) {
  return el("ol", { className: "score-rounds", "aria-label": "The rounds" }, rounds.map((round) => el("li", {},
    el("h5", {}, `Round ${round.number}: `, known(round.winner) ? `${seatName(round.winner)} wins` : "nobody wins"),
    el("ul", { className: "score-plays", "aria-label": `Round ${round.number}, the plays in order` },
      (round.plays || []).map((play) => el("li", { className: "row" },
        el("span", {}, `${seatName(play.seat)}: ${play.name}`), cardRow(play.cards, `${seatName(play.seat)}: ${play.name}`)))),
    round.why ? el("p", {}, round.why) : null,
    el("p", { className: "busy" }, "Chips: ", SEATS.map((seat) => `${seatName(seat)} ${signed(round.chips[seat])}`).join(", ")))));
}

function chipsTable(chips) {
  return scrollBox(el("table", { className: "score-chips" }, el("caption", {}, "Chips for the hand"),
    el("tbody", {}, chips.map((value, seat) => el("tr", {},
      el("th", { scope: "row" }, seatName(seat)), el("td", { className: "num" }, signed(value)))))));
}

function fourOfAKindText(four) {
  if (!four) return null;
  if (typeof four === "string") return four;
  return four.note || four.text || four.message || null;
}

/** The scored hand as fresh elements (a focusable heading first). */
export function renderRamchiScore(answer) {
  const four = fourOfAKindText(answer.four_of_a_kind);
  return [el("h4", { id: id("results-heading"), tabIndex: -1 }, "The hand scored"),
    four ? el("p", { className: "verdict-best" }, four) : null,
    answer.rounds && answer.rounds.length ? roundsList(answer.rounds) : el("p", {}, "No round is played."),
    chipsTable(answer.chips),
    answer.summary ? el("p", {}, answer.summary) : null,
    known(answer.next_dealer) ? el("p", {}, `Next dealer: ${seatName(answer.next_dealer)}.`) : null];
}

// -- the form -----------------------------------------------------------------------------------

/** The Ramchi scoring form in ``parent``. */
export class RamchiScore {
  constructor(parent) {
    this.parent = parent;
    this.buttons = new Map();
    this.lineups = new Lineups();
    this.message = el("p", { role: "status", "aria-live": "polite", id: id("placed") });
    this.grid = deckGrid(deckCodes(), (code) => this.pick(code),
      { label: "Deck", hintId: id("grid-hint"), buttons: this.buttons });
    this.seatsBox = el("div", { className: "score-seats" });
    this.dealer = select(SEATS.map((seat) => [String(seat), seatName(seat)]), "0", { id: id("dealer") });
    this.score = button("Score the hand", () => this.send(), { primary: true });
    this.results = el("section", { id: id("results"), "aria-labelledby": id("results-heading"), hidden: true });
    const pickBox = el("fieldset", {}, el("legend", {}, "The three lineups"),
      el("p", { id: id("grid-hint"), className: "busy" },
        "Choose a seat's combination, then pick its three cards on the deck (Tab into the deck, "
        + "arrows to move, Enter or Space to pick); a picked card is taken back by picking it again. "
        + "Give each lineup strongest first, as the rules play it; up to five combinations a seat."),
      this.seatsBox, this.message, this.grid);
    pickBox.style.minWidth = "0";
    parent.append(pickBox,
      el("div", { className: "row" }, field("Dealer", this.dealer), button("Clear the lineups", () => this.clear()),
        this.score));
    this.status = feedback(parent);
    parent.append(this.results);
    this.render();
  }

  pick(code) {
    this.render(this.lineups.toggle(code));
  }

  clear() {
    this.lineups.clear();
    this.render("Every lineup cleared.");
  }

  choose(seat, combination) {
    this.lineups.active = { seat, combination };
    this.render(`Next card goes to ${seatName(seat)}, combination ${combination + 1}.`);
  }

  slotItem(seat, combination) {
    const slot = this.lineups.slots[seat][combination];
    const active = this.lineups.active.seat === seat && this.lineups.active.combination === combination;
    const name = `${seatName(seat)}, combination ${combination + 1}`;
    const choose = el("button", { type: "button", "aria-pressed": String(active),
      className: active ? "primary" : "", "aria-label": `Fill ${name}`,
      dataset: { key: `choose-${seat}-${combination}` } }, `${combination + 1}`);
    choose.addEventListener("click", () => this.choose(seat, combination));
    const cards = el("div", { className: "cards", role: "group", "aria-label": `${name} cards` });
    for (const code of slot) {
      const node = cardButton(code, () => this.pick(code));
      node.setAttribute("aria-label", `${cardButtonName(code)}, ${name}: take back`);
      node.dataset.key = `back-${code}`;
      cards.append(node);
    }
    for (let i = slot.length; i < CARDS; i += 1) cards.append(el("span", { className: "card meld", "aria-hidden": "true" }));
    return el("li", { className: "row" }, choose, cards);
  }

  render(message = "") {
    const focused = document.activeElement && this.seatsBox.contains(document.activeElement)
      ? document.activeElement.dataset.key : null;
    const { seat, combination } = this.lineups.active;
    this.seatsBox.replaceChildren(...SEATS.map((s) => el("div", { className: "score-seat" },
      el("h5", {}, `${seatName(s)}: ${this.lineups.slots[s].filter((slot) => slot.length).length} combinations`),
      el("ol", { className: "lineup", "aria-label": `${seatName(s)}'s lineup` },
        this.lineups.slots[s].map((_, c) => this.slotItem(s, c))))));
    for (const [code, node] of this.buttons) node.setAttribute("aria-pressed", String(Boolean(this.lineups.find(code))));
    this.message.textContent = `${message ? `${message} ` : ""}Next card goes to ${seatName(seat)}, `
      + `combination ${combination + 1}.`;
    if (focused) this.refocus(focused);
  }

  /** Give the focus back after a render: the same control, or the chosen combination's button. */
  refocus(key) {
    const { seat, combination } = this.lineups.active;
    const node = this.seatsBox.querySelector(`[data-key="${key}"]`)
      || this.seatsBox.querySelector(`[data-key="choose-${seat}-${combination}"]`);
    if (node) node.focus();
  }

  async send() {
    const body = { lineups: this.lineups.lineups(), dealer: Number(this.dealer.value) };
    this.status.busy("Scoring the hand…");
    this.score.disabled = true;
    try {
      await guarded(this.parent, this.status, async () => {
        const answer = await ramchiScore(body);
        this.results.replaceChildren(...renderRamchiScore(answer).filter(Boolean));
        this.results.hidden = false;
        this.status.done(`Scored: ${(answer.rounds || []).length} rounds.`);
        document.getElementById(id("results-heading")).focus();
      });
    } finally {
      this.score.disabled = false;
    }
  }
}
