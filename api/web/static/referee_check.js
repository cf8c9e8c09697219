// Check a Continental play at a real table: the melds on the table (one per line, card codes read
// leniently by the API), whether the player has dropped, the hand, and the play (a new meld, a lay
// off, a joker swapped or moved, the contract dropped) → legal with the melds it leaves and what
// each joker stands for, or the rule it breaks (client.js: continentalCheck).

import { continentalCheck } from "/web/client.js";
import { cardText, known, splitCodes } from "/web/format.js";
import { handSelect } from "/web/referee_continental_score.js";
import { button, checkRow, el, feedback, field, fillSelect, guarded, meldRow, select } from "/web/widgets.js";

const id = (name) => `referee-check-${name}`;

const PLAYS = [
  ["meld", "Lay down a new meld"],
  ["lay_off", "Lay off a card on a table meld"],
  ["swap_joker", "Put a card in place of a joker"],
  ["move_joker", "Move a joker from one run to another"],
  ["drop", "Drop the contract (go down)"],
];
const END_CHOICES = [["", "Either end (the rules choose)"], ["low", "Low end"], ["high", "High end"]];

/** Lines of card codes: one meld a line, empty lines left out. */
export function meldLines(text) {
  return String(text || "").split("\n").map(splitCodes).filter((meld) => meld.length);
}

function textInput(name, hint) {
  const node = el("input", { type: "text", id: id(name), autocomplete: "off", spellcheck: false });
  node.style.maxWidth = "100%";
  if (hint) node.setAttribute("aria-describedby", hint);
  return node;
}

function meldsArea(name, rows = 4) {
  const node = el("textarea", { id: id(name), rows, spellcheck: false, autocomplete: "off",
    "aria-describedby": id("codes-hint") });
  node.style.width = "100%";
  return node;
}

// -- the answer ---------------------------------------------------------------------------------

function jokersText(jokers) {
  if (!jokers || !jokers.length) return null;
  return jokers.map((joker) => `${cardText(joker.card)} stands for ${cardText(joker.stands_for)}`).join("; ");
}

/** The check's answer as fresh elements (a focusable heading first). */
export function renderCheck(answer) {
  const heading = el("h4", { id: id("results-heading"), tabIndex: -1 }, "The play checked");
  const verdict = answer.legal
    ? el("p", { className: "verdict-best" }, el("strong", {}, "Legal"), ": the rules allow this play.")
    : el("p", { className: "verdict-blunder" }, el("strong", {}, "Not legal"),
      answer.rule ? `: ${answer.rule}` : ".");
  const melds = answer.melds || [];
  return [heading, verdict,
    answer.message ? el("p", {}, answer.message) : null,
    melds.length ? el("h5", {}, answer.legal ? "The melds after the play" : "The melds") : null,
    melds.length ? el("ol", { className: "checked-melds", "aria-label": "Melds" }, melds.map((meld, i) => {
      const number = known(meld.index) ? meld.index + 1 : i + 1;
      const words = `Meld ${number}${meld.kind ? `: ${meld.kind}` : ""}${meld.text ? ` (${meld.text})` : ""}`;
      const jokers = jokersText(meld.jokers);
      return el("li", {}, el("div", { className: "row" }, el("span", {}, words), meldRow(meld.cards, words)),
        jokers ? el("p", { className: "busy" }, jokers) : null);
    })) : null];
}

// -- the form -----------------------------------------------------------------------------------

