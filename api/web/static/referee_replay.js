// The step-through replay of a posted log (the answer of client.js: replay): the list of records in
// words, one record at a time with Previous / Next (or ← / →), and the table as it was after it,
// showing only what the log makes public. The record a verdict refuses is marked in the list.

import { cardRow } from "/web/cards.js";
import { cardsText, known, plural, signed } from "/web/format.js";
import { seatName } from "/web/referee_verdict.js";
import { button, el, meldRow, scrollBox, showProblem } from "/web/widgets.js";

const id = (name) => `referee-replay-${name}`;

/** A step's place in words: "Record 5 (hand 1, round 1)". */
export function stepTitle(step) {
  const parts = [];
  if (known(step.hand)) parts.push(`hand ${step.hand}`);
  if (known(step.round)) parts.push(`round ${step.round}`);
  if (known(step.turn)) parts.push(`turn ${step.turn}`);
  return `Record ${step.index}${parts.length ? ` (${parts.join(", ")})` : ""}`;
}

function standingsRow(values, caption, write) {
  return scrollBox(el("table", {}, el("caption", {}, caption),
    el("thead", {}, el("tr", {}, values.map((_, seat) => el("th", { scope: "col", className: "num" }, seatName(seat))))),
    el("tbody", {}, el("tr", {}, values.map((value) => el("td", { className: "num" }, write(value)))))));
}

// -- Ramchi -----------------------------------------------------------------------------------------

function ramchiRounds(rounds) {
  if (!rounds || !rounds.length) return el("p", {}, "No round played yet in this hand.");
  return scrollBox(el("table", { className: "rounds" }, el("caption", {}, "Rounds so far"),
    el("thead", {}, el("tr", {}, ["Round", "Plays", "Winner", "Chips"].map((text) => el("th", { scope: "col" }, text)))),
    el("tbody", {}, rounds.map((round) => el("tr", {},
      el("th", { scope: "row" }, String(round.number)),
      el("td", {}, (round.plays || []).map((play) => el("div", {},
        `${seatName(play.seat)}: ${play.name || ""} (${cardsText(play.cards)})`))),
      el("td", {}, known(round.winner) ? seatName(round.winner) : "–"),
      el("td", {}, (round.chips || []).map(signed).join(" / ")))))));
}

function ramchiSeat(state, seat) {
  const hand = state.hands && state.hands[seat];
  const lineup = state.lineups && state.lineups[seat];
  const name = seatName(seat);
  const item = el("li", { className: "replay-seat" }, el("h6", {}, name));
  item.append(hand ? cardRow(hand, `${name}'s hand`) : el("p", { className: "busy" }, "Hand not shown by the log."));
  if (lineup) {
    item.append(el("p", {}, lineup.length ? "Lineup, strongest first:" : "Lineup: every card discarded."),
      el("ol", { className: "replay-lineup", "aria-label": `${name}'s lineup` }, lineup.map((combo, i) => {
        const cards = Array.isArray(combo) ? combo : combo.cards;
        const words = `${i + 1}${combo.name ? `. ${combo.name}` : ""}`;
        return el("li", {}, meldRow(cards, `${name}, combination ${words}`), el("span", {}, words));
      })));
  } else if (state.arranged && state.arranged[seat]) {
    item.append(el("p", { className: "busy" }, "Arranged; the lineup is not shown by the log."));
  }
  return item;
}

function ramchiState(state) {
  const seats = [0, 1, 2];
  return [
    el("p", {}, `Hand ${state.hand ?? "–"}, dealer ${known(state.dealer) ? seatName(state.dealer) : "–"}`,
      state.up_card ? `; up-card ${cardsText([state.up_card])}` : "", "."),
    state.chips ? standingsRow(state.chips, "Chips in the game", signed) : null,
    el("ul", { className: "replay-seats", "aria-label": "The seats" }, seats.map((seat) => ramchiSeat(state, seat))),
    ramchiRounds(state.rounds),
  ];
}

// -- Continental ------------------------------------------------------------------------------------

function continentalSeat(state, seat) {
  const hand = state.hands && state.hands[seat];
  const size = state.hand_sizes ? state.hand_sizes[seat] : null;
  const name = seatName(seat);
  const dropped = state.dropped && state.dropped[seat] ? " (has dropped)" : "";
  const item = el("li", { className: "replay-seat" }, el("h6", {}, `${name}${dropped}`));
  if (hand) item.append(cardRow(hand, `${name}'s hand`));
  else if (known(size)) item.append(el("p", {}, `${plural(size, "card")} in hand (not shown by the log).`));
  return item;
}

