// The page's controller (docs/WEB.md, "The page"): the game picker and
// rules, the move list with keyboard navigation, play against the engine,
// the analysis stream (server-sent events) with its evaluation bar and
// best-move arrow, and records.

import { api } from "./api.js";
import { Board } from "./board.js";

const $ = (id) => document.getElementById(id);

// Tamerlane's rule options (docs/RULES.md, section 9): the first value
// of each is the default.
const TAMERLANE_OPTIONS = {
  "swap-when": ["check-or-stuck", "check"],
  "swap-with": ["officer", "any"],
  "citadel-entry": ["highest-royal", "king-only"],
  "pawn-of-pawns": ["three-arrivals", "one-arrival"],
  "placement-onto": ["empty", "enemy"],
  "placement-targets": ["fork", "fork-or-trapped"],
  "lone-royal": ["after-move", "before-move"],
  "royals-only": ["draw", "off"],
};
const PRESETS = { default: "", "seed-001": "seed-001" };

const app = {
  state: null,
  board: null,
  analysing: false,
  events: null,
  thinking: false,
  lastAnalysis: null,
};
window.tamerlaneApp = app; // for the browser test and the console

function showError(e) {
  const box = $("error");
  if (!e) { box.hidden = true; box.textContent = ""; return; }
  box.hidden = false;
  box.textContent = e.message || String(e);
}

async function run(action) {
  try {
    showError(null);
    return await action();
  } catch (e) {
    showError(e);
    return null;
  }
}

function statusText(s) {
  if (s.outcome) return `Game over: ${s.outcome.text}`;
  const side = s.turn === "white" ? "White" : "Black";
  return `${side} to move${s.check.length ? " (check)" : ""}${app.thinking ? " — engine thinking…" : ""}`;
}

function renderMoves(s) {
  const list = $("moves");
  list.replaceChildren();
  const first = document.createElement("li");
  const start = document.createElement("button");
  start.textContent = "start";
  start.dataset.ply = 0;
  if (s.ply === 0) start.className = "current";
  first.appendChild(start);
  list.appendChild(first);
  s.moves.forEach((m, i) => {
    const li = document.createElement("li");
    if (i % 2 === 0) {
      const n = document.createElement("span");
      n.className = "n";
      n.textContent = `${i / 2 + 1}.`;
      li.appendChild(n);
    }
    const b = document.createElement("button");
    b.textContent = m.san;
    b.dataset.ply = i + 1;
    b.dataset.uci = m.uci;
    b.className = "move" + (i + 1 === s.ply ? " current" : "");
    li.appendChild(b);
    list.appendChild(li);
  });
  list.querySelector(".current")?.scrollIntoView({ block: "nearest" });
}

function scoreText(score) {
  if (score.mate !== undefined) return `#${score.mate}`;
  const v = score.cp / 100;
  return (v > 0 ? "+" : "") + v.toFixed(2);
}

/// A score for the side to move as White's share of the bar (0 to 100).
function whiteShare(score, turn) {
  let v = score.mate !== undefined ? (score.mate > 0 ? 1 : -1) * 10000 : score.cp;
  if (score.mate === 0) v = -10000;
  if (turn === "black") v = -v;
  return 50 + 50 * Math.tanh(v / 600);
}

