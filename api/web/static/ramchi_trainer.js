// Ramchi trainer: the page deals a hand, the player arranges it into five rounds (click, drag or
// keyboard), and the trainer grades that lineup against the ev advice on the same sampled deals:
// chips lost, a verdict, both expected values and the best lineup. A running score is kept for
// the session (in this page only).

import { trainerScore } from "/web/client.js";
import {
  VERDICT_NAMES, cardName, cardText, chips, deckCodes, fixed, opponentsText, randomBelow, shuffled,
  verdictName,
} from "/web/format.js";
import { RAMCHI_LINEUP, el, feedback, lineupBuilder, lineupList } from "/web/widgets.js";

const HAND_SIZE = RAMCHI_LINEUP.handSize;
const id = (name) => `ramchi-trainer-${name}`;

/** 17 distinct cards (sorted as the deck is), an up-card, a seat, a dealer and a seed. */
function deal() {
  const order = deckCodes();
  const deck = shuffled(order);
  const hand = deck.slice(0, HAND_SIZE).sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return { hand, upCard: deck[HAND_SIZE], seat: randomBelow(3), dealer: randomBelow(3),
    seed: randomBelow(2 ** 31) };
}

/** The cards the player arranges: the hand, with the up-card for the 2♦ once exchanged. */
function playable(dealt, exchanged) {
  return exchanged ? dealt.hand.map((code) => (code === "2d" ? dealt.upCard : code)) : dealt.hand;
}

// -- the session and the answer --------------------------------------------------------------------

function newSession() {
  return { hands: 0, lost: 0, counts: Object.fromEntries(Object.keys(VERDICT_NAMES).map((v) => [v, 0])) };
}

function sessionTable(session) {
  const row = (label, value, className = "") => el("tr", {},
    el("th", { scope: "row", className }, label), el("td", { className: "num" }, value));
  return el("table", { "aria-label": "Session score" },
    row("Hands played", String(session.hands)),
    row("Total chips lost", fixed(session.lost)),
    row("Average lost per hand", session.hands ? fixed(session.lost / session.hands) : "–"),
    ...Object.keys(session.counts).map((verdict) => row(verdictName(verdict),
      String(session.counts[verdict]), `verdict-${verdict}`)));
}

function verdictLine(answer) {
  let words = "your lineup is as good as the best one.";
  if (answer.chips_lost > 0) {
    words = `you lose ${fixed(answer.chips_lost)} chips per hand against the best lineup `
      + `(± ${fixed(answer.difference_error)}).`;
  } else if (answer.beat_advice) words = "your lineup scores even more than the advice's.";
  return el("p", { className: `verdict-${answer.verdict}`, id: id("verdict") },
    `${verdictName(answer.verdict)}: `, words);
}

function expectedTable(answer) {
  const row = (label, side) => el("tr", {}, el("th", { scope: "row" }, label),
    el("td", { className: "num" }, chips(side.expected_chips)),
    el("td", { className: "num" }, fixed(side.standard_error)));
  return el("table", { "aria-label": "Expected chips" },
    el("tr", {}, el("th", {}, ""), el("th", { className: "num" }, "Expected chips"),
      el("th", { className: "num" }, "Standard error")),
    row("Your lineup", answer.player), row("Best lineup", answer.best));
}

function renderScore(results, answer) {
  const heading = el("h3", { id: id("results-heading"), tabIndex: -1 }, "Your score");
  results.replaceChildren(heading, verdictLine(answer),
    answer.four_of_a_kind ? el("p", {}, `You hold four of a kind (${answer.four_of_a_kind}): the hand `
      + "is not played, so every lineup scores the same.") : null,
    expectedTable(answer),
    el("p", { className: "busy" }, `On the same ${answer.samples} sampled deals against `
      + `${opponentsText(answer.assumptions)} (seed ${answer.seed}).`),
    el("h3", {}, "Your lineup as played"),
    answer.player.combinations.length
      ? lineupList(answer.player.combinations, "Your lineup as played")
      : el("p", {}, "No combination: every card discarded."),
    el("h3", {}, "Best lineup"),
    answer.best.exchanged ? el("p", {}, "Exchange the 2♦ for the up-card.") : null,
    lineupList(answer.best.combinations, "Best lineup"),
    el("p", {}, "Best discards: ", answer.best.discards.length
      ? answer.best.discards.map(cardText).join(" ") : "none"));
  results.hidden = false;
  heading.focus();
}

// -- the tab -------------------------------------------------------------------------------------

