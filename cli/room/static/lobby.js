// The lobby: choose the rules and who sits where, open the table, hand out the links.
"use strict";

const KINDS = [
  ["human", "a person (gets a link)"],
  ["search:easy", "bot: search, easy"],
  ["search:normal", "bot: search, normal"],
  ["search:hard", "bot: search, hard"],
  ["greedy", "bot: greedy"],
  ["random", "bot: random"],
  ["basic", "bot: basic"],
];
let rulesets = [];

function seatCount() {
  const house = document.querySelector("input[name=source]:checked").value === "house";
  if (house) return Number(document.getElementById("house").dataset.seats || 2);
  const chosen = rulesets.find(r => r.name === document.getElementById("ruleset").value);
  return chosen ? chosen.seats : 2;
}

function drawSeats() {
  const box = document.getElementById("seats");
  const keep = [...box.querySelectorAll("select")].map(s => s.value);
  box.textContent = "";
  for (let s = 0; s < seatCount(); s++) {
    const label = document.createElement("label");
    label.textContent = `Seat ${s} `;
    const select = document.createElement("select");
    select.id = `seat-${s}`;
    for (const [value, words] of KINDS) {
      const option = new Option(words, value);
      select.add(option);
    }
    select.value = keep[s] || (s === 0 ? "human" : "search:easy");
    label.appendChild(select);
    box.appendChild(label);
  }
}

// A house file goes to the server as its bytes (base64), not as text the browser decoded:
// file.text() turns a file that is not UTF-8 (a Windows editor's Latin-1) into U+FFFD
// characters without a word. The server reads the bytes as rules validate reads a file.
async function houseUpload(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let k = 0; k < bytes.length; k += 0x8000) binary += String.fromCharCode(...bytes.subarray(k, k + 0x8000));
  return { name: file.name, base64: btoa(binary) };
}

// The name the server keeps a house file under, when it is not the file's own
// ("Meine Regeln.yaml" is kept as "Meine-Regeln.yaml").
function keptAs(sent, kept) {
  const note = document.getElementById("house-name");
  note.hidden = !kept || kept === sent;
  note.textContent = note.hidden ? "" : `Kept on the server as ${kept}.`;
}

// A POST to the server and its answer: the server's JSON (a refusal -- 400, 413, 429 for too
// many tables of one address, 503 for a full room -- says why), or, when something between
// answered with a page of its own (a proxy's 502) or nothing did, words that say so.
async function post(path, body) {
  let answer;
  try {
    answer = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  } catch (error) {
    return { ok: false, reply: { why: `The server could not be reached (${error.message}).` } };
  }
  try {
    return { ok: answer.ok, reply: await answer.json() };
  } catch {
    return { ok: false, reply: { why: `The server answered ${answer.status} ${answer.statusText}`.trim() + "." } };
  }
}

function problem(text) {
  const pre = document.getElementById("problem");
  pre.hidden = !text;
  pre.textContent = text || "";
}

async function create(event) {
  event.preventDefault();
  problem("");
  const seats = [...document.querySelectorAll("#seats select")].map(s => s.value);
  const body = { seats };
  if (document.querySelector("input[name=source]:checked").value === "house") {
    const file = document.getElementById("house").files[0];
    if (!file) { problem("Choose a house file first."); return; }
    body.house = await houseUpload(file);
  } else {
    body.ruleset = document.getElementById("ruleset").value;
  }
  const { ok, reply } = await post("/api/tables", body);
  if (!ok) { problem(reply.why || "The table could not be opened."); return; }
  const list = document.getElementById("link-list");
  list.textContent = "";
  document.getElementById("table-rules").textContent = `${reply.title} (${reply.ruleset})`;
  for (const seat of reply.seats) {
    const item = document.createElement("li");
    if (seat.link) {
      const a = document.createElement("a");
      a.href = seat.link; a.textContent = seat.link; a.target = "_blank";
      item.append(`Seat ${seat.seat} (a person): `, a);
    } else {
      item.textContent = `Seat ${seat.seat}: ${seat.player}`;
    }
    list.appendChild(item);
  }
  const watch = document.createElement("li");
  const w = document.createElement("a");
  w.href = reply.watch; w.textContent = reply.watch; w.target = "_blank";
  watch.append("Spectators (public cards only): ", w);
  list.appendChild(watch);
  document.getElementById("links").hidden = false;
  // the focus goes to the news, so that a screen reader says the table is open and its links follow
  document.getElementById("links-title").focus();
}

async function start() {
  const answer = await fetch("/api/rulesets");
  rulesets = (await answer.json()).rulesets;
  const select = document.getElementById("ruleset");
  for (const r of rulesets) select.add(new Option(`${r.title} (${r.name}, ${r.seats} seats)`, r.name));
  select.value = "schnapsen";
  select.addEventListener("change", drawSeats);
  document.getElementById("house").addEventListener("change", async () => {
    document.querySelector("input[value=house]").checked = true;
    const file = document.getElementById("house").files[0];
    if (!file) return;
    // the server reads the file as rules validate does: its seats, or its located errors
    const { ok, reply } = await post("/api/check", { house: await houseUpload(file) });
    problem(ok ? "" : reply.why);
    keptAs(file.name, ok ? reply.name : null);
    document.getElementById("house").dataset.seats = ok ? reply.seats : 2;
    drawSeats();
  });
  for (const radio of document.querySelectorAll("input[name=source]")) radio.addEventListener("change", drawSeats);
  document.getElementById("new-table").addEventListener("submit", create);
  drawSeats();
}

start();
