// Ramchi advice: pick 17 cards (deck grid, random deal or typed codes), ask for the advice, and
// show the lineup round by round, the discards, the 2♦ exchange, the alternatives and why.
// The text box is the one source of the hand: the grid and the random deal write into it, and
// what is typed there is sent as typed (the API parses lenient codes and names any problem).

import { ramchiAdvice } from "/web/client.js";
import { cardRow } from "/web/cards.js";
import {
  OPPONENT_CHOICES, cardName, cardsText, chips, deckCodes, fixed, known, opponentsText, shuffled,
  splitCodes,
} from "/web/format.js";
import { RAMCHI_LINEUP, deckGrid, el, feedback, field, lineupList, select } from "/web/widgets.js";

const HAND_SIZE = RAMCHI_LINEUP.handSize;
const SUIT_LETTERS = { "♠": "s", "♥": "h", "♦": "d", "♣": "c" };
const DEFAULT_SAMPLES = "200";
const SOLVER_SAMPLES = "40";  // careful opponents cost a solve per hand: the API's own default
const id = (name) => `ramchi-advice-${name}`;

/** A token as a deck code when this page can read it ("10h" → "Th", "a♠" → "As"); else null. */
function normalize(token) {
  const match = /^(10|[2-9tjqka])([shdc♠♥♦♣])$/i.exec(token.trim());
  if (!match) return null;
  const rank = match[1] === "10" ? "T" : match[1].toUpperCase();
  const suit = SUIT_LETTERS[match[2]] || match[2].toLowerCase();
  return `${rank}${suit}`;
}

// -- the answer ----------------------------------------------------------------------------------

/** How far an alternative is behind the advice: "−0.84 chips (± 0.12)". */
function behindText(alternative) {
  const error = known(alternative.behind_standard_error)
    ? ` (± ${fixed(alternative.behind_standard_error)})` : "";
  return `${chips(-alternative.chips_behind)} chips${error}`;
}

/** The advised lineup's lead over the runner-up, and whether it is clear (≥ 2 standard errors). */
function marginText(margin) {
  return `Lead over the runner-up: ${chips(margin.chips)} chips ± ${fixed(margin.standard_error)}`
    + ` — ${margin.clear ? "a clear choice" : "too close to call"}.`;
}

/** The rounds where ``alternative`` plays something other than ``advice``, in words. */
function changedRounds(alternative, advice) {
  const byRound = new Map(advice.combinations.map((combination) => [combination.round, combination]));
  return alternative.combinations.filter((combination) => {
    const mine = byRound.get(combination.round);
    return !mine || mine.cards.join(" ") !== combination.cards.join(" ");
  }).map((combination) => {
    const mine = byRound.get(combination.round);
    return `round ${combination.round}: ${combination.name}${mine ? ` instead of ${mine.name}` : ""}`;
  });
}

/** Why an alternative is worse: its expected chips against the advice's, and where it differs. */
function whyWorse(alternative, advice) {
  const reasons = [];
  let gap = null;
  if (known(alternative.chips_behind)) gap = alternative.chips_behind;
  else if (known(alternative.expected_chips) && known(advice.expected_chips)) {
    gap = advice.expected_chips - alternative.expected_chips;
  }
  if (gap !== null) {
    reasons.push(gap > 0 ? `It is expected to win ${fixed(gap)} chips fewer than the advice.`
      : "It is expected to win as many chips as the advice on these sampled deals.");
  }
  if (alternative.combinations.length !== advice.combinations.length) {
    reasons.push(`It makes ${alternative.combinations.length} combinations instead of `
      + `${advice.combinations.length}.`);
  }
  const changed = changedRounds(alternative, advice);
  if (changed.length) reasons.push(`It plays ${changed.join("; ")}.`);
  const discards = cardsText(alternative.discards);
  if (discards !== cardsText(advice.discards)) reasons.push(`It discards ${discards || "nothing"}.`);
  return reasons.join(" ");
}

function exchangeText(exchange, advice, request) {
  const kept = exchange.expected_chips_if_kept;
  const swapped = exchange.expected_chips_if_exchanged;
  const numbers = known(kept) && known(swapped)
    ? ` Expected ${chips(swapped)} chips if exchanged, ${chips(kept)} if kept.` : "";
  if (exchange.possible) {
    const upCard = request.up_card ? cardName(request.up_card) : "the up-card";
    return exchange.recommended
      ? `Exchange the 2♦ for ${upCard}: it is worth more than keeping it.${numbers}`
      : `Keep the 2♦: exchanging it for ${upCard} is worth less.${numbers}`;
  }
  let reason = "the rules do not offer it here";
  if (!(advice.hand || []).includes("2d")) reason = "you do not hold the 2♦";
  else if (!request.up_card) reason = "no up-card was given";
  else if (advice.objective !== "ev") reason = "only the ev objective weighs it";
  return `No exchange to weigh: ${reason}.`;
}

