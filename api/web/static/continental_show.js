// Continental answers in words and pictures, for both Continental tabs: an advice answer, an
// action (a request body, as sent or as advised) and a record of the game's log.

import { cardName, cardText, cardsText, fixed, known, percent, plural, signed, verdictName } from "/web/format.js";
import { el, meldRow, scrollBox } from "/web/widgets.js";

const meldName = (index) => `meld ${Number(index) + 1}`;

/** An action request body in words, as something done: "drew from the stock", "discarded 9♦". */
export function actionText(action) {
  switch (action.type) {
    case "draw": return action.source === "discard" ? "took the discard" : "drew from the stock";
    case "buy": return "bought";
    case "pass": return "passed";
    case "drop": return `dropped ${action.melds.map(cardsText).join(" | ")}`;
    case "lay_off": return `laid off ${cardText(action.card)} on ${meldName(action.meld)}`;
    case "swap_joker": return `swapped ${cardText(action.card)} for a joker in ${meldName(action.meld)}`;
    case "move_joker": return `moved a joker from ${meldName(action.meld)} to ${meldName(action.to)}`;
    case "discard": return `discarded ${cardText(action.card)}`;
    default: return action.type;
  }
}

/** An action request body in words, as something to do: "draw from the stock", "discard 9♦". */
export function adviceText(action) {
  switch (action.type) {
    case "draw": return action.source === "discard" ? "take the discard" : "draw from the stock";
    case "buy": return "buy";
    case "pass": return "pass";
    case "drop": return `drop ${action.melds.map(cardsText).join(" | ")}`;
    case "lay_off": return `lay off ${cardText(action.card)} on ${meldName(action.meld)}`;
    case "swap_joker": return `put ${cardText(action.card)} in place of the joker in ${meldName(action.meld)}`;
    case "discard": return `discard ${cardText(action.card)}`;
    default: return action.type;
  }
}

/** What each kind of bot is, in words, as a set-up form offers it. */
export const CONTINENTAL_BOTS = { advisor: "The advisor (plays as the advice says)",
  ev: "An expected-points player (plays each hand out before it moves)", random: "A random player" };

/** A bot inside a sentence: "the advisor (plays as the advice says)" (the code for one unknown). */
export function continentalBotWords(code) {
  const words = CONTINENTAL_BOTS[code];
  return words ? words[0].toLowerCase() + words.slice(1) : code;
}

/** One record of the log (an action or an event) in words; ``contracts`` names each hand's. */
export function describeRecord(record, players, me, contracts = []) {
  const who = record.seat === me ? "You" : players[record.seat];
  const card = (code) => (code ? cardText(code) : "a card");
  switch (record.kind) {
    case "draw":
      if (record.source === "discard") return `${who} took the discard${record.card ? ` (${card(record.card)})` : ""}`;
      return `${who} drew from the stock${record.card && record.seat === me ? ` (${card(record.card)})` : ""}`;
    case "buy": return `${who} asked to buy the discard`;
    case "pass": return `${who} passed on the discard`;
    case "card_bought":
      return `${who} bought the ${card(record.card)}`
        + (record.penalty && record.penalty !== "hidden" ? ` and the penalty card ${card(record.penalty)}`
          : " and a penalty card");
    case "drop": return `${who} dropped ${(record.melds || []).map(cardsText).join(" | ")}`;
    case "lay_off": return `${who} laid off ${card(record.card)} on ${meldName(record.meld)}`;
    case "swap_joker": return `${who} put ${card(record.card)} in place of the joker in ${meldName(record.meld)}`;
    case "move_joker": return `${who} moved the joker from ${meldName(record.meld)} to ${meldName(record.to)}`;
    case "discard": return `${who} discarded ${card(record.card)}`;
    case "went_out": return `${who} went out`;
    case "hand_ended": return `Hand ${record.hand} ended: ${record.scores.map((s, i) => `${players[i]} ${s}`).join(", ")}`;
    case "game_ended": return `Game over: ${record.winners.map((i) => players[i]).join(" and ")} won`;
    case "hand_dealt": {
      const contract = contracts.find((c) => c.hand === record.hand);
      return `Hand ${record.hand} dealt${contract ? ` (contract: ${contract.name})` : ""}`;
    }
    case "stock_reshuffled": return "The discard pile was shuffled into a new stock";
    case "dealer_drawn": return record.dealer === me ? "You deal" : `${players[record.dealer]} deals`;
    case "replace_by_bot":
      return `${who} handed ${record.player === me ? "your" : `${players[record.player]}'s`} seat to a bot: `
        + `${continentalBotWords(record.bot)}`;
    default: return `${who || ""} ${record.kind}`;
  }
}

