// The Ramchi trainer's memory in this browser: the dealt hand, its arrangement and the session's
// score kept across a reload (localStorage), and the undo history of an arrangement not yet sent.
// A stored value that is broken, old or from another deal is ignored, never an error.

import { deckCodes } from "/web/format.js";

const KEY = "ramchi-trainer.v1";
const VERSION = 1;

/** True when ``value`` is an integer from 0 to ``below`` - 1. */
function inRange(value, below) {
  return Number.isInteger(value) && value >= 0 && value < below;
}

/** The dealt hand read back, or null when anything about it is not a fair deal. */
function readDealt(dealt, handSize) {
  if (!dealt || typeof dealt !== "object" || !Array.isArray(dealt.hand)) return null;
  const deck = new Set(deckCodes());
  const { hand, upCard, seat, dealer, seed } = dealt;
  const cards = new Set(hand);
  const fair = hand.length === handSize && cards.size === handSize && hand.every((c) => deck.has(c))
    && deck.has(upCard) && !cards.has(upCard) && inRange(seat, 3) && inRange(dealer, 3)
    && inRange(seed, 2 ** 31);
  return fair ? { hand: [...hand], upCard, seat, dealer, seed } : null;
}

/** The rounds read back: at most ``rounds`` lists of at most ``size`` distinct codes, or null. */
function readRounds(stored, { rounds, size }) {
  if (!Array.isArray(stored) || stored.length > rounds) return null;
  const seen = new Set();
  for (const round of stored) {
    if (!Array.isArray(round) || round.length > size) return null;
    for (const code of round) {
      if (typeof code !== "string" || seen.has(code)) return null;
      seen.add(code);
    }
  }
  return stored.map((round) => [...round]);
}

/** The session's score read back (hands, chips lost, counts by verdict), or null. */
function readSession(session, verdicts) {
  if (!session || typeof session !== "object" || !inRange(session.hands, 1e6)) return null;
  if (typeof session.lost !== "number" || !Number.isFinite(session.lost) || session.lost < 0) return null;
  const counts = session.counts && typeof session.counts === "object" ? session.counts : {};
  return { hands: session.hands, lost: session.lost,
    counts: Object.fromEntries(verdicts.map((v) => [v, inRange(counts[v], 1e6) ? counts[v] : 0])) };
}

/** What was kept: {dealt, exchanged, rounds, scored, session}, each part null when unusable;
 * null when nothing (or nothing readable) was kept. ``shape``: {handSize, rounds, size, verdicts}. */
export function restore(shape) {
  let stored = null;
  try {
    stored = JSON.parse(window.localStorage.getItem(KEY) || "null");
  } catch {
    return null;
  }
  if (!stored || typeof stored !== "object" || stored.version !== VERSION) return null;
  const dealt = readDealt(stored.dealt, shape.handSize);
  return {
    dealt,
    exchanged: dealt !== null && stored.exchanged === true && dealt.hand.includes("2d"),
    rounds: dealt && readRounds(stored.rounds, shape),
    scored: stored.scored === true,
    session: readSession(stored.session, shape.verdicts),
  };
}

/** Keep the trainer's state ({dealt, exchanged, rounds, scored, session}); a full or refused
 * storage is silently skipped (the trainer works without it). */
export function keep(state) {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ version: VERSION, ...state }));
  } catch {
    // Private mode or a full storage: nothing is kept, nothing breaks.
  }
}

/** The undo history of one arrangement: snapshots ({rounds, exchanged}) taken before each change. */
export class History {
  constructor() {
    this.steps = [];
  }

  /** Remember ``snapshot`` as the state to go back to. */
  push(snapshot) {
    this.steps.push(JSON.parse(JSON.stringify(snapshot)));
    if (this.steps.length > 200) this.steps.shift();
  }

  /** The last state remembered (removed), or null. */
  pop() {
    return this.steps.pop() || null;
  }

  /** Forget everything (a new hand, or the lineup sent). */
  clear() {
    this.steps = [];
  }

  get empty() {
    return this.steps.length === 0;
  }
}
