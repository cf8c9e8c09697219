// Ramchi advice: pick 17 cards (deck grid, random deal or typed codes), ask for the advice, and
// show the lineup round by round (what each round pays), what is thrown away, the 2♦ exchange, the
// alternatives (by the cards that differ) and why, in words; the numbers behind the words sit in a
// "How sure is this?" disclosure (ramchi_advice_words.js writes the words).
// The text box is the one source of the hand: the grid and the random deal write into it, and
// what is typed there is sent as typed (the API parses lenient codes and names any problem).

import { ramchiAdvice } from "/web/client.js";
import { cardRow } from "/web/cards.js";
import {
  cardName, chips, deckCodes, fixed, known, opponentsText, percent, shuffled, splitCodes,
} from "/web/format.js";
import {
  band, behindWords, changes, exchangeWords, expectationWords, marginWords, opponentsWords, paysWords,
  sameValue, tableWords,
} from "/web/ramchi_advice_words.js";
import { RAMCHI_LINEUP, deckGrid, el, feedback, field, rulesLinks, select } from "/web/widgets.js";

const HAND_SIZE = RAMCHI_LINEUP.handSize;
const SUIT_LETTERS = { "♠": "s", "♥": "h", "♦": "d", "♣": "c" };
const DEFAULT_SAMPLES = "200";
const SOLVER_SAMPLES = "40";  // careful opponents cost a solve per hand: the API's own default
const id = (name) => `ramchi-advice-${name}`;
/** The opponents the advice can assume (the API's ``opponents``), as the form names them. */
const OPPONENT_CHOICES = [
  ["mixture", "Mixed (default)"],
  ["greedy", "Greedy players"],
  ["solver", "Careful players"],
  ["ev", "Players who maximise chips"],
];

/** A token as a deck code when this page can read it ("10h" → "Th", "a♠" → "As"); else null. */
function normalize(token) {
  const match = /^(10|[2-9tjqka])([shdc♠♥♦♣])$/i.exec(token.trim());
  if (!match) return null;
  const rank = match[1] === "10" ? "T" : match[1].toUpperCase();
  const suit = SUIT_LETTERS[match[2]] || match[2].toLowerCase();
  return `${rank}${suit}`;
}

// -- the answer ----------------------------------------------------------------------------------

/** A lineup as an ordered list: per round what it pays (the answer's ``stake``), the
 * combination's name, its chance to win the round when known, and its cards. */
function adviceLineup(combinations, label) {
  return el("ol", { className: "lineup", "aria-label": label }, combinations.map((combination) => {
    const pays = paysWords(combination);
    const odds = known(combination.win_probability)
      ? ` — wins its round ${percent(combination.win_probability)} of the time` : "";
    return el("li", {},
      el("p", {}, `Round ${combination.round}${pays ? ` (${pays})` : ""}: `,
        el("strong", {}, combination.name), odds),
      cardRow(combination.cards, `${label}, round ${combination.round}: ${combination.name}`));
  }));
}

/** The cards a lineup throws away, labelled and set apart from its combinations. */
function thrownAway(codes, label) {
  return el("div", { className: "thrown-away" },
    el("p", { className: "thrown-away-label" }, "Thrown away", codes.length ? ":" : ": nothing"),
    codes.length ? cardRow(codes, label) : null);
}

/** How an alternative differs: the cards that differ round by round, and its count of rounds
 * (what it throws away is shown apart, below its lineup). */
function whatDiffers(alternative, advice) {
  const reasons = [];
  const changed = changes(alternative, advice);
  if (changed.length) reasons.push(`It plays ${changed.join("; ")}.`);
  if (alternative.combinations.length !== advice.combinations.length) {
    reasons.push(`It makes ${alternative.combinations.length} combinations instead of `
      + `${advice.combinations.length}.`);
  }
  return reasons.join(" ") || "It plays the same cards in every round.";
}

function exchangeText(exchange, advice, request) {
  if (exchange.possible) return exchangeWords(exchange, request.up_card);
  let reason = "the rules do not offer it here";
  if (!(advice.hand || []).includes("2d")) reason = "you do not hold the 2♦";
  else if (!request.up_card) reason = "no up-card was given";
  else if (advice.objective !== "ev") reason = "only the advice for the most chips weighs it";
  return `No exchange to weigh: ${reason}.`;
}

function summary(advice) {
  const assumptions = advice.assumptions || {};
  const table = el("p", { id: id("table") }, tableWords(assumptions));
  if (!known(advice.expected_chips)) {
    return [el("p", {}, "The safest lineup: as many combinations as possible, then the weakest as "
      + "strong as possible."), table];
  }
  return [el("p", { id: id("expected") }, `${expectationWords(advice.expected_chips)} this hand against `
    + `${opponentsWords(assumptions)} (over ${advice.samples} sampled deals).`), table];
}

function marginPart(advice) {
  if (advice.margin) {
    const gap = advice.margin.chips;
    const sure = band(gap, advice.margin.standard_error) === "clearly better" && !sameValue(gap, 0);
    return el("p", { id: id("margin"), className: sure ? "verdict-best" : "verdict-inaccuracy" },
      marginWords(advice.margin));
  }
  return advice.objective === "ev"
    ? el("p", { id: id("margin") }, "No other lineup was found to compare this one with.") : null;
}

function alternativeItem(alternative, index, advice) {
  const n = index + 1;
  const behind = behindWords(alternative);
  return el("li", {},
    el("p", {}, el("strong", {}, `Alternative ${n}`), behind ? `: ${behind}.` : ""),
    el("p", {}, whatDiffers(alternative, advice)),
    adviceLineup(alternative.combinations, `Alternative ${n} lineup`),
    thrownAway(alternative.discards, `Alternative ${n} thrown away`));
}

