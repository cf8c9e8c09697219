// Play Continental against bots: create a game, then play from your seat's view and its legal
// actions. The seat's token stays in memory only. Before each of your decisions the seat's advice
// (the in-game advice: from what the seat knows, by expected points) is fetched silently,
// so the review can show where the play departed from it, and what the move cost in expected
// points; the advice carries its advised action as a request body, which "Follow the advice"
// sends as it is.

import { act, continentalContracts, createGame, seatAdvice, seatOf, seatView } from "/web/client.js";
import { cardElement } from "/web/cards.js";
import { ContinentalHand } from "/web/continental_hand.js";
import { bare, cardText, fixed, signed, verdictName, yourName } from "/web/format.js";
import { CONTINENTAL_BOTS, actionText, adviceText, describeRecord, renderAdvice } from "/web/continental_show.js";
import { showReplay } from "/web/continental_replay.js";
import {
  button, el, feedback, field, fillSelect, gameIdLine, guarded, meldRow, rulesLinks, scrollBox, select,
} from "/web/widgets.js";

const ME = 0;
const BOT_NAMES = { advisor: "Advisor bot", ev: "Expected-points bot", random: "Random bot" };
const MOST_BOTS = 3;

/** The names of the seats: the person, then each bot (numbered when two share a kind). */
function seatNames(name, kinds) {
  const names = [name || "You"];
  for (const kind of kinds) {
    let candidate = BOT_NAMES[kind];
    for (let n = 2; names.includes(candidate); n += 1) candidate = `${BOT_NAMES[kind]} ${n}`;
    names.push(candidate);
  }
  return names;
}

/** What the seat decides now: "buy" (an offer out of turn), "draw", "play", or null (waiting). */
function stepOf(view) {
  const types = new Set(view.legal_actions.map((a) => a.type));
  if (types.has("buy") || types.has("pass")) return "buy";
  if (view.current === view.seat && (view.step === "draw" || view.step === "play")) return view.step;
  return null;
}

/** The request body the advice answer advises for ``step``: the answer's own, sent as it is. */
function advisedAction(advice, step) {
  if (!advice) return null;
  return step === "buy" ? advice.buy_action : advice.action;
}

/** Whether the action sent is the advised one (the same kind of card where a card is named). */
function sameAction(mine, advised) {
  if (!advised) return true;
  if (mine.type !== advised.type) return false;
  if (mine.type === "draw") return mine.source === advised.source;
  if ("card" in mine && "card" in advised) return bare(mine.card) === bare(advised.card);
  return true;
}

/** An action body with its cards as kinds (no copy numbers), a drop's melds in one order. */
function plainBody(action) {
  const plain = JSON.parse(JSON.stringify(action), (key, value) => (typeof value === "string" ? bare(value) : value));
  if (plain.melds) plain.melds = plain.melds.map((meld) => [...meld].sort()).sort();
  return JSON.stringify(plain, Object.keys(plain).sort());
}

/** The priced alternative of the advice whose first action is ``mine`` (null: not priced). */
function pricedMove(advice, mine) {
  const priced = advice && advice.expected_points;
  if (!priced) return null;
  const body = plainBody(mine);
  return priced.alternatives.find((alternative) => plainBody(alternative.action) === body) || null;
}

// -- the board's parts ---------------------------------------------------------------------------

function turnText(view, step) {
  const players = view.players;
  if (view.is_over) return `Winner: ${(view.winners || []).map((i) => players[i]).join(" and ")}`;
  if (step === "buy") return `The ${cardText(view.buy_window.card)} is on offer: buy it (with a penalty card) or pass.`;
  if (step) return `Your turn: ${view.step === "draw" ? "draw a card" : "drop, lay off, then discard"}.`;
  return `${players[view.current]}'s turn (${view.step}).`;
}

export function pileParts(view) {
  return [el("span", {}, "Discard pile:"),
    view.discard_top ? cardElement(view.discard_top) : el("span", {}, "empty"),
    el("span", {}, `Stock: ${view.stock_size} cards`)];
}

/** The players: cards held, dropped or not, totals; ``named`` gives a seat's name as shown (a
 * table of people says which seats bots play). */
