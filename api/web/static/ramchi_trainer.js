// Ramchi trainer: the page deals a hand, the player arranges it into five rounds (click, drag or
// keyboard) while each round names its combination in the rules' words, and the trainer grades
// that lineup against the ev advice on the same sampled deals: chips lost, a verdict, both
// expected values and the best lineup. A hint and the best arrangement are a click away; the
// arrangement can be undone, and the hand, its arrangement and the session's score survive a reload.

import { ramchiAdvice, trainerScore } from "/web/client.js";
import {
  VERDICT_NAMES, cardName, cardText, chips, deckCodes, fixed, opponentsText, randomBelow, rankPlural,
  shuffled, verdictName,
} from "/web/format.js";
import { History, keep, restore } from "/web/ramchi_trainer_kept.js";
import { LiveCheck, fourOfAKindLine, hintText, playingOrder, roundNote } from "/web/ramchi_trainer_live.js";
import { RAMCHI_LINEUP, checkRow, el, feedback, lineupBuilder, lineupList, rulesLinks } from "/web/widgets.js";

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

/** Where the player sits, in words: the seat after the dealer leads round 1 and each round's
 * winner leads the next (". You sit after the dealer: you lead round 1."). */
function seatWords(dealt) {
  const after = (dealt.dealer + 1) % 3;
  let where = "You deal: you are the last to show in round 1.";
  if (dealt.seat === after) where = "You sit after the dealer: you lead round 1.";
  else if (dealt.seat !== dealt.dealer) where = "You sit before the dealer: you show second in round 1.";
  return `. ${where} Each round's winner leads the next.`;
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
    words = `you lose about ${fixed(answer.chips_lost)} chips per hand against the best lineup.`;
  } else if (answer.beat_advice) words = "your lineup scores even more than the advice's.";
  return el("p", { className: `verdict-${answer.verdict}`, id: id("verdict") },
    `${verdictName(answer.verdict)}: `, words);
}

function expectedTable(answer) {
  const row = (label, side) => el("tr", {}, el("th", { scope: "row" }, label),
    el("td", { className: "num" }, chips(side.expected_chips)));
  return el("table", { "aria-label": "Expected chips" },
    el("tr", {}, el("th", {}, ""), el("th", { className: "num" }, "Expected chips per hand")),
    row("Your lineup", answer.player), row("Best lineup", answer.best));
}

/** The numbers' precision, for the curious, behind a closed disclosure. */
function howSure(answer) {
  return el("details", {}, el("summary", {}, "How sure is this?"),
    el("p", {}, `Both lineups were played on the same ${answer.samples} sampled deals against `
      + `${opponentsText(answer.assumptions)} (seed ${answer.seed}). The chips lost are measured to `
      + `± ${fixed(answer.difference_error)} (one standard error of the difference); your lineup's `
      + `expected chips ± ${fixed(answer.player.standard_error)}, the best one's ± `
      + `${fixed(answer.best.standard_error)}.`));
}