/** The "check a play" form in ``parent``. */
export class PlayCheck {
  constructor(parent) {
    this.parent = parent;
    const ui = {
      table: meldsArea("table"),
      dropped: el("input", { type: "checkbox", id: id("dropped") }),
      kind: select(PLAYS, "meld", { id: id("kind") }),
      cards: textInput("cards", id("codes-hint")),
      card: textInput("card", id("codes-hint")),
      meld: select([], "", { id: id("meld") }),
      end: select(END_CHOICES, "", { id: id("end") }),
      to: select([], "", { id: id("to") }),
      toEnd: select(END_CHOICES, "", { id: id("to-end") }),
      drop: meldsArea("drop", 3),
      send: button("Check the play", () => this.check(), { primary: true }),
      results: el("section", { id: id("results"), "aria-labelledby": id("results-heading"), hidden: true }),
    };
    this.ui = ui;
    ui.cards.size = 24;
    ui.card.size = 6;
    this.fields = {
      cards: field("The meld's cards", ui.cards),
      card: field("The card", ui.card),
      meld: field("On table meld", ui.meld),
      end: field("Where a joker goes", ui.end),
      to: field("To table meld", ui.to),
      toEnd: field("Where it joins", ui.toEnd),
      drop: el("div", {}, el("p", {}, el("label", { for: id("drop") }, "The melds dropped, one per line")), ui.drop),
    };
    const box = el("fieldset", {}, el("legend", {}, "The table and the play"));
    box.style.minWidth = "0";
    parent.append(box);
    this.status = feedback(parent);
    this.hand = handSelect(id("hand"), this.status);
    box.append(
      el("p", {}, el("label", { for: id("table") }, "Melds on the table, one per line (meld 1 first)")), ui.table,
      el("p", { id: id("codes-hint"), className: "busy" },
        "Card codes separated by spaces: 7c 7d Jk, 10h Jh Qh; a joker is Jk."),
      el("div", { className: "row" }, el("label", { for: id("hand") }, "Hand"), this.hand),
      checkRow(ui.dropped, "The player has dropped this hand"),
      field("The play", ui.kind),
      ...Object.values(this.fields),
      el("div", { className: "row" }, ui.send));
    parent.append(ui.results);
    ui.kind.addEventListener("change", () => this.showFields());
    ui.table.addEventListener("input", () => this.meldChoices());
    this.meldChoices();
    this.showFields();
  }

  /** The table meld selects list the melds typed ("Meld 1: 7♣ 7♦ Jk"). */
  meldChoices() {
    const melds = meldLines(this.ui.table.value);
    const choices = melds.length
      ? melds.map((meld, i) => [String(i), `Meld ${i + 1}: ${meld.join(" ")}`])
      : [["0", "Meld 1 (type the table above)"]];
    fillSelect(this.ui.meld, choices);
    fillSelect(this.ui.to, choices);
  }

  /** Show the fields the chosen play takes. */
  showFields() {
    const wanted = {
      meld: ["cards"], lay_off: ["card", "meld", "end"], swap_joker: ["card", "meld", "end"],
      move_joker: ["meld", "end", "to", "toEnd"], drop: ["drop"],
    }[this.ui.kind.value];
    for (const [name, node] of Object.entries(this.fields)) node.hidden = !wanted.includes(name);
    this.fields.meld.querySelector("label").textContent = this.ui.kind.value === "move_joker"
      ? "From table meld" : "On table meld";
    fillSelect(this.ui.end, this.ui.kind.value === "move_joker" ? END_CHOICES.slice(1) : END_CHOICES);
    this.fields.end.querySelector("label").textContent = this.ui.kind.value === "move_joker"
      ? "The end the joker leaves" : "Where a joker goes";
  }

  play() {
    const { ui } = this;
    const end = ui.end.value === "" ? null : ui.end.value;
    switch (ui.kind.value) {
      case "meld": return { meld: splitCodes(ui.cards.value) };
      case "lay_off": return { lay_off: { card: ui.card.value.trim(), meld: Number(ui.meld.value), end } };
      case "swap_joker": return { swap_joker: { card: ui.card.value.trim(), meld: Number(ui.meld.value), end } };
      case "move_joker": return { move_joker: { meld: Number(ui.meld.value), end, to: Number(ui.to.value),
        to_end: ui.toEnd.value === "" ? null : ui.toEnd.value } };
      default: return { drop: meldLines(ui.drop.value) };
    }
  }

  request() {
    return { table: meldLines(this.ui.table.value), dropped: this.ui.dropped.checked,
      hand_number: Number(this.hand.value), play: this.play() };
  }

  async check() {
    const { ui } = this;
    const body = this.request();
    this.status.busy("Checking the play…");
    ui.send.disabled = true;
    try {
      await guarded(this.parent, this.status, async () => {
        const answer = await continentalCheck(body);
        ui.results.replaceChildren(...renderCheck(answer).filter(Boolean));
        ui.results.hidden = false;
        this.status.done(answer.legal ? "Checked: legal." : "Checked: not legal.");
        document.getElementById(id("results-heading")).focus();
      });
    } finally {
      ui.send.disabled = false;
    }
  }
}