// -- an advice answer ------------------------------------------------------------------------------

function dropPart(advice) {
  if (advice.drop && advice.drop.length) {
    return [el("h4", {}, "Drop these melds"),
      el("ul", { className: "drop-list", "aria-label": "Melds to drop" }, advice.drop.map((meld) =>
        el("li", { className: "row" }, meldRow(meld.cards, `${meld.kind}: ${meld.text}`),
          el("span", {}, `${meld.kind}: ${meld.text}`))))];
  }
  return advice.drawn && !advice.dropped
    ? [el("p", {}, "No drop this turn: the contract cannot go down yet.")] : [];
}

function layOffPart(advice) {
  if (!advice.lay_offs || !advice.lay_offs.length) return [];
  return [el("h4", {}, "Lay off"), el("ul", { className: "lay-offs" }, advice.lay_offs.map((lay) => {
    const where = lay.target === "drop" ? `your new meld ${lay.meld + 1}` : `table meld ${lay.meld + 1}`;
    const result = lay.result && lay.result.text ? ` → ${lay.result.text}` : "";
    const end = lay.end ? ` (${lay.end} end)` : "";
    return el("li", {}, `${cardText(lay.card)} on ${where}${end}${result}`);
  }))];
}

/** Going out as the rules score it (the answer's ``hand_score``): "−10 (you go out)". */
function goingOutText(advice) {
  const score = known(advice.hand_score) ? advice.hand_score : advice.points_left;
  return `${signed(score)} (you go out)`;
}

function factsPart(advice) {
  const facts = el("dl", { className: "facts" });
  const fact = (term, value) => facts.append(el("dt", {}, term), el("dd", {}, value));
  if (advice.drawn) {
    fact("Discard", advice.discard ? `${cardText(advice.discard)} (${cardName(advice.discard)})`
      : (advice.goes_out ? "none: you go out" : "none"));
    if (advice.goes_out) fact("Your score for the hand", goingOutText(advice));
    else fact("Points left in hand", String(advice.points_left));
  }
  fact("Distance", String(advice.distance));
  const outs = (advice.outs || []).map((o) => `${cardText(o.card)}×${o.unseen}`).join(" ");
  fact("Outs", advice.outs && advice.outs.length ? `${advice.outs_total} unseen: ${outs}` : "none");
  if (advice.take_discard) {
    fact("Take the discard", `${advice.take_discard.advised ? "yes" : "no"}: ${advice.take_discard.reason}`);
  }
  if (advice.buy) fact("Buy", `${advice.buy.advised ? "yes" : "no"}: ${advice.buy.reason}`);
  if (advice.action) {
    fact(advice.expected_points ? "Next action (by expected points)" : "Next action", adviceText(advice.action));
  }
  return facts;
}

/** Every discard of the ranking as a table row; on a phone each row is a card (app.css), so the
 * roles are explicit and each figure carries its label. */
function rankingTable(ranking) {
  const head = (text, num = true) => el("th", { scope: "col", role: "columnheader", className: num ? "num" : "" },
    text);
  const num = (label, value) => el("td", { role: "cell", className: "num", dataset: { label } }, value);
  const priced = ranking.some((row) => known(row.expected_points));
  return scrollBox(el("table", { className: "ranking", role: "table", "aria-label": "Discards, best first" },
    el("caption", {}, "Discards, best first"),
    el("thead", {}, el("tr", { role: "row" }, head("Discard", false), head("Distance"), head("Outs"),
      head("Next outs"), head("Points"), priced ? head("Expected points") : null, priced ? head("Danger") : null)),
    el("tbody", {}, ranking.map((row) => el("tr", { role: "row" },
      el("th", { scope: "row", role: "rowheader", title: cardName(row.card) }, cardText(row.card)),
      num("Distance", String(row.distance)), num("Outs", String(row.outs_total)),
      num("Next outs", Number(row.next_outs).toFixed(2)), num("Points", String(row.points)),
      priced ? num("Expected points", known(row.expected_points) ? fixed(row.expected_points) : "–") : null,
      priced ? num("Danger", known(row.danger) ? percent(row.danger) : "–") : null)))));
}

