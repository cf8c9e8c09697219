// The page: one tab per tool, each tool a module exporting {id, title, mount(panel)}.
// The URL's hash names the open tool (/#continental-advice), so a tool can be linked to.

import { tool as ramchiAdvice } from "/web/ramchi_advice.js";
import { tool as ramchiTrainer } from "/web/ramchi_trainer.js";
import { tool as ramchiPlay } from "/web/ramchi_play.js";
import { tool as continentalAdvice } from "/web/continental_advice.js";
import { tool as continentalPlay } from "/web/continental_play.js";
import { tool as table } from "/web/table.js";
import { tool as referee } from "/web/referee.js";
import { onConnection, retryConnection } from "/web/client.js";

const TOOLS = [ramchiAdvice, ramchiTrainer, ramchiPlay, continentalAdvice, continentalPlay, table, referee];

const mounted = new Set();

/** The hash read as a tool and what it is asked to open: "#referee?game=abc" → ["referee",
 * URLSearchParams {game: "abc"}]. */
function readHash(hash) {
  const [name, query = ""] = hash.replace(/^#/, "").split("?");
  return [name, new URLSearchParams(query)];
}

function select(id, { focus = false, params = null } = {}) {
  const chosen = TOOLS.find((tool) => tool.id === id) || TOOLS[0];
  for (const tool of TOOLS) {
    const tab = document.getElementById(`tab-${tool.id}`);
    const panel = document.getElementById(tool.id);
    const on = tool === chosen;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    panel.hidden = !on;
  }
  if (!mounted.has(chosen.id)) {
    mounted.add(chosen.id);
    chosen.mount(document.getElementById(chosen.id));
  }
  if (focus) document.getElementById(`tab-${chosen.id}`).focus();
  // a tool opened on something ("#referee?game=…") is given it once, after it is mounted
  if (params && [...params.keys()].length && chosen.open) chosen.open(params);
  // a tool may keep what it shows in the hash ("#table?game=…&token=…"): a reload comes back to it
  const query = chosen.hashQuery ? chosen.hashQuery() : "";
  const wanted = query ? `#${chosen.id}?${query}` : `#${chosen.id}`;
  if (location.hash !== wanted) history.replaceState(null, "", wanted);
}

function build() {
  const tabs = document.getElementById("tabs");
  const main = document.getElementById("main");
  for (const tool of TOOLS) {
    const tab = document.createElement("button");
    tab.type = "button";
    tab.id = `tab-${tool.id}`;
    tab.setAttribute("role", "tab");
    tab.setAttribute("aria-controls", tool.id);
    tab.textContent = tool.title;
    tab.addEventListener("click", () => select(tool.id));
    tab.addEventListener("keydown", (event) => {
      const at = TOOLS.indexOf(tool);
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (step) {
        event.preventDefault();
        select(TOOLS[(at + step + TOOLS.length) % TOOLS.length].id, { focus: true });
      } else if (event.key === "Home" || event.key === "End") {
        event.preventDefault();
        select(TOOLS[event.key === "Home" ? 0 : TOOLS.length - 1].id, { focus: true });
      }
    });
    tabs.append(tab);
    const panel = document.createElement("section");
    panel.id = tool.id;
    panel.setAttribute("role", "tabpanel");
    panel.setAttribute("aria-labelledby", tab.id);
    panel.hidden = true;
    main.append(panel);
  }
  const fromHash = () => {
    const [name, params] = readHash(location.hash);
    select(name, { params });
  };
  window.addEventListener("hashchange", fromHash);
  fromHash();
  startTabbingAtTheTop();
  window.addEventListener("load", () => setTimeout(startTabbingAtTheTop, 0), { once: true });
}

/** The first Tab goes to the skip link, then the header's links and the tab bar: the browser
 * would otherwise start from the panel the URL's hash names (#referee is also the panel's id). */
function startTabbingAtTheTop() {
  if (document.activeElement && document.activeElement !== document.body) return;
  const body = document.body;
  body.tabIndex = -1;
  body.focus({ preventScroll: true });
  body.removeAttribute("tabindex");
}

/** The bar that says the service is not answering, counts down to the next try, and offers
 * "Retry now"; it says so when the service answers again. */
function connectionBar() {
  const text = document.createElement("span");
  const retry = document.createElement("button");
  retry.type = "button";
  retry.textContent = "Retry now";
  retry.addEventListener("click", () => retryConnection());
  const bar = document.createElement("div");
  bar.id = "connection";
  bar.className = "connection";
  bar.setAttribute("role", "status");
  bar.hidden = true;
  bar.append(text, retry);
  document.querySelector("header").after(bar);
  let ticking = null;
  onConnection(({ reachable, retryingIn }) => {
    clearInterval(ticking);
    if (reachable) {
      text.textContent = "Connected to the service again.";
      retry.hidden = true;
      setTimeout(() => { if (retry.hidden) bar.hidden = true; }, 3000);
      return;
    }
    bar.hidden = false;
    retry.hidden = retryingIn === null;
    if (retryingIn === null) {
      text.textContent = "Can't reach the service. Check that it is running, then try again.";
      return;
    }
    let left = Math.ceil(retryingIn / 1000);
    const say = () => { text.textContent = `Can't reach the service — retrying in ${left} s. `; };
    say();
    ticking = setInterval(() => { left = Math.max(0, left - 1); say(); }, 1000);
  });
}

connectionBar();
build();
