// The browser page of doppelkopf's table server: plain JS, no build step.
// It speaks the protocol of docs/server.rst over /ws/{table} and draws the cards
// with the SVG pictures the server sends at /cards.json (doppelkopf.svg.card).
"use strict";

const TEXT = {
  en: {
    title: "Doppelkopf", new_table: "New table", players: "Players",
    bots: "Bots on the other seats", heuristic: "heuristic", search: "search", none: "none",
    create: "Create table", your_name: "Your name", seat: "Seat", sit: "Sit down",
    trick: "Trick", hand: "Your hand", sheet: "Score sheet", deal: "Deal", contract: "Contract",
    totals: "Totals", your_turn: "Your turn", waiting: "Waiting for", over: "The deal is over.",
    session_over: "The session is over.", next: "Next deal", bot: "Bot", empty: "empty",
    dealer: "dealer", watching: "Watching: sit down to play.", last_trick: "Last trick",
    pass: "Pass the chosen cards", return: "Return the chosen cards", choose: "Choose",
    cards: "cards", announced: "announced", out: "sits out",
  },
  de: {
    title: "Doppelkopf", new_table: "Neuer Tisch", players: "Spieler",
    bots: "Bots auf den anderen Plätzen", heuristic: "Heuristik", search: "Suche", none: "keine",
    create: "Tisch anlegen", your_name: "Dein Name", seat: "Platz", sit: "Hinsetzen",
    trick: "Stich", hand: "Deine Karten", sheet: "Spielliste", deal: "Spiel", contract: "Spielart",
    totals: "Summe", your_turn: "Du bist dran", waiting: "Warten auf", over: "Das Spiel ist aus.",
    session_over: "Die Runde ist zu Ende.", next: "Nächstes Spiel", bot: "Bot", empty: "frei",
    dealer: "gibt", watching: "Zuschauer: setz dich, um zu spielen.", last_trick: "Letzter Stich",
    pass: "Gewählte Karten abgeben", return: "Gewählte Karten zurückgeben", choose: "Wähle",
    cards: "Karten", announced: "sagt an", out: "setzt aus",
  },
};

// The short text of an action (doppelkopf.wire.format_action) in German.
const WORDS_DE = {
  healthy: "gesund", reservation: "Vorbehalt", "diamonds solo": "Karo-Solo",
  "hearts solo": "Herz-Solo", "spades solo": "Pik-Solo", "clubs solo": "Kreuz-Solo",
  "queens solo": "Damen-Solo", "jacks solo": "Buben-Solo", fleshless: "Fleischloser",
  marriage: "Hochzeit", poverty: "Armut", throw: "Schmeißen", accept: "annehmen",
  refuse: "ablehnen", re: "Re", kontra: "Kontra",
};

let lang = localStorage.getItem("dk-lang") || (navigator.language.startsWith("de") ? "de" : "en");
let cards = {};
let state = null;
let socket = null;
let chosen = new Set();
const tableName = (location.pathname.match(/^\/t\/([\w-]+)$/) || [])[1];

const $ = (id) => document.getElementById(id);
const t = (key) => TEXT[lang][key] || key;
const word = (text) => (lang === "de" && WORDS_DE[text]) || text;

function translate() {
  document.documentElement.lang = lang;
  $("lang").textContent = lang === "de" ? "EN" : "DE";
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  if (state) render();
}

function seatName(seat) {
  if (seat === null || seat === undefined || !state) return "";
  const taken = state.seats[seat];
  return taken ? taken.name : `${t("seat")} ${seat}`;
}

