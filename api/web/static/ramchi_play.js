// Play Ramchi: a refereed game against two bots. Each hand you exchange or keep the 2♦ when you
// hold it, arrange five rounds and play; the rounds are revealed one by one. Your lineup is
// scored silently (the trainer's score) before it is sent, and after each hand the best lineup in
// hindsight is shown. After the game, a review table lists every decision with the chips it cost.

import { act, createGame, gameLog, ramchiHindsight, seatOf, seatView, trainerScore } from "/web/client.js";
import { cardElement, cardRow } from "/web/cards.js";
import { cardsText, fixed, signed, verdictName } from "/web/format.js";
import {
  el, feedback, gameIdLine, guarded, lineupBuilder, lineupList, rulesLinks, scrollBox, select,
} from "/web/widgets.js";
import { BOT_KINDS, TableWords, botWords, opponentsWords } from "/web/ramchi_play_words.js";
import { chancesTable, howSure, lostRounds, whyPart } from "/web/ramchi_hand_review.js";
import { handsOfLog, roundStepper } from "/web/ramchi_replay.js";

const ME = 0;
const SEATS = [0, 1, 2];
const id = (name) => `ramchi-play-${name}`;

/** The hands events (an action's, or the game's log) tell of, by hand number: the dealer,
 * rounds, chips and four of a kind; a hand is finished once it has ``ended``. */
function finishedHands(events, into = new Map()) {
  for (const event of events || []) {
    if (!["hand_dealt", "round_played", "hand_ended", "four_of_a_kind_won"].includes(event.kind)) continue;
    const record = into.get(event.hand)
      || { hand: event.hand, rounds: [], ended: null, four: null, dealer: null };
    if (event.kind === "hand_dealt") record.dealer = event.dealer;
    if (event.kind === "round_played" && !record.rounds.some((r) => r.number === event.number)) {
      record.rounds.push(event);
    }
    if (event.kind === "hand_ended") record.ended = event;
    if (event.kind === "four_of_a_kind_won") record.four = event;
    into.set(event.hand, record);
  }
  return into;
}

/** The other seats' lineups and the cards you played, from a finished hand's rounds. */
function playedLineups(record) {
  const lineups = { 1: [], 2: [] };
  const played = [];
  for (const round of [...record.rounds].sort((a, b) => a.number - b.number)) {
    for (const play of round.plays) {
      if (play.seat === ME) played.push(play.cards);
      else lineups[play.seat].push(play.cards);
    }
  }
  return { lineups, played };
}

// -- the parts of the tab -------------------------------------------------------------------------

function setupForm() {
  const name = el("input", { id: id("name"), value: "You", maxLength: 40, autocomplete: "nickname" });
  const bots = [1, 2].map((seat) => select(BOT_KINDS.map(([kind, words]) => [kind, words]),
    seat === 1 ? "ev" : "greedy", { id: id(`bot-${seat}`) }));
  const hands = el("input", { id: id("hands"), type: "number", min: 1, max: 10, step: 1, value: "2",
    inputMode: "numeric" });
  hands.style.width = "5rem";
  const start = el("button", { type: "button", className: "primary" }, "Start game");
  const box = el("fieldset", {}, el("legend", {}, "New game"),
    el("div", { className: "row" }, el("label", { for: id("name") }, "Your name"), name),
    el("div", { className: "row" }, el("label", { for: id("bot-1") }, "Bot 1"), bots[0],
      el("label", { for: id("bot-2") }, "Bot 2"), bots[1]),
    el("p", { className: "busy" }, "A greedy player plays its strongest combination first; a cautious "
      + "player guards against the worst the others could hold; an expected-chips player plays "
      + "what wins the most chips on average."),
    el("div", { className: "row" }, el("label", { for: id("hands") }, "Hands (1–10)"), hands, start));
  const settings = () => ({ players: [name.value.trim() || "You", "Bot 1", "Bot 2"],
    bots: [null, bots[0].value, bots[1].value], hands: Number(hands.value) });
  return { box, start, name, settings };
}