function renderScore(results, answer) {
  const heading = el("h3", { id: id("results-heading"), tabIndex: -1 }, "Your score");
  const parts = [heading, verdictLine(answer),
    answer.four_of_a_kind ? el("p", {}, `You hold four ${rankPlural(answer.four_of_a_kind)}: the hand `
      + "is not played, so every lineup scores the same.") : null,
    expectedTable(answer),
    el("p", { className: "busy" }, `On the same ${answer.samples} sampled deals for both lineups.`),
    howSure(answer),
    el("h3", {}, "Your lineup as played"),
    answer.player.combinations.length
      ? lineupList(answer.player.combinations, "Your lineup as played")
      : el("p", {}, "No combination: every card discarded."),
    el("h3", {}, "Best lineup"),
    answer.best.exchanged ? el("p", {}, "Exchange the 2♦ for the up-card.") : null,
    lineupList(answer.best.combinations, "Best lineup"),
    el("p", {}, "Best discards: ", answer.best.discards.length
      ? answer.best.discards.map(cardText).join(" ") : "none")];
  // replaceChildren would write a null as the text "null": a part left out is dropped here
  results.replaceChildren(...parts.filter((part) => part !== null && part !== undefined && part !== false));
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
    undo: el("button", { type: "button", disabled: true }, "Undo"),
    hint: el("button", { type: "button" }, "Hint"),
    best: el("button", { type: "button" }, "Show me the best arrangement"),
    progress: el("progress", { "aria-label": "Scoring your arrangement", hidden: true }),
    results: el("section", { "aria-labelledby": id("results-heading"), hidden: true, id: id("results") }),
    session: el("section", { "aria-labelledby": id("session-heading"), id: id("session") }),
    dealLine: el("p", { id: id("deal") }),
    four: el("div", { id: id("four-box") }),
    order: el("div", { id: id("order") }),
    hintLine: el("p", { id: id("hint"), role: "status", "aria-live": "polite" }),
    exchange: el("input", { type: "checkbox", id: id("exchange") }),
  };
}

/** The trainer: one dealt hand at a time, arranged, scored, and the session's running score. */
class Trainer {
  constructor(panel) {
    Object.assign(this, { session: newSession(), dealt: null, exchanged: false, scored: false,
      history: new History(), advice: null, rounds: [] });
    this.builder = lineupBuilder({ statusId: id("count"), hintId: id("hand-hint"),
      onChange: (rounds) => this.arranged(rounds) });
    this.check = new LiveCheck((answer) => this.checked(answer));
    this.ui = controls();
    const { ui } = this;
    this.exchangeRow = checkRow(ui.exchange, "Exchange the 2♦ for the up-card");
    const handBox = el("fieldset", {}, el("legend", {}, `Your ${HAND_SIZE} cards`), ui.dealLine, ui.four,
      this.exchangeRow, this.builder.hand,
      el("p", { id: id("hand-hint"), className: "busy" },
        "Pick a round, then click (or press Enter on) three cards to fill it; or drag a card onto "
        + "a round. Click a card in a round to take it back. Cards left over are discarded. The "
        + "rules play your combinations strongest first, whatever the round you put them in."),
      this.builder.status);
    const lineupBox = el("fieldset", {}, el("legend", {}, "Your five rounds"), this.builder.slots,
      el("div", { className: "row" }, ui.undo, ui.hint, ui.best), ui.hintLine,
      el("h3", {}, "As the rules play them"), ui.order);
    for (const box of [handBox, lineupBox]) box.style.minWidth = "0";
    panel.append(el("h2", {}, "Ramchi trainer"),
      el("p", {}, "Arrange the dealt hand yourself; the solver plays your lineup and its best one "
        + "on the same sampled deals and tells you how many chips your choice costs."),
      rulesLinks("ramchi"),
      el("div", { className: "trainer-arrange" }, handBox, lineupBox),
      el("div", { className: "row" }, el("label", { for: id("samples") }, "Samples"), ui.samples,
        ui.score, ui.progress, ui.next));
    this.status = feedback(panel);
    panel.append(ui.results, ui.session);
    this.listen(panel);
    this.start();
  }

  /** Wire the controls (and Ctrl+Z for Undo). */
  listen(panel) {
    const { ui } = this;
    ui.exchange.addEventListener("change", () => this.exchange(ui.exchange.checked, true));
    ui.score.addEventListener("click", () => this.score());
    ui.next.addEventListener("click", () => this.newHand());
    ui.undo.addEventListener("click", () => this.undo());
    ui.hint.addEventListener("click", () => this.hint());
    ui.best.addEventListener("click", () => this.showBest());
    panel.addEventListener("keydown", (event) => {
      if ((event.ctrlKey || event.metaKey) && event.key === "z" && event.target.tagName !== "INPUT") {
        event.preventDefault();
        this.undo();
      }
    });
  }

