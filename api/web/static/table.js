// Play together: a table for people (and bots, if you like) with the service as the referee. The
// creator sets it up and sends each player their seat's link; everyone's page follows the game
// live (table_live.js) and shows it as their seat sees it, never a card the rules keep hidden.
// The page's address names the table: #table?game=<id>&token=<seat token> (no token: watching),
// so a reload, or the link opened on another device, comes back to the same seat.

import { createGame } from "/web/client.js";
import { GAMES, tableSetup } from "/web/table_setup.js";
import { inviteBox } from "/web/table_invite.js";
import { LiveTable } from "/web/table_live.js";
import { RamchiBoard } from "/web/table_ramchi.js";
import { ContinentalBoard } from "/web/table_continental.js";
import { showGameEnd } from "/web/table_end.js";
import { button, el, feedback, gameIdLine, guarded, rulesLinks, select } from "/web/widgets.js";

const BOARDS = { ramchi: RamchiBoard, continental: ContinentalBoard };
/** The most lines the "What happened" list keeps (the log keeps everything). */
const MOST_EVENTS = 200;

/** Why a table cannot be followed, in words, from a failed poll (null: it can). */
function troubleText(error) {
  if (error.status === 403) return "This link's seat key belongs to no seat of this table: ask the player who created it for your link again.";
  if (error.status === 404) return "No table has this id: check the link.";
  if (error.status === 0) return `Can't reach the service: trying again (the table is checked about every second when it answers).`;
  return null;
}

/** Who this page is at the table, in words: a seat, a seat a bot now plays, or a spectator. */
function whoText(view) {
  if (view.seat === undefined) return "You are watching: you see what everyone at the table sees, and no player's cards.";
  const seat = `${view.players[view.seat]}'s seat (seat ${view.seat + 1})`;
  if ((view.bots || [])[view.seat]) return `A bot now plays ${seat}: you can watch the game from it.`;
  return `You play ${seat}.`;
}

/** The table's parts under the set-up form. */
function tableParts() {
  const parts = {
    box: el("section", { className: "live-table", hidden: true, "aria-labelledby": "table-heading" }),
    heading: el("h3", { id: "table-heading", tabIndex: -1 }, "The table"),
    who: el("p", { className: "table-who" }),
    gameId: el("div"),
    board: el("div", { className: "table-board" }),
    host: el("div", { className: "table-host" }),
    events: el("ul", { className: "events", "aria-label": "What happened (the newest first)" }),
    end: el("section", { className: "table-end", "aria-labelledby": "table-end-heading" }),
    leave: el("div", { className: "row" }),
  };
  parts.box.append(parts.heading, parts.who, parts.gameId, parts.board, parts.host,
    el("h4", {}, "What happened (the newest first)"), parts.events, parts.end, parts.leave);
  return parts;
}

/** The tab: the set-up form, the invitation, and the live table of one seat (or of a spectator). */
class TableTool {
  constructor(panel) {
    Object.assign(this, { panel, handle: null, live: null, board: null, view: null, sending: false, ended: false });
    panel.append(el("h2", {}, "Play together"),
      el("p", {}, "Play Ramchi or Continental with friends, each on their own device, with the service as the "
        + "referee: it deals, checks every move, keeps every hand hidden from the others and writes the log "
        + "from which any dispute is settled. Set up a table, then send each player their link."),
      rulesLinks("ramchi", "continental"));
    this.setup = tableSetup((body) => this.run(() => this.create(body)), (work) => this.run(work));
    panel.append(this.setup.form);
    this.status = feedback(panel);
    this.invite = el("section", { className: "table-invite", hidden: true, "aria-labelledby": "table-invite-heading" });
    this.ui = tableParts();
    panel.append(this.invite, this.ui.box);
    this.ui.leave.append(button("Leave this table", () => this.leave(),
      { label: "Leave this table (your link brings you back)" }));
    this.run(() => this.setup.ready);
  }

  run(work) {
    return guarded(this.panel, this.status, work);
  }

  /** The hash's query naming this table and seat ("game=…&token=…"), or "" with none open. */
  hashQuery() {
    if (!this.handle) return "";
    const query = new URLSearchParams({ game: this.handle.id });
    if (this.handle.token) query.set("token", this.handle.token);
    return query.toString();
  }

  /** Open the table the hash names (a seat's link, or a spectator's). */
  open(params) {
    const game = params.get("game");
    if (!game) return;
    const token = params.get("token") || null;
    if (this.handle && this.handle.id === game && this.handle.token === token) return;
    this.invite.hidden = true;
    this.join({ id: game, token });
  }

  async create(body) {
    this.status.busy("Setting up the table…");
    const created = await createGame(body);
    const mine = created.seats[0];
    this.invite.replaceChildren(inviteBox(created, mine.seat));
    this.invite.hidden = false;
    this.join({ id: created.id, token: mine.token });
    this.status.done("The table is ready: send each player their link.");
    this.invite.querySelector("h3").focus();
  }

