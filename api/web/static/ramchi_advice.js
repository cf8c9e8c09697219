// Ramchi advice: pick 17 cards (deck grid, random deal or typed codes), ask POST /v1/ramchi/advice,
// and show the lineup round by round, the discards, the 2♦ exchange, the alternatives and why.
// The text box is the one source of the hand: the grid and the random deal write into it, and
// what is typed there is sent as typed (the API parses lenient codes and names any problem).

import { call, el, feedback } from "/web/api.js";
import { cardButton, cardName, cardRow, cardText, deckCodes } from "/web/cards.js";

const HAND_SIZE = 17;
const SUIT_LETTERS = { "♠": "s", "♥": "h", "♦": "d", "♣": "c" };

/** The opponent models the ev advice can assume (the API's ``opponents``), as the form names them. */
export const OPPONENT_CHOICES = [
  ["mixture", "Mixed (default)"],
  ["greedy", "Greedy"],
  ["solver", "Careful (maximin solver)"],
  ["ev", "EV players"],
];
const OPPONENT_WORDS = { greedy: "greedy", solver: "careful (maximin solver)", ev: "EV players" };
const DEFAULT_SAMPLES = "200";
const SOLVER_SAMPLES = "40";  // careful opponents cost a solve per hand: the API's own default

/** The tokens of the text box (split at spaces, commas and semicolons). */
function tokens(text) {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/** A token as a deck code when this page can read it ("10h" → "Th", "a♠" → "As"); else null. */
function normalize(token) {
  const match = /^(10|[2-9tjqka])([shdc♠♥♦♣])$/i.exec(token.trim());
  if (!match) return null;
  const rank = match[1] === "10" ? "T" : match[1].toUpperCase();
  const suit = SUIT_LETTERS[match[2]] || match[2].toLowerCase();
  return `${rank}${suit}`;
}

function percent(value) {
  return `${Math.round(value * 1000) / 10}%`;
}

function chips(value) {
  return `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(2)}`;
}

function known(value) {
  return value !== null && value !== undefined;
}

/** The opponents an answer assumed, in words, from its ``assumptions``: "greedy opponents", or
 * for a mixture its weights as percentages ("mixed opponents (50% greedy, 50% EV players)"). */
export function opponentsText(assumptions) {
  const name = assumptions && assumptions.opponents;
  if (name === "mixture") {
    const weights = Object.entries(assumptions.mixture || {})
      .map(([model, weight]) => `${percent(weight)} ${OPPONENT_WORDS[model] || model}`);
    return `mixed opponents${weights.length ? ` (${weights.join(", ")})` : ""}`;
  }
  if (name === "greedy") return "greedy opponents";
  if (name === "solver") return "careful opponents (this solver's maximin lineup)";
  if (name === "ev") return "EV-playing opponents";
  return name ? `${name} opponents` : "the default opponents";
}

/** How far an alternative is behind the advice: "−0.84 chips (± 0.12)". */
function behindText(alternative) {
  const behind = alternative.chips_behind;
  const amount = behind === 0 ? "0.00" : chips(-behind);
  const error = known(alternative.behind_standard_error)
    ? ` (± ${alternative.behind_standard_error.toFixed(2)})` : "";
  return `${amount} chips${error}`;
}

/** The advised lineup's lead over the runner-up, and whether it is clear (≥ 2 standard errors). */
function marginText(margin) {
  return `Lead over the runner-up: ${chips(margin.chips)} chips ± ${margin.standard_error.toFixed(2)}`
    + ` — ${margin.clear ? "a clear choice" : "too close to call"}.`;
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
    reasons.push(gap > 0 ? `It is expected to win ${gap.toFixed(2)} chips fewer than the advice.`
      : "It is expected to win as many chips as the advice on these sampled deals.");
  }
  if (alternative.combinations.length !== advice.combinations.length) {
    reasons.push(`It makes ${alternative.combinations.length} combinations instead of `
      + `${advice.combinations.length}.`);
  }
  const byRound = new Map(advice.combinations.map((combination) => [combination.round, combination]));
  const changed = [];
  for (const combination of alternative.combinations) {
    const mine = byRound.get(combination.round);
    const same = mine && mine.cards.join(" ") === combination.cards.join(" ");
    if (!same) {
      changed.push(`round ${combination.round}: ${combination.name}`
        + (mine ? ` instead of ${mine.name}` : ""));
    }
  }
  if (changed.length) reasons.push(`It plays ${changed.join("; ")}.`);
  const discards = alternative.discards.map(cardText).join(" ");
  if (discards !== advice.discards.map(cardText).join(" ")) {
    reasons.push(`It discards ${discards || "nothing"}.`);
  }
  return reasons.join(" ");
}