function chipsTable(words, view) {
  const last = view.last_hand ? finishedHands(view.last_hand.events).get(view.last_hand.hand) : null;
  return el("table", { "aria-label": "Chips" },
    el("tr", {}, el("th", {}, "Player"), el("th", { className: "num" }, "Last hand"),
      el("th", { className: "num" }, "Total")),
    SEATS.map((seat) => el("tr", {},
      el("th", { scope: "row" }, words.rowName(seat)),
      el("td", { className: "num" }, last && last.ended ? signed(last.ended.chips[seat]) : "–"),
      el("td", { className: "num" }, signed(view.chips[seat])))));
}

function roundItem(round, words) {
  return el("li", { dataset: { round: String(round.number) } },
    el("p", {}, `Round ${round.number}: `, el("strong", {}, words.says(round.winner, "win", "wins"))),
    round.plays.map((play) => el("div", { className: "row" },
      el("span", {}, `${words.who(play.seat)}: ${play.name}`),
      cardRow(play.cards, `Round ${round.number}, ${words.who(play.seat)}: ${play.name}`))));
}

function handChips(record, words) {
  return el("p", { id: id("hand-chips") }, `Chips this hand: ${words.chipsList(record.ended.chips)}. `
    + `Totals: ${words.chipsList(record.ended.totals)}.`);
}

function verdictLine(decision) {
  if (!decision || !decision.verdict) return el("p", { id: id("verdict") }, "Your lineup could not be scored.");
  const lost = decision.chipsLost > 0.005
    ? ` On average it wins ${fixed(decision.chipsLost)} chips less than the best lineup.`
    : " On average it wins as much as the best lineup.";
  return el("p", { className: `verdict-${decision.verdict}`, id: id("verdict") },
    `Your verdict: ${verdictName(decision.verdict)}.${lost}`);
}

/** What you did in a hand, in words: your lineup, or whose four of a kind ended it. */
function handPlay(record, decision, words) {
  if (record.four) return `${words.says(record.four.seat, "had", "had")} four of a kind: the hand was not played`;
  if (!decision) return "–";
  return decision.lineup.length ? decision.lineup.map(cardsText).join(" / ") : "all discarded";
}

/** The review: one row per finished hand (``records``), with your decision there if you made one. */
function reviewTable(records, decisions, words, replayButton) {
  const scored = decisions.filter((d) => d.verdict);
  const total = scored.reduce((sum, d) => sum + d.chipsLost, 0);
  const average = scored.length ? total / scored.length : 0;
  const byHand = new Map(decisions.map((d) => [d.hand, d]));
  return el("table", { "aria-label": "Your decisions" },
    el("tr", {}, el("th", { className: "num" }, "Hand"), el("th", {}, "What you played"),
      el("th", { className: "num" }, "Your chips"), el("th", { className: "num" }, "Chips lost"),
      el("th", {}, "Verdict"), el("th", {}, "Replay")),
    records.map((record) => {
      const d = byHand.get(record.hand);
      return el("tr", {},
        el("td", { className: "num" }, String(record.hand)),
        el("td", {}, handPlay(record, d, words)),
        el("td", { className: "num" }, record.ended ? signed(record.ended.chips[ME]) : "–"),
        el("td", { className: "num" }, d && d.verdict ? fixed(d.chipsLost) : "–"),
        el("td", { className: d && d.verdict ? `verdict-${d.verdict}` : "" },
          d && d.verdict ? verdictName(d.verdict) : d ? "not scored" : "no decision"),
        el("td", {}, replayButton(record)));
    }),
    el("tr", {}, el("th", { scope: "row", colSpan: 3 }, "Chips lost on average, all hands"),
      el("td", { className: "num", id: id("total-lost") }, fixed(average)), el("td", {}, ""), el("td", {}, "")),
    el("tr", {}, el("th", { scope: "row", colSpan: 3 }, "Chips lost in all"),
      el("td", { className: "num", id: id("all-lost") }, fixed(total)), el("td", {}, ""), el("td", {}, "")));
}