  /** Follow table ``handle`` ({id, token}) live from now on. */
  join(handle) {
    if (this.live) this.live.stop();
    Object.assign(this, { handle, view: null, ended: false });
    history.replaceState(null, "", `#table?${this.hashQuery()}`);
    this.setup.form.hidden = true;
    this.ui.box.hidden = false;
    this.ui.board.replaceChildren(el("p", { className: "busy" }, "Opening the table…"));
    this.ui.events.replaceChildren();
    this.ui.end.replaceChildren();
    this.ui.host.replaceChildren();
    this.board = null;
    this.ui.gameId.replaceChildren(gameIdLine(handle.id));
    this.live = new LiveTable(handle, { onView: (view, records) => this.show(view, records),
      onTrouble: (error) => this.trouble(error) });
    this.live.start();
  }

  leave() {
    if (this.live) this.live.stop();
    Object.assign(this, { handle: null, live: null, board: null, view: null });
    this.ui.box.hidden = true;
    this.invite.hidden = true;
    this.setup.form.hidden = false;
    history.replaceState(null, "", "#table");
    this.status.done("You left the table: its link brings you back to it.");
    this.setup.focus();
  }

  trouble(error) {
    if (!error) {
      this.status.done("Connected to the table again.");
      return;
    }
    const words = troubleText(error);
    if (words) this.status.fail({ status: error.status, body: { title: "The table", detail: words } });
    else this.status.fail(error);
  }

  /** Draw a new view of the table, and tell in words what the new records of the log say. */
  show(view, records) {
    if (!this.board) {
      this.ui.board.replaceChildren();
      this.board = new BOARDS[view.game](this.ui.board, (body) => this.send(body));
    }
    const first = this.view === null;
    this.view = view;
    this.ui.heading.textContent = `${GAMES[view.game].title}: ${view.players.join(", ")}`;
    this.ui.who.textContent = whoText(view);
    this.board.show(view);
    for (const record of records) {  // the newest first: what just happened is at the top
      if (record.kind === "dealer_drawn" && !first) continue;
      this.ui.events.prepend(el("li", {}, this.board.recordText(record, view)));
    }
    while (this.ui.events.children.length > MOST_EVENTS) this.ui.events.lastChild.remove();
    this.showHost(view);
    if (view.is_over && !this.ended) {
      this.ended = true;
      this.run(() => showGameEnd(this.ui.end, { view, handle: this.handle, board: this.board, run: (w) => this.run(w) }));
    }
  }

  /** The creator's control: hand a seat whose player left to a bot. */
  showHost(view) {
    const box = this.ui.host;
    const people = view.players.map((_, seat) => seat)
      .filter((seat) => seat !== view.seat && !(view.bots || [])[seat]);
    if (view.is_over || view.seat === undefined || view.host !== view.seat || !people.length) {
      box.replaceChildren();
      return;
    }
    const open = box.querySelector("details");
    if (open && open.dataset.key === people.join(",")) return;  // keep what the creator is choosing
    const seat = select(people.map((s) => [String(s), `${view.players[s]} (seat ${s + 1})`]), String(people[0]));
    const bot = select(GAMES[view.game].bots, GAMES[view.game].bots[0][0]);
    seat.setAttribute("aria-label", "The player who left");
    bot.setAttribute("aria-label", "The bot that takes the seat");
    const hand = button("Let the bot play this seat", () => this.send(
      { type: "replace_by_bot", player: Number(seat.value), bot: bot.value }));
    const details = el("details", { dataset: { key: people.join(",") } }, el("summary", {}, "A player left?"),
      el("p", {}, "As the table's creator you may hand a player's seat to a bot, which plays it to the end. "
        + "The log records it; it cannot be undone."),
      el("div", { className: "row" }, seat, el("span", {}, "is played from now on by"), bot, hand));
    box.replaceChildren(details);
  }

  /** Send your action; a stale one (another player moved first) is explained, the table redrawn. */
  send(body) {
    if (this.sending) return undefined;
    this.sending = true;
    this.status.busy("Sending…");
    return this.run(async () => {
      try {
        await this.live.send(body, { pinned: !this.board.simultaneous?.(body) });
        this.board.sent?.(body);
        this.status.done("");
      } catch (error) {
        if (error.body && error.body.code === "stale_version") {
          error.body.detail = "Another player moved first: the table now shows the game as it is. Decide again.";
        }
        throw error;
      }
    }).finally(() => { this.sending = false; });
  }
}

function mount(panel) {
  return new TableTool(panel);
}

let table = null;

export const tool = {
  id: "table",
  title: "Play together",
  mount(panel) { table = mount(panel); return table; },
  open(params) { if (table) table.open(params); },
  hashQuery() { return table ? table.hashQuery() : ""; },
};