function continentalTable(table) {
  if (!table || !table.length) return el("p", {}, "No meld on the table.");
  return el("ol", { className: "replay-melds", "aria-label": "Melds on the table" }, table.map((meld, i) => {
    const words = `Meld ${i + 1}: ${meld.kind || "meld"}${known(meld.seat) ? ` of ${seatName(meld.seat)}` : ""}`
      + `${meld.text ? ` (${meld.text})` : ""}`;
    return el("li", { className: "row" }, el("span", {}, words), meldRow(meld.cards, words));
  }));
}

function continentalState(state) {
  const seats = (state.hand_sizes || state.totals || state.hands || []).map((_, seat) => seat);
  const pile = state.discard_pile || [];
  const top = pile.length ? pile[pile.length - 1] : null;
  return [
    el("p", {}, `Hand ${state.hand ?? "–"}, dealer ${known(state.dealer) ? seatName(state.dealer) : "–"}`,
      known(state.stock_size) ? `; ${plural(state.stock_size, "card")} in the stock` : "", "."),
    state.totals ? standingsRow(state.totals, "Points in the game (lowest wins)", String) : null,
    el("ul", { className: "replay-seats", "aria-label": "The seats" }, seats.map((seat) => continentalSeat(state, seat))),
    el("h6", {}, "Discard pile"),
    top ? el("div", { className: "row" }, el("span", {}, `Top card (${plural(pile.length, "card")} in the pile):`),
      cardRow([top], "Top of the discard pile")) : el("p", {}, "Empty."),
    el("h6", {}, "The table"),
    continentalTable(state.table),
  ];
}

/** The table after a step, for the replay's game. */
export function renderState(game, state) {
  if (!state) return [el("p", { className: "busy" }, "Nothing to show for this record.")];
  return game === "continental" ? continentalState(state) : ramchiState(state);
}

// -- the stepper ------------------------------------------------------------------------------------

const TYPING = new Set(["INPUT", "TEXTAREA", "SELECT"]);

/** How many steps a page of the replay holds (the page asks for them so). */
export const PAGE_STEPS = 200;

/** The replay in ``root``: ``show(answer, {refused, fetchPage})`` renders it from its first page,
 * starting at the refused record's step when there is one; the other pages are asked for
 * (``fetchPage(from)``) as they are stepped into or opened from the list. ← and → (outside
 * text fields) step back and forth. */
export class Replay {
  constructor(root) {
    this.root = root;
    this.pages = new Map();
    this.total = 0;
    this.at = 0;
    this.game = "ramchi";
    this.refused = null;
    root.addEventListener("keydown", (event) => {
      if (!this.total || TYPING.has(event.target.tagName) || event.altKey || event.ctrlKey) return;
      const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
      if (!step) return;
      event.preventDefault();
      this.go(this.at + step);
    });
  }

  show(answer, { refused = null, fetchPage = null } = {}) {
    const steps = answer.steps || [];
    this.total = answer.total_steps ?? steps.length;
    this.pages = new Map([[Math.floor((answer.from || 0) / PAGE_STEPS), steps]]);
    this.fetchPage = fetchPage;
    this.game = answer.game || "ramchi";
    this.refused = refused;
    this.previous = button("Previous", () => this.go(this.at - 1), { label: "Previous record" });
    this.next = button("Next", () => this.go(this.at + 1), { label: "Next record" });
    this.position = el("p", { id: id("position"), className: "busy", "aria-live": "polite" });
    this.problem = el("div", { role: "alert", className: "problem" });
    this.record = el("div", { className: "replay-record", id: id("record") });
    this.list = el("ol", { className: "replay-steps", "aria-label": "Records" });
    const intro = el("p", {}, this.total
      ? `${plural(this.total, "step")}, one per record${answer.finished ? ", to the end of the game" : ""}. `
        + "Use Previous and Next (or the ← and → keys) to go through them."
      : "The log has no record.");
    const box = scrollBox(this.list);
    box.setAttribute("aria-label", "Records of the log");
    box.classList.add("replay-list");
    this.root.replaceChildren(el("h4", { id: id("heading"), tabIndex: -1 }, "Replay"), intro,
      el("div", { className: "row", role: "group", "aria-label": "Step through the records" },
        this.previous, this.next, this.position),
      this.problem, this.record, el("h5", {}, "Every record"), box);
    this.root.hidden = false;
    this.renderList();
    // The steps stop at a refused record: it is the last step.
    return this.go(refused === null ? 0 : this.total - 1);
  }