function cardNode(code, extra) {
  const node = document.createElement(extra === "button" ? "button" : "div");
  node.className = "card";
  node.dataset.card = code;
  node.innerHTML = cards[code] || code;
  return node;
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function act(text) {
  $("error").textContent = "";
  send({ type: "act", action: text });
}

function renderSeats() {
  const box = $("seats");
  box.replaceChildren();
  state.seats.forEach((taken, seat) => {
    const node = document.createElement("div");
    node.className = "seat" + (state.turn === seat ? " turn" : "") + (state.seat === seat ? " me" : "");
    let label = `${seat}: ${taken ? taken.name : t("empty")}`;
    if (state.dealer === seat) label += ` (${t("dealer")})`;
    if (!state.deal_seats.includes(seat)) label += ` — ${t("out")}`;
    node.textContent = label;
    if (!taken) {
      const bot = document.createElement("button");
      bot.textContent = t("bot");
      bot.dataset.botSeat = seat;
      bot.onclick = () => send({ type: "bot", seat, bot: "heuristic" });
      node.append(" ", bot);
    }
    box.append(node);
  });
}

function renderTrick(view) {
  const box = $("trick");
  box.replaceChildren();
  let trick = view.current_trick;
  let caption = t("trick");
  if (trick.cards.length === 0 && view.tricks.length > 0) {
    trick = view.tricks[view.tricks.length - 1];
    caption = t("last_trick");
  }
  $("trickbox").querySelector("h2").textContent = caption;
  trick.cards.forEach((code, index) => {
    const figure = document.createElement("figure");
    figure.className = "played";
    figure.style.margin = "0";
    figure.append(cardNode(code));
    const label = document.createElement("figcaption");
    label.textContent = seatName(state.deal_seats[(trick.leader + index) % 4]);
    figure.append(label);
    box.append(figure);
  });
}

function renderHand(view) {
  const legal = new Map();
  view.legal_actions.forEach((action, index) => {
    if (action.type === "play") legal.set(action.card, state.legal_text[index]);
  });
  const exchange = view.legal_actions.find((a) => a.type === "pass" || a.type === "return");
  const box = $("hand");
  box.replaceChildren();
  view.hand.forEach((code, index) => {
    const node = cardNode(code, "button");
    node.dataset.index = index;
    if (legal.has(code)) {
      node.classList.add("legal");
      node.onclick = () => act(legal.get(code));
    } else if (exchange) {
      node.classList.add("legal");
      if (chosen.has(index)) node.classList.add("chosen");
      node.onclick = () => {
        if (chosen.has(index)) chosen.delete(index); else chosen.add(index);
        render();
      };
    } else {
      node.disabled = true;
    }
    box.append(node);
  });
}

function renderActions(view) {
  const box = $("actions");
  box.replaceChildren();
  const seen = new Set();
  view.legal_actions.forEach((action, index) => {
    const text = state.legal_text[index];
    if (action.type === "play" || seen.has(action.type + text)) return;
    if (action.type === "pass" || action.type === "return") {
      const verb = action.type;
      if (seen.has(verb)) return;
      seen.add(verb);
      const size = action.cards.length;
      const button = document.createElement("button");
      button.className = "primary";
      button.textContent = `${t(verb)} (${chosen.size}/${size})`;
      button.disabled = chosen.size !== size;
      button.onclick = () => {
        const codes = [...chosen].map((i) => view.hand[i]);
        chosen = new Set();
        act(`${verb} ${codes.join(" ")}`);
      };
      box.append(button);
      return;
    }
    seen.add(action.type + text);
    const button = document.createElement("button");
    button.textContent = word(text);
    button.dataset.action = text;
    if (action.type === "announce") button.className = "primary";
    button.onclick = () => act(text);
    box.append(button);
  });
  if (state.finished && !state.session_finished && state.seat !== null) {
    const button = document.createElement("button");
    button.className = "primary";
    button.id = "next";
    button.textContent = t("next");
    button.onclick = () => send({ type: "next" });
    box.append(button);
  }
}

function renderAnnouncements(view) {
  $("announcements").textContent = view.announcements
    .map((a) => `${seatName(state.deal_seats[a.seat])} ${t("announced")} ${word(a.party)}` +
      (a.level > 0 ? ` (${["", "keine 90", "keine 60", "keine 30", "schwarz"][a.level]})` : ""))
    .join(" · ");
}

function renderSheet() {
  const sheet = state.sheet;
  const head = `<tr><th>${t("deal")}</th><th>${t("contract")}</th>` +
    state.seats.map((_, seat) => `<th>${escapeHtml(seatName(seat))}</th>`).join("") + "</tr>";
  const rows = sheet.rows.map((row) => `<tr><td>${row.number}</td><td>${escapeHtml(contractName(row))}</td>` +
    row.scores.map((score, seat) => `<td>${score > 0 ? "+" : ""}${score} <small>(${row.totals[seat]})</small></td>`).join("") +
    "</tr>").join("");
  const totals = `<tr><th>${t("totals")}</th><th></th>` + sheet.totals.map((v) => `<th>${v}</th>`).join("") + "</tr>";
  $("sheet").innerHTML = head + rows + totals;
}

// The contract column in the page's language: the game and its soloist's seat.
const GAMES = {
  en: {
    NORMAL: "normal game", MARRIAGE: "marriage", MARRIAGE_SOLO: "marriage solo",
    SILENT_MARRIAGE: "silent marriage", SOLO_D: "diamonds solo", SOLO_H: "hearts solo",
    SOLO_S: "spades solo", SOLO_C: "clubs solo", SOLO_Q: "queens solo", SOLO_J: "jacks solo",
    FLESHLESS: "fleshless solo", ARMUT: "poverty", void: "void: dealt again",
  },
  de: {
    NORMAL: "Normalspiel", MARRIAGE: "Hochzeit", MARRIAGE_SOLO: "Hochzeit (Solo)",
    SILENT_MARRIAGE: "stille Hochzeit", SOLO_D: "Karo-Solo", SOLO_H: "Herz-Solo",
    SOLO_S: "Pik-Solo", SOLO_C: "Kreuz-Solo", SOLO_Q: "Damen-Solo", SOLO_J: "Buben-Solo",
    FLESHLESS: "Fleischloser", ARMUT: "Armut", void: "ungültig: neu gegeben",
  },
};

function contractName(row) {
  const names = GAMES[lang];
  if (row.void || row.game === null) return names.void;
  const name = names[row.game] || row.contract;
  return row.soloist === null ? name : `${name} (${seatName(row.soloist)})`;
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function render() {
  renderSeats();
  const view = state.view;
  const mine = state.seat !== null;
  $("sit").hidden = mine || !state.seats.includes(null);
  if (!$("sit").hidden) {
    const select = $("seat");
    const free = state.seats.map((s, i) => (s ? null : i)).filter((i) => i !== null);
    if (select.options.length !== free.length) {
      select.replaceChildren(...free.map((i) => new Option(String(i), String(i))));
    }
  }
  let status;
  if (state.session_finished) status = t("session_over");
  else if (state.finished) status = t("over");
  else if (!mine) status = t("watching");
  else if (state.turn === state.seat) status = t("your_turn");
  else status = `${t("waiting")} ${seatName(state.turn)}`;
  $("status").textContent = status;
  if (view) {
    renderTrick(view);
    renderHand(view);
    renderActions(view);
    renderAnnouncements(view);
  } else {
    for (const id of ["trick", "hand", "actions", "announcements"]) $(id).replaceChildren();
    if (state.finished && mine) renderActions({ legal_actions: [] });
  }
  renderSheet();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${tableName}`);
  socket.onopen = () => {
    const token = localStorage.getItem(`dk-token-${tableName}`);
    if (token) send({ type: "resume", token });
  };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") {
      if (state && message.seq < state.seq) return;
      if (!state || message.deal_number !== state.deal_number || message.finished) chosen = new Set();
      state = message;
      window.dkState = message;  // for a test or the browser's console
      render();
    } else if (message.type === "seated" && message.token) {
      localStorage.setItem(`dk-token-${tableName}`, message.token);
    } else if (message.type === "error") {
      if (message.request === "resume") localStorage.removeItem(`dk-token-${tableName}`);
      else $("error").textContent = message.message;
    }
  };
  socket.onclose = () => setTimeout(connect, 1500);
}

$("lang").onclick = () => {
  lang = lang === "de" ? "en" : "de";
  localStorage.setItem("dk-lang", lang);
  translate();
};

$("create").onsubmit = async (event) => {
  event.preventDefault();
  const players = Number($("players").value);
  const kind = $("botkind").value;
  const bots = {};
  if (kind) for (let seat = 1; seat < players; seat++) bots[String(seat)] = kind;
  const answer = await fetch("/tables", {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ type: "create", players, bots }),
  });
  const body = await answer.json();
  if (answer.ok) location.href = body.page;
  else alert(body.message);
};

$("sit").onsubmit = (event) => {
  event.preventDefault();
  send({ type: "sit", seat: Number($("seat").value), name: $("name").value });
};

(async () => {
  translate();
  cards = await (await fetch("/cards.json")).json();
  if (tableName) {
    $("table").hidden = false;
    connect();
  } else {
    $("lobby").hidden = false;
  }
})();
