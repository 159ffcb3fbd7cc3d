"use strict";
// The page's heavy work, loaded twice: as a plain script by the page (for
// small jobs, done at once) and as its Web Worker (for big ones, so that
// no task blocks the page: a 100x100 answer is 2.6 million steps, 7 MB
// in the compact form it asks for, 60 MB as a whole record; a graph of
// 2,000 vertices takes seconds to lay out).
//
// As a worker it takes one job per message and answers with messages:
//   {solve: body, positions, startDir, limits, startLen, cells}: POSTs body
//     to /api/solve/stream (asking for the compact form: a long one-blank
//     answer comes as its blank's walk, 7 MB instead of 60 on 100x100)
//     and passes on its {building} and {progress} lines; the answer comes
//     as {result: record without its per-step arrays, steps, mtmAt, runAt, blob}
//     (see prepareAnswer; blob is the record as the server sent it, for
//     the download link), or {error: message}. A compact answer comes with
//     `later: true` and no blob; its whole record (blank_path, tiles and
//     steps, replayed from `cells`) follows as {blob}. {cancel: true}
//     aborts the request, which stops the server's build or search.
//   {layout: n, edges}: answers {layout: points} (forceLayout).

// The direction a tile moves from `from` to `to` on a layout with
// `positions` (wrap steps on tori count as one step the short way), as a
// number (the sign of each coordinate's change, base 3), or null on
// graphs without positions. Two moves are in one run when their
// directions are equal.
function directionCode(positions, from, to) {
  if (!positions) return null;
  const a = positions[from], b = positions[to];
  let code = 0;
  for (let i = 0; i < a.length; i++) {
    const c = b[i] - a[i];
    code = code * 3 + Math.sign(Math.abs(c) > 1 ? -c : c) + 1;
  }
  return code;
}
// The library's one MTM rule (moves::run_moves): moves in one direction
// make one run until it has made `limit` steps, the server's
// `mtm_run_limits` for the move's axis (L - 1 on a torus line of L; null:
// to the line's end, on boards and boxes); a move without a direction is
// a run of its own. Whether a move in direction `d`, after one in
// direction `last` that ended a run of `len` steps, starts a new run (one
// more MTM).
const newRun = (d, last, len = 0, limit = null) =>
  d === null || d !== last || (limit != null && len >= limit);
// The limit of newRun for the step from `from` to `to`: `limits` (the
// puzzle record's mtm_run_limits) on the axis the step moves along, or
// null.
function runLimit(limits, positions, from, to) {
  if (!limits || !positions) return null;
  const a = positions[from], b = positions[to];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return limits[i] ?? null;
  return null;
}

// A solved record prepared for playing: its `steps` ([from, to] pairs)
// become one Int32Array (from, to, from, to, ...; 8 bytes a step instead
// of an array each), `mtmAt[i]` is the number of MTM runs in the first i
// steps, counted on from `startDir` (the player's last direction: a run
// continues across the boundary) and `startLen` (how long that run is),
// and `runAt[i]` the length of the run step i - 1 ends where it is
// limited (`limits`: the puzzle record's mtm_run_limits; 0 elsewhere). The per-step arrays
// the page does not use (`tiles`, `blank_path`) are dropped from the
// record. Linear in the number of steps.
// `flat`, when given, is the steps already as one Int32Array
// (readResultLine).
function prepareAnswer(record, positions, startDir, flat = null, limits = null, startLen = 0) {
  let steps = flat;
  if (!steps) {
    const raw = record.steps || [];
    steps = new Int32Array(2 * raw.length);
    for (let k = 0; k < raw.length; k++) { steps[2 * k] = raw[k][0]; steps[2 * k + 1] = raw[k][1]; }
  }
  const n = steps.length / 2, mtmAt = new Int32Array(n + 1), runAt = new Uint8Array(n + 1);
  let dir = startDir, len = startLen;
  runAt[0] = Math.min(startLen, 255);
  for (let k = 0; k < n; k++) {
    const f = steps[2 * k], t = steps[2 * k + 1];
    const d = directionCode(positions, f, t), limit = runLimit(limits, positions, f, t);
    const fresh = newRun(d, dir, len, limit);
    mtmAt[k + 1] = mtmAt[k] + (fresh ? 1 : 0);
    len = limit == null ? 0 : fresh ? 1 : len + 1;
    runAt[k + 1] = len;
    dir = d;
  }
  delete record.steps; delete record.tiles; delete record.blank_path;
  return { record, steps, mtmAt, runAt };
}