  /** The kept hand and arrangement when there is one still to score, else a new hand. */
  start() {
    const kept = restore({ handSize: HAND_SIZE, rounds: RAMCHI_LINEUP.rounds, size: RAMCHI_LINEUP.size,
      verdicts: Object.keys(VERDICT_NAMES) });
    if (kept && kept.session) this.session = kept.session;
    this.renderSession();
    if (!kept || !kept.dealt || kept.scored) {
      this.newHand();
      return;
    }
    this.showDeal(kept.dealt);
    if (kept.exchanged) this.exchange(true, false);
    this.builder.setRounds(kept.rounds || [], "Your hand and arrangement are back as you left them.");
    this.history.clear();
    this.ui.undo.disabled = true;
  }

  renderSession() {
    this.ui.session.replaceChildren(el("h3", { id: id("session-heading") }, "Session"), sessionTable(this.session));
  }

  /** Keep the state in this browser. */
  save() {
    keep({ dealt: this.dealt, exchanged: this.exchanged, rounds: this.rounds, scored: this.scored,
      session: this.session });
  }

  /** The player changed a round: remember the state before, keep it, and ask the rules. */
  arranged(rounds) {
    if (!this.undoing) this.history.push({ rounds: this.rounds, exchanged: this.exchanged });
    this.rounds = rounds;
    if (this.refused) {  // the rounds changed: a "Not scored yet" about the old ones is stale
      this.refused = false;
      this.status.done("");
    }
    this.ui.undo.disabled = this.history.empty || this.scored;
    this.save();
    this.ask();
  }

  ask() {
    this.check.ask(this.dealt, this.exchanged, this.rounds);
  }

  /** The rules' answer: each round's note, the playing order, the four of a kind. */
  checked(answer) {
    const size = RAMCHI_LINEUP.size;
    for (const round of answer.rounds) {
      if (round.cards.length) this.builder.note(this.rounds[round.round - 1] || [], roundNote(round, size));
    }
    this.ui.order.replaceChildren(playingOrder(answer));
    this.ui.four.replaceChildren(fourOfAKindLine(answer) || "");
  }

  exchange(on, byPlayer) {
    if (byPlayer) this.history.push({ rounds: this.rounds, exchanged: this.exchanged });
    this.exchanged = on;
    this.ui.exchange.checked = on;
    this.builder.setHand(playable(this.dealt, on),
      on ? `You take ${cardName(this.dealt.upCard)} for the 2♦.` : "You keep the 2♦.");
    this.rounds = this.builder.rounds();
    this.ui.undo.disabled = this.history.empty;
    this.save();
    this.ask();
  }

  /** Go back one change of the arrangement (not once it is scored). */
  undo() {
    if (this.scored) return;
    const step = this.history.pop();
    if (!step) return;
    this.undoing = true;
    try {
      if (step.exchanged !== this.exchanged) this.exchange(step.exchanged, false);
      this.builder.setRounds(step.rounds, "Undone.");
    } finally {
      this.undoing = false;
    }
    this.ui.undo.disabled = this.history.empty;
  }

  /** Show a dealt hand, the rounds empty. */
  showDeal(dealt) {
    const { ui } = this;
    Object.assign(this, { dealt, exchanged: false, scored: false, advice: null, rounds: [] });
    this.history.clear();
    ui.exchange.checked = false;
    ui.exchange.disabled = false;
    this.exchangeRow.hidden = !dealt.hand.includes("2d");
    for (const control of [ui.score, ui.hint, ui.best]) control.disabled = false;
    ui.undo.disabled = true;
    ui.results.hidden = true;
    ui.results.replaceChildren();
    ui.hintLine.textContent = "";
    ui.four.replaceChildren();
    ui.order.replaceChildren();
    this.status.done("");
    ui.dealLine.replaceChildren("Up-card: ", el("strong", {}, cardName(dealt.upCard)), seatWords(dealt));
    this.builder.deal(playable(dealt, false), "New hand dealt.");
    this.rounds = this.builder.rounds();
    this.ask();
  }

