// How the page writes numbers, cards and the words of the answers: one behaviour for each, used
// by every tab. No DOM here (the functions are plain and testable on their own).
// Card codes are the API's: "As", "Td", "7c#2" (a second copy), "Jk" (a joker).

const MINUS = "−";

/** A number with its sign: "+3", "−3", "0"; with ``digits`` decimals "+1.50", "−0.84", "0.00".
 * The sign follows the number as written, so a value that rounds to zero has none. */
export function signed(value, digits = 0) {
  const text = Math.abs(value).toFixed(digits);
  if (Number(text) === 0) return text;
  return `${value > 0 ? "+" : MINUS}${text}`;
}

/** Expected chips: signed, two decimals ("+1.50", "−0.84", "0.00"). */
export function chips(value) {
  return signed(value, 2);
}

/** A number without sign to two decimals (standard errors, chips lost): "0.12". */
export function fixed(value, digits = 2) {
  return Number(value).toFixed(digits);
}

/** A share as a percentage with at most one decimal: 0.5 → "50%", 0.125 → "12.5%". */
export function percent(value) {
  return `${Math.round(value * 1000) / 10}%`;
}

/** "1 card", "2 cards". */
export function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** Whether an answer's optional number is there (not null, not absent). */
export function known(value) {
  return value !== null && value !== undefined;
}

// -- cards ---------------------------------------------------------------------------------------

export const SUITS = {
  s: { symbol: "♠", name: "spades" },
  h: { symbol: "♥", name: "hearts" },
  d: { symbol: "♦", name: "diamonds" },
  c: { symbol: "♣", name: "clubs" },
};
const SUIT_ORDER = ["s", "h", "d", "c"];
const RANK_ORDER = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
const RANK_NAMES = {
  A: "Ace", K: "King", Q: "Queen", J: "Jack", T: "10", 9: "9", 8: "8", 7: "7", 6: "6", 5: "5",
  4: "4", 3: "3", 2: "2",
};

const RANK_PLURALS = {
  A: "Aces", K: "Kings", Q: "Queens", J: "Jacks", T: "Tens", 9: "Nines", 8: "Eights", 7: "Sevens",
  6: "Sixes", 5: "Fives", 4: "Fours", 3: "Threes", 2: "Twos",
};

/** A rank in words, many of it: "3" → "Threes", "T" (or "10") → "Tens", "Q" → "Queens"; text
 * that is no rank comes back as it was. */
export function rankPlural(rank) {
  const key = String(rank).toUpperCase() === "10" ? "T" : String(rank).toUpperCase();
  return RANK_PLURALS[key] || String(rank);
}

const SUIT_BY_TEXT = {
  c: "c", d: "d", h: "h", s: "s", "♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h",
  "♤": "s",
};
const JOKER_WORDS = new Set(["jk", "joker", "jo", "🃏", "🃟"]);

/** A typed card as the code the page draws, read as leniently as the service reads it: any case,
 * 10 for T, suit symbols, joker words ("10s" → "Ts", "qD" → "Qd", "10♥" → "Th", "jk" → "Jk",
 * "7C#2" → "7c#2"). Text that is no card comes back as typed (and is drawn as unknown). */