// A compact answer's walk (`walk_u16`: base64 of little-endian 16-bit
// vertices, the blank's start first) as steps, one Int32Array (from, to,
// ...): step k moves the tile on walk[k + 1] into the blank on walk[k].
function stepsOfWalk(base64) {
  const bin = atob(base64), n = Math.max(0, bin.length / 2 - 1), steps = new Int32Array(2 * n);
  const at = (i) => bin.charCodeAt(2 * i) | (bin.charCodeAt(2 * i + 1) << 8);
  let blank = at(0);
  for (let k = 0; k < n; k++) { const from = at(k + 1); steps[2 * k] = from; steps[2 * k + 1] = blank; blank = from; }
  return steps;
}
// The whole record of a compact answer, as the server's plain record has
// it (blank_path, tiles, steps), for the download link: `record` without
// its walk, `steps` (stepsOfWalk), `cells` the start (tiles replayed from
// it). Built in pieces of 65,536 steps.
function wholeRecordBlob(record, steps, cells) {
  const n = steps.length / 2, c = cells.slice(), CHUNK = 65536;
  const list = (item) => {
    const parts = [];
    for (let a = 0; a < n; a += CHUNK) {
      const piece = [];
      for (let k = a; k < Math.min(n, a + CHUNK); k++) piece.push(item(k));
      parts.push((a ? "," : "") + piece.join(","));
    }
    return parts;
  };
  // The walk: the blank's start (the first step's `to`), then each step's `from`.
  const walk = n ? [String(steps[1]), ",", ...list((k) => steps[2 * k])] : [];
  const tiles = list((k) => { const f = steps[2 * k], t = steps[2 * k + 1], tile = c[f]; c[t] = tile; c[f] = 0; return tile; });
  const head = JSON.stringify(record);
  return new Blob([head.slice(0, -1), ',"blank_path":[', ...walk, '],"tiles":[', ...tiles,
    '],"steps":[', ...list((k) => `[${steps[2 * k]},${steps[2 * k + 1]}]`), "]}"], { type: "application/json" });
}

// The `{"result": record}` line of a long answer (its bytes), read
// without building an array per step: the record's three per-step arrays
// (`blank_path`, `tiles`, `steps`: numbers and brackets only) are cut out
// before JSON.parse, and `steps` is read straight into an Int32Array (a
// 100x100 answer: 60 MB, 0.8 s with JSON.parse, a tenth of that here).
// Returns {record, flat}, or null when the line is not shaped so (the
// caller then uses JSON.parse). A key is found as the bytes `"key":[` at a
// quote; inside a JSON string its quotes would be escaped.
function readResultLine(bytes) {
  const QUOTE = 34, OPEN = 91, CLOSE = 93, encoder = new TextEncoder();
  const keys = ["blank_path", "tiles", "steps"].map((k) => encoder.encode(`"${k}":[`));
  const opens = [-1, -1, -1];
  for (let i = bytes.indexOf(QUOTE); i >= 0; i = bytes.indexOf(QUOTE, i + 1)) {
    keys.forEach((key, n) => {
      if (opens[n] >= 0) return;
      let j = 0;
      while (j < key.length && bytes[i + j] === key[j]) j++;
      if (j === key.length) opens[n] = i + key.length - 1;
    });
    if (opens.every((o) => o >= 0)) break;
  }
  if (opens.some((o) => o < 0)) return null;
  const cuts = [0, 1].map((n) => [opens[n], bytes.indexOf(CLOSE, opens[n]) + 1]);
  // The steps: [[from,to],...], read digit by digit into a growing array.
  let flat = new Int32Array(1 << 16), k = 0, value = -1, depth = 0, i = opens[2];
  for (; i < bytes.length; i++) {
    const c = bytes[i];
    if (c >= 48 && c <= 57) { value = (value < 0 ? 0 : value * 10) + (c - 48); continue; }
    if (value >= 0) {
      if (k === flat.length) { const more = new Int32Array(2 * flat.length); more.set(flat); flat = more; }
      flat[k++] = value; value = -1;
    }
    if (c === OPEN) depth++;
    else if (c === CLOSE && --depth === 0) break;
  }
  cuts.push([opens[2], i + 1]);
  if (cuts.some(([a, b]) => b <= a)) return null;
  cuts.sort((x, y) => x[0] - y[0]);
  const decoder = new TextDecoder();
  let small = "", last = 0;
  for (const [a, b] of cuts) { small += decoder.decode(bytes.subarray(last, a)) + "[]"; last = b; }
  small += decoder.decode(bytes.subarray(last));
  const record = JSON.parse(small).result;
  if (!record || record.stm !== k / 2) return null;
  return { record, flat: flat.slice(0, k) };
}

