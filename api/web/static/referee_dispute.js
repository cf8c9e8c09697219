// The dispute desk: a log pasted, uploaded as a file, or opened by its game's id (a game's log as
// the API gives it, or a dispute body), judged by the rules (client.js: dispute) and replayed
// record by record (client.js: replay), the refused record marked.

import { RawJson, dispute, gameLogText, replay } from "/web/client.js";
import { showRounds } from "/web/referee_ramchi_rounds.js";
import { PAGE_STEPS, Replay } from "/web/referee_replay.js";
import { renderVerdict } from "/web/referee_verdict.js";
import { button, el, feedback, field, guarded, showProblem } from "/web/widgets.js";

const id = (name) => `referee-dispute-${name}`;

/** A problem of this page's own (the box shows it as it shows the API's). */
function pageProblem(title, detail) {
  return { body: { title, detail } };
}

/** The log box's text read as a JSON object, or a thrown problem saying what is wrong with it. */
export function readLog(text) {
  if (!String(text).trim()) {
    throw pageProblem("No log", "Paste a log, upload its file or open a game by its id first.");
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw pageProblem("Not a log", "The text is not JSON: paste a finished game's whole log as the "
      + "API gives it, or a dispute body ({\"game\", \"config\", \"log\"}).");
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    throw pageProblem("Not a log", "The JSON is not an object with \"config\" and \"log\".");
  }
  return data;
}

/** The form: the log's text box, a file input and a game id; ``text`` holds the log. */
function logForm() {
  const text = el("textarea", { id: id("log"), rows: 8, spellcheck: false, autocomplete: "off",
    "aria-describedby": id("log-hint") });
  text.style.width = "100%";
  const file = el("input", { type: "file", id: id("file"), accept: ".json,application/json" });
  file.style.maxWidth = "100%";
  const gameId = el("input", { type: "text", id: id("game-id"), autocomplete: "off", spellcheck: false,
    size: 36 });
  gameId.style.maxWidth = "100%";
  const open = button("Open the game's log", null);
  const judge = button("Judge the log", null, { primary: true });
  const box = el("fieldset", {}, el("legend", {}, "The log"),
    el("p", {}, el("label", { for: id("log") }, "Log (JSON)")), text,
    el("p", { id: id("log-hint"), className: "busy" },
      "A finished game's log as the API gives it (its games/{id}/log route), or a dispute body "
      + "{\"game\", \"config\", \"log\"}. Change a record to see what the rules say."),
    field("Or upload a log file", file),
    el("div", { className: "row" }, el("label", { for: id("game-id") }, "Or a game's id"), gameId, open),
    el("div", { className: "row" }, judge));
  box.style.minWidth = "0";
  return { box, text, file, gameId, open, judge };
}

/** The dispute section: judge a log and replay it. */
export class DisputeDesk {
  constructor(parent) {
    this.form = logForm();
    this.verdict = el("section", { id: id("verdict"), "aria-label": "Verdict", hidden: true });
    this.replayBox = el("section", { id: id("replay"), "aria-label": "Replay", hidden: true });
    this.replay = new Replay(this.replayBox);
    this.roundsBox = el("section", { id: id("rounds"), "aria-labelledby": "referee-rounds-heading", hidden: true });
    parent.append(this.form.box);
    this.status = feedback(parent);
    parent.append(this.verdict, this.roundsBox, this.replayBox);
    this.parent = parent;
    this.form.judge.addEventListener("click", () => this.judge());
    this.form.open.addEventListener("click", () => this.openGame());
    this.form.file.addEventListener("change", () => this.upload());
  }

  async upload() {
    const chosen = this.form.file.files && this.form.file.files[0];
    if (!chosen) return;
    this.form.text.value = await chosen.text();
    this.status.done(`Read ${chosen.name}: press "Judge the log".`);
  }

  /** Fill in ``gameId`` and judge its log, as if typed and "Open the game's log" pressed. */
  openById(gameId) {
    this.form.gameId.value = gameId;
    this.form.gameId.scrollIntoView({ block: "center" });
    return this.openGame();
  }

  async openGame() {
    const gameId = this.form.gameId.value.trim();
    if (!gameId) {
      this.status.fail(pageProblem("No game id", "Type the id of a game to open its log."));
      return;
    }
    this.status.busy("Reading the game's log…");
    await guarded(this.parent, this.status, async () => {
      // the log as the service wrote it: read and written again, a seed past 2**53 would change
      this.form.text.value = (await gameLogText(gameId)).text;
      await this.judge();
    });
  }

  async judge() {
    let body;
    try {
      body = readLog(this.form.text.value);
    } catch (problem) {
      this.status.fail(problem);
      return;
    }
    this.status.busy("Judging the log…");
    this.form.judge.disabled = true;
    try {
      await guarded(this.parent, this.status, async () => {
        // The log of a running game has no verdict (its hand is hidden), but it can be replayed.
        const sent = new RawJson(this.form.text.value);  // posted as typed: every number exact
        const page = (from) => replay(sent, { from, limit: PAGE_STEPS });
        const [judged, told] = await Promise.allSettled([dispute(sent), page(0)]);
        const verdict = judged.status === "fulfilled" ? judged.value : null;
        this.verdict.hidden = !verdict;
        await this.showReplay(told, verdict, judged.status === "rejected", page);
        this.showRounds(body, told, verdict);
        if (verdict) this.showVerdict(verdict);
        else this.status.fail(judged.reason);
      });
    } finally {
      this.form.judge.disabled = false;
    }
  }

  showVerdict(verdict) {
    this.verdict.replaceChildren(renderVerdict(verdict, { headingId: id("verdict-heading") }));
    this.verdict.hidden = false;
    this.status.done(verdict.legal ? "Judged: legal." : "Judged: a record is refused.");
    document.getElementById(id("verdict-heading")).focus();
  }

  /** A Ramchi log's finished hands round by round (ramchi_replay.js), up to a refused record. */
  showRounds(body, told, verdict) {
    const game = body.game || (told.status === "fulfilled" ? told.value.game : null);
    if (game !== "ramchi" || !Array.isArray(body.log)) {
      this.roundsBox.hidden = true;
      return;
    }
    showRounds(this.roundsBox, body.log, verdict && !verdict.legal ? verdict.index : null);
  }

  /** The replay, its refused record marked; its problem when it has one of its own. */
  async showReplay(settled, verdict, judgeFailed, fetchPage) {
    if (settled.status === "fulfilled") {
      await this.replay.show(settled.value, { refused: verdict && !verdict.legal ? verdict.index : null,
        fetchPage });
      return;
    }
    if (judgeFailed) {  // the same log refused twice: the status says why once
      this.replayBox.hidden = true;
      return;
    }
    const box = el("div", { role: "alert", className: "problem" });
    this.replayBox.replaceChildren(el("h4", {}, "Replay"), box);
    this.replayBox.hidden = false;
    showProblem(box, settled.reason);
  }
}