export function seatsTable(view, named = (player, i) => (i === view.seat ? yourName(player) : player)) {
  const num = (text) => el("td", { className: "num" }, text);
  return scrollBox(el("table", {}, el("caption", {}, "Players"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Player"),
      el("th", { scope: "col", className: "num" }, "Cards"), el("th", { scope: "col" }, "Dropped"),
      el("th", { scope: "col", className: "num" }, "Total"))),
    el("tbody", {}, view.players.map((player, i) => el("tr", {},
      el("th", { scope: "row" }, named(player, i),
        i === view.current && !view.is_over ? el("span", { className: "to-play" }, " (to play)") : ""),
      num(String(view.hand_sizes[i])), el("td", {}, view.dropped[i] ? "yes" : "no"),
      num(String(view.totals[i])))))));
}

export function tableMelds(view) {
  if (!view.table.length) return el("p", {}, "No melds yet.");
  return el("ul", { className: "table-meld-list" }, view.table.map((meld) => {
    const owner = view.players[meld.owner];
    return el("li", {}, el("span", {}, `Meld ${meld.index + 1} (${owner}, ${meld.kind}): `),
      meldRow(meld.cards, `Meld ${meld.index + 1} of ${owner}: ${meld.text}`));
  }));
}

export function scoresTable(view, contracts) {
  const num = (value) => el("td", { className: "num" }, String(value));
  const hand = (i) => {
    const contract = contracts.find((c) => c.hand === i + 1);
    return contract ? `${i + 1}: ${contract.name}` : String(i + 1);
  };
  return scrollBox(el("table", { className: "score-table" },
    el("caption", {}, "Scores (penalty points, lower is better)"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Hand"),
      view.players.map((p) => el("th", { scope: "col", className: "num" }, p)))),
    el("tbody", {}, view.scores.map((row, i) => el("tr", {}, el("th", { scope: "row" }, hand(i)), row.map(num))),
      el("tr", {}, el("th", { scope: "row" }, "Total"), view.totals.map(num)))));
}

/** What a decision cost against the advice, in words: the expected points lost when the advice
 * priced the move, else the points the advice would have left in hand. */
function costText(r) {
  const lost = r.priced && r.priced.points_lost !== null && r.priced.points_lost !== undefined ? r.priced.points_lost : null;
  if (r.followed) return lost === null ? "as advised" : `as advised: no points lost (${verdictName(r.priced.verdict)})`;
  if (lost !== null && lost < 0.05) {
    const fewer = lost <= -0.05 ? `: about ${fixed(-lost, 1)} points fewer expected at the end of the hand` : "";
    return `departed from the advice, at no cost${fewer} (${verdictName(r.priced.verdict)})`;
  }
  if (lost !== null) {
    return `departed from the advice: this cost about ${fixed(lost, 1)} points at the end of the hand `
      + `(${verdictName(r.priced.verdict)})`;
  }
  if (r.out !== null && r.out !== undefined) {
    return `departed from the advice, which would have gone out, scoring ${signed(r.out)} for the hand`;
  }
  if (r.points !== null && r.points !== undefined) {
    return `departed from the advice, which would have left ${r.points} points in your hand`;
  }
  return "departed from the advice";
}

function reviewParts(done) {
  const departed = done.filter((r) => !r.followed).length;
  return [el("h4", {}, "Review of your decisions"),
    el("p", {}, `${done.length} decisions, ${departed} departing from the advice.`),
    el("ol", { className: "review-list" }, done.map((r) => {
      const advised = r.advised ? `advised: ${adviceText(r.advised)}` : "no advice";
      return el("li", { className: r.followed ? "verdict-best" : "verdict-mistake" },
        `Hand ${r.hand}: you ${actionText(r.mine)}; ${advised}: ${costText(r)}`);
    }))];
}

/** The advised drop's melds as the cards of your hand they name (each copy used once). */
function meldsFromHand(melds, hand) {
  const left = [...hand];
  return melds.map((meld) => meld.map((code) => {
    const at = left.findIndex((held) => bare(held) === bare(code));
    return at >= 0 ? left.splice(at, 1)[0] : code;
  }));
}

// -- the set-up form -----------------------------------------------------------------------------

