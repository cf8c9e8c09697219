// The Ramchi advice in a player's words: how sure a margin is (clearly better, probably better,
// a coin flip, equal), the 2♦ exchange, what an alternative changes (the cards that differ),
// the seats and the opponents. No DOM here: plain functions of the API's answer.

import { cardsText, fixed, known, percent, signed } from "/web/format.js";

const SHOWN_DIGITS = 2;  // a margin is shown to two decimals: below that, two values read as equal
const CLEAR = 2;  // a lead of two standard errors or more is "clearly better"
const PROBABLE = 1;  // one standard error or more is "probably better"; less is a coin flip
const SEATS = ["first", "second", "third"];

/** Whether two chip values are equal to the precision the page shows them (0.01). */
export function sameValue(a, b) {
  return Number(Math.abs(a - b).toFixed(SHOWN_DIGITS)) === 0;
}

/** Expected chips rounded for reading: "about +12.8", "about −0.4", "about 0.0". */
export function about(value) {
  return `about ${signed(value, 1)}`;
}

/** An expected result in words, to one decimal: "Expected to win about 6.5 chips", "Expected to
 * lose about 6.5 chips" (for −6.5), "Expected to break even" (when it rounds to 0.0). */
export function expectationWords(value) {
  const size = fixed(Math.abs(value), 1);
  if (Number(size) === 0) return "Expected to break even";
  return `Expected to ${value > 0 ? "win" : "lose"} about ${size} chip${size === "1.0" ? "" : "s"}`;
}

/** Two values written so that they read different when they are: one decimal if that tells
 * them apart, else two ("+10.3 against +8.2", "+12.78 against +12.77"). */
function pairText(a, b) {
  const digits = signed(a, 1) === signed(b, 1) ? 2 : 1;
  return `${signed(a, digits)} against ${signed(b, digits)}`;
}

/** How sure a positive ``gap`` (chips) is, from its standard ``error``: "clearly better",
 * "probably better" or "a coin flip" ("better" when the error is not known). */
export function band(gap, error) {
  if (!known(error)) return "better";
  if (error === 0 || gap >= CLEAR * error) return "clearly better";
  return gap >= PROBABLE * error ? "probably better" : "a coin flip";
}

/** A gap in chips for reading: "0.23 chips", "1 chip". */
function gapText(gap) {
  const text = fixed(Math.abs(gap));
  return `${text} chip${text === "1.00" ? "" : "s"}`;
}

/** The advised lineup against the next best (the API's ``margin``), in words. */
export function marginWords(margin) {
  if (sameValue(margin.chips, 0)) {
    return "This lineup and the next best are equal: they are worth the same chips.";
  }
  if (margin.chips < 0) {
    return `The next best lineup is about ${gapText(margin.chips)} better on these deals.`;
  }
  return `This lineup is about ${gapText(margin.chips)} better than the next best: `
    + `${band(margin.chips, margin.standard_error)}.`;
}

/** An alternative against the advice (its ``chips_behind``), in words. */
export function behindWords(alternative) {
  const gap = alternative.chips_behind;
  if (!known(gap)) return "";
  if (sameValue(gap, 0)) return "equal to the advice, worth the same chips";
  if (gap < 0) return `about ${gapText(gap)} better than the advice on these deals`;
  return `about ${gapText(gap)} worse than the advice: the advice is `
    + `${band(gap, alternative.behind_standard_error)}`;
}

/** The 2♦ exchange in words: equal values said as equal, else which is better and how sure. */
export function exchangeWords(exchange, upCard) {
  const kept = exchange.expected_chips_if_kept;
  const swapped = exchange.expected_chips_if_exchanged;
  const card = upCard ? cardsText([upCard]) : "the up-card";
  if (!known(kept) || !known(swapped)) {
    return exchange.recommended ? `Exchange the 2♦ for ${card}.` : "Keep the 2♦.";
  }
  if (sameValue(kept, swapped)) {
    return `Exchanging the 2♦ for ${card} or keeping it is worth the same: ${about(kept)} chips `
      + `either way. The lineup below ${exchange.recommended ? "exchanges" : "keeps"} it.`;
  }
  const gap = Math.abs(swapped - kept);
  const sure = band(gap, exchange.difference_standard_error);
  return exchange.recommended
    ? `Exchange the 2♦ for ${card}: about ${gapText(gap)} better than keeping it `
      + `(${pairText(swapped, kept)} chips expected), ${sure}.`
    : `Keep the 2♦: about ${gapText(gap)} better than exchanging it for ${card} `
      + `(${pairText(kept, swapped)} chips expected), ${sure}.`;
}

