// A finished Ramchi hand stepped through round by round, shared by Play Ramchi and the Referee
// tab: a first step for the deal (the 2♦ exchange made or not), then rounds 1–5 with the three
// combinations as cards, who won and the chips paid, and the chips so far (or a single step for a
// hand a four of a kind ended). Everything shown comes from the log's records (the rules' rounds,
// winners, chips and combination names); only hands the log ends are offered, so no card of a
// hand still in play is shown. Seats are named by a ``words`` object (ramchi_play_words.js:
// TableWords; its ``me`` is the reader's seat, or null for none).

import { cardRow } from "/web/cards.js";
import { signed } from "/web/format.js";
import { button, el } from "/web/widgets.js";

const HAND_KINDS = new Set(["hand_dealt", "exchange", "keep", "exchange_skipped", "four_of_a_kind_won",
  "round_played", "hand_ended"]);

/** The hands the ``records`` of a log (dicts, as the API gives them) finish, by hand number:
 * ``{hand, dealer, exchange, skipped, four, rounds, ended}`` (``exchange`` is the exchange or keep
 * record; ``skipped`` the reason there was none). Records from index ``before`` on are left out
 * (a verdict's refused record). A hand with no ``hand_ended`` record is not returned.
 *
 *   handsOfLog([{kind: "hand_dealt", hand: 1, dealer: 0}, {kind: "keep", seat: 2}, …]).get(1)
 */
export function handsOfLog(records, { before = Infinity } = {}) {
  const hands = new Map();
  let hand = null;
  (records || []).forEach((record, index) => {
    if (index >= before || !record || !HAND_KINDS.has(record.kind)) return;
    if (record.kind === "hand_dealt") {
      hand = { hand: record.hand, dealer: record.dealer, exchange: null, skipped: null, four: null,
        rounds: [], ended: null };
      hands.set(record.hand, hand);
    }
    if (!hand) return;
    if (record.kind === "exchange" || record.kind === "keep") hand.exchange = record;
    if (record.kind === "exchange_skipped") hand.skipped = record.reason;
    if (record.kind === "four_of_a_kind_won") hand.four = record;
    if (record.kind === "round_played") hand.rounds.push(record);
    if (record.kind === "hand_ended") hand.ended = record;
  });
  return new Map([...hands].filter(([, found]) => found.ended));
}