function setupForm() {
  const name = el("input", { type: "text", value: "You", autocomplete: "nickname", maxLength: 40 });
  const count = select([1, 2, 3].map((n) => [String(n), String(n)]), "2");
  const bots = Object.entries(CONTINENTAL_BOTS);
  const kinds = Array.from({ length: MOST_BOTS }, (_, i) => select(bots,
    i === 0 ? "advisor" : "random"));
  const hands = select([], "");
  const rows = kinds.map((kind, i) => field(`Bot ${i + 1}`, kind));
  const showBots = () => rows.forEach((row, i) => { row.hidden = i >= Number(count.value); });
  count.addEventListener("change", showBots);
  showBots();
  // Waits for the contracts: until then the game's length is unknown.
  const start = el("button", { type: "submit", className: "primary", disabled: true }, "Start the game");
  const form = el("form", { className: "continental-setup" }, field("Your name", name),
    field("Number of bots", count), rows, field("Hands to play", hands), el("div", { className: "row" }, start));
  return {
    form, start, name,
    /** The hands a game may have, each named by the last contract it reaches. */
    setContracts(contracts) {
      fillSelect(hands, contracts.map((c) => [String(c.hand), `${c.hand} (up to: ${c.name})`]),
        String(contracts.length));
      start.disabled = false;
    },
    settings() {
      const bots = kinds.slice(0, Number(count.value)).map((s) => s.value);
      return { game: "continental", players: seatNames(name.value.trim(), bots), bots: [null, ...bots],
        hands: Number(hands.value) };
    },
  };
}

// -- the tab -------------------------------------------------------------------------------------

/** The board's elements, appended to ``board``; ``handNodes`` are your hand's (ContinentalHand). */
function boardParts(board, handNodes, onNewGame) {
  const parts = {
    heading: el("h3", { tabIndex: -1 }),
    turn: el("p", { className: "turn", "aria-live": "polite" }),
    gameId: el("div", { id: "continental-play-game-id" }),  // the id and the way to the Referee tab
    pile: el("div", { className: "row pile" }),
    seats: el("div", { className: "seats" }),
    table: el("div", { className: "table-melds" }),
    advice: el("div", { className: "play-advice", "aria-live": "polite" }),
    log: el("ol", { className: "events", "aria-label": "What happened" }),
    review: el("div", { className: "review" }),
    scores: el("div", { className: "scores" }),
  };
  board.append(parts.heading, parts.turn, parts.gameId, parts.pile, parts.seats, el("h4", {}, "Table"), parts.table,
    el("h4", {}, "Your hand"), ...handNodes, parts.advice,
    el("h4", {}, "What happened"), parts.log, parts.review, parts.scores,
    el("div", { className: "row" }, button("New game", onNewGame)));
  return parts;
}

/** One game from your seat: the view shown, your selection and melds, the advice and the review. */
class ContinentalTable {
  constructor(panel) {
    Object.assign(this, { panel, handle: null, view: null, contracts: [], review: [], pending: null });
    panel.append(el("h2", {}, "Play Continental"),
      el("p", {}, "Play a game of Continental Rummy against bots. The advisor watches your "
        + "decisions and reviews them after each hand."), rulesLinks("continental"));
    this.setup = setupForm();
    panel.append(this.setup.form);
    this.status = feedback(panel);
    this.board = el("div", { className: "continental-board", hidden: true });
    panel.append(this.board);
    this.hand = new ContinentalHand((action) => this.send(action), { extra: (view) => (view.legal_actions.length
      ? [button("Advice", () => this.run(() => this.showAdvice()))] : []) });
    this.ui = boardParts(this.board, this.hand.nodes, () => this.leave());
    this.setup.form.addEventListener("submit", (event) => { event.preventDefault(); this.start(); });
    this.run(async () => {
      this.contracts = await continentalContracts();
      this.setup.setContracts(this.contracts);
    });
  }

  run(work) {
    return guarded(this.panel, this.status, work);
  }

  log(text) {
    this.ui.log.append(el("li", {}, text));
    while (this.ui.log.children.length > 300) this.ui.log.firstChild.remove();
  }

  // -- the game's course -----------------------------------------------------------------------
  start() {
    const settings = this.setup.settings();
    this.setup.start.disabled = true;
    this.status.busy("Dealing…");
    this.run(async () => {
      const created = await createGame(settings);
      Object.assign(this, { handle: seatOf(created, ME), review: [] });
      this.ui.gameId.replaceChildren(gameIdLine(created.id));
      this.hand.clear();
      for (const part of [this.ui.log, this.ui.advice, this.ui.review]) part.replaceChildren();
      const dealer = created.dealer === ME ? "you deal" : `${settings.players[created.dealer]} deals`;
      this.log(`Game started: ${settings.players.join(", ")}; ${dealer}`);
      const view = await seatView(this.handle);
      this.setup.form.hidden = true;
      this.board.hidden = false;
      this.show(view);
      this.status.done("");
      this.ui.heading.focus();
    }).finally(() => { this.setup.start.disabled = false; });
  }