// -- the tab -------------------------------------------------------------------------------------

/** The table's elements: the hand's heading, chips, up-card, the exchange and the arranging. */
function tableParts(builder) {
  const parts = {
    box: el("section", { "aria-labelledby": id("table-heading"), hidden: true }),
    heading: el("h3", { id: id("table-heading"), tabIndex: -1 }, "Hand"),
    chips: el("div", { id: id("chips") }),
    gameId: el("div", { id: id("game-id") }),  // the game's id and the way to the Referee tab
    up: el("div", { className: "row", id: id("up") }),
    exchange: el("button", { type: "button" }, "Exchange"),
    keep: el("button", { type: "button" }, "Keep"),
    play: el("button", { type: "button", className: "primary" }, "Play"),
  };
  parts.exchangeBox = el("div", { hidden: true },  // a wrapper: .row's display would beat hidden
    el("div", { className: "row", role: "group", "aria-label": "The 2♦ exchange" },
      el("span", {}, "You hold the 2♦: exchange it for the up-card, or keep it?"), parts.exchange, parts.keep));
  parts.arrangeBox = el("fieldset", { hidden: true }, el("legend", {}, "Arrange your five rounds"),
    builder.hand,
    el("p", { className: "busy" }, "Pick a round, then click (or press Enter on) three cards, or drag "
      + "a card onto a round. Click a card in a round to take it back. Cards left over are discarded."),
    builder.slots, builder.status, el("div", { className: "row" }, parts.play));
  parts.arrangeBox.style.minWidth = "0";
  parts.box.append(parts.heading, parts.chips, parts.gameId, parts.up, parts.exchangeBox, parts.arrangeBox);
  return parts;
}

/** One game from your seat: the hands as they come, their results and the review at the end. */
class RamchiTable {
  constructor(panel) {
    Object.assign(this, {
      panel,
      game: null,          // {handle, players, bots}
      words: null,         // the seats in words (TableWords)
      view: null,          // the latest view of the game for your seat
      current: null,       // this hand: {number, dealt, upCard, dealer, exchange, lineup, hand, decision}
      hands: new Map(),    // every hand the events told of, by number (finished once .ended)
      shown: new Set(),    // hand numbers whose result has been shown
      decisions: [],       // {hand, lineup, chipsLost, verdict, score}
      queue: [],           // finished hands waiting to be shown
    });
    this.setup = setupForm();
    this.builder = lineupBuilder({ statusId: id("count") });
    this.ui = tableParts(this.builder);
    this.resultBox = el("section", { "aria-labelledby": id("result-heading"), hidden: true, id: id("result") });
    this.reviewBox = el("section", { "aria-labelledby": id("review-heading"), hidden: true, id: id("review") });
    this.replayBox = el("section", { "aria-labelledby": id("replay-heading"), hidden: true, id: id("replay") });
    panel.append(el("h2", {}, "Play Ramchi"),
      el("p", {}, "Play a refereed game against two bots. Each lineup you play is scored against "
        + "the solver's, and each hand is reviewed once its rounds are known."),
      rulesLinks("ramchi"),
      this.setup.box, this.ui.box);
    this.status = feedback(panel);
    panel.append(this.resultBox, this.reviewBox, this.replayBox);
    this.setup.start.addEventListener("click", () => this.run(() => this.start()));
    this.ui.exchange.addEventListener("click", () => this.run(() => this.answerExchange(true)));
    this.ui.keep.addEventListener("click", () => this.run(() => this.answerExchange(false)));
    this.ui.play.addEventListener("click", () => this.run(() => this.play()));
  }

