// Your Continental hand and what you may do with it: cards to select (sorted as you choose), melds
// gathered for a drop, and one button per legal action. Shared by Play Continental (against bots)
// and Play together (tables of people); the owner says how an action is sent.

import { cardButton } from "/web/cards.js";
import { cardText, sortedHand } from "/web/format.js";
import { button, el, handOrderControl, meldRow } from "/web/widgets.js";

/** The hand's parts and state; ``send(action)`` sends a request body, ``extra(view)`` gives more
 * buttons for the action row (e.g. Advice). Append :attr:`nodes` where the hand goes. */
export class ContinentalHand {
  constructor(send, { extra = () => [] } = {}) {
    Object.assign(this, { send, extra, view: null, selected: new Set(), melds: [], order: "suit" });
    this.ui = {
      order: handOrderControl((by) => { this.order = by; this.draw(); }),
      hand: el("div", { className: "hand" }),
      melds: el("div", { className: "new-melds" }),
      actions: el("div", { className: "row actions", role: "group", "aria-label": "Your actions" }),
    };
    this.nodes = [this.ui.order, this.ui.hand, this.ui.melds, this.ui.actions];
  }

  /** Draw the hand of ``view`` (selection and melds kept while the cards are still held). */
  show(view) {
    this.view = view;
    const held = new Set(view.hand || []);
    for (const card of [...this.selected]) if (!held.has(card)) this.selected.delete(card);
    this.melds = this.melds.filter((meld) => meld.every((card) => held.has(card)));
    this.draw();
  }

  /** Forget the selection and the melds gathered (after an action that used them). */
  clear() {
    this.selected.clear();
    this.melds = [];
  }

  /** Put ``melds`` (lists of the hand's cards) up for a drop. */
  setMelds(melds) {
    this.melds = melds;
    this.selected.clear();
    this.draw();
  }

  /** Your hand (cards to select) and the melds put together for a drop; then the actions. */
  draw() {
    if (!this.view) return;
    // a redraw (another player moved) keeps the keyboard on the card it was on
    const active = document.activeElement;
    const focused = active && this.ui.hand.contains(active) ? active.dataset.card : null;
    const inMelds = new Set(this.melds.flat());
    const list = el("ul", { className: "cards", "aria-label": "Your hand: select cards", role: "list" });
    for (const code of sortedHand((this.view.hand || []).filter((c) => !inMelds.has(c)), this.order)) {
      const node = cardButton(code, (card, pressed) => {
        if (pressed) this.selected.add(card); else this.selected.delete(card);
        this.drawActions();
      });
      if (this.selected.has(code)) node.setAttribute("aria-pressed", "true");
      const item = el("li", {}, node);
      item.style.listStyle = "none";
      list.append(item);
    }
    this.ui.hand.replaceChildren(list);
    const again = focused && [...list.querySelectorAll("button")].find((node) => node.dataset.card === focused);
    if (again) again.focus();
    this.ui.melds.replaceChildren(...(this.melds.length ? [el("h4", {}, "Melds to drop"),
      el("ol", { className: "meld-groups", "aria-label": "Melds to drop" }, this.melds.map((meld, i) =>
        el("li", { className: "row" }, meldRow(meld, `New meld ${i + 1}`),
          button("Return", () => { this.melds.splice(i, 1); this.draw(); },
            { label: `Return new meld ${i + 1} to the hand` }))))] : []));
    this.drawActions();
  }

  /** The button of one listed legal action (null for a drop: it is built from the hand). */
  legalButton(action) {
    const view = this.view;
    const go = () => this.send(action);
    switch (action.type) {
      case "draw": return action.source === "stock" ? button("Draw from the stock", go, { primary: true })
        : button(`Take the discard (${cardText(view.discard_top)})`, go);
      case "buy": return button(`Buy the ${cardText(view.buy_window.card)}`, go);
      case "pass": return button("Pass", go, { primary: true });
      case "lay_off": return button(`Lay off ${cardText(action.card)} on meld ${action.meld + 1}`
        + `${action.end ? ` (${action.end} end)` : ""}`, go);
      case "swap_joker": return button(`Swap ${cardText(action.card)} for the joker in meld ${action.meld + 1}`, go);
      case "move_joker":
        return button(`Move the joker from meld ${action.meld + 1} (${action.end} end) to meld ${action.to + 1}`, go);
      default: return null;
    }
  }

  dropButtons() {
    const count = this.melds.length;
    const gather = () => {
      this.melds.push(this.view.hand.filter((code) => this.selected.has(code)));
      this.selected.clear();
      this.draw();
    };
    return [button("New meld from selected", gather, { disabled: this.selected.size === 0 }),
      button("Drop", () => this.send({ type: "drop", melds: this.melds.map((m) => [...m]) }),
        { disabled: count === 0, label: `Drop ${count} meld${count === 1 ? "" : "s"}` })];
  }

  discardButton() {
    const chosen = [...this.selected];
    return button("Discard", () => this.send({ type: "discard", card: chosen[0] }), { disabled: chosen.length !== 1,
      label: chosen.length === 1 ? `Discard ${cardText(chosen[0])}` : "Discard (select one card)" });
  }

  drawActions() {
    const { view, ui } = this;
    ui.actions.replaceChildren();
    if (view.is_over || view.seat === undefined) return;
    const legal = view.legal_actions || [];
    ui.actions.append(...legal.map((action) => this.legalButton(action)).filter(Boolean));
    // Melds may be tried whenever the contract is still to drop: legal_actions lists a drop only
    // when the hand holds one, and a drop that is no contract is refused with the rule (which teaches).
    const mine = view.current === view.seat;
    if (mine && view.step === "play" && !view.dropped[view.seat]) ui.actions.append(...this.dropButtons());
    // A discard ends the play step: no Discard button before the card is drawn.
    if (mine && view.step === "play") ui.actions.append(this.discardButton());
    ui.actions.append(...this.extra(view));
  }
}