/** The lineup as an ordered list: round, combination name, win chance, the cards. */
function lineupList(combinations, label) {
  const list = el("ol", { className: "lineup", "aria-label": label });
  for (const combination of combinations) {
    const details = [`Round ${combination.round} (pays ${combination.round} `
      + `chip${combination.round === 1 ? "" : "s"}): `];
    const item = el("li", {},
      el("p", {}, details[0], el("strong", {}, combination.name),
        combination.win_probability === null || combination.win_probability === undefined
          ? null : ` — wins its round ${percent(combination.win_probability)} of the time`),
      cardRow(combination.cards, `Round ${combination.round}: ${combination.name}`));
    list.append(item);
  }
  return list;
}

function exchangeText(exchange, advice, request) {
  const kept = exchange.expected_chips_if_kept;
  const swapped = exchange.expected_chips_if_exchanged;
  const numbers = kept !== null && kept !== undefined && swapped !== null && swapped !== undefined
    ? ` Expected ${chips(swapped)} chips if exchanged, ${chips(kept)} if kept.` : "";
  if (exchange.possible) {
    const upCard = request.up_card ? cardName(request.up_card) : "the up-card";
    return exchange.recommended
      ? `Exchange the 2♦ for ${upCard}: it is worth more than keeping it.${numbers}`
      : `Keep the 2♦: exchanging it for ${upCard} is worth less.${numbers}`;
  }
  const hand = advice.hand || [];
  let reason = "the rules do not offer it here";
  if (!hand.includes("2d")) reason = "you do not hold the 2♦";
  else if (!request.up_card) reason = "no up-card was given";
  else if (advice.objective !== "ev") reason = "only the ev objective weighs it";
  return `No exchange to weigh: ${reason}.`;
}

function render(results, advice, request) {
  const heading = el("h2", { id: "ramchi-advice-results-heading", tabIndex: -1 }, "Advice");
  const summary = [];
  const assumptions = advice.assumptions || {};
  if (known(advice.expected_chips)) {
    const error = known(advice.standard_error) ? ` (± ${advice.standard_error.toFixed(2)})` : "";
    summary.push(`Expected ${chips(advice.expected_chips)} chips${error} over ${advice.samples} `
      + `sampled deals against ${opponentsText(assumptions)}.`);
  } else {
    summary.push("Maximin: as many combinations as possible, then the weakest as strong as possible.");
  }
  summary.push(` Seat ${assumptions.seat}, dealer ${assumptions.dealer}; `
    + `solved in ${Math.round(advice.solve_ms)} ms.`);
  const parts = [heading, el("p", {}, ...summary)];
  if (known(advice.expected_chips) && assumptions.opponent_model) {
    parts.push(el("p", { className: "busy", id: "ramchi-advice-opponent-model" },
      `Opponent model: ${assumptions.opponent_model}.`));
  }
  if (advice.margin) {
    parts.push(el("p", { id: "ramchi-advice-margin",
      className: advice.margin.clear ? "verdict-best" : "verdict-inaccuracy" },
    marginText(advice.margin),
    el("span", { className: "margin-note" }, " Clear means a lead of at least two standard errors, "
      + "both lineups played on the same sampled deals.")));
  } else if (advice.objective === "ev") {
    parts.push(el("p", { id: "ramchi-advice-margin" },
      "No runner-up lineup to measure the lead against."));
  }
  if (advice.four_of_a_kind) {
    parts.push(el("p", { className: "verdict-best" }, advice.four_of_a_kind.note));
  }
  parts.push(el("h3", {}, "Lineup, round by round"), lineupList(advice.combinations, "Lineup"));
  parts.push(el("h3", {}, "Discards"));
  parts.push(advice.discards.length ? cardRow(advice.discards, "Discards") : el("p", {}, "None."));
  parts.push(el("h3", {}, "The 2♦ exchange"),
    el("p", { className: advice.exchange.recommended ? "verdict-best" : "" },
      exchangeText(advice.exchange, advice, request)));
  parts.push(el("h3", {}, "Alternatives"));
  if (!advice.alternatives.length) {
    parts.push(el("p", {}, advice.objective === "ev"
      ? "The solver listed no alternative lineup."
      : "The maximin objective lists no alternatives; choose ev to compare lineups by chips."));
  } else {
    const list = el("ol", {});
    advice.alternatives.forEach((alternative, index) => {
      const worth = known(alternative.expected_chips)
        ? `: expected ${chips(alternative.expected_chips)} chips` : "";
      let gap = "";
      if (known(alternative.chips_behind)) gap = `, ${behindText(alternative)} against the advice`;
      else if (worth && known(advice.expected_chips)) {
        gap = ` (${chips(alternative.expected_chips - advice.expected_chips)} against the advice)`;
      }
      list.append(el("li", {},
        el("p", {}, el("strong", {}, `Alternative ${index + 1}`), worth, gap),
        el("p", {}, whyWorse(alternative, advice)),
        lineupList(alternative.combinations, `Alternative ${index + 1} lineup`),
        alternative.discards.length
          ? cardRow(alternative.discards, `Alternative ${index + 1} discards`) : null));
    });
    parts.push(list);
  }
  parts.push(el("h3", {}, "Why"), el("p", {}, advice.explanation));
  results.replaceChildren(...parts);
  results.hidden = false;
  heading.focus();
}