/** The seat and its verb inside a sentence: "you play", "Bot 1 plays". */
function clause(words, seat, youForm, otherForm) {
  return `${words.whom(seat)} ${seat === words.me ? youForm : otherForm}`;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The deal in words: who dealt, and whether the 2♦ was exchanged. */
export function dealText(hand, words) {
  const parts = [`Hand ${hand.hand}: ${clause(words, hand.dealer, "deal", "deals")}.`];
  const record = hand.exchange;
  if (record) {
    const holds = clause(words, record.seat, "hold", "holds");
    parts.push(record.kind === "exchange"
      ? `${capital(holds)} the 2♦ and ${record.seat === words.me ? "exchange" : "exchanges"} it for the up-card.`
      : `${capital(holds)} the 2♦ and ${record.seat === words.me ? "keep" : "keeps"} it: no exchange.`);
  } else if (hand.skipped) {
    parts.push(`No exchange: ${hand.skipped}.`);
  }
  return parts.join(" ");
}

/** A round in words: "Round 2: you play Flush K-9-4; Bot 1 plays …; Bot 2 wins with …, +2 chips." */
export function roundText(round, words) {
  const won = round.plays.find((play) => play.seat === round.winner);
  const parts = round.plays.filter((play) => play !== won)
    .map((play) => `${clause(words, play.seat, "play", "plays")} ${play.name}`);
  for (const seat of [0, 1, 2]) {
    if (!round.plays.some((play) => play.seat === seat)) {
      parts.push(`${clause(words, seat, "have", "has")} no combination left`);
    }
  }
  const chips = (round.chips || [])[round.winner];
  const paid = chips === undefined ? "" : `, ${signed(chips)} chips`;
  parts.push(won ? `${clause(words, round.winner, "win", "wins")} with ${won.name}${paid}`
    : `${clause(words, round.winner, "win", "wins")}${paid}`);
  return `Round ${round.number}: ${parts.join("; ")}.`;
}

/** The chips of the rounds up to and including ``upTo`` (0-based), seat by seat. */
function chipsSoFar(rounds, upTo) {
  const sums = [0, 0, 0];
  for (const round of rounds.slice(0, upTo + 1)) (round.chips || []).forEach((value, seat) => { sums[seat] += value; });
  return sums;
}

function endText(hand, words) {
  return `Chips this hand: ${words.chipsList(hand.ended.chips)}. Totals: ${words.chipsList(hand.ended.totals)}.`;
}

/** The steps of a finished hand: [{title, text, parts}] (``parts``: elements to show). */
export function handSteps(hand, words) {
  const steps = [{ title: "The deal", text: dealText(hand, words), parts: [] }];
  if (hand.four) {
    steps.push({ title: "Four of a kind", text: words.fourOfAKind(hand.four),
      parts: [cardRow(hand.four.cards, "The four of a kind"), el("p", {}, endText(hand, words))] });
    return steps;
  }
  const rounds = [...hand.rounds].sort((a, b) => a.number - b.number);
  rounds.forEach((round, at) => {
    const plays = round.plays.map((play) => {
      const label = `Round ${round.number}, ${words.who(play.seat)}: ${play.name}`;
      return el("li", { className: "replay-play" },
        el("span", {}, `${words.who(play.seat)}${play.seat === round.winner ? " (wins)" : ""}: ${play.name}`),
        cardRow(play.cards, label));
    });
    const last = at === rounds.length - 1;
    steps.push({ title: `Round ${round.number}`, text: roundText(round, words), parts: [
      el("ul", { className: "replay-plays", "aria-label": `Round ${round.number} combinations` }, plays),
      el("p", { className: "replay-chips" }, `Chips so far this hand: ${words.chipsList(chipsSoFar(rounds, at))}.`),
      last ? el("p", {}, endText(hand, words)) : null] });
  });
  return steps;
}

/** The stepper of one finished ``hand`` (from {@link handsOfLog}): a section with a heading,
 * Previous / Next (and ← / → while the focus is inside it) and the step shown.
 * ``headingLevel`` is the heading's tag ("h4"). */
export function roundStepper(hand, words, { headingLevel = "h4", id = "ramchi-replay" } = {}) {
  const steps = handSteps(hand, words);
  let at = 0;
  const heading = el(headingLevel, { id: `${id}-heading`, tabIndex: -1 }, `Hand ${hand.hand}, round by round`);
  const position = el("p", { className: "busy", id: `${id}-position`, "aria-live": "polite" });
  const shown = el("div", { className: "replay-record", id: `${id}-step` });
  const previous = button("Previous", () => go(at - 1), { label: "Previous step" });
  const next = button("Next", () => go(at + 1), { label: "Next step" });
  const go = (target) => {
    at = Math.max(0, Math.min(steps.length - 1, target));
    const step = steps[at];
    previous.disabled = at === 0;
    next.disabled = at === steps.length - 1;
    if (document.activeElement === previous && previous.disabled) next.focus();
    if (document.activeElement === next && next.disabled) previous.focus();
    position.textContent = `Step ${at + 1} of ${steps.length}: ${step.title}.`;
    shown.replaceChildren(el("h5", {}, step.title), el("p", { className: "step-text" }, step.text),
      ...step.parts.filter(Boolean));
  };
  const box = el("section", { className: "ramchi-replay", id, "aria-labelledby": heading.id }, heading,
    el("p", {}, "Use Previous and Next (or the ← and → keys) to go through the hand."),
    el("div", { className: "row", role: "group", "aria-label": `Step through hand ${hand.hand}` },
      previous, next, position),
    shown);
  box.addEventListener("keydown", (event) => {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (!step || event.altKey || event.ctrlKey || ["INPUT", "TEXTAREA", "SELECT"].includes(event.target.tagName)) return;
    event.preventDefault();
    event.stopPropagation();
    go(at + step);
  });
  go(0);
  return box;
}
