// The board drawing and its input (docs/WEB.md, "The page"): an SVG of
// the 11x10 Tamerlane board with its two citadels or of the 8x8 board,
// with coordinates, the project's figures (figures.json: the drawings of
// the tamerlane-figures crate, docs/WEB.md), the last move, check, legal targets,
// an arrow, and moves by click or drag. Every square is a <rect> with a
// data-square attribute; the pieces let the pointer through to it.

const S = 45; // a square, in the figures' own units
const M = 16; // the margin for the coordinates
const NS = "http://www.w3.org/2000/svg";

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export function layout(game) {
  if (game === "tamerlane") {
    return { files: 11, ranks: 10, offset: 1, outside: { wc: [11, 1], bc: [-1, 8] } };
  }
  return { files: 8, ranks: 8, offset: 0, outside: {} };
}

function squareXY(sq, lay) {
  if (lay.outside[sq]) return lay.outside[sq];
  return [sq.charCodeAt(0) - 97, parseInt(sq.slice(1), 10) - 1];
}

export class Board {
  constructor(host, figures, onMove) {
    this.host = host;
    this.figures = figures;
    this.onMove = onMove; // (uci) => void
    this.flipped = false;
    this.selected = null;
    this.state = null;
    this.arrow = null;
    this.drag = null;
  }

  figure(token) {
    const white = token === token.toUpperCase();
    const up = token.toUpperCase();
    // The figure of an 8x8 letter comes with the figures (figures.json's
    // "letters"); Tamerlane's TFEN tokens are the keys themselves.
    const letters = this.figures.letters[this.state.game];
    const key = letters ? letters[up] || up : up;
    const f = this.figures.figures[key];
    return f ? f[white ? "w" : "b"] : "";
  }

  /// The top-left corner of a square's cell in the drawing.
  cell(sq) {
    const lay = this.lay;
    let [x, y] = squareXY(sq, lay);
    let col = x + lay.offset;
    let row = lay.ranks - 1 - y;
    if (this.flipped) {
      col = lay.files + 2 * lay.offset - 1 - col;
      row = lay.ranks - 1 - row;
    }
    return [M + col * S, row * S];
  }

