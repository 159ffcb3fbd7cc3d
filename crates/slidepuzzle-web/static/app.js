"use strict";
// The page's one state model. A position change that is not a step through
// the current solution drops that solution and any pending answer; a
// solution is bound to the exact puzzle and position it was asked for, and
// an answer for anything else is dropped when it arrives.
const $ = (id) => document.getElementById(id);
const S = {
  P: null,            // puzzle info from /api/puzzle
  adj: [],            // per vertex: where its tile may slide (the neighbours, or the heads of its arcs)
  into: [],           // per vertex: whose tiles may slide into it (the reverse of adj)
  near: [],           // per vertex: every vertex joined to it, either way (what a move repaints)
  cells: [],          // tile per vertex, 0 = blank
  exchange: new Map(), // M13: "from,to" -> the two vertices whose tiles that slide swaps
  turn: [],           // orientation per vertex, in k-ths of a full turn counter-clockwise (0 where tiles do not turn)
  history: [],        // moves made, [from, to] (the tile on `from` slid into the blank on `to`)
  played: [],         // the moves of the attempt as made, undos included: from, to, ... (a solve's record)
  moves: 0,           // moves on the counter (single-tile moves, STM)
  mtm: 0,             // multi-tile moves: runs of moves in one direction
  lastDir: null,      // direction of the player's last move, for MTM
  runLen: 0,          // steps of the run that move ended, where runs are limited (tori)
  startCells: [],     // the position the history starts from (for links)
  clock: { start: null, elapsed: 0, id: null, armed: true },
  arrangements: [],   // the standard arrangements the lesson lists (Learn's buttons put them on the board)
  solution: null,     // { key, steps (Int32Array: from, to, ...), count, startCells, startHistory, startMoves, startMtm, mtmAt, index, record }
  pending: null,      // { key, controller, started, ticker }
  playing: null,      // animation frame id while playing
  els: [],            // per vertex: { shape, text }
  pts: null,          // layout coordinates per vertex (for the arrow keys on graphs)
  view: null,         // { minx, miny, scale, pad }: layout to drawing coordinates
  drawn: null,        // the graph drawing ({ svg, view, lines, els, pts }), null for grids
  canvas: null,       // a big board's canvas view (drawCanvasGrid), else null
  lines: [],          // per edge: { a, b, el }
  cut: new Set(),     // articulation points, from /api/analyze
  drag: null,         // { v, moved } while a vertex is dragged
  edit: null,         // { n, edges: Set("a-b"), pts, picked } while building a graph
  blocks: [],         // blocks from /api/analyze: { vertices, type, group }
  mode: "play",       // "play", "explore" or "learn": which panels show
  blanks: 1,          // how many blanks: sent with every request (the API's "blanks")
  scheme: "plain",    // the colour scheme (the #scheme box, kept in this browser)
  colours: null,      // per tile, its fill in that scheme (/api/puzzle's tile_colours); null for plain
  focus: false,       // focus mode: only the board and the counters, the board as large as the window
  big: false,         // a big board (/api/puzzle's "lists": false, up to 1000x1000): no lists, adjacency from the width
  gridPositions: null, // a big board's positions by index ([x, y, 0] of vertex v), computed when read
};

