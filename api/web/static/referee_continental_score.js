// Score a Continental hand played at a real table: the cards each seat has left (typed codes, read
// leniently by the API), who went out, the hand, whether they dropped in the same turn, and the
// totals before the hand if wanted → each seat's score explained, the new totals and who leads
// (client.js: continentalScore).

import { continentalContracts, continentalScore } from "/web/client.js";
import { splitCodes } from "/web/format.js";
import { seatName } from "/web/referee_verdict.js";
import { button, checkRow, el, feedback, field, fillSelect, guarded, scrollBox, select } from "/web/widgets.js";

const PLAYER_CHOICES = [2, 3, 4, 5, 6];
const id = (name) => `referee-continental-score-${name}`;

/** The hand choices from the contracts the API states: "Hand 1: " and the contract's name. */
export async function handChoices() {
  const contracts = await continentalContracts();
  return contracts.map((contract) => [String(contract.hand), `Hand ${contract.hand}: ${contract.name}`]);
}

/** A hand select (1 until the contracts are read), filled from the API's contracts. */
export function handSelect(selectId, status) {
  const node = select([["1", "Hand 1"]], "1", { id: selectId });
  handChoices().then((choices) => fillSelect(node, choices)).catch((error) => status.fail(error));
  return node;
}

function scoresTable(answer) {
  const explained = answer.explanation || [];
  const totals = answer.totals || null;
  const leading = new Set(answer.leaders || []);
  const head = ["Player", "Score", "Why"].concat(totals ? ["New total"] : []);
  return scrollBox(el("table", { className: "score-continental" }, el("caption", {}, "Scores for the hand"),
    el("thead", {}, el("tr", {}, head.map((text) => el("th", { scope: "col" }, text)))),
    el("tbody", {}, answer.scores.map((score, seat) => el("tr", {},
      el("th", { scope: "row" }, seatName(seat), leading.has(seat) ? " (leads)" : ""),
      el("td", { className: "num" }, String(score)),
      el("td", {}, explained[seat] || ""),
      totals ? el("td", { className: "num" }, String(totals[seat])) : null)))));
}

/** The scored hand as fresh elements (a focusable heading first). */
export function renderContinentalScore(answer) {
  const leaders = answer.leaders || [];
  return [el("h4", { id: id("results-heading"), tabIndex: -1 }, "The hand scored"),
    scoresTable(answer),
    leaders.length ? el("p", {}, `Leading: ${leaders.map(seatName).join(" and ")} (the lowest total).`) : null];
}

/** The Continental scoring form in ``parent``. */
export class ContinentalScore {
  constructor(parent) {
    this.parent = parent;
    this.players = select(PLAYER_CHOICES.map((n) => [String(n), String(n)]), "3", { id: id("players") });
    this.seatsBox = el("div", { className: "score-seats" });
    this.wentOut = select([], "", { id: id("went-out") });
    this.sameTurn = el("input", { type: "checkbox", id: id("same-turn") });
    this.withTotals = el("input", { type: "checkbox", id: id("with-totals") });
    this.send = button("Score the hand", () => this.score(), { primary: true });
    this.results = el("section", { id: id("results"), "aria-labelledby": id("results-heading"), hidden: true });
    const box = el("fieldset", {}, el("legend", {}, "The hand at the table"));
    box.style.minWidth = "0";
    parent.append(box);
    this.status = feedback(parent);
    this.hand = handSelect(id("hand"), this.status);
    box.append(el("div", { className: "row" }, el("label", { for: id("players") }, "Players"), this.players,
      el("label", { for: id("hand") }, "Hand"), this.hand),
    el("p", { id: id("cards-hint"), className: "busy" },
      "Each seat's cards left, as codes separated by spaces (As 10h 7c Jk); empty for none."),
    this.seatsBox,
    field("Who went out", this.wentOut),
    checkRow(this.sameTurn, "They dropped the contract and went out in the same turn"),
    checkRow(this.withTotals, "Add to the totals before this hand"),
    el("div", { className: "row" }, this.send));
    parent.append(this.results);
    this.players.addEventListener("change", () => this.seats());
    this.withTotals.addEventListener("change", () => this.showTotals());
    this.seats();
  }

  /** One row per seat: its cards left and its total before the hand. */
  seats() {
    const count = Number(this.players.value);
    const kept = (this.rows || []).map((row) => [row.cards.value, row.total.value]);
    this.rows = Array.from({ length: count }, (_, seat) => {
      const cards = el("input", { type: "text", id: id(`cards-${seat}`), autocomplete: "off", spellcheck: false,
        "aria-describedby": id("cards-hint"), value: kept[seat] ? kept[seat][0] : "" });
      cards.style.maxWidth = "100%";
      const total = el("input", { type: "number", id: id(`total-${seat}`), step: 1, inputMode: "numeric",
        value: kept[seat] ? kept[seat][1] : "0" });
      total.style.width = "6rem";
      const totalLabel = el("label", { for: total.id }, `${seatName(seat)}: total before`);
      const totalPart = el("span", { className: "row total-before" }, totalLabel, total);
      return { cards, total, totalPart, node: el("div", { className: "row" },
        el("label", { for: cards.id }, `${seatName(seat)}: cards left`), cards, totalPart) };
    });
    this.seatsBox.replaceChildren(...this.rows.map((row) => row.node));
    fillSelect(this.wentOut, [["", "Nobody (the stock ran out)"],
      ...this.rows.map((_, seat) => [String(seat), seatName(seat)])]);
    this.showTotals();
  }

  showTotals() {
    for (const row of this.rows) row.totalPart.hidden = !this.withTotals.checked;
  }

  request() {
    const body = {
      hand_number: Number(this.hand.value),
      hands: this.rows.map((row) => splitCodes(row.cards.value)),
      went_out: this.wentOut.value === "" ? null : Number(this.wentOut.value),
      dropped_and_went_out_same_turn: this.sameTurn.checked,
    };
    if (this.withTotals.checked) body.totals = this.rows.map((row) => Number(row.total.value || 0));
    return body;
  }

  async score() {
    const body = this.request();
    this.status.busy("Scoring the hand…");
    this.send.disabled = true;
    try {
      await guarded(this.parent, this.status, async () => {
        const answer = await continentalScore(body);
        this.results.replaceChildren(...renderContinentalScore(answer).filter(Boolean));
        this.results.hidden = false;
        this.status.done(`Scored: ${answer.scores.map((s, seat) => `${seatName(seat)} ${s}`).join(", ")}.`);
        document.getElementById(id("results-heading")).focus();
      });
    } finally {
      this.send.disabled = false;
    }
  }
}