// A force-directed layout (d3-force, bundled in /layout.js), run to rest
// from a circle: springs on the edges, repulsion between all vertices. On
// small graphs several starting orders are tried and the drawing with the
// fewest edge crossings kept. Coordinates in edge lengths; above 2,000
// vertices, the circle itself.
function forceLayout(n, edges) {
  const circle = (order) => order.map((_, i) => ({ x: Math.cos(2 * Math.PI * i / n) * 30 * Math.sqrt(n), y: Math.sin(2 * Math.PI * i / n) * 30 * Math.sqrt(n) }));
  const identity = Array.from({ length: n }, (_, i) => i);
  if (typeof SlideLayout === "undefined" || n > 2000) return circleLayout(n);
  const run = (order) => {
    const start = circle(order), nodes = new Array(n);
    order.forEach((v, i) => { nodes[v] = start[i]; });
    const links = edges.map(([a, b]) => ({ source: a, target: b }));
    const sim = SlideLayout.forceSimulation(nodes)
      .force("link", SlideLayout.forceLink(links).distance(40).strength(0.8))
      .force("charge", SlideLayout.forceManyBody().strength(-160))
      .force("x", SlideLayout.forceX(0).strength(0.04)).force("y", SlideLayout.forceY(0).strength(0.04))
      .stop();
    for (let i = 0; i < 300; i++) sim.tick();
    return nodes.map((p) => [p.x / 40, p.y / 40]);
  };
  let best = run(identity);
  if (n > RETRIED_UP_TO) return best;
  let fewest = crossings(best, edges);
  // A small fixed generator: the same drawing every time.
  let seed = 12345;
  const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  for (let t = 0; t < 8 && fewest > 0; t++) {
    const order = identity.slice();
    for (let i = n - 1; i > 0; i--) { const j = Math.floor(random() * (i + 1)); [order[i], order[j]] = [order[j], order[i]]; }
    const pts = run(order), c = crossings(pts, edges);
    if (c < fewest) { best = pts; fewest = c; }
  }
  return best;
}
// Graphs with at most this many vertices get several starting orders.
const RETRIED_UP_TO = 60;
// About how much work forceLayout does: per run, 300 ticks of the
// repulsion (near n^2 on graphs this small) and the springs, and on small
// graphs the crossing counts (quadratic in the edges). One unit is some
// 30 ns in headless Chromium on the 2-core test machine: complete:54 is
// 21 M units, 0.65 s.
function layoutWork(n, edgeCount) {
  const runs = n <= RETRIED_UP_TO ? 9 : 1;
  return runs * 300 * (n * n + edgeCount) + (n <= RETRIED_UP_TO ? runs * edgeCount * edgeCount / 2 : 0);
}
// Vertex i of n on a circle, in order (in edge lengths).
function circleLayout(n) {
  const r = 0.75 * Math.sqrt(n);
  return Array.from({ length: n }, (_, i) => [Math.cos(2 * Math.PI * i / n) * r, Math.sin(2 * Math.PI * i / n) * r]);
}
// Number of pairs of edges without a common end that cross (quadratic in
// the number of edges: small graphs only).
function crossings(pts, edges) {
  const side = (a, b, c) => Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
  let count = 0;
  for (let i = 0; i < edges.length; i++) for (let j = i + 1; j < edges.length; j++) {
    const [a, b] = edges[i], [c, d] = edges[j];
    if (a === c || a === d || b === c || b === d) continue;
    if (side(pts[a], pts[b], pts[c]) * side(pts[a], pts[b], pts[d]) < 0 && side(pts[c], pts[d], pts[a]) * side(pts[c], pts[d], pts[b]) < 0) count++;
  }
  return count;
}