  render(state) {
    this.state = state;
    this.lay = layout(state.game);
    const lay = this.lay;
    const cols = lay.files + 2 * lay.offset;
    const w = M + cols * S, h = lay.ranks * S + M;
    this.host.parentElement.style.setProperty("--aspect", (w / h).toFixed(4));
    const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, "data-game": state.game, role: "img" });
    const squares = [];
    for (let y = 0; y < lay.ranks; y++) {
      for (let x = 0; x < lay.files; x++) squares.push(String.fromCharCode(97 + x) + (y + 1));
    }
    squares.push(...Object.keys(lay.outside));
    const marks = new Set();
    if (state.last_move) { marks.add(state.last_move.from); marks.add(state.last_move.to); }
    for (const sq of squares) {
      const [px, py] = this.cell(sq);
      const [x, y] = squareXY(sq, lay);
      const citadel = sq in lay.outside;
      const fill = citadel ? "var(--citadel)" : ((x + y) % 2 === 0 ? "var(--dark)" : "var(--light)");
      el("rect", { x: px, y: py, width: S, height: S, fill, class: "sq", "data-square": sq }, svg);
      if (marks.has(sq)) el("rect", { x: px, y: py, width: S, height: S, fill: "rgba(255,213,79,.55)", "pointer-events": "none", class: "last" }, svg);
      if (state.check.includes(sq)) el("circle", { cx: px + S / 2, cy: py + S / 2, r: S * 0.48, fill: "rgba(220,20,20,.6)", "pointer-events": "none", class: "check" }, svg);
      if (sq === this.selected) el("rect", { x: px, y: py, width: S, height: S, fill: "rgba(20,120,255,.35)", "pointer-events": "none" }, svg);
    }
    // Coordinates: files below, ranks at the left.
    for (let x = 0; x < lay.files; x++) {
      const sq = String.fromCharCode(97 + x) + "1";
      const [px] = this.cell(sq);
      const t = el("text", { x: px + S / 2, y: lay.ranks * S + 12, "text-anchor": "middle", "font-size": 11, fill: "#ddd", class: "coord" }, svg);
      t.textContent = String.fromCharCode(97 + x);
    }
    for (let y = 0; y < lay.ranks; y++) {
      const [, py] = this.cell("a" + (y + 1));
      const t = el("text", { x: 8, y: py + S / 2 + 4, "text-anchor": "middle", "font-size": 11, fill: "#ddd", class: "coord" }, svg);
      t.textContent = String(y + 1);
    }
    for (const [name] of Object.entries(lay.outside)) {
      const [px, py] = this.cell(name);
      const t = el("text", { x: px + 3, y: py + 10, "font-size": 8, fill: "#444", "pointer-events": "none" }, svg);
      t.textContent = name;
    }
    for (const [sq, token] of state.board) {
      if (this.drag && this.drag.from === sq && this.drag.moved) continue;
      const [px, py] = this.cell(sq);
      const g = el("g", { transform: `translate(${px},${py})`, "pointer-events": "none", class: "piece", "data-piece": token, "data-on": sq }, svg);
      g.innerHTML = this.figure(token);
    }
    // Legal targets of the selected piece.
    const targets = this.selected ? (state.legal[this.selected] || []) : [];
    for (const t of new Set(targets.map((m) => m.to))) {
      const [px, py] = this.cell(t);
      const occupied = state.board.some(([s]) => s === t);
      el("circle", occupied
        ? { cx: px + S / 2, cy: py + S / 2, r: S * 0.45, fill: "none", stroke: "rgba(20,90,40,.7)", "stroke-width": 3, "pointer-events": "none", class: "target", "data-target": t }
        : { cx: px + S / 2, cy: py + S / 2, r: S * 0.15, fill: "rgba(20,90,40,.65)", "pointer-events": "none", class: "target", "data-target": t }, svg);
    }
    if (this.arrow) this.drawArrow(svg, this.arrow.from, this.arrow.to);
    if (this.drag && this.drag.moved) {
      const g = el("g", { "pointer-events": "none", id: "drag-ghost" }, svg);
      g.innerHTML = this.figure(this.drag.token);
      this.ghost = g;
      this.placeGhost();
    }
    svg.addEventListener("pointerdown", (e) => this.down(e));
    svg.addEventListener("pointermove", (e) => this.move(e));
    svg.addEventListener("pointerup", (e) => this.up(e));
    this.svg = svg;
    this.host.replaceChildren(svg);
  }

  drawArrow(svg, from, to) {
    const [ax, ay] = this.cell(from), [bx, by] = this.cell(to);
    const x1 = ax + S / 2, y1 = ay + S / 2, x2 = bx + S / 2, y2 = by + S / 2;
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
    const head = 14, hx = x2 - ux * head, hy = y2 - uy * head;
    el("line", { x1, y1, x2: hx, y2: hy, stroke: "rgba(0,120,200,.75)", "stroke-width": 7, "stroke-linecap": "round", "pointer-events": "none", class: "arrow", "data-from": from, "data-to": to }, svg);
    el("polygon", { points: `${x2},${y2} ${hx - uy * 10},${hy + ux * 10} ${hx + uy * 10},${hy - ux * 10}`, fill: "rgba(0,120,200,.75)", "pointer-events": "none" }, svg);
  }

  squareAt(e) {
    const hit = document.elementFromPoint(e.clientX, e.clientY);
    if (!hit || !this.svg.contains(hit)) return null;
    // The squares are the rects drawn first, in the order of `cell`.
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX; pt.y = e.clientY;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    return this.squareOfPoint(p.x, p.y);
  }

  squareOfPoint(x, y) {
    const lay = this.lay;
    let col = Math.floor((x - M) / S), row = Math.floor(y / S);
    const cols = lay.files + 2 * lay.offset;
    if (col < 0 || col >= cols || row < 0 || row >= lay.ranks) return null;
    if (this.flipped) { col = cols - 1 - col; row = lay.ranks - 1 - row; }
    const fx = col - lay.offset, ry = lay.ranks - 1 - row;
    for (const [name, [ox, oy]] of Object.entries(lay.outside)) if (ox === fx && oy === ry) return name;
    if (fx < 0 || fx >= lay.files) return null;
    return String.fromCharCode(97 + fx) + (ry + 1);
  }

  pieceOn(sq) {
    const p = this.state.board.find(([s]) => s === sq);
    return p ? p[1] : null;
  }

  down(e) {
    const sq = this.squareAt(e);
    if (!sq || !this.state) return;
    if (this.selected && this.tryMove(this.selected, sq)) return;
    if (this.state.legal[sq]) {
      this.selected = sq;
      this.drag = { from: sq, token: this.pieceOn(sq), moved: false, x: e.clientX, y: e.clientY };
    } else {
      this.selected = null;
    }
    this.render(this.state);
  }

  move(e) {
    if (!this.drag) return;
    if (!this.drag.moved && Math.hypot(e.clientX - this.drag.x, e.clientY - this.drag.y) < 6) return;
    const first = !this.drag.moved;
    this.drag.moved = true;
    this.drag.cx = e.clientX; this.drag.cy = e.clientY;
    if (first) this.render(this.state);
    else this.placeGhost();
  }

  placeGhost() {
    if (!this.ghost || this.drag.cx === undefined) return;
    const pt = this.svg.createSVGPoint();
    pt.x = this.drag.cx; pt.y = this.drag.cy;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    this.ghost.setAttribute("transform", `translate(${p.x - S / 2},${p.y - S / 2})`);
  }

  up(e) {
    const drag = this.drag;
    this.drag = null;
    if (!drag || !drag.moved) return;
    const sq = this.squareAt(e);
    if (!(sq && this.tryMove(drag.from, sq))) this.render(this.state);
  }

  /// Plays from -> to if legal (asking for the promotion piece when
  /// there is a choice); whether it was a legal target.
  tryMove(from, to) {
    const moves = (this.state.legal[from] || []).filter((m) => m.to === to);
    if (moves.length === 0) return false;
    this.selected = null;
    this.drag = null;
    if (moves.length === 1) {
      this.onMove(moves[0].uci);
      return true;
    }
    this.render(this.state);
    const box = document.getElementById("promotion");
    box.replaceChildren();
    const white = this.state.turn === "white";
    for (const m of moves) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.promo = m.promotion;
      b.title = m.promotion;
      const token = white ? m.promotion.toUpperCase() : m.promotion;
      b.innerHTML = `<svg viewBox="0 0 ${S} ${S}">${this.figure(token)}</svg>`;
      b.onclick = () => { box.hidden = true; this.onMove(m.uci); };
      box.appendChild(b);
    }
    const cancel = document.createElement("button");
    cancel.type = "button"; cancel.textContent = "✕"; cancel.title = "cancel";
    cancel.onclick = () => { box.hidden = true; };
    box.appendChild(cancel);
    box.hidden = false;
    return true;
  }
}
