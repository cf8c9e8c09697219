// The end of a table's game: the final standings, the whole log to download, a button that posts
// it to the referee (the verdict in words), and the hand-by-hand replay.

import { RawJson, dispute, gameLogText } from "/web/client.js";
import { showReplay } from "/web/continental_replay.js";
import { handsOfLog, roundStepper } from "/web/ramchi_replay.js";
import { TableWords } from "/web/ramchi_play_words.js";
import { renderVerdict } from "/web/referee_verdict.js";
import { button, el, scrollBox, select } from "/web/widgets.js";

/** The standings table: {headline, rows: [[player, score]], unit}. */
function standingsTable(standings) {
  return scrollBox(el("table", { className: "standings" }, el("caption", {}, "Final standings"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", className: "num" }, "Place"),
      el("th", { scope: "col" }, "Player"), el("th", { scope: "col", className: "num" }, standings.unit))),
    el("tbody", {}, standings.rows.map(([player, score], i) => el("tr", {},
      el("td", { className: "num" }, String(i + 1)), el("th", { scope: "row" }, player),
      el("td", { className: "num" }, score))))));
}

/** The log as a file to save: its text exactly as the service wrote it (a seed stays exact). */
function downloadLink(text, gameId) {
  const link = el("a", { className: "button-link", download: `game-${gameId}.json`,
    href: URL.createObjectURL(new Blob([text], { type: "application/json" })) }, "Download the whole log");
  return link;
}

/** A Ramchi game's hands, one at a time, round by round. */
function ramchiReplay(box, log, view) {
  const hands = handsOfLog(log.log);
  const words = new TableWords(view.players, view.bots, view.seat === undefined ? -1 : view.seat);
  const numbers = [...hands.keys()].sort((a, b) => a - b);
  if (!numbers.length) {
    box.replaceChildren(el("p", {}, "No hand was played."));
    return;
  }
  const chooser = select(numbers.map((n) => [String(n), `Hand ${n}`]), String(numbers[0]));
  chooser.setAttribute("aria-label", "The hand to replay");
  const stepper = el("div");
  const show = () => stepper.replaceChildren(roundStepper(hands.get(Number(chooser.value)), words,
    { id: "table-hand-replay" }));
  chooser.addEventListener("change", show);
  box.replaceChildren(el("div", { className: "row" }, el("span", {}, "Replay"), chooser), stepper);
  show();
}

/** The end of the game in ``box``: standings from ``board.standings(view)``, then the log's tools. */
export async function showGameEnd(box, { view, handle, board, run }) {
  const { text, data: log } = await gameLogText(handle.id, handle.token);
  const standings = board.standings(view);
  const verdictBox = el("div", { className: "verdict-box" });
  const replayBox = el("div", { className: "table-replay" });
  const settle = button("Settle a dispute: ask the referee", () => run(async () => {
    verdictBox.replaceChildren(el("p", { className: "busy" }, "The referee reads the log…"));
    const verdict = await dispute(new RawJson(text));
    verdictBox.replaceChildren(renderVerdict(verdict, { headingId: "table-verdict" }));
    verdictBox.querySelector("h4").focus();
  }));
  const replay = button("Replay the game hand by hand", () => run(async () => {
    if (view.game === "ramchi") ramchiReplay(replayBox, log, view);
    else await showReplay(replayBox, handle, view.players, view.seat, board.contracts);
  }));
  box.replaceChildren(el("h3", { id: "table-end-heading", tabIndex: -1 }, "The game is over"),
    el("p", { className: "winner verdict-best" }, standings.headline), standingsTable(standings),
    el("p", {}, "The whole log holds every action and every card: anyone can check it with the referee, "
      + "here or in the Referee tab."),
    el("div", { className: "row" }, downloadLink(text, handle.id), settle, replay), verdictBox, replayBox);
}
