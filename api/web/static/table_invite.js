// The links of a table: one per person's seat (its secret token in the link's #fragment, which
// a browser never sends to a server nor in a Referer), and one for spectators (the public view).

import { button, el } from "/web/widgets.js";

/** The page's address that opens table ``gameId`` at the seat of ``token`` (none: a spectator). */
export function tableLink(gameId, token) {
  const query = new URLSearchParams({ game: gameId });
  if (token) query.set("token", token);
  return `${location.origin}${location.pathname}#table?${query}`;
}

/** Copy ``text``: the clipboard where the page may use it (https or this computer), else the
 * link's field selected for the person to copy. Resolves to what happened, in words. */
async function copy(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return "Copied.";
  } catch {
    input.focus();
    input.select();
    return "Selected: copy it with Ctrl+C (⌘C on a Mac).";
  }
}

/** One link with its label, a read-only field and a Copy button. */
function linkRow(label, link) {
  const input = el("input", { type: "text", readOnly: true, value: link, className: "link-field" });
  input.setAttribute("aria-label", label);
  const said = el("span", { className: "busy", "aria-live": "polite" });
  const copier = button("Copy", async () => { said.textContent = await copy(link, input); }, { label: `Copy: ${label}` });
  return el("li", { className: "invite-link" }, el("span", { className: "invite-who" }, label), input, copier, said);
}

/** The invitation: every person's seat link (yours too, to go on from another device) and the
 * spectator link. ``created`` is the create answer (its seats carry the tokens, shown once). */
export function inviteBox(created, mySeat) {
  const people = created.seats.filter((seat) => !(created.bots || [])[seat.seat]);
  const others = people.filter((seat) => seat.seat !== mySeat);
  return el("div", { className: "invite" },
    el("h3", { id: "table-invite-heading", tabIndex: -1 }, "Invite the players"),
    el("p", {}, others.length
      ? "Send each player their own link: it opens the table at their seat on any device. Copy them now: "
        + "the links are shown only here, once. Anyone with a seat's link plays that seat."
      : "Every other seat is a bot: nobody needs a link. Your own link opens your seat on another device."),
    el("ul", { className: "invite-links" },
      others.map((seat) => linkRow(`${seat.name}'s link (seat ${seat.seat + 1})`, tableLink(created.id, seat.token))),
      people.filter((seat) => seat.seat === mySeat)
        .map((seat) => linkRow(`Your own link (${seat.name}, seat ${seat.seat + 1})`, tableLink(created.id, seat.token))),
      linkRow("Spectators' link (what everyone at the table sees, no hand)", tableLink(created.id, null))));
}
