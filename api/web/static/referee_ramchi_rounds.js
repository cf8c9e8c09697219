// The Referee tab's round-by-round view of a Ramchi log: pick a finished hand, then step through
// its deal and rounds with all three lineups as cards (ramchi_replay.js, the stepper Play Ramchi
// uses too). Seats are named as the rest of the desk names them (referee_verdict.js: seatName).
// Records from a refused one on are not shown: the verdict stops there.

import { handsOfLog, roundStepper } from "/web/ramchi_replay.js";
import { TableWords } from "/web/ramchi_play_words.js";
import { seatName } from "/web/referee_verdict.js";
import { el, field, select } from "/web/widgets.js";

const id = (name) => `referee-rounds-${name}`;

/** The seats in the desk's words: no seat is "you". */
export function refereeWords() {
  return new TableWords([0, 1, 2].map(seatName), [null, null, null], null);
}

/** Show in ``box`` the round-by-round view of the Ramchi ``log`` (its records), up to the record
 * ``refused`` (null: all of them); hide ``box`` when no hand of the log is finished. */
export function showRounds(box, log, refused = null) {
  const hands = handsOfLog(log, { before: refused === null ? Infinity : refused });
  if (!hands.size) {
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  const words = refereeWords();
  const numbers = [...hands.keys()].sort((a, b) => a - b);
  const chooser = select(numbers.map((number) => [String(number), `Hand ${number}`]), String(numbers[0]),
    { id: id("hand") });
  const shown = el("div", {});
  const show = () => shown.replaceChildren(
    roundStepper(hands.get(Number(chooser.value)), words, { headingLevel: "h5", id: id("stepper") }));
  chooser.addEventListener("change", show);
  box.replaceChildren(el("h4", { id: id("heading") }, "Round by round"),
    el("p", {}, "Each finished hand of the log: the deal, then every round with the three players' "
      + "combinations, who won it and the chips it paid."),
    field("Hand to step through", chooser), shown);
  box.hidden = false;
  show();
}