  /** The step at position ``at`` (0 first), or undefined while its page is not read. */
  step(at) {
    const page = this.pages.get(Math.floor(at / PAGE_STEPS));
    return page ? page[at % PAGE_STEPS] : undefined;
  }

  /** Read the page holding position ``at`` (once); false when it could not be read. */
  async load(at) {
    const number = Math.floor(at / PAGE_STEPS);
    if (this.pages.has(number)) return true;
    if (!this.fetchPage) return false;
    this.position.textContent = `Reading steps ${number * PAGE_STEPS + 1} onwards…`;
    try {
      const answer = await this.fetchPage(number * PAGE_STEPS);
      this.pages.set(number, answer.steps || []);
    } catch (error) {
      showProblem(this.problem, error);
      return false;
    }
    showProblem(this.problem, null);
    this.renderList();
    return true;
  }

  /** Whether ``step`` tells the record the verdict refuses (its index in the log as posted). */
  isRefused(step) {
    if (this.refused === null) return false;
    return ("posted" in step ? step.posted : step.index) === this.refused;
  }

  /** The list: every step of the pages read, a button for each page not read yet. */
  renderList() {
    const items = [];
    for (let number = 0; number * PAGE_STEPS < this.total; number += 1) {
      const first = number * PAGE_STEPS;
      const page = this.pages.get(number);
      if (page) items.push(...page.map((step, i) => this.listItem(step, first + i)));
      else {
        const last = Math.min(this.total, first + PAGE_STEPS);
        items.push(el("li", { className: "step" },
          button(`Show steps ${first + 1} to ${last}`, () => this.go(first))));
      }
    }
    this.list.replaceChildren(...items);
    this.mark();
  }

  listItem(step, at) {
    const refused = this.isRefused(step);
    const pick = button(`${stepTitle(step)}: ${step.text}`, () => this.go(at));
    pick.classList.add("step-button");
    const item = el("li", { className: refused ? "step refused" : "step",
      dataset: { index: String(step.index), step: String(at) } }, pick);
    if (refused) item.append(el("strong", { className: "refused-note" }, " ← the verdict refuses this record"));
    return item;
  }

  /** Mark the current step in the list (aria-current) and scroll the list to it. */
  mark() {
    let current = null;
    for (const item of this.list.children) {
      if (item.dataset.step === String(this.at)) {
        item.setAttribute("aria-current", "step");
        current = item;
      } else item.removeAttribute("aria-current");
    }
    this.reveal(current);
  }

  async go(at) {
    if (!this.total) {
      this.previous.disabled = true;
      this.next.disabled = true;
      return;
    }
    const target = Math.max(0, Math.min(this.total - 1, at));
    if (!(await this.load(target))) return;
    this.at = target;
    const step = this.step(target);
    this.previous.disabled = target === 0;
    this.next.disabled = target === this.total - 1;
    this.position.textContent = `Step ${target + 1} of ${this.total}.`;
    const refused = this.isRefused(step);
    this.record.replaceChildren(
      el("h5", {}, stepTitle(step), refused ? " — refused by the verdict" : ""),
      el("p", { className: refused ? "step-text refused" : "step-text" }, step.text),
      ...renderState(this.game, step.state));
    this.keepFocus();
    this.mark();
  }

  /** A step button that just became disabled hands the focus to the other one. */
  keepFocus() {
    if (document.activeElement === this.previous && this.previous.disabled) this.next.focus();
    if (document.activeElement === this.next && this.next.disabled) this.previous.focus();
  }

  /** Scroll the list (not the page) so that ``item`` shows. */
  reveal(item) {
    const box = this.list.parentElement;
    if (!item || !box) return;
    if (item.offsetTop < box.scrollTop) box.scrollTop = item.offsetTop;
    else if (item.offsetTop + item.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = item.offsetTop + item.offsetHeight - box.clientHeight;
    }
  }
}