// A node count in short: 950, 12.3 k, 4.56 M.
function countText(n) {
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} k`;
  return String(n);
}

function renderAnalysis(a) {
  const lines = $("lines");
  if (!a || !a.lines || a.fen !== app.state?.fen) {
    lines.replaceChildren();
    $("depth").textContent = "";
    app.board.arrow = null;
    return;
  }
  lines.replaceChildren(...a.lines.map((l) => {
    const li = document.createElement("li");
    li.className = "line";
    const b = document.createElement("b");
    b.textContent = scoreText(l.score);
    li.append(b, " " + l.san.join(" "));
    return li;
  }));
  $("depth").textContent = `depth ${a.depth}, ${(a.elapsed_ms / 1000).toFixed(1)} s, ` +
    `${countText(a.nodes)} nodes${a.running ? "" : " (stopped)"}`;
  const best = a.lines[0];
  if (best) {
    const share = whiteShare(best.score, a.turn);
    $("evalfill").style.height = `${share}%`;
    $("evaltext").textContent = scoreText(best.score);
    const m = best.uci[0];
    const mv = app.state.legal && Object.entries(app.state.legal)
      .flatMap(([from, ts]) => ts.map((t) => ({ from, to: t.to, uci: t.uci })))
      .find((x) => x.uci === m);
    app.board.arrow = mv ? { from: mv.from, to: mv.to } : null;
  }
}

function render(s) {
  app.state = s;
  document.body.dataset.game = s.game;
  $("game").value = s.game;
  $("status").textContent = statusText(s);
  $("current-fen").textContent = s.fen;
  renderMoves(s);
  renderAnalysis(app.lastAnalysis);
  app.board.render(s);
  $("tamerlane-rules").hidden = s.game !== "tamerlane";
}

/// The game changed: restart the analysis if on, let the engine move if
/// it is its turn.
async function changed(s) {
  render(s);
  if (app.analysing) await restartAnalysis();
  await maybeEngine();
}

function engineToMove() {
  const s = app.state;
  const side = $("side").value;
  if (!s || s.outcome || side === "both" || s.ply !== s.moves.length) return false;
  return s.turn !== side;
}

async function maybeEngine() {
  if (app.thinking || !engineToMove()) return;
  app.thinking = true;
  $("status").textContent = statusText(app.state);
  const wasAnalysing = app.analysing;
  if (wasAnalysing) await stopAnalysis(false);
  const s = await run(() => api.engineMove(Number($("movetime").value) || 1000, Number($("level").value)));
  app.thinking = false;
  if (s) render(s);
  if (wasAnalysing) { app.analysing = true; await restartAnalysis(); }
}

async function playMove(uci) {
  const s = await run(() => api.move(uci));
  if (s) await changed(s);
}

async function navigate(ply) {
  if (!app.state) return;
  const n = Math.max(0, Math.min(app.state.moves.length, ply));
  if (n === app.state.ply) return;
  const s = await run(() => api.navigate(n));
  if (s) await changed(s);
}

function rulesText() {
  return $("rules").value.trim();
}

async function newGame(fen) {
  app.lastAnalysis = null;
  const s = await run(() => api.newGame($("game").value, rulesText(), fen || ""));
  if (s) await changed(s);
}

// --- analysis -------------------------------------------------------
async function stopAnalysis(turnOff = true) {
  if (app.events) { app.events.close(); app.events = null; }
  if (turnOff) app.analysing = false;
  await run(() => api.analysisStop());
  $("analyse").textContent = app.analysing ? "Stop" : "Analyse";
}

async function restartAnalysis() {
  if (app.events) { app.events.close(); app.events = null; }
  await run(() => api.analysisStop());
  if (app.state.outcome) { $("analyse").textContent = "Stop"; return; }
  const started = await run(() => api.analysisStart(Number($("multipv").value)));
  if (!started) return;
  const es = new EventSource("/api/analysis/events");
  app.events = es;
  es.addEventListener("analysis", (ev) => {
    const a = JSON.parse(ev.data);
    if (a.id !== started.id) return;
    app.lastAnalysis = a;
    app.updates = (app.updates || 0) + 1;
    renderAnalysis(a);
    app.board.render(app.state);
    if (!a.running) { es.close(); if (app.events === es) app.events = null; }
  });
  es.onerror = () => { es.close(); if (app.events === es) app.events = null; };
  $("analyse").textContent = "Stop";
}

// --- set-up ---------------------------------------------------------
function buildRuleOptions() {
  const host = $("tamerlane-rules");
  const preset = document.createElement("label");
  const sel = document.createElement("select");
  sel.id = "preset";
  for (const name of Object.keys(PRESETS)) sel.add(new Option(name, name));
  preset.append("Preset ", sel);
  host.appendChild(preset);
  const selects = {};
  for (const [key, values] of Object.entries(TAMERLANE_OPTIONS)) {
    const l = document.createElement("label");
    const s = document.createElement("select");
    s.dataset.key = key;
    for (const v of values) s.add(new Option(v, v));
    l.append(key + " ", s);
    host.appendChild(l);
    selects[key] = s;
  }
  const update = () => {
    const parts = [PRESETS[sel.value]].filter(Boolean);
    for (const [key, s] of Object.entries(selects)) {
      if (s.selectedIndex > 0) parts.push(`${key}=${s.value}`);
    }
    $("rules").value = parts.join(",");
  };
  sel.onchange = update;
  for (const s of Object.values(selects)) s.onchange = update;
}

async function main() {
  const [figures, info, state] = await Promise.all([
    fetch("/assets/figures.json").then((r) => r.json()),
    api.info(),
    api.state(),
  ]);
  for (let i = 1; i <= info.levels; i++) $("level").add(new Option(i === info.levels ? `${i} (full)` : String(i), i));
  $("level").value = String(info.levels);
  $("movetime").max = info.max_movetime_ms;
  app.board = new Board($("board"), figures, playMove);
  buildRuleOptions();
  $("new").onclick = () => newGame();
  $("game").onchange = () => { $("rules").value = ""; newGame(); };
  $("new-fen").onclick = () => newGame($("fen").value.trim());
  $("flip").onclick = () => { app.board.flipped = !app.board.flipped; app.board.render(app.state); };
  $("start").onclick = () => navigate(0);
  $("back").onclick = () => navigate(app.state.ply - 1);
  $("forward").onclick = () => navigate(app.state.ply + 1);
  $("end").onclick = () => navigate(app.state.moves.length);
  $("takeback").onclick = async () => {
    const plies = $("side").value !== "both" && app.state.ply >= 2 ? 2 : 1;
    const s = await run(() => api.takeback(plies));
    if (s) await changed(s);
  };
  $("moves").onclick = (e) => {
    const ply = e.target.dataset?.ply;
    if (ply !== undefined) navigate(Number(ply));
  };
  $("side").onchange = () => maybeEngine();
  $("analyse").onclick = async () => {
    if (app.analysing) { await stopAnalysis(); app.lastAnalysis = null; render(app.state); return; }
    app.analysing = true;
    await restartAnalysis();
  };
  $("multipv").onchange = () => { if (app.analysing) restartAnalysis(); };
  $("load-record").onclick = async () => {
    const s = await run(() => api.loadRecord($("record").value));
    if (s) { app.lastAnalysis = null; await changed(s); }
  };
  $("record-file").onchange = async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    if (f.size > 200000) { showError(new Error("the record file is too large")); return; }
    $("record").value = await f.text();
    $("load-record").click();
  };
  document.addEventListener("keydown", (e) => {
    if (["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement?.tagName)) return;
    if (e.key === "ArrowLeft") { navigate(app.state.ply - 1); e.preventDefault(); }
    else if (e.key === "ArrowRight") { navigate(app.state.ply + 1); e.preventDefault(); }
    else if (e.key === "Home") navigate(0);
    else if (e.key === "End") navigate(app.state.moves.length);
  });
  render(state);
  document.body.dataset.ready = "1";
}

main().catch(showError);