const PLAYS = { take: "Take the discard", stock: "Draw from the stock", buy: "Buy", pass: "Pass",
  drop: "Drop, then discard", hold: "Hold the contract, discard", discard: "Discard",
  shed: "Shed your heaviest cards, discard" };

/** What an alternative of the expected points plays, in words: "Discard 9♠", "Take the discard 7♣". */
export function alternativeText(alternative) {
  const play = PLAYS[alternative.kind] || alternative.kind;
  return alternative.card ? `${play} ${cardText(alternative.card)}` : play;
}

/** The priced alternatives (the answer's ``expected_points``) as a table, the advised one first. */
export function expectedTable(expected) {
  return el("div", { className: "expected-block" }, expectedGrid(expected), howSure(expected));
}

/** How sure the expected points are, closed by default: each play's figure with its margin. */
function howSure(expected) {
  const line = (alternative) => {
    const margin = known(alternative.standard_error) ? ` ± ${fixed(alternative.standard_error)}` : "";
    const figure = known(alternative.expected_points) ? `${fixed(alternative.expected_points)}${margin}` : "not priced";
    return el("li", {}, `${alternativeText(alternative)}: ${figure} points`);
  };
  return el("details", { className: "how-sure" }, el("summary", {}, "How sure is this?"),
    el("p", {}, `Each figure is an average over ${plural(expected.samples, "deal")} of the cards you cannot see `
      + `(seed ${expected.seed}); the margin after ± is its standard error: the true figure is within twice `
      + "the margin most of the time."),
    el("ul", {}, expected.alternatives.map(line)));
}

/** The priced alternatives as a table (one card per play on a phone). */
function expectedGrid(expected) {
  // Explicit roles: on a phone the rows are laid out as cards (app.css), which must stay a table.
  const head = (text, num = false) => el("th", { scope: "col", role: "columnheader", className: num ? "num" : "" },
    text);
  const cell = (label, className, value, props = {}) => el("td", { role: "cell", className,
    dataset: { label }, ...props }, value);
  const num = (label, value) => cell(label, "num", value);
  const cut = expected.complete ? "" : ", cut short by the time budget";
  return scrollBox(el("table", { className: "expected-points", role: "table", "aria-label": "Expected points" },
    el("caption", {}, `Expected points at the end of the hand, lower is better (${plural(expected.samples, "deal")} `
      + `played out${cut})`),
    el("thead", {}, el("tr", { role: "row" }, head("Play"), head("Card"), head("Expected points", true),
      head("Danger", true), head("Verdict"), head("Why"))),
    el("tbody", {}, expected.alternatives.map((alternative) => el("tr",
      { role: "row", className: alternative.advised ? "advised" : "" },
      el("th", { scope: "row", role: "rowheader" },
        `${PLAYS[alternative.kind] || alternative.kind}${alternative.advised ? " (advised)" : ""}`),
      cell("Card", "", alternative.card ? cardText(alternative.card) : "–",
        { title: alternative.card ? cardName(alternative.card) : "" }),
      num("Expected points", known(alternative.expected_points) ? fixed(alternative.expected_points) : "–"),
      num("Danger", known(alternative.danger) ? percent(alternative.danger) : "–"),
      cell("Verdict", alternative.verdict ? `verdict-${alternative.verdict}` : "",
        alternative.verdict ? verdictName(alternative.verdict) : "–"),
      cell("Why", "why", alternative.why || ""))))));
}

function objectivePart(advice) {
  if (!advice.objective_note) return [];
  return [el("p", { className: "objective-note" }, `Advice by ${advice.objective === "distance"
    ? "distance" : "expected points"}: ${advice.objective_note}.`)];
}

/** One advice answer as a fresh element (``compact``: without the discard ranking). */
export function renderAdvice(advice, { compact = false } = {}) {
  const contract = advice.contract || {};
  return el("div", { className: "advice" },
    el("h3", {}, `Advice: hand ${contract.hand ?? ""} (${contract.name || ""}), `
      + `${advice.drawn ? "after the draw" : "before the draw"}`),
    advice.explanation ? el("p", { className: "explanation" }, advice.explanation) : null,
    dropPart(advice), layOffPart(advice), factsPart(advice), objectivePart(advice),
    !compact && advice.expected_points ? expectedTable(advice.expected_points) : null,
    !compact && advice.discard_ranking && advice.discard_ranking.length ? rankingTable(advice.discard_ranking) : null);
}
