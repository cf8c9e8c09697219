// Cards drawn by the page itself as SVG: rank and suit symbol, a text alternative for every card.
// Codes are the API's: "As", "Td", "7c#2" (a second copy), "Jk" (a joker).

const SVG = "http://www.w3.org/2000/svg";

export const SUITS = {
  s: { symbol: "♠", name: "spades" },
  h: { symbol: "♥", name: "hearts" },
  d: { symbol: "♦", name: "diamonds" },
  c: { symbol: "♣", name: "clubs" },
};
export const SUIT_ORDER = ["s", "h", "d", "c"];
export const RANK_ORDER = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
const RANK_NAMES = {
  A: "Ace", K: "King", Q: "Queen", J: "Jack", T: "10", 9: "9", 8: "8", 7: "7", 6: "6", 5: "5",
  4: "4", 3: "3", 2: "2",
};

/** Split a code into {rank, suit, copy, joker}; null for text that is no card code. */
export function parseCode(code) {
  const match = /^(Jk|[AKQJT2-9][shdc])(?:#(\d+))?$/.exec(String(code));
  if (!match) return null;
  const copy = match[2] ? Number(match[2]) : 1;
  if (match[1] === "Jk") return { rank: null, suit: null, copy, joker: true };
  return { rank: match[1][0], suit: match[1][1], copy, joker: false };
}

/** "Queen of hearts", "10 of spades", "Joker"; a later copy says so ("7 of clubs, copy 2"). */
export function cardName(code) {
  const card = parseCode(code);
  if (!card) return String(code);
  const name = card.joker ? "Joker" : `${RANK_NAMES[card.rank]} of ${SUITS[card.suit].name}`;
  return card.copy > 1 ? `${name}, copy ${card.copy}` : name;
}

/** The short text of a card with its suit symbol: "Q♥", "10♠", "Jk". */
export function cardText(code) {
  const card = parseCode(code);
  if (!card) return String(code);
  if (card.joker) return "Jk";
  return `${card.rank === "T" ? "10" : card.rank}${SUITS[card.suit].symbol}`;
}

function svgText(x, y, size, text, anchor = "start") {
  const node = document.createElementNS(SVG, "text");
  node.setAttribute("x", x);
  node.setAttribute("y", y);
  node.setAttribute("font-size", size);
  node.setAttribute("fill", "currentColor");
  node.setAttribute("text-anchor", anchor);
  node.textContent = text;
  return node;
}

/** The SVG picture of a card (decorative: its container carries the text alternative). */
export function cardSvg(code) {
  const card = parseCode(code);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 50 70");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const face = document.createElementNS(SVG, "rect");
  face.setAttribute("class", "face");
  face.setAttribute("x", 1); face.setAttribute("y", 1);
  face.setAttribute("width", 48); face.setAttribute("height", 68);
  face.setAttribute("rx", 5);
  svg.append(face);
  if (!card) {
    svg.append(svgText(25, 40, 14, "?", "middle"));
  } else if (card.joker) {
    svg.append(svgText(25, 15, 11, "Joker", "middle"), svgText(25, 50, 26, "★", "middle"));
  } else {
    const rank = card.rank === "T" ? "10" : card.rank;
    const symbol = SUITS[card.suit].symbol;
    svg.append(svgText(4, 17, 15, rank), svgText(5, 31, 13, symbol),
      svgText(29, 58, 30, symbol, "middle"));
  }
  if (card && card.copy > 1) {
    // The deck a copy comes from, as dots (shapes, not text: the name says "copy 2").
    for (let dot = 0; dot < card.copy - 1; dot += 1) {
      const mark = document.createElementNS(SVG, "circle");
      mark.setAttribute("cx", 44 - dot * 5);
      mark.setAttribute("cy", 64);
      mark.setAttribute("r", 1.8);
      mark.setAttribute("fill", "currentColor");
      svg.append(mark);
    }
  }
  return svg;
}

function suitClass(code) {
  const card = parseCode(code);
  if (!card) return "suit-none";
  return card.joker ? "suit-joker" : `suit-${card.suit}`;
}

/** A card as an image with its name as the text alternative. */
export function cardElement(code) {
  const span = document.createElement("span");
  span.className = `card ${suitClass(code)}`;
  span.setAttribute("role", "img");
  span.setAttribute("aria-label", cardName(code));
  span.title = cardName(code);
  span.dataset.card = code;
  span.append(cardSvg(code));
  return span;
}

/** The accessible name of a card button: what it shows, then its name ("Q♥: Queen of hearts"),
 * so that the name of a control contains its visible text (speech users say what they see). */
export function cardButtonName(code) {
  const card = parseCode(code);
  return card && !card.joker ? `${cardText(code)}: ${cardName(code)}` : cardName(code);
}

/** A card as a toggle button (``aria-pressed``), for picking cards with mouse or keyboard. */
export function cardButton(code, onToggle) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `card-button card ${suitClass(code)}`;
  button.setAttribute("aria-pressed", "false");
  button.setAttribute("aria-label", cardButtonName(code));
  button.title = cardName(code);
  button.dataset.card = code;
  button.append(cardSvg(code));
  button.addEventListener("click", () => {
    const pressed = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", String(pressed));
    if (onToggle) onToggle(code, pressed, button);
  });
  return button;
}

/** A row of card images (a list, so screen readers count them). */
export function cardRow(codes, label) {
  const list = document.createElement("ul");
  list.className = "cards";
  list.setAttribute("role", "list");
  if (label) list.setAttribute("aria-label", label);
  for (const code of codes) {
    const item = document.createElement("li");
    item.style.listStyle = "none";
    item.append(cardElement(code));
    list.append(item);
  }
  return list;
}

/** Every code of one 52-card deck, by suit then rank (for the deck grids). */
export function deckCodes() {
  return SUIT_ORDER.flatMap((suit) => RANK_ORDER.map((rank) => `${rank}${suit}`));
}