  run(work) {
    return guarded(this.panel, this.status, work);
  }

  // -- the game's course -----------------------------------------------------------------------
  async start() {
    const settings = this.setup.settings();
    this.status.busy("Dealing…");
    const created = await createGame(settings);
    this.game = { handle: seatOf(created, ME), players: settings.players, bots: settings.bots };
    this.words = new TableWords(settings.players, settings.bots, ME);
    this.ui.gameId.replaceChildren(gameIdLine(created.id));
    Object.assign(this, { decisions: [], current: null, queue: [] });
    this.hands.clear();
    this.shown.clear();
    for (const box of [this.resultBox, this.reviewBox, this.replayBox]) {
      box.hidden = true;
      box.replaceChildren();
    }
    this.view = await seatView(this.game.handle);
    this.status.done(`Game started against ${opponentsWords(settings.bots[1], settings.bots[2])}.`);
    this.setup.box.hidden = true;
    await this.catchUp();
    if (!this.ui.box.hidden) this.ui.heading.focus();
  }

  /** Read every hand finished so far from the game's log (the bots may have finished several
   * before you act, e.g. on four of a kind), then show those not shown yet. */
  async catchUp() {
    const log = await gameLog(this.game.handle.id);
    finishedHands(log.log, this.hands);
    return this.showFinished();
  }

  async answerExchange(exchange) {
    this.current.exchange = exchange;
    await this.send({ type: exchange ? "exchange" : "keep" }, exchange ? "Exchanging…" : "Keeping the 2♦…");
  }

  async play() {
    const lineup = this.builder.lineup();
    Object.assign(this.current, { lineup, hand: [...this.view.hand] });
    this.status.busy("Playing your arrangement…");
    const decision = await this.scoreDecision(lineup);
    this.decisions.push(decision);
    this.current.decision = decision;
    this.ui.arrangeBox.hidden = true;
    await this.send({ type: "arrange", combinations: lineup }, "Playing your arrangement…");
  }

  async send(body, what) {
    this.status.busy(what);
    const answer = await act(this.game.handle, { ...body, expected_version: this.view.version });
    this.status.done("");
    await this.take(answer);
  }

  /** Take an action's answer: note finished hands, then show them (or the table). */
  take(answer) {
    this.view = answer.state;
    finishedHands(answer.events, this.hands);
    if (this.view.last_hand) finishedHands(this.view.last_hand.events, this.hands);
    return this.showFinished();
  }

  /** Queue the finished hands not shown yet (oldest first) and show the first, or the table. */
  showFinished() {
    this.queue = [...this.hands.values()].filter((h) => h.ended && !this.shown.has(h.hand))
      .sort((a, b) => a.hand - b.hand);
    return this.nextResult();
  }

  async nextResult() {
    if (!this.queue.length) { this.renderTable(); return; }
    const record = this.queue.shift();
    this.shown.add(record.hand);
    this.ui.box.hidden = true;
    await this.showResult(record);
  }

  /** The lineup scored silently before it is played (a bonus: the game goes on without it). */
  async scoreDecision(lineup) {
    const { current } = this;
    const decision = { hand: current.number, lineup, chipsLost: null, verdict: null, score: null };
    try {
      const scored = await trainerScore({ hand: current.dealt, up_card: current.upCard, seat: ME,
        dealer: current.dealer, lineup, samples: 40, exchange: current.exchange });
      Object.assign(decision, { chipsLost: scored.chips_lost, verdict: scored.verdict, score: scored });
    } catch {
      decision.verdict = null;
    }
    return decision;
  }

  waitForBots() {
    this.status.busy("Waiting for the bots…");
    setTimeout(() => this.run(async () => {
      this.view = await seatView(this.game.handle);
      this.status.done("");
      await this.catchUp();  // the bots may have finished hands meanwhile
    }), 500);
  }

