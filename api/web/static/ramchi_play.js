// Play Ramchi: a refereed game against two bots. Each hand you exchange or keep the 2♦ when you
// hold it, arrange five rounds and play; the rounds are revealed one by one. Your lineup is
// scored silently (the trainer's score) before it is sent, and after each hand the best lineup in
// hindsight is shown. After the game, a review table lists every decision with the chips it cost.

import { act, createGame, ramchiHindsight, seatOf, seatView, trainerScore } from "/web/client.js";
import { cardElement, cardRow } from "/web/cards.js";
import { cardText, cardsText, fixed, signed, verdictName } from "/web/format.js";
import { el, feedback, guarded, lineupBuilder, lineupList, select } from "/web/widgets.js";

const ME = 0;
const SEATS = [0, 1, 2];
const BOTS = ["greedy", "maximin", "ev"];
const id = (name) => `ramchi-play-${name}`;

/** The finished hands an action's events tell of, by hand number: rounds, chips, four of a kind. */
function finishedHands(events, into = new Map()) {
  for (const event of events || []) {
    if (!["round_played", "hand_ended", "four_of_a_kind_won"].includes(event.kind)) continue;
    const record = into.get(event.hand) || { hand: event.hand, rounds: [], ended: null, four: null };
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
  const bots = [1, 2].map((seat) => select(BOTS.map((kind) => [kind, kind]), seat === 1 ? "ev" : "greedy",
    { id: id(`bot-${seat}`) }));
  const hands = el("input", { id: id("hands"), type: "number", min: 1, max: 10, step: 1, value: "2",
    inputMode: "numeric" });
  hands.style.width = "5rem";
  const start = el("button", { type: "button", className: "primary" }, "Start game");
  const box = el("fieldset", {}, el("legend", {}, "New game"),
    el("div", { className: "row" }, el("label", { for: id("name") }, "Your name"), name),
    el("div", { className: "row" }, el("label", { for: id("bot-1") }, "Bot 1"), bots[0],
      el("label", { for: id("bot-2") }, "Bot 2"), bots[1]),
    el("div", { className: "row" }, el("label", { for: id("hands") }, "Hands (1–10)"), hands, start));
  const settings = () => ({ players: [name.value.trim() || "You", "Bot 1", "Bot 2"],
    bots: [null, bots[0].value, bots[1].value], hands: Number(hands.value) });
  return { box, start, name, settings };
}

function chipsTable(game, view) {
  const last = view.last_hand ? finishedHands(view.last_hand.events).get(view.last_hand.hand) : null;
  return el("table", { "aria-label": "Chips" },
    el("tr", {}, el("th", {}, "Player"), el("th", { className: "num" }, "Last hand"),
      el("th", { className: "num" }, "Total")),
    SEATS.map((seat) => el("tr", {},
      el("th", { scope: "row" }, game.players[seat] + (seat === ME ? "" : ` (${game.bots[seat]})`)),
      el("td", { className: "num" }, last && last.ended ? signed(last.ended.chips[seat]) : "–"),
      el("td", { className: "num" }, signed(view.chips[seat])))));
}

function roundItem(round, name) {
  return el("li", { dataset: { round: String(round.number) } },
    el("p", {}, `Round ${round.number}: `, el("strong", {}, `${name(round.winner)} wins`)),
    round.plays.map((play) => el("div", { className: "row" },
      el("span", {}, `${name(play.seat)}: ${play.name}`),
      cardRow(play.cards, `Round ${round.number}, ${name(play.seat)}: ${play.name}`))));
}

function handChips(record, name) {
  const each = (values) => SEATS.map((seat) => `${name(seat)} ${signed(values[seat])}`).join(", ");
  return el("p", { id: id("hand-chips") }, `Chips this hand: ${each(record.ended.chips)}. `
    + `Totals: ${each(record.ended.totals)}.`);
}

function verdictLine(decision) {
  if (!decision || !decision.verdict) return el("p", { id: id("verdict") }, "Your lineup could not be scored.");
  return el("p", { className: `verdict-${decision.verdict}`, id: id("verdict") },
    `Your verdict: ${verdictName(decision.verdict)}, ${fixed(decision.chipsLost)} `
    + "chips lost in expectation against the best lineup.");
}

function reviewTable(decisions) {
  const scored = decisions.filter((d) => d.verdict);
  const total = scored.reduce((sum, d) => sum + d.chipsLost, 0);
  return el("table", { "aria-label": "Your decisions" },
    el("tr", {}, el("th", { className: "num" }, "Hand"), el("th", {}, "Your lineup"),
      el("th", { className: "num" }, "Chips lost"), el("th", {}, "Verdict")),
    decisions.map((d) => el("tr", {},
      el("td", { className: "num" }, String(d.hand)),
      el("td", {}, d.lineup.length ? d.lineup.map(cardsText).join(" / ") : "all discarded"),
      el("td", { className: "num" }, d.verdict ? fixed(d.chipsLost) : "–"),
      el("td", { className: d.verdict ? `verdict-${d.verdict}` : "" },
        d.verdict ? verdictName(d.verdict) : "not scored"))),
    el("tr", {}, el("th", { scope: "row", colSpan: 2 }, "Total EV lost"),
      el("td", { className: "num", id: id("total-lost") }, fixed(total)), el("td", {}, "")));
}

// -- the tab -------------------------------------------------------------------------------------

/** The table's elements: the hand's heading, chips, up-card, the exchange and the arranging. */
function tableParts(builder) {
  const parts = {
    box: el("section", { "aria-labelledby": id("table-heading"), hidden: true }),
    heading: el("h3", { id: id("table-heading"), tabIndex: -1 }, "Hand"),
    chips: el("div", { id: id("chips") }),
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
  parts.box.append(parts.heading, parts.chips, parts.up, parts.exchangeBox, parts.arrangeBox);
  return parts;
}

/** One game from your seat: the hands as they come, their results and the review at the end. */
class RamchiTable {
  constructor(panel) {
    Object.assign(this, {
      panel,
      game: null,          // {handle, players, bots}
      view: null,          // the latest view of the game for your seat
      current: null,       // this hand: {number, dealt, upCard, dealer, exchange, lineup, hand, decision}
      shown: new Set(),    // hand numbers whose result has been shown
      decisions: [],       // {hand, lineup, chipsLost, verdict}
      queue: [],           // finished hands waiting to be shown
    });
    this.setup = setupForm();
    this.builder = lineupBuilder({ statusId: id("count") });
    this.ui = tableParts(this.builder);
    this.resultBox = el("section", { "aria-labelledby": id("result-heading"), hidden: true, id: id("result") });
    this.reviewBox = el("section", { "aria-labelledby": id("review-heading"), hidden: true, id: id("review") });
    panel.append(el("h2", {}, "Play Ramchi"),
      el("p", {}, "Play a refereed game against two bots. Your arrangements are scored against the "
        + "solver's as you play, and each hand is reviewed in hindsight."),
      this.setup.box, this.ui.box);
    this.status = feedback(panel);
    panel.append(this.resultBox, this.reviewBox);
    this.setup.start.addEventListener("click", () => this.run(() => this.start()));
    this.ui.exchange.addEventListener("click", () => this.run(() => this.answerExchange(true)));
    this.ui.keep.addEventListener("click", () => this.run(() => this.answerExchange(false)));
    this.ui.play.addEventListener("click", () => this.run(() => this.play()));
  }

  name(seat) {
    return this.game ? this.game.players[seat] : `Seat ${seat}`;
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
    Object.assign(this, { decisions: [], current: null });
    this.shown.clear();
    this.resultBox.hidden = true;
    this.resultBox.replaceChildren();
    this.reviewBox.hidden = true;
    this.view = await seatView(this.game.handle);
    this.status.done(`Game started against ${settings.bots[1]} and ${settings.bots[2]}.`);
    this.setup.box.hidden = true;
    const dealt = this.view.last_hand ? finishedHands(this.view.last_hand.events) : new Map();
    this.queue = [...dealt.values()].filter((h) => h.ended);
    await this.nextResult();
    this.ui.heading.focus();
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
    const hands = finishedHands(answer.events);
    if (this.view.last_hand) finishedHands(this.view.last_hand.events, hands);
    this.queue = [...hands.values()].filter((h) => h.ended && !this.shown.has(h.hand))
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
    const decision = { hand: current.number, lineup, chipsLost: null, verdict: null };
    try {
      const scored = await trainerScore({ hand: current.dealt, up_card: current.upCard, seat: ME,
        dealer: current.dealer, lineup, samples: 40, exchange: current.exchange });
      Object.assign(decision, { chipsLost: scored.chips_lost, verdict: scored.verdict });
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
      this.renderTable();
    }), 500);
  }

  // -- the table -------------------------------------------------------------------------------
  /** Show the game as the view says: the next hand's decision, or the review once it is over. */
  renderTable() {
    const { view, ui } = this;
    ui.box.hidden = false;
    ui.chips.replaceChildren(chipsTable(this.game, view));
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
      el("span", {}, ` Dealer: ${this.name(view.dealer)}.`));
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
    const name = (seat) => this.name(seat);
    const { current } = this;
    const mine = current && current.number === record.hand && current.lineup ? current : null;
    const heading = el("h3", { id: id("result-heading"), tabIndex: -1 }, `Hand ${record.hand}: the rounds`);
    const rounds = el("ol", { className: "lineup", "aria-label": `Hand ${record.hand} rounds` });
    const after = el("div", { hidden: true }, handChips(record, name));
    const nextRound = el("button", { type: "button", className: "primary" }, "Next round");
    const ordered = [...record.rounds].sort((a, b) => a.number - b.number);
    const finish = () => { nextRound.hidden = true; after.hidden = false; };
    nextRound.addEventListener("click", () => {
      const round = ordered[rounds.children.length];
      rounds.append(roundItem(round, name));
      if (rounds.children.length >= ordered.length) finish();
      this.status.done(`Round ${round.number}: ${name(round.winner)} wins.`);
    });
    if (record.four) {
      after.append(el("p", {}, `${name(record.four.seat)} holds four of a kind `
        + `(${record.four.cards.map(cardText).join(" ")}): the hand is not played.`));
    }
    if (!ordered.length) finish();
    after.append(el("div", { className: "row" }, this.continueButton()));
    this.resultBox.replaceChildren(heading, rounds, el("div", { className: "row" }, nextRound), after);
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
      await this.nextResult();
      if (!this.ui.box.hidden) this.ui.heading.focus();
    }));
    return node;
  }

  async hindsight(record, mine, box) {
    const verdict = verdictLine(mine.decision);
    try {
      const answer = await ramchiHindsight({ hand: mine.hand, seat: ME, dealer: mine.dealer,
        ...playedLineups(record) });
      box.replaceChildren(el("h4", {}, "Hindsight review"), verdict,
        el("p", {}, `Knowing the others' lineups, the best lineup wins ${signed(answer.chips)} chips; `
          + `yours won ${signed(answer.played_chips)}.`),
        lineupList(answer.combinations, "Best lineup in hindsight", { cardsLabel: "Hindsight" }));
    } catch (error) {
      box.replaceChildren(el("h4", {}, "Hindsight review"), verdict);
      this.status.fail(error);
    }
  }

  // -- the review after the game ---------------------------------------------------------------
  renderReview() {
    const { view } = this;
    const name = (seat) => this.name(seat);
    this.status.done("Game over.");
    const scroll = el("div", {}, reviewTable(this.decisions));
    scroll.style.overflowX = "auto";
    const again = el("button", { type: "button" }, "New game");
    again.addEventListener("click", () => {
      this.setup.box.hidden = false;
      for (const box of [this.ui.box, this.reviewBox, this.resultBox]) box.hidden = true;
      this.setup.name.focus();
    });
    const best = Math.max(...view.chips);
    const winners = SEATS.filter((seat) => view.chips[seat] === best).map(name).join(" and ");
    this.reviewBox.replaceChildren(el("h3", { id: id("review-heading"), tabIndex: -1 }, "Game review"),
      el("p", {}, `Final chips: ${SEATS.map((seat) => `${name(seat)} ${signed(view.chips[seat])}`).join(", ")}. `
        + `Winner: ${winners}.`),
      scroll, el("div", { className: "row" }, again));
    this.reviewBox.hidden = false;
    this.reviewBox.querySelector("h3").focus();
  }
}

function mount(panel) {
  return new RamchiTable(panel);
}

export const tool = { id: "ramchi-play", title: "Play Ramchi", mount };