  newHand() {
    this.showDeal(deal());
    this.save();
  }

  /** The sampled-deal settings both the score and the advice use. */
  dealSettings() {
    const { dealt } = this;
    const body = { hand: dealt.hand, up_card: dealt.upCard, seat: dealt.seat, dealer: dealt.dealer,
      seed: dealt.seed };
    if (this.ui.samples.value !== "") body.samples = Number(this.ui.samples.value);
    return body;
  }

  request() {
    return { ...this.dealSettings(), lineup: this.builder.lineup(), exchange: this.exchanged };
  }

  /** The advice for this deal (asked once per deal and sample count); null when the player
   * dealt another hand meanwhile. */
  async bestLineup() {
    const { dealt } = this;
    const settings = this.dealSettings();
    const asked = JSON.stringify(settings);
    if (!this.advice || this.advice.asked !== asked) {
      this.status.busy("Asking the solver for the best lineup…");
      const answer = await ramchiAdvice(settings);
      if (dealt !== this.dealt || this.scored) return null;
      this.advice = { asked, answer };
      this.status.done("");
    }
    return this.advice.answer;
  }

  async hint() {
    try {
      const advice = await this.bestLineup();
      if (advice) this.ui.hintLine.textContent = hintText(advice, this.exchanged, this.rounds);
    } catch (error) {
      this.status.fail(error);
    }
  }

  async showBest() {
    try {
      const advice = await this.bestLineup();
      if (!advice) return;
      const exchange = Boolean(advice.exchange && advice.exchange.recommended);
      if (exchange !== this.exchanged) this.exchange(exchange, true);
      this.builder.setRounds(advice.combinations.map((combination) => combination.cards),
        "The best arrangement is in your rounds: score it, or change it.");
      this.ui.hintLine.textContent = "";
    } catch (error) {
      this.status.fail(error);
    }
  }

  /** The rounds the rules refuse, in words ("Round 2 is not a combination: …"), or "". */
  invalidRounds() {
    const answer = this.check.last;
    if (!answer) return "";
    const bad = answer.rounds.filter((round) => round.complete && !round.is_combination);
    return bad.map((round) => `Round ${round.round} is not a combination: ${round.reason}`).join(" ");
  }

  async score() {
    const { ui } = this;
    const invalid = this.invalidRounds();
    if (invalid) {
      this.status.done(`Not scored yet: ${invalid} Change that round, or clear it to discard its cards.`);
      this.refused = true;
      return;
    }
    const body = this.request();
    ui.score.disabled = true;
    ui.progress.hidden = false;
    this.status.busy(`Scoring: playing both lineups on ${body.samples || "the default number of"} sampled deals…`);
    try {
      this.showScore(await trainerScore(body));
    } catch (error) {
      this.status.fail(error);
      ui.score.disabled = false;
    } finally {
      ui.progress.hidden = true;
    }
  }

  showScore(answer) {
    const { session } = this;
    session.hands += 1;
    session.lost += answer.chips_lost;
    session.counts[answer.verdict] = (session.counts[answer.verdict] || 0) + 1;
    this.status.done(`Scored: ${verdictName(answer.verdict)}, ${fixed(answer.chips_lost)} chips lost.`);
    this.scored = true;
    this.history.clear();
    this.builder.lock(true);
    for (const control of [this.ui.exchange, this.ui.undo, this.ui.hint, this.ui.best]) control.disabled = true;
    this.renderSession();
    this.save();
    renderScore(this.ui.results, answer);
  }
}

function mount(panel) {
  return new Trainer(panel);
}

export const tool = { id: "ramchi-trainer", title: "Ramchi trainer", mount };
