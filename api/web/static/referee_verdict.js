// The verdict on a posted log, in words: legal or the refused record (its message, the rule, where
// it is, what differs between the log and the rules), whether the game is finished, and the
// standings with what they count. Both games; the dispute answer as it comes.

import { known, signed } from "/web/format.js";
import { el, scrollBox } from "/web/widgets.js";

/** "Player 3": how the Referee tab names a seat (a log carries no player names). Players count
 * from 1 in seat order, as at a table; the log's own seat numbers count from 0 (its seat 2 is
 * player 3), and so do the rules' sentences quoted from the service ({@link SEAT_NUMBERS}). */
export function seatName(seat) {
  return `Player ${seat + 1}`;
}

/** What the Referee tab says once about how it numbers the players. */
export const SEAT_NUMBERS = "Players are numbered from 1 in seat order. A log counts its seats from "
  + "nought, and the rules' own sentences quoted here do too: the log's seat 2 is player 3.";

/** Where a refused record is, in words: "record 5, hand 1, round 1" (what the verdict says). */
export function whereText(verdict) {
  const where = verdict.where || { index: verdict.index };
  const parts = [`record ${where.index ?? verdict.index}`];
  if (known(where.hand)) parts.push(`hand ${where.hand}`);
  if (known(where.round)) parts.push(`round ${where.round}`);
  if (known(where.turn)) parts.push(`turn ${where.turn}`);
  return parts.join(", ");
}

function differencesTable(differences) {
  return scrollBox(el("table", { className: "differences" },
    el("caption", {}, "What differs"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Field"),
      el("th", { scope: "col" }, "The log says"), el("th", { scope: "col" }, "The rules give"))),
    el("tbody", {}, differences.map((row) => el("tr", {},
      el("th", { scope: "row" }, row.field), el("td", {}, row.log), el("td", {}, row.rules))))));
}

/** The standings of a verdict: ``standings_after`` (named by what they count) or, from an older
 * answer, its bare chips or totals. */
function standingsPart(verdict) {
  const standings = verdict.standings_after || {};
  const chips = standings.chips || (standings.totals ? null : verdict.chips);
  const totals = standings.totals || (chips ? null : verdict.totals);
  const values = chips || totals;
  if (!values) return null;
  const what = standings.counts || (chips ? "chips" : "points (the lowest total wins)");
  const heading = chips ? "Chips" : "Points";
  const table = scrollBox(el("table", { className: "standings" },
    el("caption", {}, "Standings"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Player"),
      el("th", { scope: "col", className: "num" }, heading))),
    el("tbody", {}, values.map((value, seat) => el("tr", {},
      el("th", { scope: "row" }, seatName(seat)),
      el("td", { className: "num" }, chips ? signed(value) : String(value)))))));
  return [el("p", {}, `Standings: ${what}.`), table];
}

function finishedLine(verdict) {
  if (!known(verdict.finished)) return null;
  let words = verdict.finished ? "The game is finished: the log ends it."
    : "The game is not finished: the log stops before the game's end.";
  if (!verdict.legal) {
    words = verdict.finished ? "The game is finished by the records judged."
      : "The game is not finished by the records judged (those before the refused one).";
  }
  return el("p", { className: "finished" }, words);
}

/** The heading line: legal, or refused at which record. */
function headline(verdict) {
  if (verdict.legal) {
    return el("p", { className: "verdict-best" }, el("strong", {}, "Legal"),
      ": every record follows the rules.");
  }
  return el("p", { className: "verdict-blunder" }, el("strong", {}, "Refused"), ` at ${whereText(verdict)}.`);
}

/** The verdict as a fresh element with a focusable heading (``id``: the heading's id). */
export function renderVerdict(verdict, { headingId } = {}) {
  const heading = el("h4", { tabIndex: -1 }, "Verdict");
  if (headingId) heading.id = headingId;
  const differences = verdict.differences || [];
  return el("div", { className: "verdict" }, heading, headline(verdict),
    verdict.message ? el("p", { className: "verdict-message" }, verdict.message) : null,
    verdict.rule ? el("p", {}, `Rule: ${verdict.rule}`) : null,
    differences.length ? differencesTable(differences) : null,
    finishedLine(verdict),
    standingsPart(verdict));
}