function alternativesPart(advice) {
  if (advice.alternatives.length) {
    return el("ol", { className: "alternatives" },
      advice.alternatives.map((alternative, i) => alternativeItem(alternative, i, advice)));
  }
  return el("p", {}, advice.objective === "ev" ? "No other lineup came close enough to list."
    : "The safest lineup is found without comparing others; aim for the most chips to compare lineups.");
}

/** The numbers behind the words, for those who want them: errors, seats, the solver's summary. */
function howSure(advice) {
  const lines = [];
  const assumptions = advice.assumptions || {};
  if (known(advice.expected_chips)) {
    lines.push(`Expected chips: ${chips(advice.expected_chips)} ± ${fixed(advice.standard_error || 0)} `
      + `(standard error) over ${advice.samples} sampled deals, seed ${advice.seed}.`);
  }
  if (advice.margin) {
    lines.push(`Lead over the next best lineup: ${chips(advice.margin.chips)} ± `
      + `${fixed(advice.margin.standard_error)} chips, both played on the same sampled deals. `
      + "Clearly better means a lead of at least two standard errors, probably better at least one; "
      + "less is a coin flip.");
  }
  advice.alternatives.forEach((alternative, i) => {
    if (known(alternative.chips_behind)) {
      lines.push(`Alternative ${i + 1}: ${chips(-alternative.chips_behind)} ± `
        + `${fixed(alternative.behind_standard_error || 0)} chips against the advice.`);
    }
  });
  const exchange = advice.exchange;
  if (known(exchange.expected_chips_if_kept) && known(exchange.expected_chips_if_exchanged)) {
    const error = known(exchange.difference_standard_error) ? ` ± ${fixed(exchange.difference_standard_error)}` : "";
    lines.push(`The 2♦: ${chips(exchange.expected_chips_if_exchanged)} chips if exchanged, `
      + `${chips(exchange.expected_chips_if_kept)} if kept (difference${error}).`);
  }
  if (known(advice.expected_chips) && assumptions.opponents) {
    lines.push(`Opponent model: ${opponentsText(assumptions)}; ${assumptions.opponent_model || ""}.`);
  }
  lines.push(`Seat ${assumptions.seat}, dealer ${assumptions.dealer} (seats 0 to 2 in play order); `
    + `objective ${advice.objective}; solved in ${Math.round(advice.solve_ms)} ms.`);
  lines.push(`The solver's summary: ${advice.explanation}`);
  return el("details", { className: "how-sure", id: id("how-sure") },
    el("summary", {}, "How sure is this?"), el("ul", {}, lines.map((line) => el("li", {}, line))));
}

/** Why this lineup, in words: the maximin reason as the solver wrote it, or the ev comparison. */
function whyPart(advice) {
  if (!known(advice.expected_chips)) return el("p", {}, advice.explanation);
  return el("p", {}, `Every lineup listed was played on the same ${advice.samples} sampled deals `
    + `against ${opponentsWords(advice.assumptions)}; this one is expected to win the most chips. `
    + "Combinations are always played strongest first, one a round, and round k pays k chips: "
    + "the lineup is chosen for what all five rounds win, not for its strongest combination alone.");
}

function render(results, advice, request) {
  const heading = el("h2", { id: id("results-heading"), tabIndex: -1 }, "Advice");
  results.replaceChildren(heading, ...summary(advice),
    marginPart(advice) || "",
    advice.budget_note ? el("p", { className: "verdict-inaccuracy" }, advice.budget_note) : "",
    advice.four_of_a_kind ? el("p", { className: "verdict-best" }, advice.four_of_a_kind.note) : "",
    el("h3", {}, "Lineup, round by round"),
    adviceLineup(advice.combinations, "Lineup"),
    el("h3", {}, "Thrown away"),
    advice.discards.length ? cardRow(advice.discards, "Thrown away") : el("p", {}, "Nothing."),
    el("h3", {}, "The 2♦ exchange"),
    el("p", { id: id("exchange"), className: advice.exchange.recommended ? "verdict-best" : "" },
      exchangeText(advice.exchange, advice, request)),
    el("h3", {}, "Alternatives"), alternativesPart(advice),
    el("h3", {}, "Why"), whyPart(advice),
    howSure(advice));
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

/** The deal and the aim (the API's objective): the fieldset and ``request(hand)``, the advice request. */
function optionsForm() {
  const seats = [["0", "First player"], ["1", "Second player"], ["2", "Third player"]];
  const upCard = select([["", "None (not known)"], ...deckCodes().map((code) => [code, cardName(code)])], "",
    { id: id("up-card") });
  const seat = select(seats, "0", { id: id("seat") });
  const dealer = select([["", "Not known (each in turn)"], ...seats], "", { id: id("dealer") });
  const objective = select([["ev", "The most chips"], ["maximin", "The safest lineup"]], "ev",
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
    row(label(objective, "Aim for"), objective, label(samples, "Deals to sample (most chips only)"), samples),
    field("Opponents (most chips only)", opponents),
    el("p", { id: id("opponents-hint"), className: "busy" },
      "Who the two opponents are assumed to be, when aiming for the most chips. The default mix is "
      + "the blend of players that did best in the service's tournament (today: all players who "
      + "maximise expected chips). Careful players take longer to work out, so fewer deals are "
      + "sampled (at most 200)."));
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
    rulesLinks("ramchi"),
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
