// Play Ramchi's review of one hand: why your lineup cost chips (the trainer's ``why``, in words),
// each round's win chance for your lineup and the best one, the rounds you lost and to what, and
// behind "How sure is this?" how many sampled deals the figures rest on. It shows what the API
// answered (the trainer's score, the round events); it works out no rule.

import { fixed, percent } from "/web/format.js";
import { el, scrollBox } from "/web/widgets.js";

/** "Three Aces, 90%" (a round's combination and its win chance), or "no combination". */
function chanceCell(combination) {
  if (!combination) return el("td", {}, "no combination");
  const chance = combination.win_probability;
  return el("td", {}, combination.name, chance === null || chance === undefined ? "" : `, ${percent(chance)}`);
}

/** Rounds 1–5 side by side: your combination and its win chance, the best lineup's and its own. */
export function chancesTable(score) {
  const yours = score.player.combinations;
  const best = score.best.combinations;
  const rounds = Math.max(yours.length, best.length);
  const rows = [];
  for (let index = 0; index < rounds; index += 1) {
    rows.push(el("tr", {}, el("th", { scope: "row", className: "num" }, String(index + 1)),
      chanceCell(yours[index]), chanceCell(best[index])));
  }
  const table = el("table", { "aria-label": "Win chances, round by round" },
    el("caption", {}, "Win chances, round by round"),
    el("tr", {}, el("th", { scope: "col" }, "Round"), el("th", { scope: "col" }, "Your lineup"),
      el("th", { scope: "col" }, "Best lineup")),
    rows);
  return scrollBox(table);
}

/** What the best lineup did differently, one sentence each (empty: you played it). */
export function whyPart(score) {
  const box = el("div", { id: "ramchi-play-why" });
  if (!score.why || !score.why.length) {
    box.append(el("p", {}, "You played the best lineup."));
    return box;
  }
  box.append(el("h4", {}, "What the best lineup did differently"),
    el("ul", {}, score.why.map((sentence) => el("li", {}, sentence))));
  return box;
}

/** The rounds of a finished hand that your combination lost, and to whose: from the events.
 * ``record.rounds`` are the round_played events; ``words`` names the seats (TableWords). */
export function lostRounds(record, words, me) {
  const lost = [];
  for (const round of [...record.rounds].sort((a, b) => a.number - b.number)) {
    const mine = round.plays.find((play) => play.seat === me);
    if (round.winner === me) continue;
    const winner = round.plays.find((play) => play.seat === round.winner);
    if (!winner) continue;
    lost.push(mine
      ? `Round ${round.number}: your ${mine.name} lost to ${words.whose(round.winner)} ${winner.name}.`
      : `Round ${round.number}: you had no combination left; ${words.whom(round.winner)} won with ${winner.name}.`);
  }
  if (!lost.length) return null;
  return el("ul", { "aria-label": "The rounds you lost" }, lost.map((line) => el("li", {}, line)));
}

/** How sure the figures are, folded away: the samples, and the error of the chips lost. */
export function howSure(score) {
  const used = score.samples_used || score.samples;
  return el("details", {}, el("summary", {}, "How sure is this?"),
    el("p", {}, `The win chances and the chips lost come from ${used} sampled deals of the cards `
      + "you could not see, played out the same way for both lineups. "
      + `The chips lost could be off by about ${fixed(score.difference_error)} chips `
      + "(one standard error)."
      + (score.budget_note ? ` ${score.budget_note}` : "")));
}