function summary(advice) {
  const assumptions = advice.assumptions || {};
  const where = ` Seat ${assumptions.seat}, dealer ${assumptions.dealer}; `
    + `solved in ${Math.round(advice.solve_ms)} ms.`;
  if (!known(advice.expected_chips)) {
    return el("p", {}, "Maximin: as many combinations as possible, then the weakest as strong as possible.", where);
  }
  const error = known(advice.standard_error) ? ` (± ${fixed(advice.standard_error)})` : "";
  return el("p", {}, `Expected ${chips(advice.expected_chips)} chips${error} over ${advice.samples} `
    + `sampled deals against ${opponentsText(assumptions)}.`, where);
}

function marginPart(advice) {
  if (advice.margin) {
    return el("p", { id: id("margin"), className: advice.margin.clear ? "verdict-best" : "verdict-inaccuracy" },
      marginText(advice.margin),
      el("span", { className: "margin-note" }, " Clear means a lead of at least two standard errors, "
        + "both lineups played on the same sampled deals."));
  }
  return advice.objective === "ev"
    ? el("p", { id: id("margin") }, "No runner-up lineup to measure the lead against.") : null;
}

function alternativeItem(alternative, index, advice) {
  const n = index + 1;
  const worth = known(alternative.expected_chips) ? `: expected ${chips(alternative.expected_chips)} chips` : "";
  let gap = "";
  if (known(alternative.chips_behind)) gap = `, ${behindText(alternative)} against the advice`;
  else if (worth && known(advice.expected_chips)) {
    gap = ` (${chips(alternative.expected_chips - advice.expected_chips)} against the advice)`;
  }
  return el("li", {},
    el("p", {}, el("strong", {}, `Alternative ${n}`), worth, gap),
    el("p", {}, whyWorse(alternative, advice)),
    lineupList(alternative.combinations, `Alternative ${n} lineup`, { pays: true, cardsLabel: `Alternative ${n}` }),
    alternative.discards.length ? cardRow(alternative.discards, `Alternative ${n} discards`) : null);
}

function alternativesPart(advice) {
  if (advice.alternatives.length) {
    return el("ol", {}, advice.alternatives.map((alternative, i) => alternativeItem(alternative, i, advice)));
  }
  return el("p", {}, advice.objective === "ev" ? "The solver listed no alternative lineup."
    : "The maximin objective lists no alternatives; choose ev to compare lineups by chips.");
}

function render(results, advice, request) {
  const heading = el("h2", { id: id("results-heading"), tabIndex: -1 }, "Advice");
  const assumptions = advice.assumptions || {};
  results.replaceChildren(heading, summary(advice),
    known(advice.expected_chips) && assumptions.opponent_model
      ? el("p", { className: "busy", id: id("opponent-model") }, `Opponent model: ${assumptions.opponent_model}.`)
      : null,
    marginPart(advice) || "",
    advice.four_of_a_kind ? el("p", { className: "verdict-best" }, advice.four_of_a_kind.note) : "",
    el("h3", {}, "Lineup, round by round"),
    lineupList(advice.combinations, "Lineup", { pays: true, cardsLabel: "Lineup" }),
    el("h3", {}, "Discards"),
    advice.discards.length ? cardRow(advice.discards, "Discards") : el("p", {}, "None."),
    el("h3", {}, "The 2♦ exchange"),
    el("p", { className: advice.exchange.recommended ? "verdict-best" : "" },
      exchangeText(advice.exchange, advice, request)),
    el("h3", {}, "Alternatives"), alternativesPart(advice),
    el("h3", {}, "Why"), el("p", {}, advice.explanation));
  results.hidden = false;
  heading.focus();
}

// -- the hand: a text box, a deck grid and a random deal -------------------------------------------

/** The hand picker: its fieldset and ``chosen()``, the tokens typed or picked. */
function handPicker() {
  const buttons = new Map();
  const counter = el("p", { id: id("count"), role: "status", "aria-live": "polite" });
  const text = el("textarea", { id: id("codes"), rows: 3, spellcheck: false, autocomplete: "off",
    "aria-describedby": id("codes-hint") });
  text.style.width = "100%";
  const chosen = () => splitCodes(text.value);

  function sync(message = "") {
    const codes = new Set(chosen().map(normalize).filter(Boolean));
    for (const [code, node] of buttons) node.setAttribute("aria-pressed", String(codes.has(code)));
    counter.textContent = `${chosen().length} of ${HAND_SIZE} chosen.${message ? ` ${message}` : ""}`;
  }

  function toggle(code, pressed, node) {
    const list = chosen();
    if (pressed && list.length >= HAND_SIZE) {
      node.setAttribute("aria-pressed", "false");
      sync(`You already have ${HAND_SIZE} cards: unselect one before adding ${cardName(code)}.`);
      return;
    }
    if (pressed) list.push(code);
    else {
      const at = list.findIndex((token) => normalize(token) === code);
      if (at >= 0) list.splice(at, 1);
    }
    text.value = list.join(" ");
    sync();
  }

  const grid = deckGrid(deckCodes(), toggle, { label: "Deck", hintId: id("grid-hint"), buttons });
  const random = el("button", { type: "button" }, "Deal at random");
  random.addEventListener("click", () => {
    text.value = shuffled(deckCodes()).slice(0, HAND_SIZE).join(" ");
    sync("Dealt at random.");
  });
  const clear = el("button", { type: "button" }, "Clear");
  clear.addEventListener("click", () => { text.value = ""; sync(); });
  text.addEventListener("input", () => sync());
  sync();
  const box = el("fieldset", {}, el("legend", {}, `Your ${HAND_SIZE} cards`),
    el("div", { className: "row" }, random, clear), counter,
    el("p", {}, el("label", { for: id("codes") }, "Card codes (type, paste or pick below)")), text,
    el("p", { id: id("codes-hint"), className: "busy" },
      "Separate codes with spaces: As Kh 10d 9♣ are all understood; they are sent as typed."),
    el("p", { id: id("grid-hint"), className: "busy" },
      "Click a card to add or remove it. With the keyboard: Tab into the deck, arrows to move, "
      + "Enter or Space to pick."),
    grid);
  return { box, chosen };
}