/** The controls under the hand: the samples, score, next hand, and the answer's places. */
function controls() {
  const samples = el("input", { id: id("samples"), type: "number", min: 1, max: 5000, step: 1,
    value: "200", inputMode: "numeric" });
  samples.style.width = "6rem";
  return {
    samples,
    score: el("button", { type: "button", className: "primary" }, "Score my arrangement"),
    next: el("button", { type: "button" }, "Next hand"),
    progress: el("progress", { "aria-label": "Scoring your arrangement", hidden: true }),
    results: el("section", { "aria-labelledby": id("results-heading"), hidden: true, id: id("results") }),
    session: el("section", { "aria-labelledby": id("session-heading"), id: id("session") }),
    dealLine: el("p", { id: id("deal") }),
    exchange: el("input", { type: "checkbox", id: id("exchange") }),
  };
}

/** The trainer: one dealt hand at a time, arranged, scored, and the session's running score. */
class Trainer {
  constructor(panel) {
    Object.assign(this, { session: newSession(), dealt: null, exchanged: false });
    this.builder = lineupBuilder({ statusId: id("count"), hintId: id("hand-hint") });
    this.ui = controls();
    const { ui } = this;
    this.exchangeRow = el("div", { className: "row" }, ui.exchange,
      el("label", { for: id("exchange") }, "Exchange the 2♦ for the up-card"));
    const handBox = el("fieldset", {}, el("legend", {}, `Your ${HAND_SIZE} cards`), ui.dealLine, this.exchangeRow,
      this.builder.hand,
      el("p", { id: id("hand-hint"), className: "busy" },
        "Pick a round, then click (or press Enter on) three cards to fill it; or drag a card onto "
        + "a round. Click a card in a round to take it back. Cards left over are discarded. The "
        + "rules play your combinations strongest first, whatever the round you put them in."),
      this.builder.status);
    const lineupBox = el("fieldset", {}, el("legend", {}, "Your five rounds"), this.builder.slots);
    for (const box of [handBox, lineupBox]) box.style.minWidth = "0";
    panel.append(el("h2", {}, "Ramchi trainer"),
      el("p", {}, "Arrange the dealt hand yourself; the solver plays your lineup and its best one "
        + "on the same sampled deals and tells you how many chips your choice costs."),
      handBox, lineupBox,
      el("div", { className: "row" }, el("label", { for: id("samples") }, "Samples"), ui.samples,
        ui.score, ui.progress, ui.next));
    this.status = feedback(panel);
    panel.append(ui.results, ui.session);
    ui.exchange.addEventListener("change", () => this.exchange(ui.exchange.checked));
    ui.score.addEventListener("click", () => this.score());
    ui.next.addEventListener("click", () => this.newHand());
    this.renderSession();
    this.newHand();
  }

  renderSession() {
    this.ui.session.replaceChildren(el("h3", { id: id("session-heading") }, "Session"), sessionTable(this.session));
  }

  exchange(on) {
    this.exchanged = on;
    this.builder.setHand(playable(this.dealt, on),
      on ? `You take ${cardName(this.dealt.upCard)} for the 2♦.` : "You keep the 2♦.");
  }

  newHand() {
    const { ui } = this;
    this.dealt = deal();
    this.exchanged = false;
    ui.exchange.checked = false;
    ui.exchange.disabled = false;
    this.exchangeRow.hidden = !this.dealt.hand.includes("2d");
    ui.score.disabled = false;
    ui.results.hidden = true;
    ui.results.replaceChildren();
    this.status.done("");
    ui.dealLine.replaceChildren("Up-card: ", el("strong", {}, cardName(this.dealt.upCard)),
      `. You sit in seat ${this.dealt.seat}; the dealer is seat ${this.dealt.dealer}.`);
    this.builder.deal(playable(this.dealt, false), "New hand dealt.");
  }

  request() {
    const { dealt } = this;
    const body = { hand: dealt.hand, up_card: dealt.upCard, seat: dealt.seat, dealer: dealt.dealer,
      seed: dealt.seed, lineup: this.builder.lineup(), exchange: this.exchanged };
    if (this.ui.samples.value !== "") body.samples = Number(this.ui.samples.value);
    return body;
  }

  async score() {
    const { ui } = this;
    const body = this.request();
    ui.score.disabled = true;
    ui.progress.hidden = false;
    this.status.busy(`Scoring: playing both lineups on ${body.samples || "the default number of"} sampled deals…`);
    try {
      this.scored(await trainerScore(body));
    } catch (error) {
      this.status.fail(error);
      ui.score.disabled = false;
    } finally {
      ui.progress.hidden = true;
    }
  }

  scored(answer) {
    const { session } = this;
    session.hands += 1;
    session.lost += answer.chips_lost;
    session.counts[answer.verdict] = (session.counts[answer.verdict] || 0) + 1;
    this.status.done(`Scored: ${verdictName(answer.verdict)}, ${fixed(answer.chips_lost)} chips lost.`);
    this.builder.lock(true);
    this.ui.exchange.disabled = true;
    this.renderSession();
    renderScore(this.ui.results, answer);
  }
}

function mount(panel) {
  return new Trainer(panel);
}

export const tool = { id: "ramchi-trainer", title: "Ramchi trainer", mount };