function select(id, options, value) {
  const node = el("select", { id });
  node.style.maxWidth = "100%";
  for (const [optionValue, text] of options) {
    node.append(el("option", { value: optionValue, selected: optionValue === value }, text));
  }
  return node;
}

function mount(panel) {
  const id = (name) => `ramchi-advice-${name}`;
  const buttons = new Map();

  // -- the hand --------------------------------------------------------------------------------
  const counter = el("p", { id: id("count"), role: "status", "aria-live": "polite" });
  const text = el("textarea", { id: id("codes"), rows: 3, spellcheck: false,
    autocomplete: "off", "aria-describedby": id("codes-hint") });
  text.style.width = "100%";
  const grid = el("div", { className: "deck-grid", role: "group", "aria-label": "Deck",
    "aria-describedby": id("grid-hint") });

  function chosen() {
    return tokens(text.value);
  }

  function sync(message = "") {
    const list = chosen();
    const codes = new Set(list.map(normalize).filter(Boolean));
    for (const [code, button] of buttons) button.setAttribute("aria-pressed", String(codes.has(code)));
    counter.textContent = `${list.length} of ${HAND_SIZE} chosen.${message ? ` ${message}` : ""}`;
  }

  function toggle(code, pressed, button) {
    const list = chosen();
    if (pressed) {
      if (list.length >= HAND_SIZE) {
        button.setAttribute("aria-pressed", "false");
        sync(`You already have ${HAND_SIZE} cards: unselect one before adding ${cardName(code)}.`);
        return;
      }
      list.push(code);
    } else {
      const at = list.findIndex((token) => normalize(token) === code);
      if (at >= 0) list.splice(at, 1);
    }
    text.value = list.join(" ");
    sync();
  }

  deckCodes().forEach((code, index) => {
    const button = cardButton(code, toggle);
    button.tabIndex = index === 0 ? 0 : -1;
    buttons.set(code, button);
    grid.append(button);
  });

  // One tab stop for the grid; arrows, Home and End move between its cards.
  grid.addEventListener("keydown", (event) => {
    const all = [...buttons.values()];
    const at = all.indexOf(document.activeElement);
    if (at < 0) return;
    const columns = getComputedStyle(grid).gridTemplateColumns.split(" ").filter(Boolean).length || 13;
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns }[event.key];
    let next = null;
    if (step) next = at + step;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = all.length - 1;
    if (next === null || next < 0 || next >= all.length) return;
    event.preventDefault();
    all[at].tabIndex = -1;
    all[next].tabIndex = 0;
    all[next].focus();
  });
  grid.addEventListener("focusin", (event) => {
    if (!buttons.has(event.target.dataset.card)) return;
    for (const button of buttons.values()) button.tabIndex = button === event.target ? 0 : -1;
  });

  const random = el("button", { type: "button" }, "Deal at random");
  random.addEventListener("click", () => {
    const deck = deckCodes();
    const values = new Uint32Array(deck.length);
    crypto.getRandomValues(values);
    for (let i = deck.length - 1; i > 0; i -= 1) {
      const j = values[i] % (i + 1);
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    text.value = deck.slice(0, HAND_SIZE).join(" ");
    sync("Dealt at random.");
  });
  const clear = el("button", { type: "button" }, "Clear");
  clear.addEventListener("click", () => { text.value = ""; sync(); });
  text.addEventListener("input", () => sync());

  const hand = el("fieldset", {},
    el("legend", {}, "Your 17 cards"),
    el("div", { className: "row" }, random, clear),
    counter,
    el("p", {}, el("label", { for: id("codes") }, "Card codes (type, paste or pick below)")),
    text,
    el("p", { id: id("codes-hint"), className: "busy" },
      "Separate codes with spaces: As Kh 10d 9♣ are all understood; they are sent as typed."),
    el("p", { id: id("grid-hint"), className: "busy" },
      "Click a card to add or remove it. With the keyboard: Tab into the deck, arrows to move, "
      + "Enter or Space to pick."),
    grid);

  // -- the options -----------------------------------------------------------------------------
  const upCard = select(id("up-card"),
    [["", "None (not known)"], ...deckCodes().map((code) => [code, cardName(code)])], "");
  const seat = select(id("seat"), [["0", "0"], ["1", "1"], ["2", "2"]], "0");
  const dealer = select(id("dealer"),
    [["", "Not known (rotated)"], ["0", "0"], ["1", "1"], ["2", "2"]], "");
  const objective = select(id("objective"),
    [["ev", "Most chips (ev)"], ["maximin", "Safest (maximin)"]], "ev");
  const samples = el("input", { id: id("samples"), type: "number", min: 1, max: 5000, step: 1,
    value: DEFAULT_SAMPLES, inputMode: "numeric" });
  samples.style.width = "6rem";
  const samplesLabel = el("label", { for: id("samples") }, "Samples (ev only)");
  const opponents = select(id("opponents"), OPPONENT_CHOICES, "mixture");
  opponents.setAttribute("aria-describedby", id("opponents-hint"));
  const opponentsHint = el("p", { id: id("opponents-hint"), className: "busy" },
    "Who the two opponents are assumed to be (ev only). The default mixture is the blend of models "
    + "that did best in the service's tournament (today: all EV players). Careful opponents cost a solve per sampled hand, so fewer samples are drawn (at most 200).");
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

  const options = el("fieldset", {},
    el("legend", {}, "The deal"),
    el("div", { className: "row" },
      el("label", { for: id("up-card") }, "Up-card"), upCard,
      el("label", { for: id("seat") }, "Your seat"), seat,
      el("label", { for: id("dealer") }, "Dealer"), dealer),
    el("div", { className: "row" },
      el("label", { for: id("objective") }, "Objective"), objective,
      samplesLabel, samples),
    el("div", { className: "row" },
      el("label", { for: id("opponents") }, "Opponents (ev only)"), opponents),
    opponentsHint);

  // -- asking ----------------------------------------------------------------------------------
  const advise = el("button", { type: "button", className: "primary" }, "Advise");
  const progress = el("progress", { "aria-label": "Asking the solver", hidden: true });
  const actions = el("div", { className: "row" }, advise, progress);
  const results = el("section", { "aria-labelledby": "ramchi-advice-results-heading", hidden: true,
    id: id("results") });

  for (const box of [hand, options]) box.style.minWidth = "0";  // fieldsets shrink on phones
  panel.append(el("h2", {}, "Ramchi advice"),
    el("p", {}, "Pick your 17 cards and the solver arranges them into five combinations for the "
      + "five rounds, says what to discard and whether to exchange the 2♦."),
    hand, options, actions);
  const status = feedback(panel);
  panel.append(results);

  advise.addEventListener("click", async () => {
    const request = { hand: chosen(), objective: objective.value, seat: Number(seat.value),
      dealer: dealer.value === "" ? null : Number(dealer.value),
      up_card: upCard.value === "" ? null : upCard.value };
    if (objective.value === "ev") {
      request.opponents = opponents.value;
      if (samples.value !== "") request.samples = Number(samples.value);
    }
    advise.disabled = true;
    progress.hidden = false;
    status.busy(objective.value === "ev"
      ? `Solving: sampling ${request.samples || "the default number of"} deals…`
      : "Solving…");
    try {
      const advice = await call("/v1/ramchi/advice", request);
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

  sync();
}

export const tool = { id: "ramchi-advice", title: "Ramchi advice", mount };