// Every request carries the number of blanks when it is not the
// library's default (one; none on a rotating puzzle), so states, goals,
// scrambles and analyses all count the same 0s.
const withBlanks = (body) => (S.blanks === 1 ? body : { blanks: S.blanks, ...body });
async function api(path, body, signal) {
  const r = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(withBlanks(body)), signal });
  const j = await r.json().catch(() => ({ error: "the server answered HTTP " + r.status }));
  if (!r.ok) throw new Error(j.error || ("the server answered HTTP " + r.status));
  return j;
}
// Text the user typed (or an answer quoting it), cut to `n` characters for
// a status line.
const clip = (text, n = 60) => { const t = String(text); return t.length > n ? t.slice(0, n) + `... (${t.length} characters)` : t; };
// The status line: at most a few lines (a 70,000-character spec quoted
// back is cut), the whole text (up to 5,000 characters) on hover.
function status(text, cls) {
  const s = $("status"), t = String(text);
  // A long message is cut with a note that says so (not a character count,
  // which read as the size of something the user typed).
  s.textContent = t.length > 400 ? t.slice(0, 400) + "... (cut: hover for the whole message)" : t;
  s.title = t.length > 400 ? t.slice(0, 5000) : "";
  s.className = cls || "";
}
// The tile on v as the library writes it: `5`, or `5^1` when it is turned.
const token = (v) => S.cells[v] + (S.turn[v] ? "^" + S.turn[v] : "");
const tokens = () => S.cells.map((_, v) => token(v));
const key = () => S.P.spec + "|" + tokens().join(" ");
// Whether vertex v holds its goal tile, turned as in the goal.
// (Orientations only where tiles turn: elsewhere every turn is 0.)
const atHome = (v) => S.cells[v] === S.P.goal_cells[v] && (!S.P.modulus || S.turn[v] === (S.P.goal_orientations[v] || 0));
const solved = () => S.cells.every((_, v) => atHome(v));
function stateString() {
  if (S.big) return "";
  const all = tokens();
  if (S.P.kind !== "board" || !S.P.plain_board) return all.join(" ");
  const w = S.P.width, rows = [];
  for (let i = 0; i < all.length; i += w) rows.push(all.slice(i, i + w).join(" "));
  return rows.join("/");
}
// A position typed or sent as text: tiles, 0 for a blank, `5^1` for tile 5
// turned (the server checks it; this only splits it).
function parseState(text) {
  // Plain numbers (a big board's scramble is a million of them): read in
  // one pass, without a string per token.
  if (text.length > 100000 && /^[\d\s\/,.]*$/.test(text)) {
    const cells = [];
    let n = -1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 48 && c <= 57) n = (n < 0 ? 0 : n * 10) + (c - 48);
      else if (n >= 0) { cells.push(n); n = -1; }
    }
    if (n >= 0) cells.push(n);
    return { cells, turn: new Array(cells.length).fill(0) };
  }
  const cells = [], turn = [];
  for (const t of text.split(/[\s,\/.]+/).filter(Boolean)) {
    const [tile, o] = t.split("^");
    cells.push(Number(tile)); turn.push(Number(o || 0));
  }
  return { cells, turn };
}
// The turn (in k-ths of a full turn) of a tile sliding from `from` to `to`.
function turnAlong(from, to) {
  const k = S.P.modulus;
  if (!k) return 0;
  for (const [u, v, r] of S.P.turns) {
    if (u === from && v === to) return r;
    if (u === to && v === from) return (k - r) % k;
  }
  return 0;
}
// Server text shown as HTML: no markup gets through.
function plainText(t) { return String(t).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"); }
// A big number with thousands separators; past 30 digits shortened, the
// whole number in its tooltip.
function grouped(n) {
  const text = String(n), sep = /^\d+$/.test(text) ? text.replace(/\B(?=(\d{3})+(?!\d))/g, ",") : text;
  return text.length > 30 ? `<span title="${sep}">${short(text)}</span>` : sep;
}
function short(n) { return n.length > 30 ? n.slice(0, 12) + "..." + n.slice(-6) + ` (${n.length} digits)` : n; }

// ---- the clock: from the first move after a new position to solved ----
// Times are shown and kept to the millisecond, as speedsolving timers do
// (the clock, the solved line, the statistics and the CSV alike).
const seconds = (t) => `${t.toFixed(3)} s`;
function clockReset() {
  // Within a marathon or relay the clock runs on from puzzle to puzzle.
  if (S.event && S.event.advancing) return;
  if (S.clock.id) clearInterval(S.clock.id);
  S.clock = { start: null, elapsed: 0, id: null, armed: true };
  $("timer").textContent = `time: ${seconds(0)}`;
}
function clockStart() {
  if (S.clock.id || !S.clock.armed) return;
  S.clock.start = performance.now();
  S.clock.id = setInterval(() => { $("timer").textContent = `time: ${seconds((performance.now() - S.clock.start) / 1000)}`; }, 37);
}
function clockStop() {
  if (!S.clock.id) return;
  clearInterval(S.clock.id);
  S.clock.elapsed = (performance.now() - S.clock.start) / 1000;
  S.clock.id = null;
  $("timer").textContent = `time: ${seconds(S.clock.elapsed)}`;
}
// A timed attempt is under way: Play, the clock running.
const attempting = () => S.clock.id !== null && S.mode === "play";

// ---- solutions and pending answers ----
function dropPending() {
  if (!S.pending) return;
  S.pending.controller.abort();
  clearInterval(S.pending.ticker);
  S.pending = null;
  $("solve").disabled = false; $("cancel").hidden = true;
}
function dropSolution(note) {
  stopPlaying();
  const had = S.solution !== null;
  S.solution = null;
  $("step").textContent = "";
  $("solution").textContent = "Press Solve.";
  if (had && note) status(note);
}
// Every position change that is not a step through the solution.
function positionChanged(note) {
  dropPending();
  dropSolution(note);
}
// A new position (load, scramble, set, reset): no history, the clock waits
// for the first move.
// `turn`: the orientations (all 0 when left out).
function newPosition(cells, turn) {
  positionChanged();
  S.cells = cells;
  S.turn = turn && turn.length ? turn.slice() : new Array(cells.length).fill(0);
  S.startCells = S.big ? [] : tokens();
  S.history = []; S.moves = 0; S.mtm = 0; S.lastDir = null; S.runLen = 0;
  S.played = [];
  $("tps").textContent = "";
  // A new position the event did not make (Reset, Load, Set, a link)
  // ends it.
  if (S.event && !S.event.advancing) stopEvent("stopped: the position changed");
  clockReset();
  // Only a position that is not solved times a solve: Reset, Load or a
  // solved position set by hand, then two moves, is no solve.
  if (!(S.event && S.event.advancing)) S.clock.armed = !solved();
  paintAll();
}

// ---- drawing: built once per puzzle, then only changed vertices repaint ----
// The drawing the editor gave the graph it loaded (kept for that spec).
let drawnBy = null;
// Graphs whose layout takes longer than about 60 ms (layoutWork; up to
// seconds on 2,000 vertices) are laid out by the worker, and drawn on a
// circle until its layout arrives.
const LAYOUT_IN_PAGE_WORK = 2e6;
// The layout the worker gave for one puzzle (kept while it is shown).
let laidOut = null;
function layout() {
  const P = S.P, n = P.vertices;
  if (S.big) return null;   // drawn on the canvas from the width
  if (drawnBy && drawnBy.spec === P.spec && drawnBy.n === n && !P.positions) return drawnBy.pts.map((p) => p.slice());
  if (laidOut && laidOut.P === P) return laidOut.pts.map((p) => p.slice());
  if (!P.positions && layoutWork(n, P.edges.length) > LAYOUT_IN_PAGE_WORK && n <= 2000) {
    layoutInWorker(P);
    return circleLayout(n);   // for now
  }
  if (P.positions) {
    if (P.kind === "box") {
      // An oblique (cabinet) projection: each layer further back is
      // shifted up and to the right by less than a cell, so the box reads
      // as a box, no two vertices meet and no edge runs through a vertex.
      const [a, b] = P.depth <= 2 ? [0.42, 0.3] : [0.32, 0.22];
      return P.positions.map(([x, y, z]) => [x + z * a, y - z * b]);
    }
    return P.positions.map(([x, y]) => [x, y]);
  }
  return forceLayout(n, P.edges);
}
// Asks a worker for P's force layout; when it comes and P is still
// shown, the drawing is made again with it.
// A note under the controls says so while it works, with the seconds
// passed (up to 10 s on random:2000).
function layoutInWorker(P) {
  const worker = new Worker("/worker.js"), note = $("layout-note"), started = performance.now();
  const say = () => {
    if (S.P !== P) { done(); return; }
    note.textContent = `Laying out the drawing of ${P.vertices.toLocaleString()} vertices in the background ` +
      `(force-directed), ${((performance.now() - started) / 1000).toFixed(0)} s: the circle stands in until then; you can play on it.`;
  };
  const ticker = setInterval(say, 1000);
  const done = () => { clearInterval(ticker); worker.terminate(); if (note.dataset.spec === P.spec) { note.hidden = true; note.textContent = ""; } };
  note.dataset.spec = P.spec; note.hidden = false; say();
  worker.onmessage = (e) => {
    done();
    if (S.P !== P || S.edit) return;
    laidOut = { P, pts: e.data.layout };
    draw();
  };
  worker.onerror = done;
  worker.postMessage({ layout: P.vertices, edges: P.edges });
}
function draw() {
  const el = $("board"); el.innerHTML = ""; S.els = []; S.drawn = null; S.canvas = null;
  S.pts = layout();
  if (gridDrawn()) drawGrid(el); else drawSvg(el);
  paintAll();
}
// Plain boards and tori are drawn as grids (tori with a wrap mark); boxes,
// boards with diagonal moves and graphs as drawings of the graph.
function gridDrawn() { return S.P.kind === "board" && (S.P.plain_board || S.P.spec.includes(":torus")); }
// Cells smaller than this are drawn on a canvas with zoom and pan.
const CANVAS_BELOW_PX = 16;
// The board's side in CSS px: up to 560 px in the page's column, or, in
// focus mode, the window's width or height less the counters' line.
function boardSide(el) {
  const wide = el.clientWidth || document.body.clientWidth - 20;
  // Focus fills the width: less the board's own padding (6 px a side).
  return S.focus ? Math.max(200, Math.min(wide - 12, window.innerHeight - 110)) : Math.max(200, Math.min(560, wide));
}
function drawGrid(el) {
  const P = S.P, avail = boardSide(el);
  const fit = Math.floor((avail - 6) / Math.max(P.width, P.height)) - 3;
  // The canvas stays inside the board's padding (6 px a side), phones too.
  if (fit < CANVAS_BELOW_PX) { drawCanvasGrid(el, Math.min(avail, (el.clientWidth || avail) - 12)); return; }
  const size = Math.min(S.focus ? 200 : 64, fit);
  const g = document.createElement("div"); g.className = "grid" + (P.spec.includes(":torus") ? " torus" : "");
  if (P.spec.includes(":torus")) g.title = "A torus: tiles slide across the edges to the opposite side";
  g.style.gridTemplateColumns = `repeat(${P.width}, var(--s))`; g.style.setProperty("--s", size + "px");
  for (let v = 0; v < P.vertices; v++) {
    const c = document.createElement("div");
    c.dataset.v = v; c.onclick = () => clickVertex(v);
    c.onmouseenter = () => { if ($("hover").checked) clickVertex(v); };
    c.setAttribute("role", "button");
    g.appendChild(c); S.els.push({ shape: c, text: c });
  }
  tileButtons(g);
  el.appendChild(g);
}
// ---- big boards: one canvas, zoom and pan, only visible cells drawn ----
// S.canvas = { cv, ctx, w, h (CSS px), dpr, cell (CSS px per cell), ox, oy
// (CSS px of the board's corner), fitCell }. Click a cell to move it (a
// drag pans), the wheel or the buttons zoom, "Find the blank" centres it.
function drawCanvasGrid(el, avail) {
  const P = S.P, W = P.width, H = P.height;
  const cv = document.createElement("canvas");
  cv.id = "board-canvas";
  cv.setAttribute("role", "img");
  cv.setAttribute("aria-label", `${W} by ${H} board: click a tile next to a blank to move it, drag to pan, the wheel zooms; the arrow keys move tiles`);
  const w = avail, h = Math.max(200, Math.min(avail, Math.round(avail * H / W)));
  const dpr = window.devicePixelRatio || 1;
  cv.width = Math.round(w * dpr); cv.height = Math.round(h * dpr);
  cv.style.width = w + "px"; cv.style.height = h + "px";
  const C = S.canvas = { cv, ctx: cv.getContext("2d"), w, h, dpr, cell: 1, ox: 0, oy: 0, fitCell: 1 };
  C.fitCell = Math.min(w / W, h / H);
  const fit = () => { C.cell = C.fitCell; C.ox = (w - W * C.cell) / 2; C.oy = (h - H * C.cell) / 2; redrawCanvas(); };
  const zoom = (f, cx = w / 2, cy = h / 2) => {
    const cell = Math.max(C.fitCell, Math.min(96, C.cell * f));
    C.ox = cx - (cx - C.ox) * cell / C.cell; C.oy = cy - (cy - C.oy) * cell / C.cell; C.cell = cell;
    clampView(); redrawCanvas();
  };
  el.appendChild(zoomTools({ zoomIn: () => zoom(1.5), zoomOut: () => zoom(1 / 1.5), fit,
    findBlank: () => { C.cell = Math.max(C.cell, 32); centreOnBlank(); } }));
  el.appendChild(cv);
  const at = (e) => { const r = cv.getBoundingClientRect(); return [e.clientX - r.left, e.clientY - r.top]; };
  let press = null, hovered = -1;
  cv.addEventListener("pointerdown", (e) => { press = { x: e.clientX, y: e.clientY, ox: C.ox, oy: C.oy, moved: false }; cv.setPointerCapture(e.pointerId); });
  cv.addEventListener("pointermove", (e) => {
    if (press) {
      const dx = e.clientX - press.x, dy = e.clientY - press.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) press.moved = true;
      if (press.moved) { C.ox = press.ox + dx; C.oy = press.oy + dy; clampView(); redrawCanvas(); }
      return;
    }
    if (!$("hover").checked) return;
    const v = cellAt(...at(e));
    if (v !== hovered) { hovered = v; if (v >= 0) clickVertex(v); }
  });
  cv.addEventListener("pointerup", (e) => {
    const p = press; press = null;
    if (p && !p.moved) { const v = cellAt(...at(e)); if (v >= 0) clickVertex(v); }
  });
  cv.addEventListener("wheel", (e) => { e.preventDefault(); zoom(e.deltaY < 0 ? 1.25 : 0.8, ...at(e)); }, { passive: false });
  fit();
}
// The bar of zoom buttons over a big board's canvas or a graph drawing:
// zoom out, zoom in, fit the whole, and find the blank.
function zoomTools({ zoomIn, zoomOut, fit, findBlank }) {
  const tools = document.createElement("div"); tools.className = "bar zoom";
  const button = (id, text, title, onclick) => {
    const b = document.createElement("button"); b.id = id; b.textContent = text; b.title = title; b.onclick = onclick;
    tools.appendChild(b); return b;
  };
  button("zoom-out", "\u2212", "Zoom out (or the mouse wheel)", zoomOut).setAttribute("aria-label", "zoom out");
  button("zoom-in", "+", "Zoom in (or the mouse wheel)", zoomIn).setAttribute("aria-label", "zoom in");
  button("zoom-fit", "Fit", "Show the whole puzzle", fit);
  button("find-blank", "Find the blank", "Zoom in on the blank", findBlank);
  return tools;
}
// Zoom and pan on a graph drawing `g` (its viewBox): the buttons, the
// wheel at the pointer, a drag on empty space pans (a drag on a vertex
// still moves the vertex).
const SVG_ZOOM_FROM_VERTICES = 13;
function zoomableGraph(el, g) {
  const [x0, y0, w, h] = g.svg.getAttribute("viewBox").split(" ").map(Number);
  g.full = { x: x0, y: y0, w, h };
  g.vb = { ...g.full };
  const show = () => g.svg.setAttribute("viewBox", `${g.vb.x} ${g.vb.y} ${g.vb.w} ${g.vb.h}`);
  const clamp = () => {
    g.vb.x = Math.min(x0 + w - g.vb.w / 2, Math.max(x0 - g.vb.w / 2, g.vb.x));
    g.vb.y = Math.min(y0 + h - g.vb.h / 2, Math.max(y0 - g.vb.h / 2, g.vb.y));
  };
  // Zoom by `f` keeping drawing point (cx, cy) where it is.
  const zoom = (f, cx = g.vb.x + g.vb.w / 2, cy = g.vb.y + g.vb.h / 2) => {
    const nw = Math.max(w / 40, Math.min(w, g.vb.w / f)), k = nw / g.vb.w;
    g.vb = { x: cx - (cx - g.vb.x) * k, y: cy - (cy - g.vb.y) * k, w: nw, h: g.vb.h * k };
    clamp(); show();
  };
  const fit = () => { g.vb = { ...g.full }; show(); };
  g.centreOnBlank = () => {
    const b = S.cells.indexOf(0), e = g.els[b];
    if (!e) return;
    g.vb.x = Number(e.shape.getAttribute("cx")) - g.vb.w / 2; g.vb.y = Number(e.shape.getAttribute("cy")) - g.vb.h / 2;
    clamp(); show();
  };
  const findBlank = () => {
    // Close enough to read: about twelve circles across.
    const near = Math.min(w, Math.max(w / 40, 24 * g.view.r));
    if (g.vb.w > near) { const k = near / g.vb.w; g.vb.w = near; g.vb.h *= k; }
    g.centreOnBlank();
  };
  el.insertBefore(zoomTools({ zoomIn: () => zoom(1.5), zoomOut: () => zoom(1 / 1.5), fit, findBlank }), g.svg);
  const at = (e) => {
    const q = g.svg.createSVGPoint(); q.x = e.clientX; q.y = e.clientY;
    const p = q.matrixTransform(g.svg.getScreenCTM().inverse());
    return [p.x, p.y];
  };
  g.svg.addEventListener("wheel", (e) => { e.preventDefault(); zoom(e.deltaY < 0 ? 1.25 : 0.8, ...at(e)); }, { passive: false });
  g.svg.addEventListener("pointerdown", (e) => {
    if (e.target.tagName === "circle" || e.button !== 0) return;
    const start = { x: e.clientX, y: e.clientY, vx: g.vb.x, vy: g.vb.y, per: g.vb.w / g.svg.getBoundingClientRect().width };
    const move = (m) => {
      g.vb.x = start.vx - (m.clientX - start.x) * start.per; g.vb.y = start.vy - (m.clientY - start.y) * start.per;
      clamp(); show();
    };
    const up = () => { window.removeEventListener("pointermove", move); window.removeEventListener("pointerup", up); };
    window.addEventListener("pointermove", move); window.addEventListener("pointerup", up);
  });
}
// The vertex under CSS point (x, y) of the canvas, or -1.
function cellAt(x, y) {
  const C = S.canvas, P = S.P;
  const col = Math.floor((x - C.ox) / C.cell), row = Math.floor((y - C.oy) / C.cell);
  return col >= 0 && row >= 0 && col < P.width && row < P.height ? row * P.width + col : -1;
}
// Keeps at least part of the board in view.
function clampView() {
  const C = S.canvas, P = S.P, bw = P.width * C.cell, bh = P.height * C.cell;
  C.ox = Math.min(C.w / 2, Math.max(C.w / 2 - bw, C.ox));
  C.oy = Math.min(C.h / 2, Math.max(C.h / 2 - bh, C.oy));
}
function centreOnBlank() {
  const C = S.canvas, P = S.P, b = S.cells.indexOf(0);
  if (!C || b < 0) return;
  C.ox = C.w / 2 - (b % P.width + 0.5) * C.cell; C.oy = C.h / 2 - (Math.floor(b / P.width) + 0.5) * C.cell;
  clampView(); redrawCanvas();
}
// Zoomed in, a blank that walked out of view is brought back.
function keepBlankInView() {
  const g = S.drawn;
  if (g && g.vb && g.vb.w < g.full.w) {
    const e = g.els[S.cells.indexOf(0)];
    if (!e) return;
    const x = Number(e.shape.getAttribute("cx")), y = Number(e.shape.getAttribute("cy"));
    if (x < g.vb.x || y < g.vb.y || x > g.vb.x + g.vb.w || y > g.vb.y + g.vb.h) g.centreOnBlank();
    return;
  }
  const C = S.canvas, P = S.P, b = S.cells.indexOf(0);
  if (!C || b < 0 || C.cell <= C.fitCell) return;
  const x = C.ox + (b % P.width) * C.cell, y = C.oy + Math.floor(b / P.width) * C.cell;
  if (x < 0 || y < 0 || x + C.cell > C.w || y + C.cell > C.h) centreOnBlank();
}
// Cells smaller than this (CSS px) are drawn a pixel at a time: one pass
// over the canvas's pixels (about 300,000) instead of a rectangle per cell
// (a million on 1000x1000).
const CANVAS_PIXELS_BELOW = 2;
// Redraws a pixel canvas once per frame however many cells a move changed.
let pixelFrame = 0;
function scheduleCanvasPixels() {
  if (pixelFrame) return;
  pixelFrame = requestAnimationFrame(() => { pixelFrame = 0; if (S.canvas) drawCanvasPixels(); });
}
function redrawCanvas() {
  const C = S.canvas, P = S.P, ctx = C.ctx;
  if (C.cell < CANVAS_PIXELS_BELOW) { drawCanvasPixels(); return; }
  ctx.setTransform(C.dpr, 0, 0, C.dpr, 0, 0);
  ctx.fillStyle = "#fafafa"; ctx.fillRect(0, 0, C.w, C.h);
  ctx.fillStyle = solved() ? "#1b7f2a" : "#555";
  ctx.fillRect(C.ox, C.oy, P.width * C.cell, P.height * C.cell);
  const c0 = Math.max(0, Math.floor(-C.ox / C.cell)), c1 = Math.min(P.width, Math.ceil((C.w - C.ox) / C.cell));
  const r0 = Math.max(0, Math.floor(-C.oy / C.cell)), r1 = Math.min(P.height, Math.ceil((C.h - C.oy) / C.cell));
  for (let r = r0; r < r1; r++) for (let c = c0; c < c1; c++) drawCell(r * P.width + c, false);
}
// The whole canvas, each device pixel the colour of the cell under it
// (tile colours as drawCell paints them); then each blank as a dark 4 px
// square, so that it can be found at a glance.
function drawCanvasPixels() {
  const C = S.canvas, P = S.P, ctx = C.ctx, pw = C.cv.width, ph = C.cv.height;
  const img = ctx.createImageData(pw, ph), data = new Uint32Array(img.data.buffer);
  // "#rrggbb" as one little-endian RGBA word.
  const word = (hex) => { const n = parseInt(hex.slice(1), 16); return (0xff000000 | ((n & 0xff) << 16) | (n & 0xff00) | (n >> 16)) >>> 0; };
  const words = new Map();
  const fill = (t, v) => { const f = tileFill(t, v); let w = words.get(f); if (w === undefined) { w = word(f); words.set(f, w); } return w; };
  const back = word("#fafafa"), per = C.cell * C.dpr, ox = C.ox * C.dpr, oy = C.oy * C.dpr;
  const cols = new Int32Array(pw);
  for (let px = 0; px < pw; px++) { const c = Math.floor((px + 0.5 - ox) / per); cols[px] = c >= 0 && c < P.width ? c : -1; }
  for (let py = 0; py < ph; py++) {
    const r = Math.floor((py + 0.5 - oy) / per), at = py * pw;
    if (r < 0 || r >= P.height) { data.fill(back, at, at + pw); continue; }
    const base = r * P.width;
    for (let px = 0; px < pw; px++) { const c = cols[px]; data[at + px] = c < 0 ? back : fill(S.cells[base + c], base + c); }
  }
  ctx.putImageData(img, 0, 0);
  ctx.setTransform(C.dpr, 0, 0, C.dpr, 0, 0);
  ctx.fillStyle = "#222";
  for (const b of blanksOf()) {
    const x = C.ox + (b % P.width + 0.5) * C.cell, y = C.oy + (Math.floor(b / P.width) + 0.5) * C.cell;
    ctx.fillRect(x - 2, y - 2, 4, 4);
  }
}
// One cell: its tile colour, the blue ring of a legal move, its number
// when the cell is at least 14 px.
function drawCell(v, clear = true) {
  const C = S.canvas, P = S.P, ctx = C.ctx, t = S.cells[v];
  // Pixel-sized cells: the whole canvas again (a move also moves the
  // blank's mark).
  if (C.cell < CANVAS_PIXELS_BELOW) { scheduleCanvasPixels(); return; }
  const x = C.ox + (v % P.width) * C.cell, y = C.oy + Math.floor(v / P.width) * C.cell;
  if (x > C.w || y > C.h || x + C.cell < 0 || y + C.cell < 0) return;
  const gap = C.cell >= 8 ? 1 : 0;
  if (clear) { ctx.fillStyle = "#555"; ctx.fillRect(x, y, C.cell, C.cell); }
  ctx.fillStyle = tileFill(t, v);
  ctx.fillRect(x + gap, y + gap, C.cell - 2 * gap, C.cell - 2 * gap);
  if (legal(v)) {
    const lw = Math.max(1, C.cell * 0.08);
    ctx.strokeStyle = "#2f6fd6"; ctx.lineWidth = lw;
    ctx.strokeRect(x + gap + lw / 2, y + gap + lw / 2, C.cell - 2 * gap - lw, C.cell - 2 * gap - lw);
  }
  if (t !== 0 && C.cell >= 14) {
    const text = String(t), size = Math.min(C.cell * 0.42, C.cell * 1.5 / text.length);
    ctx.fillStyle = "#222"; ctx.font = `600 ${size}px system-ui, sans-serif`;
    ctx.textAlign = "center"; ctx.textBaseline = "middle";
    ctx.fillText(text, x + C.cell / 2, y + C.cell / 2);
  }
}
const NS = "http://www.w3.org/2000/svg";
// Draws vertices at `pts` joined by `edges` into `el`; returns per vertex
// { shape, text, label } and per edge { a, b, el }. Used for puzzles and
// for the graph editor.
// `fixed` = { w, h, r } draws in a fixed frame (the editor's canvas, in
// its own units) instead of fitting the points.
// On phones (the CSS's 600 px), the radius in a drawing's units of a
// circle 44 px across on screen (the usual smallest touch target, with a
// small margin) when a drawing `w` units wide is shown in `el`; 0
// elsewhere.
function touchRadius(el, w) {
  if (!window.matchMedia("(max-width: 600px)").matches) return 0;
  const shown = Math.min(1, (el.clientWidth || w) / w);
  return 23 / shown;   // 46 px: a margin for borders and rounding
}
// Drawings with more edges than this draw them as paths (drawBundle).
const EDGES_IN_PATHS = 1500;
// `bundle`: whether many edges may be drawn as paths (not where edges are
// arcs with arrowheads or turn tiles: those need an element each).
function drawGraph(el, pts, edges, onVertex, dashed, fixed, bundle = true) {
  let view, w, h;
  if (fixed) {
    view = { minx: 0, miny: 0, scale: 1, pad: 0, r: fixed.r };
    w = fixed.w; h = fixed.h;
  } else {
    const xs = pts.map(p => p[0]), ys = pts.map(p => p[1]);
    const minx = Math.min(...xs), miny = Math.min(...ys), maxx = Math.max(...xs), maxy = Math.max(...ys);
    const scale = 520 / Math.max(1, maxx - minx, maxy - miny), pad = 34;
    // Circles stay apart: at most 45% of the nearest two vertices' distance.
    let nearest = Infinity;
    if (pts.length <= 1500) {
      for (let i = 0; i < pts.length; i++) for (let j = i + 1; j < pts.length; j++) {
        nearest = Math.min(nearest, Math.hypot(pts[i][0] - pts[j][0], pts[i][1] - pts[j][1]));
      }
    }
    w = (maxx - minx) * scale + 2 * pad; h = (maxy - miny) * scale + 2 * pad;
    // On phones, as large as a touch target where the vertices are far
    // enough apart.
    const apart = nearest * scale * 0.45;
    const r = Math.max(6, Math.min(22, scale * 0.3, apart), Math.min(touchRadius(el, w), apart));
    view = { minx, miny, scale, pad, r };
  }
  const r = view.r, svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`); svg.setAttribute("width", w);
  // Many edges are drawn as one path per colour (an element per edge makes
  // each redraw of complete:200 take a quarter of a second).
  const paths = bundle && edges.length > EDGES_IN_PATHS ? document.createElementNS(NS, "g") : null;
  if (paths) svg.appendChild(paths);
  const lines = paths ? [] : edges.map(([a, b]) => {
    const l = document.createElementNS(NS, "line");
    l.setAttribute("stroke", "#999");
    if (dashed && dashed(a, b)) l.setAttribute("stroke-dasharray", "4 3");
    svg.appendChild(l);
    return { a, b, el: l };
  });
  const els = pts.map((_, v) => {
    const c = document.createElementNS(NS, "circle");
    c.setAttribute("r", r); c.setAttribute("stroke", "#333"); c.style.cursor = "pointer"; c.dataset.v = v;
    svg.appendChild(c);
    const tx = document.createElementNS(NS, "text");
    tx.setAttribute("text-anchor", "middle"); tx.setAttribute("font-size", r * 0.95); tx.setAttribute("aria-hidden", "true");
    svg.appendChild(tx);
    // The vertex number, outside the circle (blank paths and articulation
    // points are given as vertex numbers).
    // Above 500 vertices the numbers would overlap: a vertex names itself
    // in a tooltip made when the pointer first reaches it.
    let lb = null;
    if (pts.length > 500) {
      c.addEventListener("pointerenter", () => {
        if (c.firstChild) return;
        const t = document.createElementNS(NS, "title"); t.textContent = "vertex " + v; c.appendChild(t);
      });
    } else {
      lb = document.createElementNS(NS, "text");
      lb.setAttribute("class", "label"); lb.setAttribute("font-size", Math.max(9, r * 0.6)); lb.textContent = v;
      lb.setAttribute("aria-hidden", "true"); svg.appendChild(lb);
    }
    onVertex(v, c);
    return { shape: c, text: tx, label: lb, ring: null };
  });
  el.appendChild(svg);
  const g = { svg, view, lines, els, pts, bundle: paths && { el: paths, edges, dashed, shown: false } };
  place(g);
  // The page's drawing gets its bundled edges from paintEdges (in their
  // colours); the editor's here.
  if (paths && fixed) drawBundle(g);
  return g;
}
// Puts every vertex and edge of a drawn graph where `g.pts` says.
function place(g) {
  const { minx, miny, scale, pad, r } = g.view;
  const X = (p) => pad + (p[0] - minx) * scale, Y = (p) => pad + (p[1] - miny) * scale;
  g.els.forEach((e, v) => {
    const p = g.pts[v];
    e.shape.setAttribute("cx", X(p)); e.shape.setAttribute("cy", Y(p));
    if (e.ring) { e.ring.setAttribute("cx", X(p)); e.ring.setAttribute("cy", Y(p)); }
    e.text.setAttribute("x", X(p)); e.text.setAttribute("y", Y(p) + r * 0.35);
    if (e.label) { e.label.setAttribute("x", X(p) + r * 0.85); e.label.setAttribute("y", Y(p) - r * 0.85); }
    turnText(e);
  });
  if (g.bundle && g.bundle.shown) drawBundle(g);
  for (const l of g.lines) {
    const [x1, y1, x2, y2] = [X(g.pts[l.a]), Y(g.pts[l.a]), X(g.pts[l.b]), Y(g.pts[l.b])];
    if (l.seam) { l.el.setAttribute("d", seamPath(l, g.pts, X, Y, l.arrow ? r + 2 : 0)); continue; }
    // An arc's arrowhead ends at the rim of its head's circle.
    const len = Math.hypot(x2 - x1, y2 - y1) || 1, cut = l.arrow ? Math.min(len / 2, r + 2) / len : 0;
    l.el.setAttribute("x1", x1); l.el.setAttribute("y1", y1);
    l.el.setAttribute("x2", x2 - (x2 - x1) * cut); l.el.setAttribute("y2", y2 - (y2 - y1) * cut);
  }
}
// A turned tile's number is drawn turned about its circle's centre by
// `e.angle` degrees (clockwise on the page, so counter-clockwise turns are
// negative).
function turnText(e) {
  if (e.angle) e.text.setAttribute("transform", `rotate(${e.angle} ${e.shape.getAttribute("cx")} ${e.shape.getAttribute("cy")})`);
  else e.text.removeAttribute("transform");
}
// Layout coordinates of a pointer event over a drawn graph.
function pointerAt(g, e) {
  const pt = g.svg.createSVGPoint(); pt.x = e.clientX; pt.y = e.clientY;
  const q = pt.matrixTransform(g.svg.getScreenCTM().inverse());
  return [g.view.minx + (q.x - g.view.pad) / g.view.scale, g.view.miny + (q.y - g.view.pad) / g.view.scale];
}
// Dragging a vertex moves it (a press without a move stays a click).
function draggable(g, v, c, onClick) {
  c.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    const start = [e.clientX, e.clientY];
    let moved = false;
    const move = (m) => {
      if (!moved && Math.hypot(m.clientX - start[0], m.clientY - start[1]) < 5) return;
      moved = true;
      g.pts[v] = pointerAt(g, m);
      place(g);
    };
    const up = () => {
      window.removeEventListener("pointermove", move); window.removeEventListener("pointerup", up);
      if (!moved) onClick(v);
    };
    window.addEventListener("pointermove", move); window.addEventListener("pointerup", up);
  });
}
const TURN_COLOUR = "#8e44ad";
// Seams are curved on drawings with at most this many (a route is chosen
// by sampling it against every vertex).
const MAX_CURVED_SEAMS = 400;
// A seam's route in layout units: `{ bend }`, a quadratic curve whose
// control point sits `bend` times the edge's length to its left, or
// `{ around }`, out of the drawing's bounding box from each end and round
// the box the shorter way, `around` outside it. As points: the curve's
// three, or the waypoints of the way round.
function seamPoints(seam, pts, a, b) {
  const [x1, y1] = pts[a], [x2, y2] = pts[b];
  if (seam.bend !== undefined) {
    return [[x1, y1], [(x1 + x2) / 2 - (y2 - y1) * seam.bend, (y1 + y2) / 2 + (x2 - x1) * seam.bend], [x2, y2]];
  }
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]), m = seam.around;
  const box = [Math.min(...xs) - m, Math.min(...ys) - m, Math.max(...xs) + m, Math.max(...ys) + m];
  const [l, t, r, bt] = box, w = r - l, h = bt - t, perimeter = 2 * (w + h);
  // Each end leaves by the nearest side of the box (of two as near, the
  // one facing away from the other end): where it meets it, as a point and
  // a distance along the perimeter (clockwise from the top left).
  const exit = ([x, y], [ox, oy]) => {
    const d = [y - t, r - x, bt - y, x - l], near = Math.min(...d);
    const away = [oy - y, x - ox, y - oy, ox - x];
    const side = [0, 1, 2, 3].filter((i) => d[i] - near < 1e-9).sort((i, j) => away[j] - away[i])[0];
    return [[[x, t], 0 + (x - l)], [[r, y], w + (y - t)], [[x, bt], w + h + (r - x)], [[l, y], 2 * w + h + (bt - y)]][side];
  };
  const [s1, at1] = exit([x1, y1], [x2, y2]), [s2, at2] = exit([x2, y2], [x1, y1]);
  const corners = [[[r, t], w], [[r, bt], w + h], [[l, bt], 2 * w + h], [[l, t], perimeter]];
  const ahead = (at2 - at1 + perimeter) % perimeter, clockwise = ahead <= perimeter / 2;
  const passed = corners
    .map(([c, at]) => [c, ((clockwise ? at - at1 : at1 - at) + 2 * perimeter) % perimeter])
    .filter(([, d]) => d > 0 && d < (clockwise ? ahead : perimeter - ahead))
    .sort((p, q) => p[1] - q[1]).map(([c]) => c);
  return [[x1, y1], s1, ...passed, s2, [x2, y2]];
}
// Points along a seam's route, for the test against the vertices.
function seamSamples(seam, way) {
  const out = [];
  if (seam.bend !== undefined) {
    const [[x1, y1], [cx, cy], [x2, y2]] = way;
    for (let i = 1; i < 24; i++) {
      const t = i / 24, u = 1 - t;
      out.push([u * u * x1 + 2 * u * t * cx + t * t * x2, u * u * y1 + 2 * u * t * cy + t * t * y2]);
    }
    return out;
  }
  for (let i = 0; i + 1 < way.length; i++) {
    for (let j = 0; j <= 8; j++) out.push([way[i][0] + (way[i + 1][0] - way[i][0]) * j / 8, way[i][1] + (way[i + 1][1] - way[i][1]) * j / 8]);
  }
  return out;
}
// The SVG path of seam `l` in the drawing's coordinates (`X`, `Y`), its
// end cut `cut` units short for an arrowhead; the way round has rounded
// corners.
function seamPath(l, pts, X, Y, cut) {
  const way = seamPoints(l.seam, pts, l.a, l.b).map((p) => [X(p), Y(p)]);
  const n = way.length, [ex, ey] = way[n - 1], [px, py] = way[n - 2], len = Math.hypot(ex - px, ey - py) || 1;
  way[n - 1] = [ex - (ex - px) * Math.min(0.5, cut / len), ey - (ey - py) * Math.min(0.5, cut / len)];
  if (l.seam.bend !== undefined) return `M${way[0][0]} ${way[0][1]}Q${way[1][0]} ${way[1][1]} ${way[2][0]} ${way[2][1]}`;
  let d = `M${way[0][0]} ${way[0][1]}`;
  for (let i = 1; i + 1 < n; i++) {
    const [a, w, b] = [way[i - 1], way[i], way[i + 1]];
    const into = Math.min(0.4, 12 / (Math.hypot(w[0] - a[0], w[1] - a[1]) || 1)), out = Math.min(0.4, 12 / (Math.hypot(b[0] - w[0], b[1] - w[1]) || 1));
    d += `L${w[0] - (w[0] - a[0]) * into} ${w[1] - (w[1] - a[1]) * into}Q${w[0]} ${w[1]} ${w[0] + (b[0] - w[0]) * out} ${w[1] + (b[1] - w[1]) * out}`;
  }
  return d + `L${way[n - 1][0]} ${way[n - 1][1]}`;
}
// Widens drawing `g`'s view to hold every seam's route (a way round the
// drawing runs outside the vertices' box).
function showSeams(g, seams) {
  const { minx, miny, scale, pad } = g.view;
  let [x0, y0, w, h] = g.svg.getAttribute("viewBox").split(" ").map(Number), x1 = x0 + w, y1 = y0 + h;
  for (const l of seams) {
    for (const [x, y] of seamPoints(l.seam, g.pts, l.a, l.b)) {
      const sx = pad + (x - minx) * scale, sy = pad + (y - miny) * scale;
      x0 = Math.min(x0, sx - 8); y0 = Math.min(y0, sy - 8); x1 = Math.max(x1, sx + 8); y1 = Math.max(y1, sy + 8);
    }
  }
  g.svg.setAttribute("viewBox", `${x0} ${y0} ${x1 - x0} ${y1 - y0}`); g.svg.setAttribute("width", x1 - x0);
}
// Makes edge `l` a seam that passes no vertex but its ends nearer than
// `clear` (layout units): a curve bent a quarter or half its length to
// either side if one is clear, else the way round the drawing, on its own
// track (the `round`-th way round runs further out). The line element
// becomes a path with the same attributes and tooltip. Returns whether
// it goes round.
function curveSeam(l, pts, clear, round) {
  const isClear = (seam) => seamSamples(seam, seamPoints(seam, pts, l.a, l.b))
    .every(([x, y]) => pts.every((p, v) => v === l.a || v === l.b || Math.hypot(p[0] - x, p[1] - y) >= clear));
  const tries = [0.25, 0.5].flatMap((b) => [{ bend: b }, { bend: -b }]);
  l.seam = tries.find(isClear) || { around: (1.3 + 0.5 * round) * clear };
  const path = document.createElementNS(NS, "path");
  for (const a of l.el.getAttributeNames()) if (!["x1", "y1", "x2", "y2"].includes(a)) path.setAttribute(a, l.el.getAttribute(a));
  path.setAttribute("fill", "none"); path.dataset.seam = `${l.a}-${l.b}`;
  path.append(...l.el.childNodes);
  l.el.replaceWith(path);
  l.el = path;
  return l.seam.around !== undefined;
}
function drawSvg(el) {
  const P = S.P;
  // Edges much longer than the usual one (the seams of a Moebius band or a
  // twisted torus drawn flat) are dashed, like the layers of a box.
  const length = ([a, b]) => Math.hypot(S.pts[a][0] - S.pts[b][0], S.pts[a][1] - S.pts[b][1]);
  const lengths = P.edges.map(length).sort((x, y) => x - y), usual = lengths[Math.floor(lengths.length / 2)] || 1;
  const g = drawGraph(el, S.pts, P.edges, (v, c) => {
    c.onmouseenter = () => { if ($("hover").checked) clickVertex(v); };
  }, (a, b) => P.kind === "box" ? P.positions[a][2] !== P.positions[b][2] : length([a, b]) > 2 * usual,
  null, !P.one_way.length && !P.modulus);
  // One-way edges end in an arrow (the way their tile slides); edges that
  // turn a tile are purple, with the turn in a tooltip.
  const oneWay = new Set(P.one_way.map(([u, v]) => u + ">" + v));
  if (oneWay.size) {
    const defs = document.createElementNS(NS, "defs"), m = document.createElementNS(NS, "marker");
    const size = Math.max(8, g.view.r * 0.8);
    for (const [k, v] of [["id", "arrow"], ["viewBox", "0 0 10 10"], ["refX", "10"], ["refY", "5"], ["markerUnits", "userSpaceOnUse"],
                          ["markerWidth", size], ["markerHeight", size], ["orient", "auto"]]) m.setAttribute(k, v);
    const head = document.createElementNS(NS, "path"); head.setAttribute("d", "M0,0 L10,5 L0,10 z"); head.setAttribute("fill", "#333");
    m.appendChild(head); defs.appendChild(m); g.svg.insertBefore(defs, g.svg.firstChild);
  }
  const deg = (r) => { const d = Math.round(360 * r / P.modulus); return d > 180 ? `${360 - d} degrees clockwise` : `${d} degrees counter-clockwise`; };
  for (const l of g.lines) {
    if (oneWay.has(l.b + ">" + l.a)) [l.a, l.b] = [l.b, l.a];
    if (oneWay.has(l.a + ">" + l.b)) { l.arrow = true; l.el.setAttribute("marker-end", "url(#arrow)"); l.el.dataset.arc = `${l.a}>${l.b}`; }
    const r = turnAlong(l.a, l.b);
    if (r) {
      l.turn = r;
      l.el.dataset.turn = `${l.a}>${l.b}^${r}`;
      const t = document.createElementNS(NS, "title");
      t.textContent = `A tile sliding ${l.a} to ${l.b} turns ${deg(r)}` + (l.arrow ? "." : `; back, it turns the other way.`);
      l.el.appendChild(t);
    }
  }
  // Seams (the long edges of a band, a twisted torus or a board drawn
  // flat) bend round the vertices they would cross.
  if (!g.bundle && P.positions && P.kind !== "box") {
    const seams = g.lines.filter((l) => length([l.a, l.b]) > 2 * usual);
    if (seams.length <= MAX_CURVED_SEAMS) {
      // Clear of every circle as drawn (larger on phones, for touch).
      const clear = Math.max(0.35 * usual, 1.15 * g.view.r / g.view.scale);
      let round = 0;
      for (const l of seams) if (curveSeam(l, S.pts, clear, round)) round++;
      showSeams(g, seams);
    }
  }
  if (!g.bundle) place(g);   // again, for the arrowheads and the seams
  g.els.forEach((e, v) => {
    draggable(g, v, e.shape, clickVertex);
    e.shape.setAttribute("role", P.cycles ? "img" : "button");
  });
  if (!P.cycles) tileButtons(g.svg);
  if (P.cycles) drawCycles(g);
  if (P.vertices >= SVG_ZOOM_FROM_VERTICES) zoomableGraph(el, g);
  S.drawn = g;
  S.els = g.els;
  paintEdges();
}
// A rotating puzzle: each cycle drawn as a ring through its vertices with
// a button at its centre; a click turns it forward (shift-click, or the
// right button, back).
function drawCycles(g) {
  const layer = document.createElementNS(NS, "g");
  layer.setAttribute("class", "cycles");
  for (let i = 0; i < S.P.cycles.length; i++) {
    const c = S.P.cycles[i], at = c.map((v) => [Number(g.els[v].shape.getAttribute("cx")), Number(g.els[v].shape.getAttribute("cy"))]);
    if (at.some(([x, y]) => Number.isNaN(x) || Number.isNaN(y))) continue;
    const cx = at.reduce((a, p) => a + p[0], 0) / at.length, cy = at.reduce((a, p) => a + p[1], 0) / at.length;
    const ring = document.createElementNS(NS, "polygon");
    ring.setAttribute("points", at.map(([x, y]) => `${x},${y}`).join(" "));
    ring.setAttribute("class", "cycle-ring"); ring.setAttribute("fill", "none");
    const button = document.createElementNS(NS, "g");
    button.setAttribute("class", "cycle-button"); button.dataset.cycle = i + 1;
    const disc = document.createElementNS(NS, "circle");
    disc.setAttribute("cx", cx); disc.setAttribute("cy", cy); disc.setAttribute("r", Math.max(8, g.view.r * 0.55));
    const label = document.createElementNS(NS, "text");
    label.setAttribute("x", cx); label.setAttribute("y", cy); label.setAttribute("text-anchor", "middle"); label.setAttribute("dominant-baseline", "central");
    label.textContent = "\u21bb" + (i + 1);
    const title = document.createElementNS(NS, "title");
    title.textContent = `Turn cycle ${i + 1} (vertices ${c.join(", ")}) one step forward; shift-click turns it back`;
    button.append(disc, label, title);
    button.addEventListener("mouseenter", () => ring.classList.add("lit"));
    button.addEventListener("mouseleave", () => ring.classList.remove("lit"));
    button.addEventListener("click", (e) => { e.stopPropagation(); userMove(-(i + 1), e.shiftKey ? 0 : 1); });
    button.addEventListener("contextmenu", (e) => { e.preventDefault(); userMove(-(i + 1), 0); });
    layer.append(ring, button);
  }
  g.svg.appendChild(layer);
}
// Explore mode colours each edge by its block (the 2-connected pieces and
// bridges of the graph, from /api/analyze); other modes draw them grey.
const BLOCK_COLOURS = ["#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2", "#bcbd22", "#d62728"];
const BRIDGE_COLOUR = "#555";
// The colour of block i: 2-connected blocks take the palette in turn,
// bridges (one edge each, trivial group) share one dark grey.
function blockColour(i) {
  if (S.blocks[i].type === "bridge") return BRIDGE_COLOUR;
  const rank = S.blocks.slice(0, i).filter((b) => b.type !== "bridge").length;
  return BLOCK_COLOURS[rank % BLOCK_COLOURS.length];
}
function blockOfEdges() {
  const of = new Map();
  S.blocks.forEach((b, i) => { for (const v of b.vertices) { if (!of.has(v)) of.set(v, []); of.get(v).push(i); } });
  return (a, b) => (of.get(a) || []).find((i) => (of.get(b) || []).includes(i));
}
function paintEdges() {
  const g = S.drawn;
  if (!g) return;
  if (g.bundle) { drawBundle(g); return; }
  const style = edgeStyle();
  for (const l of g.lines) {
    const { stroke, width, block } = style(l);
    l.el.setAttribute("stroke", stroke);
    l.el.setAttribute("stroke-width", width);
    if (block !== undefined) l.el.dataset.block = block; else delete l.el.dataset.block;
  }
}
// How each edge is drawn now: a function of {a, b, turn, arrow} giving
// {stroke, width, block} (its block's colour in Explore).
function edgeStyle() {
  const colour = S.mode === "explore" && S.blocks.length > 1, which = colour ? blockOfEdges() : null;
  return (l) => {
    const i = colour ? which(l.a, l.b) : undefined;
    return {
      stroke: i !== undefined ? blockColour(i) : l.turn ? TURN_COLOUR : l.arrow ? "#555" : "#999",
      width: l.turn ? 3 : i === undefined || S.blocks[i].type === "bridge" ? 1.5 : 3,
      block: i,
    };
  };
}
// A bundled drawing's edges: one path per stroke, width and dash.
function drawBundle(g) {
  const { minx, miny, scale, pad } = g.view;
  const X = (p) => (pad + (p[0] - minx) * scale).toFixed(1), Y = (p) => (pad + (p[1] - miny) * scale).toFixed(1);
  const style = g === S.drawn ? edgeStyle() : () => ({ stroke: "#999", width: 1.5 });
  const paths = new Map();
  const dashed = g.bundle.dashed || (() => false);
  for (const [a, b] of g.bundle.edges) {
    const { stroke, width } = style({ a, b }), key = stroke + " " + width + (dashed(a, b) ? " 4,3" : "");
    if (!paths.has(key)) paths.set(key, []);
    paths.get(key).push(`M${X(g.pts[a])} ${Y(g.pts[a])}L${X(g.pts[b])} ${Y(g.pts[b])}`);
  }
  g.bundle.shown = true;
  g.bundle.el.replaceChildren(...[...paths].map(([key, d]) => {
    const [stroke, width, dash] = key.split(" "), path = document.createElementNS(NS, "path");
    path.setAttribute("stroke", stroke); path.setAttribute("stroke-width", width); path.setAttribute("fill", "none");
    if (dash) path.setAttribute("stroke-dasharray", dash.replace(",", " "));
    path.setAttribute("d", d.join(""));
    return path;
  }));
}
// The blocks listed with their colours (Explore's analysis panel).
function showBlocks() {
  const el = $("blocks"); el.innerHTML = "";
  if (S.blocks.length < 2) return;
  const list = document.createElement("ul"); list.className = "blocks";
  S.blocks.forEach((b, i) => {
    const li = document.createElement("li"), sw = document.createElement("span");
    sw.className = "swatch"; sw.style.background = blockColour(i);
    li.appendChild(sw);
    const vs = b.vertices.length > 12 ? b.vertices.slice(0, 12).join(" ") + " ..." : b.vertices.join(" ");
    // A block's group is its factor of the one-blank puzzle group.
    const group = S.blanks === 1 ? `, group ${b.group}` : "";
    li.appendChild(document.createTextNode(` block ${i + 1}: ${b.type}${group}, vertices ${vs}`));
    list.appendChild(li);
  });
  el.appendChild(list);
}
function legal(v) { return S.cells[v] !== 0 && adjOf(v).some(w => S.cells[w] === 0); }
// A big board keeps no lists: a vertex's neighbours follow from the width
// (every move on a plain board goes both ways, so adj, into and near agree).
function gridNeighbours(v) {
  const W = S.P.width, n = S.P.vertices, x = v % W, out = [];
  if (v >= W) out.push(v - W);
  if (x > 0) out.push(v - 1);
  if (x < W - 1) out.push(v + 1);
  if (v + W < n) out.push(v + W);
  return out;
}
// Where vertex v's tile may slide; whose tiles may slide into v; every
// vertex joined to v.
const adjOf = (v) => (S.big ? gridNeighbours(v) : S.adj[v]);
const intoOf = (v) => (S.big ? gridNeighbours(v) : S.into[v]);
const nearOf = (v) => (S.big ? gridNeighbours(v) : S.near[v]);
// The layout's positions by vertex: the puzzle's, or a big board's
// computed ones ([x, y, 0]), or null on graphs without positions.
const positionsOf = () => S.P.positions || (S.big ? S.gridPositions : null);
// The blanks' vertices, in order.
function blanksOf() {
  const out = [];
  for (let v = S.cells.indexOf(0); v >= 0; v = S.cells.indexOf(0, v + 1)) out.push(v);
  return out;
}
// Where vertex `v` is, in words: row and column (and layer) on boards and
// boxes, else its number.
function placeName(v) {
  const p = positionsOf() && (S.P.kind === "board" || S.P.kind === "box") ? positionsOf()[v] : null;
  if (!p) return `vertex ${v}`;
  return `row ${p[1] + 1}, column ${p[0] + 1}` + (S.P.kind === "box" ? `, layer ${p[2] + 1}` : "");
}
// What a screen reader says of vertex `v`: its tile (turned how far where
// tiles turn) or a blank, where it is, and whether it can slide.
function cellLabel(v) {
  const t = S.cells[v];
  if (t === 0) return `blank, ${placeName(v)}`;
  const turned = S.P.modulus && S.turn[v] ? `, turned ${Math.round(360 * S.turn[v] / S.P.modulus)} degrees` : "";
  return `tile ${t}, ${placeName(v)}${turned}${atHome(v) ? ", home" : ""}${legal(v) ? ", can slide" : ""}`;
}
// A board's cells or a drawing's vertices (children of `holder` with
// `data-v`) as buttons: the tiles that can slide are in the tab order
// (paint), each is named by cellLabel, and Enter or Space slides the
// focused one, the focus following the tile. One listener for all.
function tileButtons(holder) {
  holder.addEventListener("keydown", (e) => {
    const v = e.target.dataset ? Number(e.target.dataset.v) : NaN;
    if ((e.key !== "Enter" && e.key !== " ") || !Number.isInteger(v) || e.target.getAttribute("role") !== "button") return;
    e.preventDefault(); e.stopPropagation();
    const t = S.cells[v];
    clickVertex(v);
    const now = t === 0 ? -1 : S.cells.indexOf(t);
    if (now >= 0 && now !== v && S.els[now]) S.els[now].shape.focus();
  });
}
// Says `text` to screen readers (a polite live region; the page's status
// line keeps its own messages).
function announce(text) { const a = $("announce"); if (a) a.textContent = text; }
// The fill of tile `t` on vertex `v`: the blank dark; in a colour scheme
// the tile's own colour (the library's, by where it belongs); plain:
// green on its goal vertex, sand elsewhere.
function tileFill(t, v) {
  if (t === 0) return "#555";
  if (S.colours && S.colours[t]) return S.colours[t];
  return atHome(v) ? "#b9e3b0" : "#f3d9a4";
}
function paint(v) {
  if (S.canvas) { drawCell(v); return; }
  const e = S.els[v]; if (!e) return;
  const t = S.cells[v], home = t !== 0 && atHome(v);
  if (!S.labelsLater) nameCell(e, v);
  if (e.shape.tagName === "DIV") {
    e.shape.className = "cell" + (t === 0 ? " blank" : home ? " home" : "") + (legal(v) ? " legal" : "");
    e.shape.style.background = t !== 0 && S.colours ? tileFill(t, v) : "";
    e.shape.textContent = t === 0 ? "" : t;
  } else {
    e.shape.setAttribute("fill", tileFill(t, v));
    e.shape.setAttribute("class", (legal(v) ? "legal " : "") + (S.cut.has(v) ? "cut" : ""));
    // A cut vertex's red ring sits outside its circle, so the blue ring
    // of a legal move (on the circle itself) never hides it.
    if (S.cut.has(v) && !e.ring) {
      e.ring = document.createElementNS(NS, "circle");
      e.ring.setAttribute("r", Number(e.shape.getAttribute("r")) + 4);
      e.ring.setAttribute("class", "cut-ring"); e.ring.setAttribute("fill", "none");
      e.ring.setAttribute("cx", e.shape.getAttribute("cx")); e.ring.setAttribute("cy", e.shape.getAttribute("cy"));
      e.shape.parentNode.insertBefore(e.ring, e.shape);
    }
    if (e.ring) e.ring.style.display = S.cut.has(v) ? "" : "none";
    e.text.textContent = t === 0 ? "" : t;
    // Where tiles turn, every number is underlined (its foot shows which
    // way is down) and drawn turned by its orientation.
    e.angle = S.P.modulus && t !== 0 ? -360 * S.turn[v] / S.P.modulus : 0;
    e.text.setAttribute("class", (S.P.modulus && t !== 0 ? "oriented" : "") + (e.angle ? " turned" : ""));
    turnText(e);
  }
}
// Shows the tile now on `to` sliding in from `from` (Web Animations; no
// motion when switched off or when the system asks for reduced motion).
// On tori a wrap move comes in from one cell beyond the edge.
const REDUCED_MOTION = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
function animateSlide(from, to, ms) {
  if (!$("animate").checked || REDUCED_MOTION || ms < 15) return;
  const a = S.els[from], b = S.els[to];
  if (!a || !b) return;
  let dx, dy;
  if (b.shape.tagName === "DIV") {
    const ra = a.shape.getBoundingClientRect(), rb = b.shape.getBoundingClientRect(), cell = rb.width + 3;
    dx = ra.left - rb.left; dy = ra.top - rb.top;
    if (Math.abs(dx) > cell * 1.5) dx = -Math.sign(dx) * cell;
    if (Math.abs(dy) > cell * 1.5) dy = -Math.sign(dy) * cell;
  } else {
    dx = a.shape.getAttribute("cx") - b.shape.getAttribute("cx");
    dy = a.shape.getAttribute("cy") - b.shape.getAttribute("cy");
  }
  const frames = [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }];
  for (const el of new Set([b.shape, b.text])) el.animate(frames, { duration: ms, easing: "ease-out" });
}
function paintAround(vs) {
  const seen = new Set();
  for (const v of vs) { seen.add(v); for (const w of nearOf(v)) seen.add(w); }
  for (const v of seen) paint(v);
  keepBlankInView();
  paintStatus();
}
function paintVertices() {
  if (S.canvas) { redrawCanvas(); return; }
  // Big drawings are named for screen readers in slices after the paint,
  // so that no task holds the page (random:2000 loads within 200 ms).
  S.labelsLater = S.els.length > LABELS_AT_ONCE;
  for (let v = 0; v < S.cells.length; v++) paint(v);
  S.labelsLater = false;
  if (S.els.length > LABELS_AT_ONCE) nameCellsFrom(S.els, 0);
}
// A vertex's name and place in the tab order (cellLabel, legal).
function nameCell(e, v) {
  e.shape.setAttribute("aria-label", cellLabel(v));
  e.shape.setAttribute("tabindex", legal(v) ? "0" : "-1");
}
const LABELS_AT_ONCE = 500;
function nameCellsFrom(els, from) {
  if (S.els !== els) return;
  const to = Math.min(els.length, from + LABELS_AT_ONCE);
  for (let v = from; v < to; v++) nameCell(els[v], v);
  if (to < els.length) setTimeout(() => nameCellsFrom(els, to), 0);
}
function paintAll() { paintVertices(); paintStatus(); }
function paintStatus() {
  syncUrl();
  $("moves").textContent = "STM: " + S.moves;
  $("mtm").textContent = "MTM: " + (positionsOf() && !S.P.modulus && !S.exchange.size ? S.mtm : "-");
  scheduleLesson();
  // A big board's position (millions of characters) is not written out.
  $("state").value = stateString();
  $("state").placeholder = S.big ? `a ${S.P.width}x${S.P.height} position is too long for this box` : "";
  const done = solved();
  if (S.canvas && $("board").classList.contains("solved") !== done) { $("board").classList.toggle("solved", done); redrawCanvas(); }
  $("board").classList.toggle("solved", done);
}

// ---- moves ----
// The tile on `from` slides to the blank on `to`, turning by the edge's
// turn (undo and stepping back slide it the other way, turning it back).
// A rotating puzzle's turn travels as the pair [-cycle, 1] (forward) or
// [-cycle, 0] (back), cycles numbered from 1 as in its spec, so history,
// undo and the solution player treat turns and slides alike; the pair
// reversed undoes it.
const isTurn = (from, to) => from < 0 || to < 0;
function turnCycle(i, forward) {
  const c = S.P.cycles[i], l = c.length, before = c.map((v) => S.cells[v]);
  for (let j = 0; j < l; j++) S.cells[c[forward ? (j + 1) % l : (j + l - 1) % l]] = before[j];
}
// The vertices a move changes.
function touchedBy(from, to) {
  if (from < 0) return S.P.cycles[-from - 1];
  if (to < 0) return S.P.cycles[-to - 1];
  return [from, to, ...(S.exchange.get(from + "," + to) || [])];
}
// On M13 a slide also swaps the tiles on the other two points of its line
// (the pair the server lists for the edge); sliding back swaps them again.
function slide(from, to) {
  if (from < 0) { turnCycle(-from - 1, to === 1); return; }
  if (to < 0) { turnCycle(-to - 1, from !== 1); return; }
  S.cells[to] = S.cells[from]; S.cells[from] = 0;
  if (S.P.modulus) { S.turn[to] = (S.turn[from] + turnAlong(from, to)) % S.P.modulus; S.turn[from] = 0; }
  const pair = S.exchange.get(from + "," + to);
  if (pair) { const [r, q] = pair; [S.cells[r], S.cells[q]] = [S.cells[q], S.cells[r]]; }
}
// The direction a tile moves from `from` to `to` on the layout (wrap
// steps on tori count as one step the short way): directionCode.
function direction(from, to) { return directionCode(positionsOf(), from, to); }
function userMove(from, to) {
  positionChanged(S.solution ? "You moved a tile, so the solution was dropped." : null);
  // Solves count in Play only (Explore's hand moves are no speedsolve).
  const timed = S.clock.armed && S.mode === "play";
  slide(from, to);
  if (!isTurn(from, to)) announce(`Tile ${S.cells[to]} to ${placeName(to)}.`);
  S.history.push([from, to]); S.moves++;
  S.played.push(from, to);
  countRun(from, to);
  clockStart();
  paintAround(touchedBy(from, to));
  if (!isTurn(from, to)) animateSlide(from, to, 90);
  if (solved() && S.event && timed) { eventSolved(); return; }
  if (solved()) {
    clockStop();
    S.clock.armed = false;
    const t = S.clock.elapsed;
    if (timed && t > 0) {
      $("tps").textContent = `TPS: ${(S.moves / t).toFixed(2)}`;
      // The scramble and every move made, for the replay (up to a bound:
      // the browser's storage is a few MB).
      // A big board's scramble (megabytes) is not kept: no replay.
      const steps = S.played.length <= 2 * KEPT_STEPS && !S.big ? S.played.slice() : undefined;
      recordSolve({ time: t, stm: S.moves, mtm: S.mtm, date: new Date().toISOString(), start: S.big ? undefined : S.startCells.join(" "), steps });
    }
    status(`Solved in ${S.moves} move${S.moves === 1 ? "" : "s"}` + (t ? `, ${seconds(t)}.` : "."), "good");
  } else if ($("status").className === "good") status("");
}
// A click on a tile: next to a blank it slides; on a board, a tile in the
// row or column of the blank slides with the tiles between (one run).
function clickVertex(v) {
  if (S.cells[v] === 0) return;
  const to = adjOf(v).find(w => S.cells[w] === 0);
  if (to !== undefined) { userMove(v, to); return; }
  const P = S.P;
  if (P.kind !== "board" || !P.plain_board) return;
  const w = P.width, [vx, vy] = [v % w, Math.floor(v / w)];
  for (let b = 0; b < S.cells.length; b++) {
    if (S.cells[b] !== 0) continue;
    const [bx, by] = [b % w, Math.floor(b / w)];
    if (bx !== vx && by !== vy) continue;
    const step = bx === vx ? (vy > by ? w : -w) : (vx > bx ? 1 : -1);
    let ok = true;
    for (let c = b + step; c !== v; c += step) if (S.cells[c] === 0) ok = false;
    if (!ok) continue;
    for (let c = b + step, hole = b; ; hole = c, c += step) { userMove(c, hole); if (c === v) break; }
    return;
  }
}

// ---- the player's solves, kept in this browser ----
// Each solve keeps its time, STM and MTM counts, date, scramble (`start`)
// and moves (`steps`: from, to, ... as made, undos included, up to
// KEPT_STEPS moves), and once asked for, the scramble's optimal length.
const KEPT_STEPS = 5000;
const solvesKey = () => "slidepuzzle.solves." + S.P.spec + (S.blanks > 1 ? `|${S.blanks} blanks` : "") +
  (eventKind() !== "single" ? `|${eventName(eventKind())}` : "");
function loadSolves() { try { return JSON.parse(localStorage.getItem(solvesKey()) || "[]"); } catch { return []; } }
function recordSolve(entry) {
  const all = loadSolves(); all.push(entry);
  try { localStorage.setItem(solvesKey(), JSON.stringify(all.slice(-1000))); } catch { /* storage full or off */ }
  showSolves();
}
// The WCA average of the last n times: drop the best and the worst, mean the rest.
function averageOf(times, n) {
  if (times.length < n) return null;
  const last = times.slice(-n).sort((a, b) => a - b).slice(1, -1);
  return last.reduce((a, b) => a + b, 0) / last.length;
}
// The progress graph (uPlot): each solve's time in order, with the
// running ao5 and ao12 once there are that many; shown from two solves.
let progressChart = null;
function drawProgress(all) {
  const el = $("progress-graph");
  if (progressChart) { progressChart.destroy(); progressChart = null; }
  el.hidden = all.length < 2;
  if (el.hidden || typeof SlideChart === "undefined") return;
  const times = all.map((e) => e.time);
  const running = (n) => times.map((_, i) => averageOf(times.slice(0, i + 1), n));
  const data = [times.map((_, i) => i + 1), times, running(5), running(12)];
  const width = Math.max(240, Math.min(560, $("stats").clientWidth || 560));
  progressChart = new SlideChart.uPlot({
    width, height: 180,
    scales: { x: { time: false } },
    axes: [{ label: "solve" }, { label: "seconds", size: 50 }],
    series: [{ label: "solve" },
      { label: "time", stroke: "#2f6fd6", width: 1, points: { size: 4 } },
      { label: "ao5", stroke: "#c77d00", width: 2, points: { show: false } },
      { label: "ao12", stroke: "#1b7f2a", width: 2, points: { show: false } }],
  }, data, el);
  el.setAttribute("aria-label", `progress graph of your ${all.length} solves: the latest ${seconds(times[times.length - 1])}, the best ${seconds(Math.min(...times))}`);
}
function showSolves() {
  const all = loadSolves(), el = $("stats");
  $("forget").disabled = $("export-solves").disabled = $("export-json").disabled = !all.length;
  drawProgress(all);
  if (!all.length) {
    const kind = eventKind();
    el.textContent = kind === "single" ? `No solves of ${S.P.spec} yet: scramble, then solve it yourself.`
      : `No ${eventName(kind)} of ${S.P.spec} yet: press Scramble to start one.`;
    return;
  }
  const times = all.map((e) => e.time), fmt = (x) => x === null ? "-" : seconds(x);
  const best = (n) => { let b = null; for (let i = n; i <= times.length; i++) { const a = averageOf(times.slice(0, i), n); if (a !== null && (b === null || a < b)) b = a; } return b; };
  const last = all[all.length - 1];
  // Every time, newest first, each with its own delete button.
  const list = all.map((e, i) => `<li>${fmt(e.time)}, ${e.stm} moves (${e.mtm} MTM)` +
    (e.optimal != null ? `, optimal ${e.optimal}` : "") +
    (e.steps ? ` <button class="replay-solve" data-i="${i}" title="Replay this solve from its scramble">replay</button>` : "") +
    (e.start && e.optimal == null ? ` <button class="optimal-solve" data-i="${i}" title="Solve the scramble optimally">optimal?</button>` : "") +
    ` <button class="delete-solve" data-i="${i}" aria-label="Delete the solve of ${fmt(e.time)}" title="Delete this solve">×</button></li>`).reverse().join("");
  el.innerHTML = `<table><tr><th></th><th>current</th><th>best</th></tr>` +
    `<tr><th>single</th><td>${fmt(last.time)}</td><td>${fmt(Math.min(...times))}</td></tr>` +
    `<tr><th>ao5</th><td>${fmt(averageOf(times, 5))}</td><td>${fmt(best(5))}</td></tr>` +
    `<tr><th>ao12</th><td>${fmt(averageOf(times, 12))}</td><td>${fmt(best(12))}</td></tr>` +
    // The longer averages once there are enough solves for them.
    [50, 100, 1000].filter((n) => times.length >= n)
      .map((n) => `<tr><th>ao${n}</th><td>${fmt(averageOf(times, n))}</td><td>${fmt(best(n))}</td></tr>`).join("") +
    `<tr><th>mean</th><td colspan="2">${fmt(times.reduce((a, b) => a + b, 0) / times.length)} over ${times.length}</td></tr></table>` +
    `last: ${last.stm} moves (${last.mtm} MTM), ${(last.stm / last.time).toFixed(2)} TPS; ` +
    `best: ${Math.min(...all.map((e) => e.stm))} moves, ${Math.max(...all.map((e) => e.stm / e.time)).toFixed(2)} TPS` +
    `<ol id="times" reversed aria-label="Your times, newest first">${list}</ol>`;
  for (const b of el.querySelectorAll("button.delete-solve")) b.onclick = () => deleteSolve(Number(b.dataset.i));
  for (const b of el.querySelectorAll("button.replay-solve")) b.onclick = () => replaySolve(Number(b.dataset.i));
  for (const b of el.querySelectorAll("button.optimal-solve")) b.onclick = () => optimalOfSolve(Number(b.dataset.i));
}
// Puts a kept solve's scramble on the board with the player's own moves as
// the answer to step through or play (MTM counted as the moves were made).
function replaySolve(i) {
  const e = loadSolves()[i];
  if (!e || !e.steps || !e.start) return;
  const given = parseState(e.start);
  newPosition(given.cells, given.turn);
  S.clock.armed = false;   // a replay is no attempt
  const steps = Int32Array.from(e.steps), count = steps.length / 2, mtmAt = [0], runAt = [0];
  for (let k = 0; k < count; k++) { countRun(steps[2 * k], steps[2 * k + 1]); mtmAt.push(S.mtm); runAt.push(S.runLen); }
  S.mtm = 0; S.lastDir = null; S.runLen = 0;
  S.solution = { key: key(), steps, count, startCells: S.cells.slice(), startHistory: [], startMoves: 0, startMtm: 0,
                 startDir: null, startLen: 0, mtmAt, runAt, index: 0, record: { length: count, mtm: e.mtm } };
  $("solution").textContent = `Your solve of ${seconds(e.time)}: ${e.stm} moves (${e.mtm} MTM)` + (e.optimal != null ? `, optimal ${e.optimal}` : "");
  $("step").textContent = `step 0 / ${count}`;
  status(`Replaying your solve of ${seconds(e.time)}: press Play, or step with the buttons beside it.`, "good");
}
// Asks the server for the shortest solution of a kept solve's scramble and
// keeps its length with the solve (movecount against optimal).
async function optimalOfSolve(i) {
  const e = loadSolves()[i], spec = S.P.spec;
  if (!e || !e.start) return;
  status(`Solving the scramble of your ${seconds(e.time)} solve optimally...`);
  try {
    const r = await api("/api/solve", { puzzle: spec, state: e.start, blanks: S.blanks });
    if (S.P.spec !== spec) return;
    if (!r.solved || !r.optimal) { status(`No proven shortest answer in time: ${r.length ? `${r.length} moves found` : r.message || "stopped"}.`, "bad"); return; }
    const all = loadSolves();
    if (all[i] && all[i].start === e.start) { all[i].optimal = r.length; localStorage.setItem(solvesKey(), JSON.stringify(all)); }
    showSolves();
    status(`The scramble's shortest solution has ${r.length} move${r.length === 1 ? "" : "s"}; you took ${e.stm}.`, "good");
  } catch (err) { status(err.message, "bad"); }
}
function deleteSolve(i) {
  const all = loadSolves();
  if (!(i >= 0 && i < all.length)) return;
  const [gone] = all.splice(i, 1);
  try { localStorage.setItem(solvesKey(), JSON.stringify(all)); } catch { /* storage off */ }
  showSolves();
  status(`Deleted the solve of ${seconds(gone.time)}.`);
}
function forgetSolves() {
  const n = loadSolves().length;
  if (!n || !confirm(`Forget all ${n} solve${n === 1 ? "" : "s"} of ${S.P.spec} kept in this browser? This cannot be undone.`)) return;
  try { localStorage.removeItem(solvesKey()); } catch { /* off */ }
  showSolves();
  status(`Forgot ${n} solve${n === 1 ? "" : "s"} of ${S.P.spec}.`);
}
// The solves as CSV (seconds, STM, MTM, TPS, date), downloaded.
function solvesCsv() {
  const rows = loadSolves().map((e) => [e.time.toFixed(3), e.stm, e.mtm, (e.stm / e.time).toFixed(3), e.date].join(","));
  return ["seconds,stm,mtm,tps,date", ...rows].join("\n") + "\n";
}
// The whole record of every solve (scramble and steps too), as Import
// reads it back.
function solvesJson() {
  return JSON.stringify({ puzzle: S.P.spec, blanks: S.blanks, solves: loadSolves() }) + "\n";
}
function download(text, type, extension) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = `slidepuzzle-solves-${S.P.spec.replace(/[^A-Za-z0-9._-]+/g, "_")}.${extension}`;
  document.body.appendChild(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
const exportSolves = () => download(solvesCsv(), "text/csv", "csv");
const exportSolvesJson = () => download(solvesJson(), "application/json", "json");
// The solves in a file: Export JSON's record (its puzzle must be the one
// shown) or Export CSV's rows (seconds,stm,mtm,tps,date: times only).
// Throws an Error naming the line or solve that is wrong.
function parseSolves(text) {
  const count = (x) => Number.isInteger(x) && x >= 0;
  const check = (e, where) => {
    if (typeof e !== "object" || e === null) throw new Error(`${where} is not a solve`);
    if (typeof e.time !== "number" || !(e.time >= 0)) throw new Error(`${where} has no time in seconds`);
    if (!count(e.stm) || !count(e.mtm)) throw new Error(`${where} needs whole move counts stm and mtm`);
    if (typeof e.date !== "string" || isNaN(Date.parse(e.date))) throw new Error(`${where} has no date`);
    if (e.steps !== undefined && !(Array.isArray(e.steps) && e.steps.length % 2 === 0 && e.steps.every(count)))
      throw new Error(`${where}'s steps are not vertex pairs (from, to, from, to, ...)`);
    if (e.start !== undefined && typeof e.start !== "string") throw new Error(`${where}'s scramble is not a position`);
    const out = { time: e.time, stm: e.stm, mtm: e.mtm, date: e.date };
    if (e.start !== undefined) out.start = e.start;
    if (e.steps !== undefined) out.steps = e.steps;
    if (count(e.optimal)) out.optimal = e.optimal;
    return out;
  };
  if (text.trimStart().startsWith("{") || text.trimStart().startsWith("[")) {
    let j;
    try { j = JSON.parse(text); } catch (e) { throw new Error(`not JSON (${e.message})`); }
    const list = Array.isArray(j) ? j : j.solves;
    if (!Array.isArray(list)) throw new Error("no list of solves");
    if (!Array.isArray(j) && j.puzzle !== undefined && (j.puzzle !== S.P.spec || (j.blanks || 1) !== S.blanks))
      throw new Error(`these are solves of ${j.puzzle}${(j.blanks || 1) > 1 ? ` with ${j.blanks} blanks` : ""}: load that puzzle first`);
    return list.map((e, i) => check(e, `solve ${i + 1}`));
  }
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  if (!lines.length || lines[0].trim() !== "seconds,stm,mtm,tps,date") throw new Error('neither JSON nor a CSV whose first line is "seconds,stm,mtm,tps,date"');
  return lines.slice(1).map((l, i) => {
    const f = l.split(",");
    if (f.length !== 5) throw new Error(`line ${i + 2} has ${f.length} fields, not 5`);
    return check({ time: Number(f[0]), stm: Number(f[1]), mtm: Number(f[2]), date: f[4].trim() }, `line ${i + 2}`);
  });
}
// Throws unless solve `e`'s scramble is a position of this puzzle and its
// steps, replayed from it, are legal moves that end solved.
function replayable(e, i) {
  if (e.start === undefined) return;
  const cells = parseState(e.start).cells, goal = S.P.goal_cells;
  const sorted = (a) => a.slice().sort((x, y) => x - y).join(" ");
  if (cells.length !== goal.length || sorted(cells) !== sorted(goal)) throw new Error(`solve ${i + 1}'s scramble is not a position of ${S.P.spec}`);
  if (e.steps === undefined) return;
  for (let k = 0; k < e.steps.length; k += 2) {
    const [f, t] = [e.steps[k], e.steps[k + 1]];
    if (!(f < cells.length && t < cells.length && cells[f] !== 0 && cells[t] === 0 && adjOf(f).includes(t)))
      throw new Error(`solve ${i + 1}'s move ${k / 2 + 1} (${f}>${t}) is not legal from its scramble`);
    [cells[f], cells[t]] = [cells[t], cells[f]];
    const pair = S.exchange.get(f + "," + t);
    if (pair) [cells[pair[0]], cells[pair[1]]] = [cells[pair[1]], cells[pair[0]]];
  }
  if (cells.join(" ") !== goal.join(" ")) throw new Error(`solve ${i + 1}'s moves do not end solved`);
}
// Adds a file's solves to this puzzle's (a solve already kept, by its
// date and time, is not added twice), oldest first, the last 1,000 kept.
async function importSolves(file) {
  let found;
  try { found = parseSolves(await file.text()); found.forEach(replayable); }
  catch (e) { status(`Could not import ${clip(file.name)}: ${e.message}.`, "bad"); return; }
  const all = loadSolves(), seen = new Set(all.map((e) => `${e.date}|${e.time}`));
  const fresh = found.filter((e) => !seen.has(`${e.date}|${e.time}`));
  const merged = all.concat(fresh).sort((a, b) => Date.parse(a.date) - Date.parse(b.date)).slice(-1000);
  try { localStorage.setItem(solvesKey(), JSON.stringify(merged)); }
  catch { status("Could not import: this browser's storage is full or off.", "bad"); return; }
  showSolves();
  status(`Imported ${fresh.length} solve${fresh.length === 1 ? "" : "s"} of ${S.P.spec} from ${clip(file.name)}` +
    (found.length > fresh.length ? ` (${found.length - fresh.length} already kept).` : "."), "good");
}

// ---- learn: the parity argument and the standard arrangements (asked of /api/lesson) ----
let lessonTimer = null, lessonKey = null;
function scheduleLesson() { clearTimeout(lessonTimer); lessonTimer = setTimeout(lesson, 250); }
async function lesson() {
  if (!S.P || S.mode !== "learn" || !$("learn").open) return;
  if (S.big) { $("lesson").textContent = bigBoardNote("explains positions of"); lessonKey = null; return; }
  const k = key();
  if (k === lessonKey) return;
  lessonKey = k;
  const P = S.P, el = $("lesson"), blanks = S.cells.filter((t) => t === 0).length;
  const parts = [];
  if (P.kind === "board" && P.plain_board && blanks === 1) {
    // Loyd's 14-15: the goal with its last two tiles swapped, one tap away.
    parts.push(`<p><button id="loyd" title="The goal with its last two tiles swapped: Sam Loyd's puzzle">Loyd's ${P.vertices - 2}-${P.vertices - 1} puzzle</button>
      Sam Loyd's famous challenge: the solved board with tiles ${P.vertices - 2} and ${P.vertices - 1} swapped. Put it on the board and try.</p>`);
    // The library works out the parity argument and which of the eight
    // standard arrangements this position reaches (one request).
    let l = null;
    try { l = await api("/api/lesson", { puzzle: P.spec, state: stateString(), goal: P.goal_cells.join(" ") }); } catch (e) { l = null; }
    if (key() !== k) return;
    if (l && l.parity) {
      const pp = l.parity, dist = pp.blank_distance;
      parts.push(`<h2>Parity</h2><p>Take the blank as a tile. Every move swaps it with a neighbour, so each move flips the parity of the
      arrangement of all ${S.cells.length} cells, and moves the blank one step on a chessboard colouring. Here the arrangement is
      <b>${pp.arrangement_odd ? "odd" : "even"}</b> and the blank is <b>${dist}</b> step${dist === 1 ? "" : "s"} from its home (${dist % 2 ? "odd" : "even"}):
      <span class="${pp.solvable ? "yes" : "no"}">${pp.solvable ? "the same parity, so this position can be solved" : "different parities, so no sequence of moves solves it"}</span>
      (Johnson and Story, 1879).</p>`);
    }
    if (l && l.arrangements) {
      // Each with a small picture of its board.
      const picture = (cells) => `<span class="mini" style="grid-template-columns: repeat(${P.width}, 1fr)" aria-hidden="true">` +
        cells.map((t) => `<span class="${t === 0 ? "b" : ""}">${t === 0 ? "" : t}</span>`).join("") + "</span>";
      parts.push("<p>Which of the eight standard arrangements can be reached from here:</p><ul class=\"arrangements\">" +
        l.arrangements.map((a, i) => `<li class="${a.reachable ? "yes" : "no"}">${P.vertices <= 64 && a.cells ? picture(a.cells) : ""}` +
          `<span>${a.name}: ${a.reachable ? "reachable" : "not reachable"}</span>` +
          (a.cells ? ` <button class="arrangement" data-i="${i}" title="Put this arrangement on the board">put on the board</button>` : "") +
          "</li>").join("") + "</ul>");
      S.arrangements = l.arrangements;
    }
  }
  if (blanks === 1) {
    // Seed 001's two views of the position.
    try {
      const v = await api("/api/permutation", { puzzle: P.spec, state: S.cells.join(" "), goal: P.goal_cells.join(" ") });
      if (key() !== k) return;
      const kind = v.cycle_type.length ? "cycles of lengths " + v.cycle_type.map(([l, c]) => c > 1 ? `${l}<sup>${c}</sup>` : `${l}`).join(" ")
        : "no cycles (the identity: the solved position)";
      parts.push(`<h2>The position as a permutation</h2><p>Label each tile by its home (1 to ${v.hole_label}, the blank is ${v.hole_label}).
        The position sends each place to the label of the tile on it${P.modulus ? " (places only: the tiles' turns come below)" : ""}; in cycle notation:</p>
        <p><code id="perm-cycles">${v.permutation}</code></p><p>an <b>${v.parity}</b> permutation, ${kind}, order ${grouped(v.order)}.</p>`);
      if (v.toroidal) {
        const t = v.toroidal;
        parts.push(`<h2>The toroidal model</h2><p>Join the opposite edges of the board into a torus and roll the columns right
          ${t.columns_rolled} time${t.columns_rolled === 1 ? "" : "s"} and the rows down ${t.rows_rolled} time${t.rows_rolled === 1 ? "" : "s"}:
          the blank is then bottom-right. The tiles there give a permutation of 1 to ${v.hole_label - 1}; two counters keep the rolls.
          One group element on ${t.degree} points describes the position, and every move multiplies it by one of four fixed
          permutations L, R, U, D:</p><p><code id="toroidal">${t.element}</code></p>
          <p class="hint">How to read it: three factors joined by <code>*</code>. The first permutes the ${v.hole_label - 1} tiles
          (points 1 to ${v.hole_label - 1}); the second is the rows counter, a cycle on the next ${S.P.height} points turned once per
          row rolled; the third the columns counter on the last ${S.P.width} points. <code>()</code> is a factor that does nothing
          (a counter at zero). ${v.hole_label - 1} + ${S.P.height} + ${S.P.width} = ${t.degree} points in all.</p>`);
      }
    } catch (e) { parts.push(`<p>${e.message}</p>`); }
  }
  try {
    const a = await api("/api/analyze", { puzzle: P.spec, goal: P.goal_cells.join(" ") });
    if (key() !== k) return;
    const plain = a.transitivity !== undefined ? exchangeLesson(a) : a.modulus ? turningLesson(a) : a.one_way ? oneWayLesson(a) : blanks === 1
      ? `With one blank, the arrangements reachable from the solved position form the puzzle group <b>${a.group}</b>
         (order ${grouped(a.group_order)}). Wilson's theorem (1974): on a 2-connected graph that is not a cycle, the group is every
         permutation of the tiles, or only the even ones when the graph is bipartite (it splits into two colours with every edge
         between them: here ${a.bipartite ? "it does" : "it does not"}), with one exception on seven vertices: theta0, whose group is PGL(2,5) of order 120${/^theta0\b/.test(P.spec) ? " (this puzzle is that exception)" : ""}. Cut vertices split the graph into blocks,
         each with its own group. So ${grouped(a.reachable_configurations)} configurations are reachable, and ` +
        (a.classes === "1" ? "every position can reach every other (one class)."
          : `the positions fall into ${grouped(a.classes)} classes that cannot reach one another.`)
      : `With ${blanks} blanks, tiles can pass one another wherever the blanks give them room. On a connected graph every
         configuration is then reachable exactly when (docs/THEORY.md section 4.1): on a path, at most one tile (tiles never pass);
         on a cycle, at most two (tiles only rotate); on a 2-connected graph that is not a cycle, always; otherwise the blanks must
         outnumber the vertices of the longest <i>hallway</i>, a chain of cut vertices joined by bridges (here ${a.hallway}).
         Here: <b>${a.everything_reachable ? "every configuration is reachable" : "not every configuration is reachable"}</b>
         (${plainText(a.reason)}).` +
        (a.reachable_configurations
          ? ` From the solved position ${short(a.reachable_configurations)} configurations are reachable: ${short(a.blank_sets)} places
             for the blanks, times ${short(a.group_order)} arrangements of the tiles with the blanks on their home vertices (the
             tiles that can be exchanged form classes, and within a class every order is possible: Kornhauser, Miller and Spirakis 1984).`
          : "") + " Check says whether this position is one of them, and why.";
    parts.push(`<h2>Which positions can be reached</h2><p>${plain}</p>`);
  } catch (e) { parts.push(`<p>${e.message}</p>`); }
  if (key() !== k) return;
  el.innerHTML = parts.join("");
  if ($("loyd")) $("loyd").onclick = loydPosition;
  for (const b of el.querySelectorAll("button.arrangement")) b.onclick = () => putArrangement(S.arrangements[Number(b.dataset.i)]);
}
// One of the standard arrangements on the board, as a new position.
function putArrangement(a) {
  if (!a || !a.cells || a.cells.length !== S.cells.length) return;
  newPosition(a.cells.slice());
  status(`The arrangement "${a.name}" is on the board: it ${a.reachable ? "can" : "cannot"} be reached from the position before.`);
}
// Sam Loyd's 14-15: the goal with its last two tiles swapped.
function loydPosition() {
  const cells = S.P.goal_cells.slice(), n = cells.length;
  const i = cells.indexOf(n - 2), j = cells.indexOf(n - 1);
  if (i < 0 || j < 0) return;
  [cells[i], cells[j]] = [cells[j], cells[i]];
  newPosition(cells);
  status(`Loyd's ${n - 2}-${n - 1} puzzle: tiles ${n - 2} and ${n - 1} swapped. Check says whether it can be solved, and the lesson below why.`);
}
// Learn's text for tiles that turn (docs/THEORY.md section 8).
function turningLesson(a) {
  const inv = a.invariants, k = inv.modulus, quarter = k === 4 ? "a quarter" : k === 2 ? "half" : `1/${k}`;
  return `Here every tile has an orientation: its number is drawn turned, and underlined so its foot shows which way is down.
    A tile sliding across a purple edge turns by ${quarter} of a full turn or more (hover over the edge to see how far);
    sliding back turns it back. So a position is the tiles' places <i>and</i> their turns, and the puzzle group is a subgroup of
    Z<sub>${k}</sub> wr S<sub>${a.tiles}</sub> (order ${short(a.whole_order)}). Two things never change (Garcia, Hanson, Jensen and Owen 2022;
    docs/THEORY.md section 8): measured against a spanning tree, (I1) each tile's turn changes only by multiples of ${inv.turn_step},
    and (I2) the parity of the permutation and the total turn of all tiles move together as one of the pairs ${plainText(inv.pairs)} that
    closed walks of the blank give. On this graph they are the only conditions besides the blank's place:
    the group is <b>${plainText(a.summary)}</b>, order ${short(a.group_order)}.
    Check says which invariant blocks a position that cannot be solved.`;
}
// Learn's text for Conway's M13 (docs/THEORY.md section 12).
function exchangeLesson(a) {
  return `This is Conway's M13: thirteen points of the projective plane of order 3, any two on one line of four points
    (the 3 x 3 grid's rows, columns and wrapped diagonals, each with a point beside the grid for its direction, and the line of those four).
    A tile slides to the hole from any point, and the other two tiles on their line swap places. The moves that bring the hole
    back form <b>${plainText(a.group)}</b>, order ${grouped(a.group_order)}: ${plainText(a.summary)}. So ${grouped(a.reachable_configurations)}
    configurations are reachable, a tiny share of the 12! arrangements; Check says whether a position is one of them.`;
}
// Learn's text for one-way edges (docs/THEORY.md section 7).
function oneWayLesson(a) {
  return `The arrows are one-way edges: a tile slides only the way its arrow points, so the blank moves against the arrows.
    When every arrow lies on a directed cycle (the graph is <i>strongly connected</i>), a move against an arrow can be made by
    taking the blank round that cycle instead, so the puzzle reaches exactly what its two-way version reaches, with longer
    solutions (the reversal theorem, docs/THEORY.md section 7). Otherwise the blank can only move downstream, from one strong
    component to the next, and never back. Here: <b>${a.strongly_connected ? "strongly connected" : "not strongly connected"}</b>
    (${plainText(a.reason)})` + (a.group ? `; the puzzle group is <b>${a.group}</b>, order ${short(a.group_order)}.` : ".");
}
$("learn").addEventListener("toggle", () => { lessonKey = null; scheduleLesson(); });

// ---- the graph editor ----
const CANVAS = { w: 520, h: 360, r: 14 };
function editorStart(n, edges, pts) {
  // Fit the starting drawing into the editor's canvas.
  const xs = pts.map(p => p[0]), ys = pts.map(p => p[1]);
  const minx = Math.min(...xs), miny = Math.min(...ys);
  const k = pts.length ? Math.min((CANVAS.w - 60) / Math.max(1, Math.max(...xs) - minx), (CANVAS.h - 60) / Math.max(1, Math.max(...ys) - miny)) : 1;
  S.edit = {
    n, edges: new Set(edges.map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`)),
    pts: pts.map((p) => [30 + (p[0] - minx) * k, 30 + (p[1] - miny) * k]), picked: null,
  };
  editorDraw();
}
function editorEdges() { return [...S.edit.edges].map((e) => e.split("-").map(Number)); }
function editorDraw() {
  const E = S.edit, el = $("edit-out"); el.innerHTML = "";
  const holder = document.createElement("div"); el.appendChild(holder);
  const g = drawGraph(holder, E.pts, editorEdges(), () => {}, null,
    { ...CANVAS, r: Math.max(CANVAS.r, touchRadius(holder, CANVAS.w)) });
  g.svg.classList.add("editing");
  const joined = (v) => editorEdges().filter((e) => e.includes(v)).map(([a, b]) => (a === v ? b : a)).sort((a, b) => a - b);
  const label = (v) => `vertex ${v}` + (E.picked === v ? ", picked" : "") +
    (joined(v).length ? `, joined to ${joined(v).join(", ")}` : ", no edges");
  g.els.forEach((e, v) => {
    e.shape.setAttribute("fill", E.picked === v ? "#fbe3c8" : "#fff");
    if (E.picked === v) e.shape.classList.add("picked");
    // A button for keyboards: Enter or Space picks it or joins it to the
    // picked vertex, Delete removes it, the arrow keys move it.
    e.shape.setAttribute("role", "button"); e.shape.setAttribute("tabindex", "0"); e.shape.setAttribute("aria-label", label(v));
    draggable(g, v, e.shape, (w) => editorPick(g, w, label));
    e.shape.addEventListener("dblclick", (ev) => { ev.stopPropagation(); editorRemove(v); });
    e.shape.addEventListener("keydown", (ev) => {
      const step = { ArrowLeft: [-10, 0], ArrowRight: [10, 0], ArrowUp: [0, -10], ArrowDown: [0, 10] }[ev.key];
      if (ev.key === "Enter" || ev.key === " ") { E.focus = v; editorPick(g, v, label); }
      else if (ev.key === "Delete" || ev.key === "Backspace") { E.focus = Math.min(v, E.n - 2); editorRemove(v); }
      else if (step) {
        const [x, y] = E.pts[v];
        E.pts[v] = [Math.max(0, Math.min(CANVAS.w, x + step[0])), Math.max(0, Math.min(CANVAS.h, y + step[1]))];
        E.focus = v; editorDraw();
      } else return;
      ev.preventDefault(); ev.stopPropagation();
    });
  });
  g.svg.addEventListener("click", (ev) => {
    if (ev.target !== g.svg) return;
    E.pts.push(pointerAt(g, ev)); E.n++; E.picked = null;
    editorDraw();
  });
  const edges = editorEdges();
  const spec = edges.length ? "edges:" + edges.map(([a, b]) => `${a}-${b}`).join(",") : "";
  // The JSON keeps the drawing (positions, rounded), as graph:FILE reads it.
  const json = JSON.stringify({ vertices: E.n, edges, positions: E.pts.map(([x, y]) => [Math.round(x), Math.round(y)]) });
  const text = document.createElement("div");
  const notes = editorWarnings(E.n, edges);
  text.textContent = `${E.n} vertices, ${edges.length} edges\nspec: ${spec || "(no edges yet)"}\nJSON: ${json}` +
    (notes.length ? "\n" + notes.join("\n") : "");
  text.id = "edit-spec";
  el.appendChild(text);
  $("edit-use").disabled = !spec || edges.some(([a, b]) => a >= E.n || b >= E.n);
  $("edit-remove").disabled = E.picked === null;
  $("edit-help").textContent = "Click empty space (or press Add vertex) to add a vertex; click two vertices to join them (or part them); " +
    "double-click a vertex, or pick it and press Delete, to remove it; drag to move. With the keyboard: Tab to a vertex, Enter picks it, " +
    "Enter on a second one joins or parts the two, Delete removes it, the arrow keys move it.";
  S.edit.spec = spec;
  // A redraw for a key keeps the focus on the vertex the key acted on.
  if (E.focus !== null && E.focus !== undefined && g.els[E.focus]) g.els[E.focus].shape.focus();
  E.focus = null;
}
// A click (or Enter) on vertex `w` of the editor's drawing `g`: picks it
// (or drops the pick), or joins it to the picked vertex (or parts them).
function editorPick(g, w, label) {
  const E = S.edit;
  if (E.picked === null || E.picked === w) {
    // Picking only recolours (no redraw), so the second click of a
    // double-click lands on the same circle.
    E.picked = E.picked === w ? null : w;
    g.els.forEach((o, u) => {
      o.shape.setAttribute("fill", E.picked === u ? "#fbe3c8" : "#fff");
      o.shape.classList.toggle("picked", E.picked === u);
      o.shape.setAttribute("aria-label", label(u));
    });
    $("edit-remove").disabled = E.picked === null;
    announce(E.picked === null ? `Vertex ${w} no longer picked.` : `Vertex ${w} picked: Enter on another vertex joins or parts the two.`);
    return;
  }
  const k = `${Math.min(E.picked, w)}-${Math.max(E.picked, w)}`;
  const joining = !E.edges.has(k);
  if (joining) E.edges.add(k); else E.edges.delete(k);
  announce(`${joining ? "Joined" : "Parted"} vertices ${E.picked} and ${w}.`);
  E.picked = null;
  editorDraw();
}
// Adds a vertex where the drawing has room (the first free spot of a
// 40-unit grid), for keyboards and for a quick start.
function editorAdd() {
  const E = S.edit;
  let spot = [CANVAS.w / 2, CANVAS.h / 2];
  search: for (let y = 30; y <= CANVAS.h - 30; y += 40) for (let x = 30; x <= CANVAS.w - 30; x += 40) {
    if (E.pts.every(([px, py]) => Math.hypot(px - x, py - y) >= 40)) { spot = [x, y]; break search; }
  }
  E.pts.push(spot); E.n++; E.picked = null; E.focus = E.n - 1;
  announce(`Added vertex ${E.n - 1}.`);
  editorDraw();
}
// What the drawing is not yet: vertices without edges (an edges: spec
// cannot name a last one at all), and pieces that do not touch.
function editorWarnings(n, edges) {
  const parent = Array.from({ length: n }, (_, i) => i);
  const root = (v) => { while (parent[v] !== v) v = parent[v] = parent[parent[v]]; return v; };
  const degree = new Array(n).fill(0);
  for (const [a, b] of edges) { degree[a]++; degree[b]++; parent[root(a)] = root(b); }
  const notes = [];
  const lonely = degree.map((d, v) => d === 0 ? v : -1).filter((v) => v >= 0);
  const last = edges.reduce((m, [a, b]) => Math.max(m, a, b), -1);
  if (lonely.length) {
    const dropped = lonely.filter((v) => v > last);
    notes.push(`Warning: ${lonely.length > 1 ? "vertices" : "vertex"} ${lonely.join(", ")} ${lonely.length > 1 ? "have" : "has"} no edges` +
      (dropped.length ? `; the spec leaves out ${dropped.join(", ")} (the JSON keeps ${dropped.length > 1 ? "them" : "it"}).` : "."));
  }
  const pieces = new Set(Array.from({ length: last + 1 }, (_, v) => root(v))).size;
  if (pieces > 1) notes.push(`Warning: the graph is disconnected (${pieces} pieces); no tile can cross from one piece to another.`);
  return notes;
}
function editorRemove(v) {
  const E = S.edit;
  const edges = editorEdges().filter(([a, b]) => a !== v && b !== v).map(([a, b]) => [a > v ? a - 1 : a, b > v ? b - 1 : b]);
  E.pts.splice(v, 1); E.n--; E.picked = null;
  E.edges = new Set(edges.map(([a, b]) => `${a}-${b}`));
  editorDraw();
}
// Opens a JSON graph in the editor (pasted, or a file): the library reads
// it (/api/graph: names, positions; the editor's own JSON round-trips),
// the drawing keeps its positions, else gets a force layout.
async function editorImport(text, from) {
  let P;
  try { P = await api("/api/graph", { json: text }); }
  catch (e) { status(`Could not open ${from}: ${e.message}`, "bad"); return; }
  if (P.one_way.length || P.modulus) {
    status(`${from} has one-way edges or turning tiles, which the editor does not draw; the command line reads it as graph:FILE.`, "bad");
    return;
  }
  editorStart(P.vertices, P.edges, P.positions ? P.positions.map(([x, y]) => [x, y]) : forceLayout(P.vertices, P.edges));
  $("editor").open = true;
  status(`Opened ${from} in the editor: ${P.vertices} vertices, ${P.edges.length} edges (Use this graph loads it).`);
}
$("edit-import").onclick = () => editorImport($("edit-json").value, "the pasted JSON");
$("edit-file").onclick = () => $("edit-file-input").click();
$("edit-file-input").onchange = async () => {
  const f = $("edit-file-input").files[0];
  $("edit-file-input").value = "";
  if (f) await editorImport(await f.text(), clip(f.name));
};
$("edit").onclick = () => editorStart(S.P.vertices, S.P.edges, S.pts || forceLayout(S.P.vertices, S.P.edges));
$("edit-new").onclick = () => editorStart(0, [], []);
$("edit-add").onclick = () => { if (!S.edit) editorStart(0, [], []); editorAdd(); };
$("edit-remove").onclick = () => { if (S.edit && S.edit.picked !== null) editorRemove(S.edit.picked); };
document.addEventListener("keydown", (e) => {
  if ((e.key === "Delete" || e.key === "Backspace") && S.edit && S.edit.picked !== null && !ownsKeys(document.activeElement)) {
    e.preventDefault(); editorRemove(S.edit.picked);
  }
});
$("edit-use").onclick = async () => {
  // An edges: spec cannot name a vertex past the last edge's: such a
  // vertex would be dropped without a word, so the graph is refused with
  // what to do (the analysis says "disconnected" for the others).
  const E = S.edit, last = editorEdges().reduce((m, [a, b]) => Math.max(m, a, b), -1);
  if (E.n > last + 1) {
    const lost = Array.from({ length: E.n - last - 1 }, (_, i) => last + 1 + i);
    status(`Vertex ${lost.join(", ")} has no edge, and the graph's edges: spec cannot name ${lost.length > 1 ? "them" : "it"}: ` +
      `join ${lost.length > 1 ? "them" : "it"} to the graph or remove ${lost.length > 1 ? "them" : "it"} (Delete) first.`, "bad");
    return;
  }
  drawnBy = { spec: E.spec, n: E.n, pts: E.pts.map(([x, y]) => [x / 40, y / 40]) };
  if (!await load(E.spec)) return;
  status(`Loaded the graph you built: ${S.P.spec}.`);
};

// ---- modes: one state, three sets of panels ----
const MODES = ["play", "explore", "learn"];
function setMode(mode) {
  if (!MODES.includes(mode)) mode = "play";
  S.mode = mode;
  document.body.dataset.mode = mode;
  for (const b of document.querySelectorAll("nav.modes button")) {
    b.setAttribute("aria-selected", String(b.dataset.mode === mode));
  }
  try { localStorage.setItem("slidepuzzle.mode", mode); } catch { /* storage off */ }
  if (S.focus && mode !== "play") setFocus(false);
  if (S.event && mode !== "play") stopEvent("stopped: you left Play");
  if (S.P) { paintEdges(); lessonKey = null; scheduleLesson(); syncUrl(); }
}
// Focus mode (Play): only the board, the counters and the status line,
// the board redrawn as large as the window; Escape or the button leaves.
function setFocus(on) {
  S.focus = on;
  document.body.classList.toggle("focus", on);
  $("focus").textContent = on ? "Leave focus (Esc)" : "Focus";
  $("focus").setAttribute("aria-pressed", String(on));
  if (S.P) draw();
}
$("focus").onclick = () => setFocus(!S.focus);
document.addEventListener("keydown", (e) => { if (e.key === "Escape" && S.focus) { e.preventDefault(); setFocus(false); } });
for (const b of document.querySelectorAll("nav.modes button")) b.onclick = () => setMode(b.dataset.mode);

// ---- links ----
function shareLink() {
  const u = new URL(location.href);
  u.search = "";
  u.searchParams.set("puzzle", S.P.spec);
  u.searchParams.set("mode", S.mode);
  if (S.blanks > 1) u.searchParams.set("blanks", S.blanks);
  // A big board's position (megabytes) stays out of the address.
  if (S.big) return u.toString();
  u.searchParams.set("state", S.startCells.join("."));
  if (S.history.length) u.searchParams.set("moves", S.history.map(([f, t]) => `${f}-${t}`).join("."));
  return u.toString();
}
// ---- the address bar is the page's state ----
// After every change (debounced, so a playing solution writes it once it
// stops) the address holds the puzzle, blanks, mode, start position and
// moves, so Reload comes back to the same board. A new puzzle is a new
// history entry (Back returns to the last one); everything else replaces
// the current entry. A long move list is folded into the position.
let urlTimer = null, urlSpec = null;
const URL_MOVES_MAX = 400;
function addressFor() {
  if (S.big || (S.history.length <= URL_MOVES_MAX && !S.P.cycles)) return shareLink();
  const u = new URL(shareLink());
  u.searchParams.set("state", tokens().join("."));
  u.searchParams.delete("moves");
  return u.toString();
}
function syncUrl() {
  // The first puzzle shown belongs to the entry the page opened in.
  if (urlSpec === null && S.P) urlSpec = S.P.spec;
  clearTimeout(urlTimer);
  urlTimer = setTimeout(() => {
    if (!S.P || new URLSearchParams(location.search).has("selftest")) return;
    const link = addressFor();
    if (link !== location.href) {
      if (urlSpec !== S.P.spec) history.pushState(null, "", link);
      else history.replaceState(null, "", link);
    }
    urlSpec = S.P.spec;
  }, 200);
}
// Back and Forward open the entry's address like a link.
window.addEventListener("popstate", () => {
  const params = new URLSearchParams(location.search);
  urlSpec = params.get("puzzle") || "4x4";
  if (params.get("mode")) setMode(params.get("mode"));
  openLink(params);
});
// Opens what a link names. A link that names nothing loadable still
// leaves a puzzle on the page (4x4) and says why; a "+" typed into a
// link arrives as a space ("3x3+diag"), and is read back as a "+".
async function openLink(params) {
  const notes = [];
  const wanted = params.get("blanks"), k = wanted === null ? 1 : Number(wanted);
  if (!Number.isInteger(k) || k < 1) notes.push(`The link's blanks=${clip(wanted, 20)} is not a whole number of at least 1; using 1.`);
  setBlanks(Number.isInteger(k) && k >= 1 ? k : 1);
  let spec = params.get("puzzle") || "4x4";
  if (/\s/.test(spec.trim())) spec = spec.trim().replace(/\s+/g, "+");
  if (!await load(spec)) {
    const why = $("status").textContent;
    setBlanks(1);
    if (!await load("4x4")) return;
    status(`The link's puzzle could not be loaded, so this is 4x4. ${why}`, "bad");
    return;
  }
  if (S.blanks !== k && Number.isInteger(k) && k > 1) notes.push($("status").textContent);
  const state = params.get("state");
  if (!state) { if (notes.length) status(notes.join(" "), "bad"); return; }
  const bad = state.split(".").find((t) => !/^\d+(\^\d+)?$/.test(t));
  if (bad !== undefined) { status(`The link's position has "${clip(bad, 20)}" where a tile number belongs; showing ${S.P.spec} solved.`, "bad"); return; }
  const given = parseState(state);
  try { await api("/api/check", { puzzle: S.P.spec, state: state.split(".").join(" ") }); }
  catch (e) { status(`The link's position does not fit ${S.P.spec}: ${e.message}`, "bad"); return; }
  newPosition(given.cells, given.turn);
  const moves = (params.get("moves") || "").split(".").filter(Boolean).map((m) => m.split("-").map(Number));
  for (const [f, t] of moves) {
    if (!(f >= 0 && f < S.cells.length && adjOf(f).includes(t)) || S.cells[f] === 0 || S.cells[t] !== 0) {
      notes.push(`The link's move ${clip(`${f}-${t}`, 20)} is not legal here; stopped before it.`);
      break;
    }
    slide(f, t); S.history.push([f, t]); S.moves++;
  }
  recountRuns();
  S.clock.armed = moves.length === 0 && !solved();
  paintAll();
  const n = S.history.length;
  status(`Opened a link: ${S.P.spec}` + (moves.length ? ` after ${n} move${n === 1 ? "" : "s"}.` : ".") + (notes.length ? " " + notes.join(" ") : ""),
    notes.length ? "bad" : "");
}
// The tile that moves in direction (dx, dy, dz) into a blank, or null.
function tileToward(dx, dy, dz) {
  const P = S.P;
  const blanks = blanksOf();
  if (S.big) {
    // A big board: the neighbour from the width, no table of positions.
    const W = P.width, H = P.height;
    for (const b of blanks) {
      const fx = b % W - dx, fy = Math.floor(b / W) - dy;
      if (dz || fx < 0 || fy < 0 || fx >= W || fy >= H) continue;
      const from = fy * W + fx;
      if (S.cells[from] !== 0) return [from, b];
    }
    return null;
  }
  if (P.positions && (P.kind === "board" || P.kind === "box")) {
    const at = new Map(P.positions.map((p, v) => [p.join(","), v]));
    const torus = P.spec.includes(":torus");
    for (const b of blanks) {
      let [x, y, z] = P.positions[b]; z = z || 0;
      let fx = x - dx, fy = y - dy, fz = z - dz;
      if (torus) { fx = (fx + P.width) % P.width; fy = (fy + P.height) % P.height; }
      const from = at.get(`${fx},${fy},${fz}`);
      if (from !== undefined && S.cells[from] !== 0 && adjOf(from).includes(b)) return [from, b];
    }
    return null;
  }
  // Graphs: the move whose direction on the drawing is closest to the key's.
  let best = null, bestDot = 0.5;
  for (const b of blanks) for (const f of intoOf(b)) {
    if (S.cells[f] === 0) continue;
    const vx = S.pts[b][0] - S.pts[f][0], vy = S.pts[b][1] - S.pts[f][1], len = Math.hypot(vx, vy) || 1;
    const dot = (vx * dx + vy * dy) / len;
    if (dot > bestDot) { bestDot = dot; best = [f, b]; }
  }
  return best;
}
// Keys a focused text field, list or slider needs for itself; elsewhere
// the arrows (and F/B on boxes) move tiles.
const ownsKeys = (el) => el && (el.tagName === "SELECT" || el.tagName === "TEXTAREA" ||
  (el.tagName === "INPUT" && !["checkbox", "radio", "button", "submit"].includes(el.type)));
// A control clicked with the pointer gives the focus back to the page, so
// Space does not press the last button again (a second scramble in the
// middle of a solve) and the arrows move tiles after a checkbox or the
// Speed slider. Keyboard users (Tab, then Space or Enter) keep their focus.
document.addEventListener("click", (e) => {
  const c = e.target.closest && e.target.closest('button, input[type="checkbox"], input[type="range"]');
  if (c && e.detail > 0) c.blur();
});
$("speed").addEventListener("pointerup", (e) => e.target.blur());
// The slider's number, shown beside it.
const showSpeed = () => { $("speed-value").textContent = `${$("speed").value} moves/s`; };
$("speed").addEventListener("input", showSpeed);
showSpeed();
// ---- swipe (phones and tablets): a stroke across a board slides a tile that way ----
// On grid boards a touch or pen stroke of at least SWIPE_PX slides the
// tile that way (toward the blank; with "direction keys move the blank",
// the blank goes that way), as the arrow keys do; a shorter touch is a tap
// (the click slides the tile touched). The canvas of big boards pans
// instead, and graph drawings drag their vertices.
const SWIPE_PX = 24;
// swallowClick: a swipe just ended, so the click a browser may send for it
// is not a tap (the next gesture's pointerdown clears it).
let swipeStart = null, swallowClick = false;
$("board").addEventListener("pointerdown", (e) => {
  swallowClick = false;
  swipeStart = e.pointerType !== "mouse" && S.P && gridDrawn() && !S.canvas ? { x: e.clientX, y: e.clientY } : null;
});
$("board").addEventListener("pointerup", (e) => {
  const start = swipeStart; swipeStart = null;
  if (!start) return;
  const dx = e.clientX - start.x, dy = e.clientY - start.y;
  if (Math.hypot(dx, dy) < SWIPE_PX) return;
  swallowClick = true;
  const sign = S.keys.blankMoves ? -1 : 1;
  const [ux, uy] = Math.abs(dx) > Math.abs(dy) ? [sign * Math.sign(dx), 0] : [0, sign * Math.sign(dy)];
  const m = tileToward(ux, uy, 0);
  if (m) userMove(m[0], m[1]);
});
$("board").addEventListener("pointercancel", () => { swipeStart = null; });
// The click a browser may send after a short swipe is not a second move.
$("board").addEventListener("click", (e) => { if (swallowClick) { swallowClick = false; e.stopPropagation(); } }, true);

// ---- keys: which key does what, set in the Keys panel, kept in this browser ----
// up/down/left/right slide a tile that way (or, with blankMoves, move the
// blank that way: the tile goes the other way, as some speedsolvers
// like); scramble scrambles a solved puzzle (never one in progress: a
// slip of the key does not throw a solve away); reset goes back to the
// solved position.
const DEFAULT_KEYS = { up: "ArrowUp", down: "ArrowDown", left: "ArrowLeft", right: "ArrowRight", scramble: " ", reset: "r", blankMoves: false };
const KEY_ACTIONS = [["up", "Slide up"], ["down", "Slide down"], ["left", "Slide left"], ["right", "Slide right"],
                     ["scramble", "Scramble (a solved puzzle)"], ["reset", "Reset"]];
const keyName = (k) => (k === " " ? "Space" : k.length === 1 ? k.toUpperCase() : k);
function loadKeys() {
  try { return { ...DEFAULT_KEYS, ...JSON.parse(localStorage.getItem("slidepuzzle.keys") || "{}") }; }
  catch { return { ...DEFAULT_KEYS }; }
}
S.keys = loadKeys();
let capturing = null;   // the action whose key the next key press sets
function saveKeys() { try { localStorage.setItem("slidepuzzle.keys", JSON.stringify(S.keys)); } catch { /* off */ } }
function showKeys() {
  const list = $("key-list");
  list.innerHTML = "";
  for (const [action, label] of KEY_ACTIONS) {
    const row = document.createElement("label");
    row.textContent = label + " ";
    const b = document.createElement("button");
    b.id = `key-${action}`; b.className = "key";
    b.textContent = capturing === action ? "press a key..." : keyName(S.keys[action]);
    b.title = "Click, then press the key for this (Escape keeps the old one)";
    b.onclick = () => { capturing = action; showKeys(); };
    row.appendChild(b); list.appendChild(row);
  }
  $("key-blank").checked = S.keys.blankMoves;
}
// The key press that sets a key: taken before anything else sees it.
document.addEventListener("keydown", (e) => {
  if (!capturing) return;
  e.preventDefault(); e.stopImmediatePropagation();
  if (e.key !== "Escape" && !["Shift", "Control", "Alt", "Meta", "Tab"].includes(e.key)) {
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    // A key does one thing: the action that had it takes this one's old key.
    const other = KEY_ACTIONS.find(([a]) => a !== capturing && S.keys[a] === key);
    if (other) S.keys[other[0]] = S.keys[capturing];
    S.keys[capturing] = key;
    saveKeys();
    status(`${KEY_ACTIONS.find(([a]) => a === capturing)[1]}: ${keyName(key)}` + (other ? ` (${other[1].toLowerCase()} now ${keyName(S.keys[other[0]])})` : "") + ".");
  }
  capturing = null; showKeys();
}, true);
$("key-blank").onchange = () => { S.keys.blankMoves = $("key-blank").checked; saveKeys(); };
$("key-defaults").onclick = () => { S.keys = { ...DEFAULT_KEYS }; saveKeys(); showKeys(); status("Keys back to the defaults."); };
showKeys();
document.addEventListener("keydown", (e) => {
  if (!S.P || ownsKeys(document.activeElement)) return;
  // Keyboard users on a button press it with Space or Enter, as usual.
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const pressesButton = (key === " " || key === "Enter") && document.activeElement && document.activeElement.tagName === "BUTTON";
  if (key === S.keys.scramble && !pressesButton) {
    e.preventDefault();
    if (solved()) $("scramble").click();
    else status(`${keyName(key)} scrambles a solved puzzle; this one is in progress (the Scramble button scrambles it anyway).`);
    return;
  }
  if (key === S.keys.reset && !pressesButton) { e.preventDefault(); $("reset").click(); return; }
  const k = S.keys;
  const sign = k.blankMoves ? -1 : 1;
  const d = { [k.up]: [0, -sign, 0], [k.down]: [0, sign, 0], [k.left]: [-sign, 0, 0], [k.right]: [sign, 0, 0],
              f: [0, 0, -1], b: [0, 0, 1] }[key];
  if (!d || (d[2] !== 0 && S.P.kind !== "box")) return;
  e.preventDefault();
  const m = tileToward(d[0], d[1], d[2]);
  if (m) userMove(m[0], m[1]);
});

// /api/puzzle's body for `spec`: with the colour scheme unless plain.
const puzzleRequest = (spec) => (S.scheme === "plain" ? { puzzle: spec } : { puzzle: spec, scheme: S.scheme });

// ---- big boards: what the page leaves to the command-line tool ----
// A big board (over the page's 10,000 vertices, up to 1000x1000) loads,
// scrambles and plays here; a request carrying its position would be
// megabytes, so checks, lessons and solving name the command that does
// them instead (the analysis needs no position: the server's has the
// group and its order as a formula's summary).
function bigBoardNote(what) {
  const P = S.P, spec = P.spec, n = P.vertices.toLocaleString("en-US");
  const edges = (P.width * (P.height - 1) + P.height * (P.width - 1)).toLocaleString("en-US");
  const size = `${P.width}x${P.height} board, ${n} vertices, ${edges} edges`;
  if (what === "solve") {
    return `Solving a ${size} is for the command-line tool: its answer is billions of moves, written as it is found ` +
      `(slidepuzzle scramble --puzzle ${spec} > big.txt && slidepuzzle solve --output moves.txt @big.txt).`;
  }
  return `The page ${what} puzzles up to 10,000 vertices; on a ${size} the command-line tool does (slidepuzzle check --puzzle ${spec} @position.txt).`;
}

// ---- commands ----
// Loads `spec` in its goal position. When the puzzle cannot take the
// current number of blanks (15 blanks, then 3x3), it is loaded with one
// blank and says so, unless `keepBlanks` (the Blanks box itself changed).
async function load(spec, { keepBlanks = false } = {}) {
  let P;
  try { P = await api("/api/puzzle", puzzleRequest(spec)); }
  catch (e) {
    if (!keepBlanks && S.blanks > 1) {
      const k = S.blanks;
      setBlanks(1);
      if (await load(spec, { keepBlanks: true })) {
        status(`Loaded ${S.P.spec} with 1 blank: it cannot take ${k} blanks (${e.message}).`, "bad");
        return true;
      }
      setBlanks(k);
    }
    if (S.P) $("spec").value = S.P.spec;
    status(`Could not load "${clip(spec)}": ${e.message}` + (S.P ? ` (still showing ${S.P.spec})` : ""), "bad");
    return false;
  }
  positionChanged();
  S.P = P;
  S.colours = P.tile_colours || null;
  S.cut = new Set(); S.blocks = [];
  // A big board comes without lists ("lists": false): its neighbours and
  // positions follow from the width, its goal is the default one (tiles 1
  // to n - k in reading order, the k blanks last).
  S.big = P.lists === false;
  if (S.big) {
    const n = P.vertices, k = S.blanks, W = P.width;
    const goal = P.goal_cells = new Array(n);
    for (let v = 0; v < n; v++) goal[v] = v < n - k ? v + 1 : 0;
    S.gridPositions = new Proxy([], { get: (t, i) => (typeof i === "string" && /^\d+$/.test(i) ? [i % W, Math.floor(i / W), 0] : t[i]) });
  }
  // Moves follow the arcs on puzzles with one-way edges: a tile slides
  // from u to v only along an arc u -> v.
  const oneWay = new Set(P.one_way.map(([u, v]) => u + ">" + v));
  const list = () => Array.from({ length: S.big ? 0 : P.vertices }, () => []);
  S.adj = list(); S.into = list(); S.near = list();
  S.exchange = new Map();
  for (const [p, q, r, t] of P.exchanges || []) { S.exchange.set(p + "," + q, [r, t]); S.exchange.set(q + "," + p, [r, t]); }
  for (const [a, b] of P.edges) {
    S.near[a].push(b); S.near[b].push(a);
    if (!oneWay.has(b + ">" + a)) { S.adj[a].push(b); S.into[b].push(a); }
    if (!oneWay.has(a + ">" + b)) { S.adj[b].push(a); S.into[a].push(b); }
  }
  // A rotating puzzle has no blank: the blanks box does not apply.
  $("blanks").disabled = !!P.cycles;
  S.cells = P.goal_cells.slice();
  S.turn = P.goal_orientations.length ? P.goal_orientations.slice() : new Array(P.vertices).fill(0);
  $("spec").value = P.spec;
  draw();
  newPosition(P.goal_cells.slice(), P.goal_orientations);
  showSolves();
  status("Loaded " + P.spec + ".");
  $("analysis").textContent = ""; $("blocks").innerHTML = "";
  api("/api/analyze", { puzzle: P.spec }).then(a => {
    if (S.P !== P) return;
    // A big board's analysis: no lists, its orders as the library's
    // summaries (millions of digits written out).
    if (a.lists === false) { $("analysis").textContent = analysisText(a); return; }
    S.cut = new Set(a.articulation_points || []);
    S.blocks = a.blocks || [];
    // Only the drawing: the position did not change, and rewriting the
    // position box would overwrite what the user is typing there.
    paintVertices(); paintEdges(); showBlocks();
    $("analysis").textContent = analysisText(a);
  }).catch(e => { if (S.P === P) $("analysis").textContent = e.message; });
  return true;
}
// The analysis panel's text for each kind of answer /api/analyze gives:
// tiles that turn, one-way edges, several blanks, one blank.
function analysisText(a) {
  if (a.lists === false) {
    return `vertices ${a.vertices.toLocaleString("en-US")}, edges ${a.edges.toLocaleString("en-US")}, bipartite ${a.bipartite}, ` +
      `cyclomatic number ${a.cyclomatic_number.toLocaleString("en-US")}\n` +
      `articulation points: ${a.articulation_point_count || "none"}; blocks: ${a.block_count}\n` +
      `puzzle group: ${a.group}, order ${a.group_order}\n` +
      `reachable configurations: ${a.reachable_configurations}, classes: ${a.classes}\n` +
      `(the page plays boards this big; the command-line tool lists everything: slidepuzzle analyze --puzzle ${a.puzzle})`;
  }
  if (a.transitivity !== undefined) {
    return `${a.vertices} points, ${a.tiles} tiles; each slide also exchanges the tiles on two other points\n` +
      `puzzle group (the hole back on ${a.hole_vertex}): ${a.group}, order ${short(a.group_order)}\n` +
      `${a.transitivity}-transitive${a.sharply_transitive ? " (sharply)" : ""} on the other ${a.tiles} points; simple: ` +
      `${a.simple === null ? "not tested" : a.simple ? "yes" : "no"}\nreachable configurations: ${short(a.reachable_configurations)}`;
  }
  if (a.pieces) {
    return `${a.vertices} tokens, ${a.cycle_lengths.length} cycles of lengths ${a.cycle_lengths.join(" ")}\n` +
      `puzzle group: ${a.group}, order ${short(a.group_order)} of ${short(a.arrangements)} arrangements\n` +
      a.pieces.map((q, i) => `piece ${i + 1}: ${q.group} (${q.method === "jordan" ? "Jordan's theorem" : "Schreier-Sims"})`).join("\n") +
      "\n" + a.summary;
  }
  if (a.modulus) {
    const inv = a.invariants, k = inv.modulus;
    return `vertices ${a.vertices}, edges ${a.edges}, bipartite ${a.bipartite}; tiles turn in steps of 1/${k} of a full turn (Z_${k})\n` +
      `turn invariants: each tile's reduced turn changes by multiples of ${inv.turn_step} (mod ${k}); ` +
      `closed walks of the blank give the (parity, total turn) pairs ${inv.pairs}\n` +
      `puzzle group: ${a.summary}\norder ${short(a.group_order)} of ${short(a.whole_order)} (Z_${k} wr S_${a.tiles})`;
  }
  if (a.one_way) {
    return `vertices ${a.vertices}, one-way edges ${a.one_way_edges}, two-way edges ${a.two_way_edges}\n` +
      `strongly connected: ${a.strongly_connected ? "yes" : `no (strong components of sizes ${a.strong_components.join(", ")})`}\n` +
      (a.group ? `puzzle group: ${a.group}, order ${short(a.group_order)}\n` : "") + a.reason;
  }
  const structure = `vertices ${a.vertices}, edges ${a.edges}, bipartite ${a.bipartite}, cyclomatic number ${a.cyclomatic_number}\n` +
    (a.components > 1 ? `disconnected: ${a.components} components; no tile crosses from one to another\n` : "") +
    `articulation points: ${a.articulation_points.join(" ") || "none"}\n`;
  return a.blanks > 1
    ? structure + `blocks: ${a.blocks.map(b => b.type).join("; ")}\n` +
      `with ${a.blanks} blanks every configuration is reachable: ${a.everything_reachable ? "yes" : "no"} (${a.reason})\n` +
      (a.reachable_configurations
        ? `blank-set group (blanks back on the goal's vertices): order ${short(a.group_order)}; ${short(a.blank_sets)} blank sets; ` +
          `reachable configurations: ${short(a.reachable_configurations)}`
        : "no exact count on this graph")
    : structure + `blocks: ${a.blocks.map(b => b.type + " " + b.group).join("; ")}\n` +
      `puzzle group: ${a.group}, order ${short(a.group_order)}\n` +
      `reachable configurations: ${short(a.reachable_configurations)}, classes: ${a.classes}`;
}
// ---- marathon and relay: several puzzles in a row against one clock ----
// A marathon is `n` scrambles of the puzzle in a row; a relay is the board
// and then smaller ones, one side shortened at a time down to 2x2 (4x4,
// 4x3, 3x3, 3x2, 2x2), as in slidysim. The clock starts with the first
// move and runs until the last puzzle is solved; the event is kept as one
// solve (total time and moves) in statistics of its own. Any position the
// event did not make (Reset, Load, Set, Solve) ends it.
const MARATHONS = [5, 10, 42, 100];
const eventKind = () => ($("event") && S.mode === "play" ? $("event").value : "single");
const eventName = (kind) => (kind === "relay" ? "relay" : kind.replace("marathon-", "marathon of "));
// The boards of a relay from W x H: the longer side shortened first.
function relayBoards(w, h) {
  const out = [`${w}x${h}`];
  while (w > 2 || h > 2) {
    if (h >= w && h > 2) h--; else w--;
    out.push(`${w}x${h}`);
  }
  return out;
}
function startEvent(kind) {
  const P = S.P;
  if (kind === "relay" && !(P.plain_board && P.width >= 2 && P.height >= 2 && S.blanks === 1)) {
    status("A relay runs on plain boards with one blank: load one (4x4 runs 4x4, 4x3, 3x3, 3x2, 2x2).", "bad");
    return false;
  }
  const puzzles = kind === "relay" ? relayBoards(P.width, P.height) : Array(Number(kind.split("-")[1])).fill(P.spec);
  S.event = { kind, name: eventName(kind), puzzles, done: 0, stm: 0, mtm: 0, first: P.spec, advancing: false };
  return true;
}
function stopEvent(why) {
  const E = S.event;
  S.event = null;
  if (E && E.done < E.puzzles.length) status(`The ${E.name} ${why} after ${E.done} of ${E.puzzles.length} puzzles.`);
}
// The next puzzle of the event, scrambled, the clock running on.
async function eventNext() {
  const E = S.event, spec = E.puzzles[E.done];
  if (E.done === 0) clockReset();
  E.advancing = true;
  try {
    if (spec !== S.P.spec && !await load(spec)) { E.advancing = false; stopEvent("stopped: a board would not load"); return; }
    // A scramble that is already solved (1 in 12 on 2x2) is drawn again:
    // the event waits for a move.
    for (let tries = 0; tries < 20; tries++) {
      const r = await api("/api/scramble", { puzzle: spec });
      if (S.event !== E) return;
      const given = parseState(r.state);
      newPosition(given.cells, given.turn);
      if (!solved()) break;
    }
    S.clock.armed = true;
  } catch (e) { E.advancing = false; stopEvent("stopped: " + e.message); return; }
  E.advancing = false;
  status(`${E.name[0].toUpperCase() + E.name.slice(1)}: puzzle ${E.done + 1} of ${E.puzzles.length}` +
    (E.puzzles[E.done] !== E.puzzles[0] ? ` (${spec})` : "") + (E.done === 0 ? ". The clock starts with your first move." : ", the clock running."));
}
// One puzzle of the event solved: the next, or the event's record.
async function eventSolved() {
  const E = S.event;
  E.done++; E.stm += S.moves; E.mtm += S.mtm;
  if (E.done < E.puzzles.length) { await eventNext(); return; }
  clockStop();
  S.clock.armed = false;
  S.event = null;
  const t = S.clock.elapsed;
  if (E.first !== S.P.spec) {
    E.advancing = true; S.event = E;
    await load(E.first);
    S.event = null;
    S.clock.elapsed = t; $("timer").textContent = `time: ${seconds(t)}`;
  }
  $("tps").textContent = `TPS: ${(E.stm / t).toFixed(2)}`;
  recordSolve({ time: t, stm: E.stm, mtm: E.mtm, date: new Date().toISOString(), event: E.name, puzzles: E.puzzles.length });
  status(`${E.name[0].toUpperCase() + E.name.slice(1)} done: ${E.puzzles.length} puzzles in ${seconds(t)}, ${E.stm} moves.`, "good");
}
async function scramble() {
  const kind = eventKind();
  if (kind !== "single") {
    if (S.event) stopEvent("stopped: a new one began");
    if (startEvent(kind)) await eventNext();
    return;
  }
  const P = S.P;
  try {
    const r = await api("/api/scramble", { puzzle: P.spec });
    if (S.P !== P) return;
    const given = parseState(r.state);
    newPosition(given.cells, given.turn);
    status("Scrambled: a uniformly random position that can be solved." + (S.mode === "play" ? " The clock starts with your first move." : ""));
  } catch (e) { status(e.message, "bad"); }
}
// The blanks box and S.blanks, kept equal.
function setBlanks(k) { S.blanks = Math.max(1, Math.floor(k) || 1); $("blanks").value = S.blanks; }
// A new number of blanks: the puzzle reloads with its goal for them (back
// to the old number if the puzzle cannot take them).
async function changeBlanks(k) {
  const before = S.blanks;
  setBlanks(k);
  if (S.blanks === before || !S.P) return;
  if (!await load(S.P.spec, { keepBlanks: true })) { setBlanks(before); return; }
  status(`Loaded ${S.P.spec} with ${S.blanks} blank${S.blanks === 1 ? "" : "s"}: tiles 1 to ${S.P.vertices - S.blanks}.`);
}
async function setState() {
  if (S.big) { status(bigBoardNote("sets positions on"), "bad"); return; }
  const text = $("state").value, P = S.P;
  // The position's 0s say how many blanks it has.
  const given = parseState(text), zeros = given.cells.filter((t) => t === 0).length;
  const k = Math.max(1, zeros), before = S.blanks;
  try {
    await api("/api/check", { puzzle: P.spec, state: text, blanks: k });
    if (S.P !== P) return;
    if (k !== before) {
      setBlanks(k);
      if (!await load(P.spec, { keepBlanks: true })) { setBlanks(before); return; }
    }
    newPosition(given.cells, given.turn);
    status("Position set" + (k !== before ? `, with ${k} blanks.` : "."));
  } catch (e) { status(`That position does not fit ${P.spec}: ${e.message}`, "bad"); }
}
async function check() {
  if (S.big) { status(bigBoardNote("checks"), "bad"); return; }
  const k = key();
  try {
    const r = await api("/api/check", { puzzle: S.P.spec, state: stateString() });
    if (key() !== k) return;
    status((r.solvable ? "Solvable: " : "Unsolvable: ") + r.reason, r.solvable ? "good" : "bad");
  } catch (e) { status(e.message, "bad"); }
}
// /api/solve/stream, read by a worker (worker.js): building lines while the
// server builds the tables the search needs (once; they are kept),
// progress lines while it searches, then the answer, prepared for playing
// off the page's thread ({record, steps, mtmAt, runAt, blob}: prepareAnswer);
// aborting cancels the request, which stops the build or the search.
// `positions`, `limits`, `startDir` and `startLen` are the puzzle's
// positions and MTM run limits and the player's last direction and run
// length, for the answer's MTM counts (prepareAnswer).
function solveStreamed(body, { signal = null, onProgress = () => {}, onBuilding = () => {}, onImproved = () => {}, positions = null, limits = null, startDir = null, startLen = 0 } = {}) {
  return new Promise((resolve, reject) => {
    const worker = new Worker("/worker.js");
    let ended = false, wholeRecord = null;
    const end = () => { if (!ended) { ended = true; worker.terminate(); } };
    if (signal) signal.addEventListener("abort", () => {
      worker.postMessage({ cancel: true });   // it answers with an error, then ends
      setTimeout(end, 2000);
      reject(new DOMException("the solve was cancelled", "AbortError"));
    }, { once: true });
    worker.onmessage = (e) => {
      const m = e.data;
      if (m.progress) onProgress(m.progress);
      else if (m.improved) onImproved(m.improved);
      else if (m.building) onBuilding(m.building);
      else if (m.result && m.later) {
        // A compact answer: its whole record (the download) follows.
        const blobLater = new Promise((done) => { wholeRecord = done; });
        resolve({ record: m.result, steps: m.steps, mtmAt: m.mtmAt, runAt: m.runAt, blob: null, blobLater });
      }
      else if (m.blob && !m.result) { end(); if (wholeRecord) wholeRecord(m.blob); }
      else if (m.result) { end(); resolve({ record: m.result, steps: m.steps, mtmAt: m.mtmAt, runAt: m.runAt, blob: m.blob }); }
      else if (m.error !== undefined) { end(); reject(new Error(m.error)); }
    };
    worker.onerror = (e) => { end(); reject(new Error("the page's solve worker failed: " + (e.message || "no reason given"))); };
    worker.postMessage({ solve: withBlanks(body), positions, limits, startDir, startLen, cells: S.cells.slice() });
  });
}
// The status while the server builds tables: what it builds, how far (for
// tables that report it), and that this happens once.
function buildingText(b, started) {
  const t = b.tables[0] || {}, secs = ((performance.now() - started) / 1000).toFixed(1);
  const what = (t.message || "building tables").replace(/^building /, "");
  const share = typeof t.fraction === "number" ? `, ${Math.floor(t.fraction * 100)}% built` : "";
  const more = b.tables.length > 1 ? ` (and ${b.tables.length - 1} more build${b.tables.length > 2 ? "s" : ""})` : "";
  return `Building tables first (once; they are kept for later solves): ${what}${share}${more}. ${secs} s. Cancel stops the build.`;
}
const SHOWN_STEPS = 300;
async function solve() {
  if (S.pending) return;
  if (S.big) { status(bigBoardNote("solve"), "bad"); return; }
  const k = key(), controller = new AbortController(), started = performance.now();
  const mine = { key: k, controller, started, ticker: null };
  S.pending = mine;
  $("solve").disabled = true; $("cancel").hidden = false;
  // Solve ends a timed attempt, unrecorded, and says so on the clock.
  const abandoned = attempting();
  clockStop(); S.clock.armed = false;
  if (abandoned) $("timer").textContent = `time: ${seconds(S.clock.elapsed)} (attempt ended by Solve, not recorded)`;
  let latest = null, building = null, improved = null;
  const tick = () => status(building && !latest ? buildingText(building, started)
    : `Solving... ${((performance.now() - started) / 1000).toFixed(1)} s` +
    (latest ? (latest.bound > 0 ? `, no solution shorter than ${latest.bound} moves` : "") + `, ${latest.generated.toLocaleString()} positions generated` : "") +
    (improved ? `, best so far ${improved.length} moves` + (improved.lower_bound > 0 ? ` (the shortest has at least ${improved.lower_bound})` : "") : "") +
    " (Cancel stops the search)");
  tick(); mine.ticker = setInterval(tick, 200);
  let answer;
  try {
    // "ida-mtm": shortest in the multi-tile metric (a run of tiles slid in
    // one direction is one move).
    const choice = $("algo").value, mtm = choice === "ida-mtm";
    const body = { puzzle: S.P.spec, state: stateString(), algo: mtm ? "ida" : choice, ...(mtm ? { metric: "mtm" } : {}) };
    // The Rust end-to-end test's headless Chromium (--dump-dom with virtual
    // time) does not read streamed bodies: the self-test asks /api/solve.
    answer = S.P.cycles ? turnsAnswer(await api("/api/solve", body, controller.signal))
      : params.has("selftest")
      ? prepareAnswer(await api("/api/solve", body, controller.signal), S.P.positions || null, S.lastDir, null, S.P.mtm_run_limits, S.runLen)
      : await solveStreamed(body, {
        signal: controller.signal, positions: S.P.positions || null, startDir: S.lastDir,
        limits: S.P.mtm_run_limits || null, startLen: S.runLen,
        onProgress: (p) => { latest = p; mine.building = false; },
        onBuilding: (b) => { building = b; mine.building = !latest; },
        onImproved: (i) => { improved = i; building = null; mine.building = false; },
      });
  } catch (e) {
    if (S.pending === mine) { dropPending(); status(e.message, "bad"); }
    return null;
  }
  if (S.pending !== mine) return null;   // cancelled, or the position changed
  dropPending();
  if (key() !== k) { status("The position changed while solving; that answer was dropped."); return null; }
  const r = answer.record, steps = answer.steps, count = steps.length / 2;
  if (r.solvable === false) { status("Unsolvable: " + r.reason, "bad"); return null; }
  if (r.solved === false) { status("Stopped: " + r.message, "bad"); return null; }
  if (!count) { $("solution").textContent = "Already solved: 0 moves."; status("This position is already solved: nothing to play.", "good"); return r; }
  S.solution = { key: k, steps, count, startCells: S.cells.slice(), startHistory: S.history.slice(), startMoves: S.moves,
                 startMtm: S.mtm, startDir: S.lastDir, startLen: S.runLen, mtmAt: answer.mtmAt, runAt: answer.runAt, index: 0, record: r };
  const shown = [];
  for (let i = 0; i < Math.min(count, SHOWN_STEPS); i++) shown.push(`${steps[2 * i]}>${steps[2 * i + 1]}`);
  const listed = S.P.cycles ? `turns (cycle, ' for back): ${r.moves}` : `steps (vertex>vertex): ${shown.join(" ")}`;
  const quality = r.optimal ? " (shortest)" : r.lower_bound > 0 ? ` (the shortest has at least ${r.lower_bound})` : "";
  $("solution").textContent = `${r.length} moves${quality}, by ${r.method || r.algorithm}, ${r.expanded > 0 ? r.expanded.toLocaleString() + " positions looked at, " : ""}${r.seconds.toFixed(3)} s\n` +
    (r.moves && r.length <= SHOWN_STEPS && !S.P.cycles ? "moves: " + r.moves + "\n" : "") +
    listed + (count > SHOWN_STEPS && !S.P.cycles ? ` ... and ${count - SHOWN_STEPS} more` : "");
  if (count > SHOWN_STEPS) {
    const a = document.createElement("a");
    a.download = "solution.json";
    $("solution").appendChild(a);
    const link = (blob) => { a.textContent = "\nDownload all steps"; a.href = URL.createObjectURL(blob); };
    if (answer.blobLater) { a.textContent = "\nDownload all steps (being written)"; answer.blobLater.then(link); }
    else link(answer.blob || new Blob([JSON.stringify(r)], { type: "application/json" }));
  }
  $("step").textContent = `step 0 / ${count}`;
  status(`Found ${r.length} move${r.length === 1 ? "" : "s"}. Press Play, or step with the buttons beside it.`, "good");
  return r;
}
// A rotating puzzle's solve record as the player's answer: each turn as
// the pair [-cycle, forward ? 1 : 0] (see isTurn), one move each.
function turnsAnswer(record) {
  const turns = record.turns || [], steps = new Int32Array(2 * turns.length);
  turns.forEach((t, i) => { steps[2 * i] = -t.cycle; steps[2 * i + 1] = t.forward ? 1 : 0; });
  const counts = Array.from({ length: turns.length + 1 }, (_, i) => i);
  return { record, steps, mtmAt: counts, runAt: counts.map(() => 0) };
}
// Puts the board at step i of the solution (only steps through it keep it).
// `ms`: how long a single step's slide is shown (0: none).
function stepTo(i, ms = 90) {
  const sol = S.solution;
  if (!sol) return;
  const st = sol.steps, from = (k) => st[2 * k], to = (k) => st[2 * k + 1];
  i = Math.max(0, Math.min(sol.count, i));
  const single = Math.abs(i - sol.index) === 1 ? (i > sol.index ? [from(sol.index), to(sol.index)] : [to(i), from(i)]) : null;
  const touched = [];
  if (i >= sol.index) {
    for (let k = sol.index; k < i; k++) { slide(from(k), to(k)); touched.push(...touchedBy(from(k), to(k))); }
  } else {
    for (let k = sol.index - 1; k >= i; k--) { slide(to(k), from(k)); touched.push(...touchedBy(from(k), to(k))); }
  }
  // The history follows the index (no copy of the whole history per frame).
  let kept = sol.index;
  if (S.history.length !== sol.startHistory.length + kept) { S.history = sol.startHistory.slice(); kept = 0; }
  if (i >= kept) for (let k = kept; k < i; k++) S.history.push([from(k), to(k)]);
  else S.history.length = sol.startHistory.length + i;
  sol.index = i;
  S.moves = sol.startMoves + i;
  S.mtm = sol.startMtm + sol.mtmAt[i];
  S.lastDir = i > 0 && !S.P.cycles ? direction(from(i - 1), to(i - 1)) : sol.startDir;
  S.runLen = sol.runAt[i];
  paintAround(touched);
  if (single && !isTurn(...single)) animateSlide(single[0], single[1], ms);
  $("step").textContent = `step ${i} / ${sol.count}`;
  if (i === sol.count && solved()) status("Solution played: solved.", "good");
}
function stopPlaying() { if (S.playing) { cancelAnimationFrame(S.playing); S.playing = null; $("play").textContent = "Play"; } }
function play() {
  const sol = S.solution;
  if (!sol) { status("No solution to play: press Solve first."); return; }
  if (S.playing) { stopPlaying(); return; }
  if (sol.index >= sol.count) stepTo(0);
  $("play").textContent = "Pause";
  let last = performance.now(), carry = 0;
  const frame = (now) => {
    if (S.solution !== sol) { stopPlaying(); return; }
    carry += (now - last) / 1000 * Number($("speed").value); last = now;
    const n = Math.floor(carry); carry -= n;
    const speed = Number($("speed").value);
    if (n > 0) stepTo(sol.index + n, speed > 40 ? 0 : Math.min(120, 800 / speed));
    if (sol.index >= sol.count) { stopPlaying(); return; }
    S.playing = requestAnimationFrame(frame);
  };
  S.playing = requestAnimationFrame(frame);
}
// MTM and the last direction recounted over the whole history (after an
// undo, or a link's moves): a run is a maximal stretch of moves in one
// direction.
function recountRuns() {
  S.mtm = 0; S.lastDir = null; S.runLen = 0;
  for (const [f, t] of S.history) countRun(f, t);
}
// One move's MTM count (newRun, by the server's run limits), carried in
// S.mtm, S.lastDir and S.runLen.
function countRun(from, to) {
  if (isTurn(from, to)) { S.mtm++; return; }   // one turn, one move
  const d = direction(from, to), limit = runLimit(S.P.mtm_run_limits, positionsOf(), from, to);
  const fresh = newRun(d, S.lastDir, S.runLen, limit);
  if (fresh) S.mtm++;
  S.runLen = limit == null ? 0 : fresh ? 1 : S.runLen + 1;
  S.lastDir = d;
}
// Undo takes the last move back. In a timed attempt it is a move like any
// other (the tile really slides back): it counts in STM and MTM, so a
// recorded solve counts every move made, as speedsolving timers do;
// elsewhere it takes the move off the counters.
function undo() {
  if (!S.history.length) return;
  positionChanged(S.solution ? "Undo changed the position, so the solution was dropped." : null);
  const [from, to] = S.history.pop();
  slide(to, from);
  if (attempting()) {
    S.moves++;
    S.played.push(to, from);
    countRun(to, from);
  } else {
    S.moves = Math.max(0, S.moves - 1);
    recountRuns();
  }
  paintAround(touchedBy(from, to));
  if (!solved() && $("status").className === "good") status("");
}

$("load").onclick = () => load($("spec").value);
// A count that is not a whole number of at least 1 is refused, not rounded.
$("blanks").addEventListener("change", () => {
  const raw = $("blanks").value, k = Number(raw);
  if (raw.trim() === "" || !Number.isInteger(k) || k < 1) {
    status(`Blanks must be a whole number of at least 1, not "${clip(raw, 20)}"; still ${S.blanks}.`, "bad");
    $("blanks").value = S.blanks;
    return;
  }
  changeBlanks(k);
});
$("spec").addEventListener("keydown", (e) => { if (e.key === "Enter") load($("spec").value); });
$("state").addEventListener("keydown", (e) => { if (e.key === "Enter") setState(); });
$("reset").onclick = () => { newPosition(S.P.goal_cells.slice(), S.P.goal_orientations); status("Reset to the solved position."); };
$("undo").onclick = undo;
$("scramble").onclick = scramble;
$("set").onclick = setState;
$("check").onclick = check;
$("solve").onclick = () => { if (S.event) stopEvent("ended: Solve was pressed"); solve(); };
$("event").onchange = () => {
  if (S.event) stopEvent("stopped");
  const kind = eventKind();
  showSolves();
  if (kind !== "single") status(`${eventName(kind)[0].toUpperCase() + eventName(kind).slice(1)}: press Scramble (or ${keyName(S.keys.scramble)}) to start; one clock runs from the first move to the last puzzle solved.`);
};
$("cancel").onclick = () => {
  const building = S.pending && S.pending.building;
  dropPending();
  status(building ? "Table build stopped: nothing half-built is kept; the next Solve starts it again." : "Search stopped.");
};
$("fwd").onclick = () => { if (S.solution) stepTo(S.solution.index + 1); };
$("back").onclick = () => { if (S.solution) stepTo(S.solution.index - 1); };
$("play").onclick = play;
$("share").onclick = async () => {
  const link = shareLink();
  try { await navigator.clipboard.writeText(link); status("Link copied: " + link); }
  catch { status("Link: " + link); }
};
// The animate switch is remembered in this browser.
try { if (localStorage.getItem("slidepuzzle.animate") === "off") $("animate").checked = false; } catch { /* storage off */ }
// The colour scheme: kept in this browser; a change asks the server for
// the current puzzle's colours (the library's schemes, one per tile).
try { const kept = localStorage.getItem("slidepuzzle.scheme"); if (kept && [...$("scheme").options].some((o) => o.value === kept)) $("scheme").value = kept; } catch { /* off */ }
S.scheme = $("scheme").value;
$("scheme").onchange = async () => {
  S.scheme = $("scheme").value;
  try { localStorage.setItem("slidepuzzle.scheme", S.scheme); } catch { /* off */ }
  const P = S.P;
  if (!P) return;
  try {
    const r = await api("/api/puzzle", puzzleRequest(P.spec));
    if (S.P === P) { S.colours = r.tile_colours || null; paintVertices(); }
  } catch (e) { status(`Could not colour the tiles: ${e.message}`, "bad"); }
};
$("animate").onchange = () => { try { localStorage.setItem("slidepuzzle.animate", $("animate").checked ? "on" : "off"); } catch { /* off */ } };
$("forget").onclick = forgetSolves;
$("export-solves").onclick = exportSolves;
$("export-json").onclick = exportSolvesJson;
$("import-solves").onclick = () => $("import-file").click();
$("import-file").onchange = async () => {
  const f = $("import-file").files[0];
  $("import-file").value = "";
  if (f && S.P) await importSolves(f);
};
window.addEventListener("resize", () => { if (S.P && gridDrawn()) draw(); });

async function selftest() {
  // Used by the Rust end-to-end test: for a 4x4, a 10x10 and the Petersen
  // graph, scramble, ask the server for a solution, step through it with
  // the page's own move code, and report whether the board ends solved.
  const out = document.createElement("pre"); out.id = "selftest"; document.body.appendChild(out);
  const report = [];
  try {
    for (const spec of ["4x4", "10x10", "petersen"]) {
      if (!await load(spec)) throw new Error(spec + " did not load");
      const r = await api("/api/scramble", { puzzle: spec, seed: 12345 });
      const given = parseState(r.state);
      newPosition(given.cells, given.turn);
      const before = stateString();
      const s = await solve();
      if (!s) throw new Error(spec + ": no solution");
      stepTo(S.solution ? S.solution.count : 0);
      if (!solved() || before === stateString()) throw new Error(spec + " not solved");
      report.push(`${spec} in ${s.length} moves`);
    }
    out.textContent = "selftest: solved " + report.join("; ");
  } catch (e) { out.textContent = "selftest: FAILED, " + e.message; }
}
const params = new URLSearchParams(location.search);
setMode(params.get("mode") || (() => { try { return localStorage.getItem("slidepuzzle.mode"); } catch { return null; } })() || "play");
if (params.has("selftest")) selftest();
else openLink(params);