// The streamed solve, in the worker: lines are split on the newline byte
// of each new chunk only (a 60 MB answer line is decoded and parsed once).
async function streamSolve(job, signal) {
  const body = JSON.stringify({ ...job.solve, compact: true });
  const r = await fetch("/api/solve/stream", { method: "POST", headers: { "content-type": "application/json" }, body, signal });
  if (!r.ok) {
    const j = await r.json().catch(() => ({ error: "the server answered HTTP " + r.status }));
    throw new Error(j.error || ("the server answered HTTP " + r.status));
  }
  const reader = r.body.getReader(), decoder = new TextDecoder();
  let parts = [], size = 0;
  const line = (bytes) => {
    const long = bytes.length > 1e6 ? readResultLine(bytes) : null;
    const text = long ? null : decoder.decode(bytes);
    if (!long && !text.trim()) return false;
    const msg = long ? { result: long.record } : JSON.parse(text);
    if (msg.progress) postMessage({ progress: msg.progress });
    else if (msg.improved) postMessage({ improved: msg.improved });
    else if (msg.building) postMessage({ building: msg.building });
    else if (msg.error) throw new Error(msg.error);
    else if (msg.result && msg.result.walk_u16 !== undefined) {
      const { walk_u16: walk, ...record } = msg.result;
      const flat = stepsOfWalk(walk);
      const { steps, mtmAt, runAt } = prepareAnswer(record, job.positions, job.startDir, flat, job.limits, job.startLen);
      postMessage({ result: record, steps, mtmAt, runAt, later: true }, [mtmAt.buffer, runAt.buffer]);
      postMessage({ blob: wholeRecordBlob(record, steps, job.cells) });
      return true;
    }
    else if (msg.result) {
      // The record as sent (the line is {"result":record}), not stringified
      // again; any other shape of line is stringified.
      const prefix = new TextEncoder().encode('{"result":'), end = bytes.lastIndexOf(125 /* } */);
      const sent = prefix.every((b, i) => bytes[i] === b) && end > prefix.length;
      const blob = new Blob([sent ? bytes.subarray(prefix.length, end) : JSON.stringify(msg.result)], { type: "application/json" });
      const { record, steps, mtmAt, runAt } = prepareAnswer(msg.result, job.positions, job.startDir, long && long.flat, job.limits, job.startLen);
      postMessage({ result: record, steps, mtmAt, runAt, blob }, [steps.buffer, mtmAt.buffer, runAt.buffer]);
      return true;
    }
    return false;
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    let from = 0, nl;
    while ((nl = value.indexOf(10, from)) >= 0) {
      let bytes = value.subarray(from, nl);
      if (parts.length) { parts.push(bytes); bytes = join(parts, size + bytes.length); parts = []; size = 0; }
      from = nl + 1;
      if (line(bytes)) return;
    }
    if (from < value.length) { parts.push(value.subarray(from)); size += value.length - from; }
  }
  throw new Error("the server closed the connection without an answer");
}
function join(parts, size) {
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

if (typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope) {
  importScripts("/layout.js");
  const controller = new AbortController();
  self.onmessage = async (e) => {
    const job = e.data;
    if (job.cancel) { controller.abort(); return; }
    if (job.layout !== undefined) { postMessage({ layout: forceLayout(job.layout, job.edges) }); return; }
    try { await streamSolve(job, controller.signal); }
    catch (err) { postMessage({ error: err.message }); }
  };
}
