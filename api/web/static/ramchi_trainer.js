// Ramchi trainer: the page deals a hand, the player arranges it into five rounds (click, drag or
// keyboard), and POST /v1/ramchi/trainer/score grades that lineup against the ev advice on the
// same sampled deals: chips lost, a verdict, both expected values and the best lineup. A running
// score is kept for the session (in this page only).

import { call, el, feedback } from "/web/api.js";
import { cardButton, cardName, cardRow, cardText, deckCodes } from "/web/cards.js";
import { opponentsText } from "/web/ramchi_advice.js";

const HAND_SIZE = 17;
const ROUNDS = 5;
const SIZE = 3;
const VERDICTS = ["best", "inaccuracy", "mistake", "blunder"];
const VERDICT_NAMES = { best: "Best", inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" };

function randomInt(below) {
  const value = new Uint32Array(1);
  crypto.getRandomValues(value);
  return value[0] % below;
}

/** 17 distinct cards, an up-card, a seat, a dealer and a seed, drawn by the page. */
function deal() {
  const deck = deckCodes();
  for (let i = deck.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  const order = deckCodes();
  const hand = deck.slice(0, HAND_SIZE).sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return { hand, upCard: deck[HAND_SIZE], seat: randomInt(3), dealer: randomInt(3),
    seed: randomInt(2 ** 31) };
}

function signed(value) {
  return `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(2)}`;
}

function lineupList(combinations, label) {
  const list = el("ol", { className: "lineup", "aria-label": label });
  for (const combination of combinations) {
    list.append(el("li", {},
      el("p", {}, `Round ${combination.round}: `, el("strong", {}, combination.name)),
      cardRow(combination.cards, `${label}, round ${combination.round}: ${combination.name}`)));
  }
  return list;
}

/** The accessible name of a card button: its visible text first ("K♠, King of spades"), so that
 * what is seen is part of what is read (axe's label-content-name-mismatch). */
function label(code) {
  return `${cardText(code)}, ${cardName(code)}`;
}

function mount(panel) {
  const id = (name) => `ramchi-trainer-${name}`;
  const session = { hands: 0, lost: 0, counts: Object.fromEntries(VERDICTS.map((v) => [v, 0])) };
  let current = null;   // the deal
  let slots = [];       // five arrays of codes, round 1 first
  let active = 0;       // the slot the next clicked card goes to
  let exchanged = false;
  let scored = false;

  // -- the deal and the hand -------------------------------------------------------------------
  const dealLine = el("p", { id: id("deal") });
  const exchangeBox = el("input", { type: "checkbox", id: id("exchange") });
  const exchangeRow = el("div", { className: "row" }, exchangeBox,
    el("label", { for: id("exchange") }, "Exchange the 2♦ for the up-card"));
  const handRow = el("div", { className: "cards", role: "group", "aria-label": "Your hand",
    "aria-describedby": id("hand-hint") });
  const handStatus = el("p", { id: id("count"), role: "status", "aria-live": "polite" });

  function playable() {
    if (!current) return [];
    if (!exchanged) return current.hand;
    return current.hand.map((code) => (code === "2d" ? current.upCard : code));
  }

  function placed() {
    return new Set(slots.flat());
  }

  // -- the five slots --------------------------------------------------------------------------
  const slotList = el("ol", { className: "lineup", "aria-label": "Your lineup" });

  function selectSlot(index, focus = false) {
    active = index;
    renderSlots();
    if (focus) slotList.querySelectorAll("button[data-slot]")[index].focus();
  }

  function removeCard(code) {
    slots = slots.map((slot) => slot.filter((c) => c !== code));
    render();
  }

  function place(code, into = active) {
    if (scored || placed().has(code)) return;
    if (slots[into].length >= SIZE) {
      handStatus.textContent = `Round ${into + 1} already holds ${SIZE} cards: clear it or pick `
        + "another round.";
      return;
    }
    slots[into].push(code);
    if (slots[into].length === SIZE) {
      const next = slots.findIndex((slot, i) => i > into && slot.length < SIZE);
      const anyFree = slots.findIndex((slot) => slot.length < SIZE);
      active = next >= 0 ? next : (anyFree >= 0 ? anyFree : into);
    }
    render(`${cardName(code)} goes to round ${into + 1}.`);
  }

  function renderSlots() {
    slotList.replaceChildren();
    slots.forEach((slot, index) => {
      const choose = el("button", { type: "button", "aria-pressed": String(index === active),
        dataset: { slot: String(index) }, className: index === active ? "primary" : "" },
      `Round ${index + 1}`);
      choose.addEventListener("click", () => selectSlot(index));
      const cards = el("div", { className: "cards", role: "group",
        "aria-label": `Round ${index + 1} cards` });
      for (const code of slot) {
        const button = cardButton(code, () => removeCard(code));
        button.setAttribute("aria-label", `${label(code)}, in round ${index + 1}: remove`);
        button.disabled = scored;
        cards.append(button);
      }
      for (let i = slot.length; i < SIZE; i += 1) {
        cards.append(el("span", { className: "card meld", "aria-hidden": "true" }));
      }
      const clear = el("button", { type: "button", disabled: scored || !slot.length,
        "aria-label": `Clear round ${index + 1}` }, "Clear");
      clear.addEventListener("click", () => { slots[index] = []; active = index; render(); });
      const item = el("li", { className: "row", dataset: { round: String(index + 1) } },
        choose, cards, clear,
        el("span", { className: "busy" }, `${slot.length} of ${SIZE}`));
      item.addEventListener("dragover", (event) => { if (!scored) event.preventDefault(); });
      item.addEventListener("drop", (event) => {
        event.preventDefault();
        const code = event.dataTransfer.getData("text/plain");
        if (playable().includes(code)) place(code, index);
      });
      slotList.append(item);
    });
  }

  function renderHand() {
    handRow.replaceChildren();
    const used = placed();
    for (const code of playable()) {
      const button = cardButton(code, () => place(code));
      button.setAttribute("aria-label", label(code));
      button.disabled = scored || used.has(code);
      button.draggable = !button.disabled;
      button.addEventListener("dragstart", (event) => {
        event.dataTransfer.setData("text/plain", code);
      });
      handRow.append(button);
    }
  }

  function render(message = "") {
    renderHand();
    renderSlots();
    const used = placed().size;
    const discards = playable().length - used;
    handStatus.textContent = `${used} cards in combinations, ${discards} to discard; next card goes `
      + `to round ${active + 1}.${message ? ` ${message}` : ""}`;
  }

  exchangeBox.addEventListener("change", () => {
    exchanged = exchangeBox.checked;
    const gone = exchanged ? "2d" : current.upCard;
    slots = slots.map((slot) => slot.filter((code) => code !== gone));
    render(exchanged ? `You take ${cardName(current.upCard)} for the 2♦.` : "You keep the 2♦.");
  });

  // -- scoring ---------------------------------------------------------------------------------
  const samples = el("input", { id: id("samples"), type: "number", min: 1, max: 5000, step: 1,
    value: "200", inputMode: "numeric" });
  samples.style.width = "6rem";
  const score = el("button", { type: "button", className: "primary" }, "Score my arrangement");
  const next = el("button", { type: "button" }, "Next hand");
  const progress = el("progress", { "aria-label": "Scoring your arrangement", hidden: true });
  const results = el("section", { "aria-labelledby": id("results-heading"), hidden: true,
    id: id("results") });
  const sessionBox = el("section", { "aria-labelledby": id("session-heading"), id: id("session") });

  function renderSession() {
    const table = el("table", { "aria-label": "Session score" },
      el("tr", {}, el("th", { scope: "row" }, "Hands played"),
        el("td", { className: "num" }, String(session.hands))),
      el("tr", {}, el("th", { scope: "row" }, "Total chips lost"),
        el("td", { className: "num" }, session.lost.toFixed(2))),
      el("tr", {}, el("th", { scope: "row" }, "Average lost per hand"),
        el("td", { className: "num" }, session.hands ? (session.lost / session.hands).toFixed(2) : "–")),
      ...VERDICTS.map((verdict) => el("tr", {},
        el("th", { scope: "row", className: `verdict-${verdict}` }, VERDICT_NAMES[verdict]),
        el("td", { className: "num" }, String(session.counts[verdict])))));
    sessionBox.replaceChildren(el("h3", { id: id("session-heading") }, "Session"), table);
  }

  function renderScore(answer) {
    const heading = el("h3", { id: id("results-heading"), tabIndex: -1 }, "Your score");
    const verdict = el("p", { className: `verdict-${answer.verdict}`, id: id("verdict") },
      `${VERDICT_NAMES[answer.verdict]}: `,
      answer.chips_lost > 0
        ? `you lose ${answer.chips_lost.toFixed(2)} chips per hand against the best lineup `
          + `(± ${answer.difference_error.toFixed(2)}).`
        : (answer.beat_advice ? "your lineup scores even more than the advice's."
          : "your lineup is as good as the best one."));
    const table = el("table", { "aria-label": "Expected chips" },
      el("tr", {}, el("th", {}, ""), el("th", { className: "num" }, "Expected chips"),
        el("th", { className: "num" }, "Standard error")),
      el("tr", {}, el("th", { scope: "row" }, "Your lineup"),
        el("td", { className: "num" }, signed(answer.player.expected_chips)),
        el("td", { className: "num" }, answer.player.standard_error.toFixed(2))),
      el("tr", {}, el("th", { scope: "row" }, "Best lineup"),
        el("td", { className: "num" }, signed(answer.best.expected_chips)),
        el("td", { className: "num" }, answer.best.standard_error.toFixed(2))));
    const four = answer.four_of_a_kind
      ? el("p", {}, `You hold four of a kind (${answer.four_of_a_kind}): the hand is not played, `
        + "so every lineup scores the same.") : null;
    const parts = [heading, verdict, four, table,
      el("p", { className: "busy" }, `On the same ${answer.samples} sampled deals against `
        + `${opponentsText(answer.assumptions)} (seed ${answer.seed}). Thresholds: best up to `
        + "0.25 chips lost, inaccuracy up to 1, mistake up to 3, blunder above."),
      el("h3", {}, "Your lineup as played"),
      answer.player.combinations.length
        ? lineupList(answer.player.combinations, "Your lineup as played")
        : el("p", {}, "No combination: every card discarded."),
      el("h3", {}, "Best lineup"),
      answer.best.exchanged ? el("p", {}, "Exchange the 2♦ for the up-card.") : null,
      lineupList(answer.best.combinations, "Best lineup"),
      el("p", {}, "Best discards: ", answer.best.discards.length
        ? answer.best.discards.map(cardText).join(" ") : "none")];
    results.replaceChildren(...parts.filter(Boolean));
    results.hidden = false;
    heading.focus();
  }

  let status = null;  // the status line and problem box, placed under the buttons below

  score.addEventListener("click", async () => {
    const lineup = slots.filter((slot) => slot.length);
    const request = { hand: current.hand, up_card: current.upCard, seat: current.seat,
      dealer: current.dealer, seed: current.seed, lineup, exchange: exchanged };
    if (samples.value !== "") request.samples = Number(samples.value);
    score.disabled = true;
    progress.hidden = false;
    status.busy(`Scoring: playing both lineups on ${request.samples || "the default number of"} `
      + "sampled deals…");
    try {
      const answer = await call("/v1/ramchi/trainer/score", request);
      scored = true;
      session.hands += 1;
      session.lost += answer.chips_lost;
      session.counts[answer.verdict] += 1;
      status.done(`Scored: ${VERDICT_NAMES[answer.verdict]}, ${answer.chips_lost.toFixed(2)} chips lost.`);
      render();
      renderSession();
      renderScore(answer);
      exchangeBox.disabled = true;
    } catch (error) {
      status.fail(error);
      score.disabled = false;
    } finally {
      progress.hidden = true;
    }
  });

  function newHand() {
    current = deal();
    slots = Array.from({ length: ROUNDS }, () => []);
    active = 0;
    exchanged = false;
    scored = false;
    exchangeBox.checked = false;
    exchangeBox.disabled = false;
    exchangeRow.hidden = !current.hand.includes("2d");
    score.disabled = false;
    results.hidden = true;
    results.replaceChildren();
    status.done("");
    dealLine.replaceChildren(`Up-card: `, el("strong", {}, cardName(current.upCard)),
      `. You sit in seat ${current.seat}; the dealer is seat ${current.dealer}.`);
    render("New hand dealt.");
  }
  next.addEventListener("click", newHand);

  const handBox = el("fieldset", {}, el("legend", {}, "Your 17 cards"), dealLine, exchangeRow,
    handRow,
    el("p", { id: id("hand-hint"), className: "busy" },
      "Pick a round, then click (or press Enter on) three cards to fill it; or drag a card onto "
      + "a round. Click a card in a round to take it back. Cards left over are discarded. The "
      + "rules play your combinations strongest first, whatever the round you put them in."),
    handStatus);
  const lineupBox = el("fieldset", {}, el("legend", {}, "Your five rounds"), slotList);
  for (const box of [handBox, lineupBox]) box.style.minWidth = "0";
  panel.append(el("h2", {}, "Ramchi trainer"),
    el("p", {}, "Arrange the dealt hand yourself; the solver plays your lineup and its best one "
      + "on the same sampled deals and tells you how many chips your choice costs."),
    handBox, lineupBox,
    el("div", { className: "row" }, el("label", { for: id("samples") }, "Samples"), samples,
      score, progress, next));
  status = feedback(panel);
  panel.append(results, sessionBox);
  renderSession();
  newHand();
}

export const tool = { id: "ramchi-trainer", title: "Ramchi trainer", mount };