export function normalCode(token) {
  const text = String(token).trim();
  const [, body, copy = ""] = /^(.*?)(#\d+)?$/su.exec(text);
  if (JOKER_WORDS.has(body.toLowerCase())) return `Jk${copy}`;
  const suit = SUIT_BY_TEXT[body.slice(-1).toLowerCase()];
  const rankText = body.slice(0, -1).toUpperCase();
  const rank = rankText === "10" ? "T" : rankText;
  if (!suit || !(rank in RANK_NAMES)) return text;
  return `${rank}${suit}${copy}`;
}

/** Split a code into {rank, suit, copy, joker}; null for text that is no card code. */
export function parseCode(code) {
  const match = /^(Jk|[AKQJT2-9][shdc])(?:#(\d+))?$/.exec(String(code));
  if (!match) return null;
  const copy = match[2] ? Number(match[2]) : 1;
  if (match[1] === "Jk") return { rank: null, suit: null, copy, joker: true };
  return { rank: match[1][0], suit: match[1][1], copy, joker: false };
}

/** "Queen of hearts", "10 of spades", "Joker"; a later copy says so ("7 of clubs, copy 2"). */
export function cardName(code) {
  const card = parseCode(code);
  if (!card) return String(code);
  const name = card.joker ? "Joker" : `${RANK_NAMES[card.rank]} of ${SUITS[card.suit].name}`;
  return card.copy > 1 ? `${name}, copy ${card.copy}` : name;
}

/** The short text of a card with its suit symbol: "Q♥", "10♠", "Jk". */
export function cardText(code) {
  const card = parseCode(code);
  if (!card) return String(code);
  if (card.joker) return "Jk";
  return `${card.rank === "T" ? "10" : card.rank}${SUITS[card.suit].symbol}`;
}

/** The accessible name of a card button: what it shows, then its name ("Q♥: Queen of hearts"),
 * so that the name of a control contains its visible text (speech users say what they see). */
export function cardButtonName(code) {
  const card = parseCode(code);
  return card && !card.joker ? `${cardText(code)}: ${cardName(code)}` : cardName(code);
}

/** Cards as short texts: "K♣ K♦ Jk". */
export function cardsText(codes) {
  return codes.map(cardText).join(" ");
}

/** A code without its copy number ("7c#2" → "7c"): what names a card to the advice. */
export function bare(code) {
  return String(code).replace(/#\d+$/, "");
}

/** Split typed text into tokens ("7c 7d, Jk" → ["7c", "7d", "Jk"]). */
export function splitCodes(text) {
  return String(text || "").split(/[\s,;]+/).map((part) => part.trim()).filter(Boolean);
}

/** Every code of one 52-card deck, by suit then rank (for the deck grids). */
export function deckCodes() {
  return SUIT_ORDER.flatMap((suit) => RANK_ORDER.map((rank) => `${rank}${suit}`));
}

/** The orders a player can sort a hand in: ``[key, button text]``. */
export const HAND_ORDERS = [["suit", "By suit"], ["rank", "By rank"]];

/** ``codes`` sorted for the eye: ``by`` "suit" (♠ ♥ ♦ ♣, high to low in each suit) or "rank"
 * (aces first, each rank's suits together); jokers last, a card's copies together. Presentation
 * only: the order of a hand means nothing to the rules.
 *
 *     sortedHand(["2c", "Jk", "As", "Kc"], "rank")  // ["As", "Kc", "2c", "Jk"]
 *     sortedHand(["2c", "Jk", "As", "Kc"], "suit")  // ["As", "Kc", "2c", "Jk"] (♠ before ♣)
 */
export function sortedHand(codes, by = "suit") {
  const keyOf = (code) => {
    const card = parseCode(code);
    if (!card) return [9, 99, 99, 0];
    if (card.joker) return [8, 99, 99, card.copy];
    const suit = SUIT_ORDER.indexOf(card.suit);
    const rank = RANK_ORDER.indexOf(card.rank);
    return by === "rank" ? [0, rank, suit, card.copy] : [0, suit, rank, card.copy];
  };
  const compare = (a, b) => {
    const [x, y] = [keyOf(a), keyOf(b)];
    for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return x[i] - y[i];
    return 0;
  };
  return [...codes].sort(compare);
}

/** ``codes`` in a random order (a fair shuffle from the browser's cryptographic source). */
export function shuffled(codes) {
  const deck = [...codes];
  const values = new Uint32Array(deck.length);
  crypto.getRandomValues(values);
  for (let i = deck.length - 1; i > 0; i -= 1) {
    const j = values[i] % (i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/** A whole number below ``below``, from the browser's cryptographic source. */
export function randomBelow(below) {
  const value = new Uint32Array(1);
  crypto.getRandomValues(value);
  return value[0] % below;
}

// -- the words of the answers --------------------------------------------------------------------

/** The trainer's verdicts, best first, as the page names the API's values. */
export const VERDICT_NAMES = { best: "Best", inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" };

/** A verdict's name ("mistake" → "Mistake"); an unknown one as the API wrote it. */
export function verdictName(verdict) {
  return VERDICT_NAMES[verdict] || String(verdict);
}

/** How the page names the player it serves, from the name they gave: "You", or "Asha (you)"
 * (never "You (you)").
 *
 *     yourName("You")   // "You"
 *     yourName("Asha")  // "Asha (you)"
 */
export function yourName(named) {
  const name = String(named || "").trim();
  return !name || name.toLowerCase() === "you" ? "You" : `${name} (you)`;
}

/** The opponent models the Ramchi ev advice can assume (the API's ``opponents``), as a form names them. */
export const OPPONENT_CHOICES = [
  ["mixture", "Mixed (default)"],
  ["greedy", "Greedy"],
  ["solver", "Careful (maximin solver)"],
  ["ev", "EV players"],
];
const OPPONENT_WORDS = { greedy: "greedy", solver: "careful (maximin solver)", ev: "EV players" };

/** The opponents an answer assumed, in words, from its ``assumptions``: "greedy opponents", or
 * for a mixture its weights as percentages ("mixed opponents (50% greedy, 50% EV players)"); a
 * mixture of one model is named as that model ("EV-playing opponents"). */
export function opponentsText(assumptions) {
  const name = assumptions && assumptions.opponents;
  if (name === "mixture") {
    const present = Object.entries(assumptions.mixture || {}).filter(([, weight]) => weight > 0);
    // a "mixture" of one model is that model's opponents, not "mixed (100% …)"
    if (present.length === 1) return opponentsText({ opponents: present[0][0] });
    const weights = present.map(([model, weight]) => `${percent(weight)} ${OPPONENT_WORDS[model] || model}`);
    return `mixed opponents${weights.length ? ` (${weights.join(", ")})` : ""}`;
  }
  if (name === "greedy") return "greedy opponents";
  if (name === "solver") return "careful opponents (this solver's maximin lineup)";
  if (name === "ev") return "EV-playing opponents";
  return name ? `${name} opponents` : "the default opponents";
}
