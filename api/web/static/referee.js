// The referee desk: judge a posted log (the verdict in words, the refused record marked) and replay
// it step by step; score a hand played at a real table (Ramchi: three lineups; Continental: the
// cards left); check a Continental play on a given table. Each part is its own module.

import { PlayCheck } from "/web/referee_check.js";
import { ContinentalScore } from "/web/referee_continental_score.js";
import { DisputeDesk } from "/web/referee_dispute.js";
import { RamchiScore } from "/web/referee_ramchi_score.js";
import { SEAT_NUMBERS } from "/web/referee_verdict.js";
import { el, rulesLinks } from "/web/widgets.js";

const PARTS = [
  ["dispute", "Judge a log", "Paste, upload or open a game's log: the rules replay it and say "
    + "whether every record is legal, and if not which record, what differs and why.", DisputeDesk],
  ["ramchi-score", "Score a Ramchi hand", "Three lineups played at a real table and the dealer: "
    + "every round with its winner and why, the chips and the next dealer.", RamchiScore],
  ["continental-score", "Score a Continental hand", "The cards each player has left: the scores "
    + "under the ruleset's card values, and the new totals.", ContinentalScore],
  ["check", "Check a Continental play", "Is this meld, lay off or joker move legal on this table? "
    + "The melds it leaves and what each joker stands for, or the rule it breaks.", PlayCheck],
];

let desk = null;  // the mounted dispute desk, that a link to a game opens

function mount(panel) {
  panel.append(el("h2", {}, "Referee"),
    el("p", {}, "Settle a dispute by the rules: a whole game's log, or one hand or one play at a real table."),
    rulesLinks("ramchi", "continental"),
    el("p", { className: "note" }, SEAT_NUMBERS));
  for (const [name, title, intro, Part] of PARTS) {
    const headingId = `referee-${name}-heading`;
    const section = el("section", { id: `referee-${name}`, className: "referee-part", "aria-labelledby": headingId },
      el("h3", { id: headingId }, title), el("p", {}, intro));
    panel.append(section);
    const part = new Part(section);
    if (Part === DisputeDesk) desk = part;
  }
}

/** Open what a link asks for: ``game`` (an id) is filled in and its log judged. */
function open(params) {
  const gameId = params.get("game");
  if (gameId && desk) desk.openById(gameId);
}

export const tool = { id: "referee", title: "Referee", mount, open };