// -- the options ---------------------------------------------------------------------------------

/** The deal and the objective: the fieldset and ``request(hand)``, the advice request. */
function optionsForm() {
  const seats = [["0", "0"], ["1", "1"], ["2", "2"]];
  const upCard = select([["", "None (not known)"], ...deckCodes().map((code) => [code, cardName(code)])], "",
    { id: id("up-card") });
  const seat = select(seats, "0", { id: id("seat") });
  const dealer = select([["", "Not known (rotated)"], ...seats], "", { id: id("dealer") });
  const objective = select([["ev", "Most chips (ev)"], ["maximin", "Safest (maximin)"]], "ev",
    { id: id("objective") });
  const samples = el("input", { id: id("samples"), type: "number", min: 1, max: 5000, step: 1,
    value: DEFAULT_SAMPLES, inputMode: "numeric" });
  samples.style.width = "6rem";
  const opponents = select(OPPONENT_CHOICES, "mixture", { id: id("opponents") });
  opponents.setAttribute("aria-describedby", id("opponents-hint"));
  let samplesEdited = false;
  samples.addEventListener("input", () => { samplesEdited = true; });
  opponents.addEventListener("change", () => {
    // Careful opponents are slow: follow the API's smaller default unless samples were typed.
    if (!samplesEdited) samples.value = opponents.value === "solver" ? SOLVER_SAMPLES : DEFAULT_SAMPLES;
  });
  objective.addEventListener("change", () => {
    samples.disabled = objective.value !== "ev";
    opponents.disabled = objective.value !== "ev";
  });
  const row = (...parts) => el("div", { className: "row" }, ...parts);
  const label = (input, text) => el("label", { for: input.id }, text);
  const box = el("fieldset", {}, el("legend", {}, "The deal"),
    row(label(upCard, "Up-card"), upCard, label(seat, "Your seat"), seat, label(dealer, "Dealer"), dealer),
    row(label(objective, "Objective"), objective, label(samples, "Samples (ev only)"), samples),
    field("Opponents (ev only)", opponents),
    el("p", { id: id("opponents-hint"), className: "busy" },
      "Who the two opponents are assumed to be (ev only). The default mixture is the blend of "
      + "models that did best in the service's tournament (today: all EV players). Careful "
      + "opponents cost a solve per sampled hand, so fewer samples are drawn (at most 200)."));
  function request(hand) {
    const body = { hand, objective: objective.value, seat: Number(seat.value),
      dealer: dealer.value === "" ? null : Number(dealer.value),
      up_card: upCard.value === "" ? null : upCard.value };
    if (objective.value === "ev") {
      body.opponents = opponents.value;
      if (samples.value !== "") body.samples = Number(samples.value);
    }
    return body;
  }
  return { box, request };
}

// -- the tab -------------------------------------------------------------------------------------

function mount(panel) {
  const hand = handPicker();
  const options = optionsForm();
  const advise = el("button", { type: "button", className: "primary" }, "Advise");
  const progress = el("progress", { "aria-label": "Asking the solver", hidden: true });
  const results = el("section", { "aria-labelledby": id("results-heading"), hidden: true, id: id("results") });
  for (const box of [hand.box, options.box]) box.style.minWidth = "0";  // fieldsets shrink on phones
  panel.append(el("h2", {}, "Ramchi advice"),
    el("p", {}, `Pick your ${HAND_SIZE} cards and the solver arranges them into five combinations `
      + "for the five rounds, says what to discard and whether to exchange the 2♦."),
    hand.box, options.box, el("div", { className: "row" }, advise, progress));
  const status = feedback(panel);
  panel.append(results);

  advise.addEventListener("click", async () => {
    const request = options.request(hand.chosen());
    advise.disabled = true;
    progress.hidden = false;
    status.busy(request.objective === "ev"
      ? `Solving: sampling ${request.samples || "the default number of"} deals…` : "Solving…");
    try {
      const advice = await ramchiAdvice(request);
      status.done(`Advice ready: ${advice.combinations.length} combinations, `
        + `${advice.discards.length} discards.`);
      render(results, advice, request);
    } catch (error) {
      status.fail(error);
    } finally {
      advise.disabled = false;
      progress.hidden = true;
    }
  });
}

export const tool = { id: "ramchi-advice", title: "Ramchi advice", mount };