  // -- the table -------------------------------------------------------------------------------
  /** Show the game as the view says: the next hand's decision, or the review once it is over. */
  renderTable() {
    const { view, ui, words } = this;
    ui.box.hidden = false;
    ui.chips.replaceChildren(chipsTable(words, view));
    if (view.is_over) {
      ui.heading.textContent = "Game over";
      ui.up.replaceChildren();
      ui.exchangeBox.hidden = true;
      ui.arrangeBox.hidden = true;
      this.renderReview();
      return;
    }
    if (!this.current || this.current.number !== view.hand_number) {
      this.current = { number: view.hand_number, dealt: [...view.hand], upCard: view.up_card,
        dealer: view.dealer, exchange: null };
      this.builder.deal(view.hand);
    }
    ui.heading.textContent = `Hand ${view.hand_number} of ${view.hands}`;
    ui.up.replaceChildren(el("span", {}, "Up-card: "), cardElement(view.up_card),
      el("span", {}, ` ${words.says(view.dealer, "deal", "deals")}.`));
    const mine = view.awaiting.includes(ME);
    ui.exchangeBox.hidden = !(mine && view.phase === "exchange");
    ui.arrangeBox.hidden = !(mine && view.phase === "arrange");
    if (!ui.exchangeBox.hidden) ui.up.append(cardRow(view.hand, "Your hand"));
    if (!ui.arrangeBox.hidden) {
      const arrange = (view.legal_actions || []).find((action) => action.type === "arrange");
      this.builder.setShape(arrange && arrange.choose && arrange.choose.groups[0]);
      this.builder.setHand(view.hand);
    }
    if (!mine) this.waitForBots();
  }

  // -- a hand's result: rounds one by one, chips, hindsight ------------------------------------
  async showResult(record) {
    const { current, words } = this;
    const mine = current && current.number === record.hand && current.lineup ? current : null;
    const title = record.four ? words.fourHeading(record.four) : "the rounds";
    const heading = el("h3", { id: id("result-heading"), tabIndex: -1 }, `Hand ${record.hand}: ${title}`);
    const rounds = el("ol", { className: "lineup", "aria-label": `Hand ${record.hand} rounds` });
    const after = el("div", { hidden: true }, handChips(record, words));
    const nextRound = el("button", { type: "button", className: "primary" }, "Next round");
    const ordered = [...record.rounds].sort((a, b) => a.number - b.number);
    const finish = () => { nextRound.hidden = true; after.hidden = false; };
    nextRound.addEventListener("click", () => {
      const round = ordered[rounds.children.length];
      rounds.append(roundItem(round, words));
      if (rounds.children.length >= ordered.length) finish();
      this.status.done(`Round ${round.number}: ${words.says(round.winner, "win", "wins")}.`);
    });
    const parts = [heading];
    if (record.four) parts.push(el("p", { id: id("four") }, words.fourOfAKind(record.four)));
    if (!ordered.length) finish();
    after.append(el("div", { className: "row" }, this.replayButton(record, "Replay this hand round by round"),
      this.continueButton()));
    this.resultBox.replaceChildren(...parts, rounds, el("div", { className: "row" }, nextRound), after);
    this.resultBox.hidden = false;
    heading.focus();
    if (mine && ordered.length) {
      const review = el("div", { id: id("hindsight") }, el("p", { className: "busy" }, "Reviewing…"));
      after.insertBefore(review, after.lastChild);
      await this.hindsight(record, mine, review);
    }
  }

  continueButton() {
    const last = this.view.is_over && !this.queue.length;
    const node = el("button", { type: "button", className: "primary" }, last ? "See the game review" : "Continue");
    node.addEventListener("click", () => this.run(async () => {
      this.resultBox.hidden = true;
      this.replayBox.hidden = true;
      await this.nextResult();
      if (!this.ui.box.hidden) this.ui.heading.focus();
    }));
    return node;
  }

