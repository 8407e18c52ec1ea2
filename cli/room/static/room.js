// The table page: draws the view the server sends for this link's seat, and sends the person's choices.
// Everything drawn comes from the server's message; the page knows no rule and holds no hidden card.
"use strict";

const token = location.pathname.split("/").pop();
const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_NAMES = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven", 6: "six",
  5: "five", 4: "four", 3: "three", 2: "two" };
let state = null;
let socket = null;
let retry = 500;
let summaryShownFor = null;
let presenceAt = null;  // the change of the table the presence line was shown at
let told = null;  // what the news region last heard of the table (see tellNews)
let lost = false;  // the connection was lost and is being opened again

const $ = id => document.getElementById(id);

function cardImage(code, extra) {
  const img = document.createElement("img");
  img.src = `/cards/${code}.svg`;
  img.alt = code === "back" ? "a card, face down" : cardName(code);
  img.className = "card" + (extra ? " " + extra : "");
  img.draggable = false;
  return img;
}

function cardWords(code) {
  const rank = code[0] === "T" ? "10" : code[0];
  return rank + SUITS[code[1]];
}

// A card as a screen reader says it: "king of hearts", not "K♥".
function cardName(code) {
  return `${RANK_NAMES[code[0]] || code[0]} of ${SUIT_NAMES[code[1]] || code[1]}`;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${token}`);
  socket.onopen = () => {
    retry = 500;
    status("connected");
    if (lost) { lost = false; say("connected again"); }
  };
  socket.onmessage = event => receive(JSON.parse(event.data));
  socket.onclose = event => {
    if (event.code === 4404) { status("no table has this link"); return; }
    // 4500: the table's saved state could not be read (the refusal, shown, says why): trying again would not help
    if (event.code === 4500) { status("this table could not be read back"); return; }
    // 4429: too many links are open to this table (the refusal, shown, says how many); one may close
    // 4408: the server gave this link up (too slow to read, or a burst): opened again, it shows the table as it is now
    const words = event.code === 4429 ? "too many links are open to this table: trying again…" : "connection lost: trying again…";
    status(words);
    if (!lost) { lost = true; say(words); }  // said once, not at every try
    setTimeout(connect, retry);  // the same link opens the same seat where the table is now
    retry = Math.min(retry * 2, 8000);
  };
}

function status(text) { $("status").textContent = text; }

// One short sentence for a screen reader, in the polite live region #news: each is a new
// paragraph (an addition is read out even where the same words come twice, "connection
// lost"), and only the last few are kept.
function say(text) {
  const region = $("news");
  const line = document.createElement("p");
  line.textContent = text;
  region.appendChild(line);
  while (region.children.length > 3 && region.firstElementChild) region.firstElementChild.remove();
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function receive(msg) {
  if (msg.type === "refused") { tell(msg.why); return; }
  if (msg.type === "presence") { presence(msg); return; }
  if (msg.type !== "state") return;
  state = msg;
  $("told").hidden = true;
  if (presenceAt !== null && msg.seq !== presenceAt) { $("presence").hidden = true; presenceAt = null; }
  draw();
}

// Another person closed their last link to the table, or opened one: said above the hand
// until the next action at the table (or the next such news), and their seat marked away
// while they are (a state's "away" says the same to a page that opens later).
function presence(msg) {
  const note = $("presence");
  note.textContent = msg.words;
  note.hidden = false;
  presenceAt = state ? state.seq : -1;
  if (!state) return;
  const away = new Set(state.away || []);
  if (msg.here) away.delete(msg.seat); else away.add(msg.seat);
  state.away = [...away];
  drawOthers(state);
}

function tell(text) {
  const told = $("told");
  told.textContent = text;
  told.hidden = false;
}

function seatLabel(seat) {
  const s = state.seats[seat];
  const who = s.player === "person" ? "" : ` (${s.player})`;
  return `${s.name}${who}`;
}

function draw() {
  const m = state;
  document.title = `${m.title} — Sixty-Six Rules`;
  $("title").textContent = m.title;
  $("match").textContent = `deal ${m.deal} · ${m.match.words}`;
  drawOthers(m);
  drawStock(m);
  drawTrick(m);
  drawInfo(m);
  tellNews(m);
  const held = heldFocus();
  drawActions(m);
  drawHand(m);
  giveFocusBack(held);
  drawBids(m);
  drawValues(m);
  drawSummary(m);
}

function drawOthers(m) {
  const box = $("others");
  box.textContent = "";
  for (const s of m.seats) {
    if (s.seat === m.you) continue;
    const div = document.createElement("div");
    div.className = "seat" + (m.to_act === s.seat ? " to-act" : "");
    const name = document.createElement("div");
    name.className = "name";
    const known = [...new Set(m.known[s.seat] || [])];
    name.textContent = seatLabel(s.seat) + (m.dealer === s.seat ? " · deals" : "") + ((m.away || []).includes(s.seat) ? " · away" : "") +
      (known.length ? " · shown: " + known.map(cardWords).join(" ") : "");
    div.appendChild(name);
    // the cards everybody has seen (a marriage's partner, a turn-up taken) are drawn last, on
    // top of the face-down ones and apart from them, so that none covers them
    const fan = document.createElement("div");
    fan.className = "fan";
    for (let k = known.length; k < m.hand_sizes[s.seat]; k++) fan.appendChild(cardImage("back", "small"));
    for (const code of known) fan.appendChild(cardImage(code, "small known"));
    div.appendChild(fan);
    box.appendChild(div);
  }
}

function drawStock(m) {
  const box = $("stock");
  box.textContent = "";
  if (m.turn_up) {
    const turnUp = cardImage(m.turn_up, "turn-up" + (m.closed ? " closed" : ""));
    turnUp.alt = `turn-up: ${turnUp.alt}`;
    box.appendChild(turnUp);
  }
  if (m.talon > 0) {
    const talon = document.createElement("div");
    talon.className = "talon";
    talon.appendChild(cardImage("back"));
    const count = document.createElement("span");
    count.textContent = `${m.talon} in the talon`;
    talon.appendChild(count);
    box.appendChild(talon);
  }
  const trump = document.createElement("div");
  trump.className = "trump";
  trump.textContent = m.trump ? `trump ${SUITS[m.trump]} ${SUIT_NAMES[m.trump]}` : "no trump yet";
  if (m.closed) trump.textContent += ` · closed${m.closer !== null ? " by " + m.seats[m.closer].name : ""}`;
  box.appendChild(trump);
}

function drawTrick(m) {
  const box = $("trick");
  box.textContent = "";
  const cards = m.trick.length ? m.trick : (m.last_trick ? m.last_trick.cards : []);
  for (const [seat, code] of cards) {
    const slot = document.createElement("figure");
    slot.appendChild(cardImage(code, m.trick.length ? "" : "taken"));
    const caption = document.createElement("figcaption");
    caption.textContent = m.seats[seat].name;
    slot.appendChild(caption);
    box.appendChild(slot);
  }
  if (!m.trick.length && m.last_trick) {
    const note = document.createElement("p");
    note.className = "note";
    note.textContent = `${m.seats[m.last_trick.winner].name} took the trick`;
    box.appendChild(note);
  }
  // the last trick taken, small, while the rules still let this seat look back at it
  if (m.look_back) {
    const back = document.createElement("div");
    back.className = "look-back";
    const caption = document.createElement("span");
    caption.textContent = `last trick, ${m.seats[m.look_back.winner].name} took it:`;
    back.appendChild(caption);
    for (const [, code] of m.look_back.cards) back.appendChild(cardImage(code, "small"));
    box.appendChild(back);
  }
  sayTrick(m);
}

// The trick in words for a screen reader (a polite live region): each card as it is played,
// and who took the trick; said again only when it changes.
function sayTrick(m) {
  const played = cards => cards.map(([seat, code]) => `${m.seats[seat].name} ${cardName(code)}`).join(", ");
  let words = "";
  if (m.trick.length) words = `on the table: ${played(m.trick)}`;
  else if (m.last_trick) words = `${m.seats[m.last_trick.winner].name} took the trick: ${played(m.last_trick.cards)}`;
  const region = $("trick-words");
  if (region.textContent !== words) region.textContent = words;
}

function drawInfo(m) {
  const box = $("info");
  box.textContent = "";
  for (const side of m.scores) {
    const names = m.sides[side.side].map(s => m.seats[s].name).join(" & ");
    const line = document.createElement("div");
    line.textContent = `${names}: ` + (side.points !== null ? `${side.points} points, ` : "") + `${side.tricks} trick${side.tricks === 1 ? "" : "s"}`;
    box.appendChild(line);
  }
  if (m.count_note) {
    const line = document.createElement("div");
    line.className = "dim";
    line.textContent = m.count_note;
    box.appendChild(line);
  }
  for (const text of m.lines) {
    const line = document.createElement("div");
    line.className = "line";
    line.textContent = text;
    box.appendChild(line);
  }
  if (m.widow.length) {
    const line = document.createElement("div");
    line.textContent = "you took the cards left over: " + m.widow.map(cardWords).join(" ");
    box.appendChild(line);
  } else if (m.widow_face_down) {
    const line = document.createElement("div");
    line.textContent = `you took the ${m.widow_face_down} cards left over, face down`;
    box.appendChild(line);
  }
}

// What changed at the table since the last state, in short words for the news region: an
// announcement or a call (the info box's new lines, a marriage among them), a card shown, the
// trump named, the talon closed.  The whole info box is not live: it would be read again at
// every redraw.  The first state a page gets (opened, or opened again) is news of nothing.
function tellNews(m) {
  const now = { deal: m.deal, lines: [...m.lines], closed: m.closed, trump: m.trump,
    known: m.seats.map(s => [...new Set(m.known[s.seat] || [])]) };
  const before = told;
  told = now;
  if (!before || before.deal !== m.deal) return;
  for (const line of now.lines) if (!before.lines.includes(line)) say(line);
  now.known.forEach((cards, seat) => {
    if (seat === m.you) return;  // your own cards you know
    for (const code of cards) if (!(before.known[seat] || []).includes(code)) say(`${m.seats[seat].name} shows the ${cardName(code)}`);
  });
  if (now.trump && now.trump !== before.trump) say(`trump is ${SUIT_NAMES[now.trump]}`);
  if (now.closed && !before.closed) say(`the talon is closed${m.closer !== null ? " by " + m.seats[m.closer].name : ""}`);
}

// The hand's cards and the action buttons are drawn anew at every state: the one that has the
// focus is remembered first (its card or move, and its place), so that the focus, and a screen
// reader's place, stays where it was rather than falling back to the page.
function heldFocus() {
  const focused = document.activeElement;
  if (!focused) return null;
  for (const id of ["hand", "actions"]) {
    const box = $(id);
    if (focused.parentElement === box) return { id, what: focused.dataset.card || focused.dataset.move, place: [...box.children].indexOf(focused) };
  }
  return null;  // elsewhere (a dialog, the help button, nothing): left alone
}

// The same card or action again where it still is; else its neighbour: the card that took the
// played card's place (the next one), or the first action; else whatever is left to press.
function giveFocusBack(held) {
  if (!held) return;
  const hand = [...$("hand").children];
  const actions = [...$("actions").children];
  const mine = held.id === "hand" ? hand : actions;
  const same = mine.find(e => (e.dataset.card || e.dataset.move) === held.what);
  const near = held.id === "hand" ? hand[Math.min(held.place, hand.length - 1)] : actions[0];
  const next = same || near || actions[0] || hand[0];
  if (next) next.focus();
}

// The action a card of the hand stands for: its play (or laying it away); on a lead, a card
// that may be led only with its marriage (marriage.must_announce false: leading it announces
// it) stands for the marriage.  In a trick a marriage shows the pair without playing a card (a
// partner's), so there a card stands only for its play.
function playable(m) {
  const byCard = new Map();
  for (const a of m.legal) if (a.kind === "play" || a.kind === "discard") byCard.set(a.card, a);
  if (!m.trick.length) for (const a of m.legal) if (a.kind === "marry" && !byCard.has(a.card)) byCard.set(a.card, a);
  return byCard;
}

function drawActions(m) {
  const box = $("actions");
  box.textContent = "";
  const mine = m.you !== null && m.to_act === m.you;
  $("prompt").textContent = mine ? `Your turn: ${m.prompt}` :
    (m.result ? "" : (m.to_act !== null ? `${m.seats[m.to_act].name} to act…` : ""));
  for (const a of m.legal) {
    if (a.kind === "play" || a.kind === "discard") continue;
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = a.label + (a.key ? ` (${a.key})` : "");
    button.dataset.move = a.move;
    button.addEventListener("click", () => choose(a));
    box.appendChild(button);
  }
}

// A card the rules do not let the seat play now is still a button that can be focused and
// pressed (aria-disabled, not disabled): pressing it asks the server, whose refusal says the
// engine's reason and its rule ("must follow suit (clubs) [play.follow]").
function drawHand(m) {
  const box = $("hand");
  box.textContent = "";
  const legal = playable(m);
  m.hand.forEach((code, k) => {
    const slot = document.createElement("button");
    slot.type = "button";
    slot.className = "hand-card";
    slot.dataset.card = code;
    const action = legal.get(code);
    slot.setAttribute("aria-disabled", action ? "false" : "true");
    if (action) slot.classList.add("legal");
    slot.appendChild(cardImage(code));
    const key = document.createElement("span");
    key.className = "key";
    key.textContent = String(k + 1);
    key.setAttribute("aria-hidden", "true");
    slot.appendChild(key);
    slot.setAttribute("aria-label", `${cardName(code)}, key ${k + 1}`);
    slot.title = action ? `${action.kind === "discard" ? "lay away" : action.kind === "marry" ? "announce the marriage and play" : "play"} ${cardWords(code)} (${k + 1})` : cardWords(code);
    slot.addEventListener("click", () => pickCard(code));
    box.appendChild(slot);
  });
}

// A card of the hand chosen (clicked, or its number pressed): the rules' action for it where
// there is one, else the same move sent anyway for the server to refuse with the engine's reason.
function pickCard(code) {
  if (!state) return;
  if (state.to_act !== state.you) { notYourTurn(); return; }
  const action = playable(state).get(code);
  if (action) { choose(action); return; }
  const kind = state.legal.some(a => a.kind === "discard") ? "discard" : "play";
  act({ move: `${kind} ${code}`, kind });
}

function notYourTurn() {
  tell(state.you === null ? "You are watching: the seats choose, not this page." :
    `It is not your turn${state.to_act !== null ? ": " + state.seats[state.to_act].name + " to act" : ""}.`);
}

function drawBids(m) {
  const list = $("bids");
  list.textContent = "";
  for (const [key, words] of m.bids) {
    const item = document.createElement("li");
    const k = document.createElement("b");
    k.textContent = key;
    item.appendChild(k);
    item.appendChild(document.createTextNode(` ${words}`));
    list.appendChild(item);
  }
  $("bids-title").hidden = !m.bids.length;
}

function drawValues(m) {
  const table = $("values");
  table.textContent = "";
  for (const [rank, name, points] of m.values) {
    const row = table.insertRow();
    row.insertCell().textContent = rank === "T" ? "10" : rank;
    row.insertCell().textContent = name;
    row.insertCell().textContent = `${points} point${points === 1 ? "" : "s"}`;
  }
}

function drawSummary(m) {
  const dialog = $("summary");
  if (!m.result) { if (dialog.open) dialog.close(); summaryShownFor = null; return; }
  $("summary-reason").textContent = m.result.reason;
  const outcome = $("summary-outcome");
  outcome.textContent = "";
  for (const text of m.result.outcome || []) {
    const line = document.createElement("div");
    line.textContent = text;
    outcome.appendChild(line);
  }
  const hands = $("summary-hands");
  hands.textContent = "";
  m.result.hands.forEach((hand, seat) => {
    const row = document.createElement("div");
    row.className = "summary-hand";
    const name = document.createElement("span");
    name.textContent = `dealt to ${seatLabel(seat)}: `;
    row.appendChild(name);
    for (const code of hand) row.appendChild(cardImage(code, "small"));
    hands.appendChild(row);
  });
  $("summary-match").textContent = m.match.over ? `The match is over. ${m.match.words}` : m.match.words;
  const waiting = m.waiting_for.filter(s => s !== m.you);
  $("summary-wait").textContent = waiting.length ? "waiting for " + waiting.map(s => m.seats[s].name).join(", ") + " to go on" : "";
  $("next").hidden = !canAskNext(m);
  $("record").hidden = !m.record;
  $("record").href = `/api/record/${token}`;
  $("house").hidden = !(m.record && m.house);
  $("house").href = `/api/house/${token}`;
  if (summaryShownFor !== m.deal) { summaryShownFor = m.deal; if (!dialog.open) dialog.showModal(); }
}

// Whether this page may ask for the next deal: a seat's (not a spectator's) that has not asked
// yet, while the match goes on.
function canAskNext(m) {
  return m.you !== null && !m.match.over && m.waiting_for.includes(m.you);
}

function choose(action) {
  // closing cannot be taken back, before the draw (Sechsundsechzig's b) as after it: ask first
  if (action.kind === "close" || action.kind === "closebeforedraw") {
    ask("Close the talon? Nobody draws any more, and the strict rules of play hold from now on.", () => act(action));
    return;
  }
  act(action);
}

function act(action) { send({ type: "action", move: action.move, seq: state.seq }); }

function ask(text, yes) {
  const dialog = $("confirm");
  $("confirm-text").textContent = text;
  $("confirm-yes").onclick = () => { dialog.close(); yes(); };
  $("confirm-no").onclick = () => dialog.close();
  dialog.showModal();
}

// One marriage per suit, the first offered of it: where the king and the queen may each be
// shown (North American rules offer "marry KH" and "marry QH"), both are the same hearts
// marriage, so `M` must reach the next suit's, not the queen of the same one.
function marriages(legal) {
  const bySuit = new Map();
  for (const a of legal) if (a.kind === "marry" && !bySuit.has(a.card[1])) bySuit.set(a.card[1], a);
  return [...bySuit.values()];
}

function onKey(event) {
  if (!state || event.ctrlKey || event.altKey || event.metaKey) return;
  if (document.querySelector("dialog[open]:not(#summary)")) return;
  const key = event.key;
  // Enter or Space on a focused button or link is its own click (Next deal, a card): the page
  // does not act on the key a second time
  const target = event.target;
  if ((key === "Enter" || key === " ") && target && ["BUTTON", "A", "INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
  if (key === "?") { $("help").showModal(); return; }
  if (key === "Enter" && state.result) {
    // as the Next deal button: only a seat still to say it goes on, while the match is not over
    // (a spectator's or a finished match's Enter would only be refused)
    if (canAskNext(state)) send({ type: "next" });
    return;
  }
  if (state.to_act !== state.you) {
    if (key.length === 1 && /\S/.test(key)) notYourTurn();
    return;
  }
  if (/^[1-9]$/.test(key)) {
    const n = Number(key);
    // in the auction a number is the bid's key, shown on its button (never a contract's value)
    const bid = state.legal.find(a => a.kind === "bid" && a.key === key);
    const trump = state.legal.filter(a => a.kind === "nametrump");
    if (bid) { act(bid); return; }
    if (trump.length) { const t = trump.find(a => a.key === key); if (t) act(t); return; }
    const code = state.hand[n - 1];
    if (code) pickCard(code);
    return;
  }
  const action = key === "m" || key === "M" ? marriages(state.legal)[key === "m" ? 0 : 1] :
    state.legal.find(a => a.key === key);
  if (action) { choose(action); return; }
  if (key.length === 1 && /\S/.test(key)) tell(`The key ${key} does nothing now: press ? for the keys.`);
}

document.addEventListener("keydown", onKey);
$("next").addEventListener("click", () => send({ type: "next" }));
$("summary-close").addEventListener("click", () => $("summary").close());
$("help-button").addEventListener("click", () => $("help").showModal());
$("help-close").addEventListener("click", () => $("help").close());
connect();