  leave() {
    this.board.hidden = true;
    this.setup.form.hidden = false;
    this.handle = null;
    this.setup.name.focus();
  }

  /** Send ``action`` (a request body); note how it compares with the advice; show the answer. */
  async send(action) {
    const view = this.view;
    this.status.busy("Playing…");
    const before = this.pending && this.pending.version === view.version ? this.pending
      : await adviceFor(this.handle, view);
    try {
      const answer = await act(this.handle, action);
      this.noteDecision(view, before, action);
      this.log(`You ${actionText(action)}`);
      for (const record of answer.events || []) {
        this.log(describeRecord(record, view.players, view.seat, this.contracts));
      }
      this.hand.selected.clear();
      if (action.type === "drop") this.hand.melds = [];
      this.ui.advice.replaceChildren();
      this.status.done("");
      this.show(answer.state);
    } catch (error) {
      this.status.fail(error);
    }
  }

  noteDecision(view, before, action) {
    if (!before || !before.step) return;
    this.review.push({ hand: view.hand_number, step: before.step, mine: action, advised: before.advised,
      followed: sameAction(action, before.advised), priced: pricedMove(before.advice, action),
      points: before.advice && before.step === "play" ? before.advice.points_left : null,
      out: before.advice && before.step === "play" && before.advice.goes_out ? before.advice.hand_score : null });
  }

  // -- advice ----------------------------------------------------------------------------------
  async showAdvice() {
    const view = this.view;
    this.status.busy("Asking the advisor…");
    const step = stepOf(view);
    const { advice } = await seatAdvice(this.handle);
    const advised = advisedAction(advice, step);
    const shown = renderAdvice(advice, { compact: true });
    const row = el("div", { className: "row" });
    if (advised) {
      row.append(button(`Follow the advice: ${adviceText(advised)}`, () => this.send(advised), { primary: true }));
    }
    if (advised && advised.type === "drop") {
      row.append(button("Set up the advised drop", () => this.hand.setMelds(meldsFromHand(advised.melds, view.hand))));
    }
    if (row.children.length) shown.append(row);
    this.ui.advice.replaceChildren(shown);
    this.status.done("");
  }

  // -- drawing the view ------------------------------------------------------------------------
  show(view) {
    const { ui } = this;
    this.view = view;
    const step = stepOf(view);
    ui.heading.textContent = view.is_over ? "Game over"
      : `Hand ${view.hand_number} of ${view.hands}: ${view.contract.name}`;
    ui.turn.textContent = turnText(view, step);
    ui.pile.replaceChildren(...pileParts(view));
    ui.seats.replaceChildren(seatsTable(view));
    ui.table.replaceChildren(tableMelds(view));
    this.hand.show(view);
    const done = this.review.filter((r) => view.is_over || r.hand < view.hand_number);
    if (view.is_over || step === null || done.length) ui.review.replaceChildren(...(done.length ? reviewParts(done) : []));
    this.drawScores();
    if (!view.is_over && step) {
      this.pending = null;
      adviceFor(this.handle, view).then((found) => { if (this.view === view) this.pending = found; });
    }
  }

  drawScores() {
    const { view, ui } = this;
    ui.scores.replaceChildren();
    if (!view.scores.length) return;
    ui.scores.append(el("h4", {}, "Scores"), scoresTable(view, this.contracts));
    const replayBox = el("div", { className: "continental-replay" });
    const handle = this.handle;
    ui.scores.append(el("div", { className: "row" }, button("Replay the finished hands turn by turn",
      () => this.run(() => showReplay(replayBox, handle, view.players, view.seat, this.contracts)))), replayBox);
    if (view.is_over) {
      ui.scores.append(el("p", { className: "winner verdict-best" },
        `Winner: ${(view.winners || []).map((i) => view.players[i]).join(" and ")}`));
    }
  }
}

/** The advice for the seat's decision now, fetched silently (null when it has none to make). */
async function adviceFor(handle, view) {
  const step = stepOf(view);
  if (!step) return null;
  try {
    const { advice } = await seatAdvice(handle);
    return { version: view.version, step, advice, advised: advisedAction(advice, step) };
  } catch {
    return { version: view.version, step, advice: null, advised: null };
  }
}

function mount(panel) {
  return new ContinentalTable(panel);
}

export const tool = { id: "continental-play", title: "Play Continental", mount };