  async hindsight(record, mine, box) {
    const verdict = verdictLine(mine.decision);
    const score = mine.decision && mine.decision.score;
    const why = score ? [whyPart(score), chancesTable(score), howSure(score)] : [];
    const lost = lostRounds(record, this.words, ME);
    try {
      const answer = await ramchiHindsight({ hand: mine.hand, seat: ME, dealer: mine.dealer,
        ...playedLineups(record) });
      box.replaceChildren(el("h4", {}, "Hindsight review"), verdict, ...why,
        el("h4", {}, "Knowing the others' lineups"),
        ...(lost ? [lost] : []),
        el("p", {}, `Knowing the others' lineups, the best lineup wins ${signed(answer.chips)} chips; `
          + `yours won ${signed(answer.played_chips)}.`),
        lineupList(answer.combinations, "Best lineup in hindsight", { cardsLabel: "Hindsight" }));
    } catch (error) {
      box.replaceChildren(el("h4", {}, "Hindsight review"), verdict, ...why, ...(lost ? [lost] : []));
      this.status.fail(error);
    }
  }

  // -- the review after the game ---------------------------------------------------------------
  renderReview() {
    const { view, words } = this;
    this.status.done("Game over.");
    const finished = [...this.hands.values()].filter((h) => h.ended).sort((a, b) => a.hand - b.hand);
    const scroll = scrollBox(reviewTable(finished, this.decisions, words, (record) => this.replayButton(record)));
    scroll.setAttribute("aria-label", "Your decisions, hand by hand");
    const again = el("button", { type: "button" }, "New game");
    again.addEventListener("click", () => {
      this.setup.box.hidden = false;
      for (const box of [this.ui.box, this.reviewBox, this.resultBox, this.replayBox]) box.hidden = true;
      this.setup.name.focus();
    });
    const best = Math.max(...view.chips);
    const winners = SEATS.filter((seat) => view.chips[seat] === best);
    const won = winners.length === 1 ? `${words.says(winners[0], "win", "wins")} the game.`
      : `${winners.map((seat) => words.who(seat)).join(" and ")} share the win.`;
    this.reviewBox.replaceChildren(el("h3", { id: id("review-heading"), tabIndex: -1 }, "Game review"),
      el("p", {}, `Final chips: ${words.chipsList(view.chips)}. ${won}`),
      scroll, el("div", { className: "row" }, again));
    this.reviewBox.hidden = false;
    this.reviewBox.querySelector("h3").focus();
  }

  /** The button that replays a finished hand round by round (ramchi_replay.js); a hand still
   * in play has none (``record.ended`` is null). */
  replayButton(record, text = "Replay") {
    if (!record.ended) return el("span", {}, "–");
    const node = el("button", { type: "button" }, text);
    if (text === "Replay") node.setAttribute("aria-label", `Replay hand ${record.hand} round by round`);
    node.addEventListener("click", () => this.run(() => this.openReplay(record.hand)));
    return node;
  }

  /** Step through finished hand ``number``, from the game's public log (finished hands in full). */
  async openReplay(number) {
    this.status.busy("Reading the hand's record…");
    const log = await gameLog(this.game.handle.id);
    const hand = handsOfLog(log.log).get(number);
    const heading = el("h3", { id: id("replay-heading"), tabIndex: -1 }, `Replay of hand ${number}`);
    const { players, bots } = this.game;
    const table = `${players[1]} is ${botWords(bots[1])} and ${players[2]} is ${botWords(bots[2])}.`;
    this.replayBox.replaceChildren(heading, el("p", {}, table), hand
      ? roundStepper(hand, this.words, { id: id("hand-replay") })
      : el("p", {}, "This hand is not over yet: it can be replayed once its rounds are played."));
    this.replayBox.hidden = false;
    this.status.done("");
    heading.focus();
  }
}

function mount(panel) {
  return new RamchiTable(panel);
}

export const tool = { id: "ramchi-play", title: "Play Ramchi", mount };