/** The cards of ``codes`` not in ``others``. */
function without(codes, others) {
  const set = new Set(others);
  return codes.filter((code) => !set.has(code));
}

/** What one round of an alternative changes against the advice's, in words ("" when nothing). */
function roundChange(round, mine, theirs) {
  if (!theirs) return `no combination in round ${round} (the advice plays ${mine.name} there)`;
  if (!mine) return `${theirs.name} (${cardsText(theirs.cards)}) in round ${round}, a round the advice does not play`;
  const added = without(theirs.cards, mine.cards);
  const dropped = without(mine.cards, theirs.cards);
  if (!added.length && !dropped.length) return "";
  if (added.length === theirs.cards.length) {
    return `${theirs.name} (${cardsText(theirs.cards)}) instead of ${mine.name} in round ${round}`;
  }
  const swap = `${cardsText(added)} instead of ${cardsText(dropped)} in round ${round}`;
  return theirs.name === mine.name ? swap : `${swap}, making ${theirs.name}`;
}

/** The changes of an alternative against the advice, round by round, by the cards that differ
 * ("2♣ instead of 2♦ in round 1"); empty when it plays the same cards in every round. */
export function changes(alternative, advice) {
  const rounds = new Set([...advice.combinations, ...alternative.combinations].map((c) => c.round));
  const find = (lineup, round) => lineup.find((combination) => combination.round === round);
  return [...rounds].sort((a, b) => a - b)
    .map((round) => roundChange(round, find(advice.combinations, round), find(alternative.combinations, round)))
    .filter(Boolean);
}

/** What a round pays, from the answer's ``stake``: "pays 3 chips from each other player". */
export function paysWords(combination) {
  if (!known(combination.stake)) return "";
  return `pays ${combination.stake} chip${combination.stake === 1 ? "" : "s"} from each other player`;
}

/** A seat in words, from your own: "you", else "the first player" … "the third player". */
export function seatWords(seat, yours) {
  if (seat === yours) return "you";
  return SEATS[seat] ? `the ${SEATS[seat]} player` : "an unknown player";
}

/** Where you sit and who deals, in words ("You play second; the dealer is the first player."). */
export function tableWords(assumptions) {
  const seat = assumptions.seat;
  const where = SEATS[seat] ? `You play ${SEATS[seat]} at the table` : "Your place at the table is not known";
  const dealer = typeof assumptions.dealer === "number"
    ? (assumptions.dealer === seat ? "you deal" : `${seatWords(assumptions.dealer, seat)} deals`)
    : "the dealer is not known, so every dealer is tried in turn";
  return `${where}; ${dealer}.`;
}

const OPPONENT_WORDS = {
  greedy: "players who always take their strongest combination first",
  solver: "careful players who make as many combinations as they can, the weakest as strong as possible",
  ev: "players who maximise expected chips",
};

/** Who the opponents were assumed to be, in words: "players who maximise expected chips", or
 * for a blend of several kinds its shares ("a mix: 50% players who …, 50% …"). */
export function opponentsWords(assumptions) {
  const name = assumptions && assumptions.opponents;
  if (name === "mixture") {
    const shares = Object.entries(assumptions.mixture || {}).filter(([, weight]) => weight > 0);
    if (shares.length === 1) return OPPONENT_WORDS[shares[0][0]] || "a mix of players";
    if (!shares.length) return "a mix of players";
    return `a mix of players: ${shares.map(([model, weight]) =>
      `${percent(weight)} ${OPPONENT_WORDS[model] || "other players"}`).join("; ")}`;
  }
  return OPPONENT_WORDS[name] || "the usual mix of players";
}
