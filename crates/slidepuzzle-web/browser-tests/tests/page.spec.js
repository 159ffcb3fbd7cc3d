// The page as a user meets it, in real Chromium: each of the ten problems
// of issue 16 as a regression test, a speedsolve from scramble to solved,
// and the phone layout.
const { test, expect } = require("@playwright/test");
const { default: AxeBuilder } = require("@axe-core/playwright");

// Fails a test on any error the page logs or throws.
let pageErrors = [];
test.beforeEach(async ({ page }) => {
  pageErrors = [];
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  // A 400 or 413 from the API is an answer the page shows (a bad spec, a
  // request over the length limit), not an error of the page.
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of 4(00|13)/.test(m.text())) pageErrors.push(m.text());
  });
});
test.afterEach(async ({ page }) => {
  // Held answers the page gave up on (Cancel, a move) may still be in
  // flight: they end with the test, not in the next one.
  await page.unrouteAll({ behavior: "ignoreErrors" });
  expect(pageErrors, "errors in the page").toEqual([]);
});

// Records every main-thread task over 50 ms (the Long Tasks API) in
// window.longTasks, from the page's first script on.
async function watchLongTasks(page) {
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration));
    }).observe({ type: "longtask", buffered: true });
  });
}
async function open(page, spec) {
  await page.goto(`/?puzzle=${encodeURIComponent(spec)}`);
  await expect(page.locator("#status")).toContainText("Loaded");
}
const model = (page) => page.evaluate(() => ({
  spec: S.P.spec, cells: S.cells.slice(), moves: S.moves, solution: S.solution !== null,
  pending: S.pending !== null, history: S.history.length,
}));
async function mode(page, name) {
  await page.click(`nav.modes button[data-mode="${name}"]`);
  await expect(page.locator(`nav.modes button[data-mode="${name}"]`)).toHaveAttribute("aria-selected", "true");
}
async function setState(page, text) {
  // A "Position set" left from an earlier call must not pass the wait below.
  await page.evaluate(() => status(""));
  await page.fill("#state", text);
  await page.click("#set");
  await expect(page.locator("#status")).toContainText("Position set");
}
// In the graph editor: a vertex at each spot (the canvas is 520 x 360
// units), then an edge toggled for each pair by clicking its two ends.
// Clicks each spot on the editor's empty canvas, as a user would: the next
// click only once the last one's vertex is drawn (a failure names the
// click that added none).
async function editorAdd(page, spots) {
  const circles = page.locator("#edit-out svg circle");
  for (const [x, y] of spots) {
    const before = await circles.count();
    const b = await page.locator("#edit-out svg").boundingBox();
    await page.mouse.click(b.x + x * b.width / 520, b.y + y * b.height / 360);
    await expect(circles, `the click at (${x}, ${y}) adds vertex ${before}`).toHaveCount(before + 1);
  }
}
async function editorToggle(page, pairs) {
  for (const [a, b] of pairs) {
    await page.locator(`#edit-out circle[data-v="${a}"]`).click();
    await page.locator(`#edit-out circle[data-v="${b}"]`).click();
  }
}
// Holds /api/solve answers back until `release()`; counts the requests.
async function holdSolves(page) {
  let release; const gate = new Promise((r) => { release = r; });
  const seen = { count: 0 };
  await page.route("**/api/solve/stream", async (route) => {
    seen.count++;
    try {
      const response = await route.fetch();
      const body = await response.text();
      await gate;
      await route.fulfill({ response, body });
    } catch {
      // The page aborted the request, or the test ended: nothing to answer.
    }
  });
  return { release, seen };
}

test("1. a solution that arrives after Load is dropped, and Play does nothing", async ({ page }) => {
  await open(page, "4x4");
  await setState(page, "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15");
  const hold = await holdSolves(page);
  await page.click("#solve");
  await page.fill("#spec", "petersen");
  await page.click("#load");
  await expect(page.locator("#status")).toContainText("Loaded petersen");
  hold.release();
  await page.waitForTimeout(300);
  await page.click("#play");
  const m = await model(page);
  expect(m.spec).toBe("petersen");
  expect(m.cells.length).toBe(10);
  expect(m.solution).toBe(false);
  await expect(page.locator("#board svg circle")).toHaveCount(10);
});

test("1b. moving a tile while solving drops the answer", async ({ page }) => {
  await open(page, "3x3");
  await setState(page, "1 2 3/4 5 6/0 7 8");
  const hold = await holdSolves(page);
  await page.click("#solve");
  await page.keyboard.press("ArrowLeft");
  hold.release();
  await page.waitForTimeout(300);
  const m = await model(page);
  expect(m.solution).toBe(false);
  expect(m.pending).toBe(false);
  await expect(page.locator("#solution")).toHaveText("Press Solve.");
});

test("2. Undo after a played solution takes back its last move", async ({ page }) => {
  await open(page, "3x3");
  await setState(page, "1 2 3/4 5 6/0 7 8");
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Found 2 moves");
  await page.click("#fwd");
  await page.click("#fwd");
  await expect(page.locator("#status")).toContainText("solved");
  const before = await model(page);
  await page.click("#undo");
  const after = await model(page);
  const changed = before.cells.map((t, v) => t !== after.cells[v] ? v : -1).filter((v) => v >= 0);
  expect(changed.length).toBe(2);
  // The two cells are neighbours on the 3x3 board (the undone slide).
  const [a, b] = changed, [ax, ay, bx, by] = [a % 3, Math.floor(a / 3), b % 3, Math.floor(b / 3)];
  expect(Math.abs(ax - bx) + Math.abs(ay - by)).toBe(1);
  await expect(page.locator("#status")).not.toHaveClass("good");
  await expect(page.locator("#board")).not.toHaveClass(/solved/);
});

test("3. no stale solution after Load, Scramble, Set or a move", async ({ page }) => {
  await open(page, "3x3");
  await setState(page, "1 2 3/4 5 6/0 7 8");
  for (const act of [
    async () => { await page.fill("#spec", "petersen"); await page.click("#load"); await expect(page.locator("#status")).toContainText("Loaded"); },
    async () => { await page.click("#scramble"); await expect(page.locator("#status")).toContainText("Scrambled"); },
    async () => { await setState(page, (await model(page)).spec === "3x3" ? "1 2 3/4 5 6/7 0 8" : "1 2 3 4 5 6 7 8 0 9"); },
    async () => { await page.locator("#board [data-v]").first().click(); await page.keyboard.press("ArrowLeft"); await page.keyboard.press("ArrowRight"); },
  ]) {
    await page.click("#solve");
    await expect(page.locator("#status")).toContainText(/Found|already/);
    await expect(page.locator("#solution")).not.toHaveText("Press Solve.");
    await act();
    await expect(page.locator("#solution")).toHaveText("Press Solve.");
    expect((await model(page)).solution).toBe(false);
    if ((await model(page)).spec !== "3x3") { await open(page, "3x3"); await setState(page, "1 2 3/4 5 6/0 7 8"); }
  }
});

test("4. the arrow keys with a solution shown say it was dropped", async ({ page }) => {
  await open(page, "3x3");
  await setState(page, "1 2 3/4 5 6/0 7 8");
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Found");
  await page.keyboard.press("ArrowLeft");
  await expect(page.locator("#status")).toContainText("solution was dropped");
  await expect(page.locator("#hint")).not.toContainText("use Play or the arrows");
});

test("5. the clock runs only while the player plays, and resets", async ({ page }) => {
  await open(page, "3x3");
  await setState(page, "1 2 3/4 5 6/0 7 8");
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Found");
  await page.click("#play");
  await expect(page.locator("#status")).toContainText("solved");
  await page.waitForTimeout(400);
  await expect(page.locator("#timer")).toHaveText("time: 0.000 s");
  await page.click("#scramble");
  await expect(page.locator("#status")).toContainText("Scrambled");
  await page.keyboard.press("ArrowLeft"); await page.keyboard.press("ArrowRight");
  await page.waitForTimeout(400);
  await expect(page.locator("#timer")).not.toHaveText("time: 0.000 s");
  for (const [button, says] of [["#reset", "Reset"], ["#scramble", "Scrambled"], ["#load", "Loaded"]]) {
    await page.click(button);
    await expect(page.locator("#status")).toContainText(says);
    await expect(page.locator("#timer")).toHaveText("time: 0.000 s");
    await page.keyboard.press("ArrowLeft"); await page.keyboard.press("ArrowUp");
    await page.waitForTimeout(200);
  }
});

test("6. one search at a time, with progress and Cancel", async ({ page }) => {
  await open(page, "3x3");
  await setState(page, "8 6 7/2 5 4/3 0 1");
  const hold = await holdSolves(page);
  await page.click("#solve");
  await expect(page.locator("#solve")).toBeDisabled();
  await expect(page.locator("#cancel")).toBeVisible();
  await expect(page.locator("#status")).toContainText("Solving...");
  await page.locator("#solve").click({ force: true }).catch(() => {});
  await page.click("#cancel");
  await expect(page.locator("#status")).toContainText("Search stopped");
  await expect(page.locator("#solve")).toBeEnabled();
  hold.release();
  await page.waitForTimeout(300);
  expect(hold.seen.count).toBe(1);
  expect((await model(page)).solution).toBe(false);
});

test("7. at phone width nothing overflows", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const spec of ["10x10", "petersen", "2x2x2", "4x4:torus"]) {
    await open(page, spec);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, spec).toBeLessThanOrEqual(390);
  }
});

test("8. graph drawings number the vertices and mark the legal moves", async ({ page }) => {
  await open(page, "petersen");
  await expect(page.locator("#board svg text.label")).toHaveCount(10);
  await expect(page.locator("#board svg circle.legal")).toHaveCount(3);
  await open(page, "3x3");
  await expect(page.locator("#board .cell.legal")).toHaveCount(2);
  await open(page, "4x4:torus");
  await expect(page.locator("#board .grid.torus")).toHaveCount(1);
  await expect(page.locator("#board .cell.legal")).toHaveCount(4);
});

test("9. keys: wrap on tori, F and B on boxes, Enter loads, a bad spec keeps the old puzzle", async ({ page }) => {
  await open(page, "4x4:torus");
  // Blank on vertex 15 (bottom right): the left arrow slides the tile on
  // vertex 12 (same row, across the edge) into it.
  const tile = (await model(page)).cells[12];
  await page.keyboard.press("ArrowLeft");
  expect((await model(page)).cells[15]).toBe(tile);
  await open(page, "2x2x2");
  // Blank on vertex 7 = (1,1,1): B slides the tile on (1,1,0) = vertex 3 back.
  const t3 = (await model(page)).cells[3];
  await page.keyboard.press("b");
  expect((await model(page)).cells[7]).toBe(t3);
  await page.fill("#spec", "petersen");
  await page.press("#spec", "Enter");
  await expect(page.locator("#status")).toContainText("Loaded petersen");
  await page.fill("#spec", "4y4");
  await page.press("#spec", "Enter");
  await expect(page.locator("#status")).toContainText('Could not load "4y4"');
  await expect(page.locator("#status")).toContainText("still showing petersen");
  await expect(page.locator("#spec")).toHaveValue("petersen");
  // Graphs: an arrow key moves some tile (focus off the text box first).
  await page.locator("h1").click();
  const before = (await model(page)).cells.join(" ");
  for (const k of ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]) await page.keyboard.press(k);
  expect((await model(page)).cells.join(" ")).not.toBe(before);
});

test("10. a 100x100 solution is summarised, not dumped; playback is fast", async ({ page }) => {
  await open(page, "100x100");
  await page.click("#scramble");
  await expect(page.locator("#status")).toContainText("Scrambled");
  await page.selectOption("#algo", "constructive");
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Found", { timeout: 30_000 });
  const text = await page.locator("#solution").innerText();
  expect(text.length).toBeLessThan(5_000);
  await expect(page.locator("#solution a")).toHaveText(/Download all steps/);
  // Playback: a 20x20 constructive solution (a few thousand moves) at
  // 2,000 moves a second.
  await open(page, "20x20");
  await page.click("#scramble");
  await expect(page.locator("#status")).toContainText("Scrambled");
  await page.selectOption("#algo", "constructive");
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Found", { timeout: 30_000 });
  await page.locator("#speed").fill("2000");
  const steps = await page.evaluate(() => S.solution.count);
  const started = Date.now();
  await page.click("#play");
  await expect(page.locator("#status")).toContainText("Solution played: solved", { timeout: 60_000 });
  const seconds = (Date.now() - started) / 1000;
  expect(seconds).toBeLessThan(steps / 2000 + 5);
});

test("speedsolve: scramble, solve by hand, the clock stops at solved", async ({ page }) => {
  await open(page, "3x3");
  await page.click("#scramble");
  await expect(page.locator("#status")).toContainText("Scrambled");
  // The player's moves: a solution from the API, clicked tile by tile.
  const steps = await page.evaluate(async () => {
    const r = await api("/api/solve", { puzzle: "3x3", state: stateString() });
    return r.steps;
  });
  for (const [from] of steps) await page.locator(`#board [data-v="${from}"]`).click();
  await expect(page.locator("#status")).toContainText(`Solved in ${steps.length} moves`);
  await expect(page.locator("#board")).toHaveClass(/solved/);
  const shown = await page.locator("#timer").innerText();
  await page.waitForTimeout(300);
  await expect(page.locator("#timer")).toHaveText(shown);
  expect(shown).not.toBe("time: 0.000 s");
});

test("a timed attempt: undo is a move, the clock keeps milliseconds, Solve ends the attempt and says so; solves replay and meet their optimum", async ({ page }) => {
  // Issue 63, item 2: 58 real moves were recorded as 50 (undo took moves
  // off the count), the clock showed tenths, and Solve voided an attempt
  // without a word.
  await open(page, "3x3");
  await page.evaluate(() => localStorage.clear());
  await setState(page, "1 2 3/4 5 6/7 0 8");
  // Away (the tile on 6 slides right), back by Undo, then home: three
  // moves made, three counted and recorded (two MTM: the blank went left,
  // then right twice).
  await page.locator('#board [data-v="6"]').click();
  await page.click("#undo");
  await expect(page.locator("#moves")).toHaveText("STM: 2");
  expect((await model(page)).cells).toEqual([1, 2, 3, 4, 5, 6, 7, 0, 8]);
  await page.locator('#board [data-v="8"]').click();
  await expect(page.locator("#status")).toContainText("Solved in 3 moves");
  await expect(page.locator("#timer")).toHaveText(/^time: \d+\.\d{3} s$/);
  await expect(page.locator("#stats")).toContainText("3 moves (2 MTM)");
  await expect(page.locator("#stats")).toContainText(/single\s*\d+\.\d{3} s/);
  // Outside an attempt Undo still takes a move off the counters.
  await page.click("#undo");
  await expect(page.locator("#moves")).toHaveText("STM: 2");
  // Solve in the middle of an attempt ends it, unrecorded, and says so.
  await setState(page, "1 2 3/4 5 6/0 7 8");
  await page.locator('#board [data-v="7"]').click();
  await page.click("#solve");
  await expect(page.locator("#timer")).toContainText("attempt ended by Solve, not recorded");
  await expect(page.locator("#status")).toContainText("Found");
  await expect(page.locator("#stats")).toContainText("3 moves (2 MTM)");
  await expect(page.locator("#times li")).toHaveCount(1);
  // The kept solve replays from its scramble, undo included, and is
  // compared with the scramble's shortest solution on request.
  await page.locator("#times button.replay-solve").click();
  expect((await model(page)).cells).toEqual([1, 2, 3, 4, 5, 6, 7, 0, 8]);
  await expect(page.locator("#step")).toHaveText("step 0 / 3");
  await page.click("#play");
  await expect(page.locator("#status")).toContainText("Solution played: solved");
  await expect(page.locator("#mtm")).toHaveText("MTM: 2");
  await page.locator("#times button.optimal-solve").click();
  await expect(page.locator("#status")).toContainText("shortest solution has 1 move; you took 3");
  await expect(page.locator("#times li")).toContainText("optimal 1");
  // With 50 solves kept the ao50 row appears; best movecount and TPS.
  await page.evaluate(() => {
    const many = Array.from({ length: 50 }, (_, i) => ({ time: 10 + i, stm: 40 + i, mtm: 30, date: "2026-12-07" }));
    localStorage.setItem(solvesKey(), JSON.stringify(many));
    showSolves();
  });
  await expect(page.locator("#stats")).toContainText(/ao50\s*34\.500 s/);
  await expect(page.locator("#stats")).not.toContainText("ao100");
  await expect(page.locator("#stats")).toContainText("best: 40 moves, 4.00 TPS");
});

test("play: a click slides a whole run (one MTM move); solves are kept with ao5", async ({ page }) => {
  await open(page, "4x4");
  await page.evaluate(() => localStorage.clear());
  // Blank on 15 (bottom right): a click on vertex 12 slides three tiles.
  await page.locator('#board [data-v="12"]').click();
  let m = await model(page);
  expect(m.moves).toBe(3);
  await expect(page.locator("#mtm")).toHaveText("MTM: 1");
  expect(m.cells[12]).toBe(0);
  // Back the other way: solved again, but from the solved position, so no
  // solve is recorded.
  await page.locator('#board [data-v="15"]').click();
  await expect(page.locator("#status")).toContainText("Solved in 6 moves");
  await expect(page.locator("#mtm")).toHaveText("MTM: 2");
  await expect(page.locator("#stats")).toContainText("No solves of 4x4 yet");
  // From a position that is not solved: timed and kept.
  await setState(page, "1 2 3 4/5 6 7 8/9 10 11 12/0 13 14 15");
  await page.locator('#board [data-v="15"]').click();
  await expect(page.locator("#status")).toContainText("Solved in 3 moves");
  await expect(page.locator("#mtm")).toHaveText("MTM: 1");
  await expect(page.locator("#tps")).toContainText("TPS");
  await expect(page.locator("#stats")).toContainText("single");
  await expect(page.locator("#stats")).toContainText("3 moves (1 MTM)");
});

test("play: colour schemes from the library, kept in the browser; focus mode shows only a larger board", async ({ page }) => {
  await open(page, "4x4");
  const fill = (v) => page.locator(`#board [data-v="${v}"]`).evaluate((e) => getComputedStyle(e).backgroundColor);
  // Plain: tiles at home are green.
  expect(await fill(0)).toBe("rgb(185, 227, 176)");
  await page.selectOption("#scheme", "rows");
  await expect.poll(() => fill(0)).not.toBe("rgb(185, 227, 176)");
  // Tiles 1 and 4 share the top row's colour, tile 5 starts another; a
  // tile keeps its colour when it moves.
  expect(await fill(3)).toBe(await fill(0));
  expect(await fill(4)).not.toBe(await fill(0));
  const twelve = await fill(11);
  await page.keyboard.press("ArrowDown");
  expect((await model(page)).cells[15]).toBe(12);
  expect(await fill(15)).toBe(twelve);
  await page.selectOption("#scheme", "columns");
  await expect.poll(() => fill(4)).toBe(await fill(0));
  // The scheme is kept: a reload and a graph use it (rainbow where a
  // graph has no columns).
  await open(page, "petersen");
  await expect(page.locator("#scheme")).toHaveValue("columns");
  const c1 = await page.locator('#board circle[data-v="0"]').getAttribute("fill");
  const c2 = await page.locator('#board circle[data-v="1"]').getAttribute("fill");
  expect(c1).toMatch(/^#[0-9a-f]{6}$/);
  expect(c1).not.toBe(c2);
  await page.selectOption("#scheme", "plain");
  await expect(page.locator('#board circle[data-v="0"]')).toHaveAttribute("fill", "#b9e3b0");
  // Focus: the controls go, the board grows to the window; Escape leaves.
  await open(page, "4x4");
  const side = async () => (await page.locator("#board .grid").boundingBox()).width;
  const before = await side();
  await page.click("#focus");
  await expect(page.locator("#focus")).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("#spec")).toBeHidden();
  await expect(page.locator("#moves")).toBeVisible();
  expect(await side()).toBeGreaterThan(before * 1.2);
  // Moves and the clock work as before.
  await page.keyboard.press("ArrowDown");
  expect((await model(page)).moves).toBe(1);
  await page.keyboard.press("Escape");
  await expect(page.locator("#spec")).toBeVisible();
  await expect(page.locator("#focus")).toHaveText("Focus");
  expect(Math.round(await side())).toBe(Math.round(before));
});

test("play: Space scrambles a solved puzzle, R resets, keys are set in the Keys panel and kept", async ({ page }) => {
  await open(page, "3x3");
  await mode(page, "play");
  await page.keyboard.press("Space");
  await expect(page.locator("#status")).toContainText("Scrambled");
  const scrambled = (await model(page)).cells.join(" ");
  expect(scrambled).not.toBe("1 2 3 4 5 6 7 8 0");
  // A puzzle in progress is not thrown away by a slip of the key.
  await page.keyboard.press("Space");
  await expect(page.locator("#status")).toContainText("scrambles a solved puzzle");
  expect((await model(page)).cells.join(" ")).toBe(scrambled);
  await page.keyboard.press("r");
  await expect(page.locator("#status")).toContainText("Reset");
  expect((await model(page)).cells.join(" ")).toBe("1 2 3 4 5 6 7 8 0");
  // W slides up: the tile below the blank.
  await page.locator("#keys summary").click();
  await page.click("#key-up");
  await expect(page.locator("#key-up")).toHaveText("press a key...");
  await page.keyboard.press("w");
  await expect(page.locator("#key-up")).toHaveText("W");
  await setState(page, "1 2 3/4 0 5/6 7 8");
  await page.keyboard.press("w");
  await expect.poll(async () => (await model(page)).cells.join(" ")).toBe("1 2 3 4 7 5 6 0 8");
  // A key does one thing: giving W to left hands left's old key to up.
  await page.click("#key-left");
  await page.keyboard.press("w");
  await expect(page.locator("#key-left")).toHaveText("W");
  await expect(page.locator("#key-up")).toHaveText("ArrowLeft");
  // Direction keys that move the blank: Down moves the blank down, so
  // the tile below it goes up.
  await page.locator("#key-blank").check();
  await setState(page, "1 2 3/4 0 5/6 7 8");
  await page.keyboard.press("ArrowDown");
  await expect.poll(async () => (await model(page)).cells.join(" ")).toBe("1 2 3 4 7 5 6 0 8");
  // Kept in this browser.
  await open(page, "3x3");
  await page.locator("#keys summary").click();
  await expect(page.locator("#key-left")).toHaveText("W");
  await expect(page.locator("#key-blank")).toBeChecked();
  await page.click("#key-defaults");
  await expect(page.locator("#key-left")).toHaveText("ArrowLeft");
  await expect(page.locator("#key-up")).toHaveText("ArrowUp");
  await expect(page.locator("#key-blank")).not.toBeChecked();
});

test("play: a swipe across the board slides a tile that way; a tap still slides the tile touched", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "3x3");
  await setState(page, "1 2 3/4 0 5/6 7 8");
  const grid = await page.locator("#board .grid").boundingBox();
  const swipe = async (x0, y0, x1, y1) => {
    const at = (x, y) => ({ pointerType: "touch", pointerId: 7, isPrimary: true, bubbles: true, clientX: grid.x + x, clientY: grid.y + y });
    await page.locator("#board .grid").dispatchEvent("pointerdown", at(x0, y0));
    await page.locator("#board .grid").dispatchEvent("pointerup", at(x1, y1));
  };
  // Up: the tile below the blank (7) slides up.
  await swipe(grid.width / 2, grid.height * 0.8, grid.width / 2, grid.height * 0.3);
  await expect.poll(async () => (await model(page)).cells.join(" ")).toBe("1 2 3 4 7 5 6 0 8");
  // Right: the tile left of the blank (6) slides right.
  await swipe(grid.width * 0.2, grid.height / 2, grid.width * 0.8, grid.height / 2);
  await expect.poll(async () => (await model(page)).cells.join(" ")).toBe("1 2 3 4 7 5 0 6 8");
  expect((await model(page)).moves).toBe(2);
  // A stroke shorter than a swipe moves nothing by itself.
  await swipe(10, 10, 15, 12);
  expect((await model(page)).moves).toBe(2);
  // A tap on a tile beside the blank slides it.
  await page.locator('#board [data-v="3"]').click();
  await expect.poll(async () => (await model(page)).moves).toBe(3);
});

test("play: solves export as JSON and CSV and import back, checked by replay; a wrong file is refused with the reason", async ({ page }) => {
  await open(page, "3x3");
  await page.evaluate(() => {
    localStorage.removeItem(solvesKey());
    recordSolve({ time: 1.234, stm: 1, mtm: 1, date: "2026-12-01T10:00:00.000Z", start: "1 2 3/4 5 6/7 0 8", steps: [8, 7] });
    recordSolve({ time: 2.5, stm: 2, mtm: 1, date: "2026-12-02T10:00:00.000Z", start: "1 2 3/4 5 6/0 7 8", steps: [7, 6, 8, 7] });
  });
  const json = await page.evaluate(() => solvesJson());
  const csv = await page.evaluate(() => solvesCsv());
  const forget = () => page.evaluate(() => { localStorage.removeItem(solvesKey()); showSolves(); });
  const load = (name, text) => page.setInputFiles("#import-file", { name, mimeType: "text/plain", buffer: Buffer.from(text) });
  await forget();
  await expect(page.locator("#stats")).toContainText("No solves");
  await load("solves.json", json);
  await expect(page.locator("#status")).toContainText("Imported 2 solves of 3x3 from solves.json.");
  await expect(page.locator("#stats button.replay-solve")).toHaveCount(2);
  // Nothing twice.
  await load("solves.json", json);
  await expect(page.locator("#status")).toContainText("Imported 0 solves of 3x3 from solves.json (2 already kept).");
  // CSV: the times alone.
  await forget();
  await load("solves.csv", csv);
  await expect(page.locator("#status")).toContainText("Imported 2 solves");
  await expect(page.locator("#stats")).toContainText("1.234");
  await expect(page.locator("#stats button.replay-solve")).toHaveCount(0);
  // Refused, with the reason: an illegal move, another puzzle, not a solves file.
  const bad = JSON.parse(json); bad.solves[0].steps = [0, 7];
  await load("bad.json", JSON.stringify(bad));
  await expect(page.locator("#status")).toContainText("Could not import bad.json: solve 1's move 1 (0>7) is not legal from its scramble.");
  await load("other.json", JSON.stringify({ ...JSON.parse(json), puzzle: "4x4" }));
  await expect(page.locator("#status")).toContainText("these are solves of 4x4: load that puzzle first");
  await load("notes.txt", "hello");
  await expect(page.locator("#status")).toContainText('neither JSON nor a CSV whose first line is "seconds,stm,mtm,tps,date"');
  expect(await page.evaluate(() => loadSolves().length)).toBe(2);
});

test("play: a progress graph of the solves, with the running ao5 and ao12 (uPlot)", async ({ page }) => {
  await open(page, "3x3");
  await page.evaluate(() => { localStorage.removeItem(solvesKey()); showSolves(); });
  await expect(page.locator("#progress-graph")).toBeHidden();
  await page.evaluate(() => {
    for (let i = 0; i < 13; i++) recordSolve({ time: 10 - i * 0.5, stm: 20 + i, mtm: 15, date: new Date(Date.UTC(2026, 11, 1, 10, i)).toISOString() });
  });
  await expect(page.locator("#progress-graph canvas")).toBeVisible();
  const series = await page.evaluate(() => progressChart.data.map((s) => s.slice()));
  expect(series[1]).toHaveLength(13);
  expect(series[2].slice(0, 4)).toEqual([null, null, null, null]);
  expect(series[2][4]).toBeCloseTo(9, 6);   // 10, 9.5, 9, 8.5, 8 without the best and the worst
  expect(series[3][10]).toBeNull();
  expect(series[3][12]).toBeCloseTo(6.75, 6);  // 9.5 to 4 without 9.5 and 4
  await expect(page.locator("#progress-graph")).toHaveAttribute("aria-label", /13 solves: the latest 4\.000 s, the best 4\.000 s/);
});

test("links carry the puzzle, the position and the moves", async ({ page }) => {
  await open(page, "3x3");
  await setState(page, "1 2 3/4 5 6/0 7 8");
  await page.keyboard.press("ArrowLeft");
  const link = await page.evaluate(() => shareLink());
  expect(link).toContain("puzzle=3x3");
  await page.goto(link);
  await expect(page.locator("#status")).toContainText("Opened a link: 3x3 after 1 move.");
  const m = await model(page);
  expect(m.cells.join(" ")).toBe("1 2 3 4 5 6 7 0 8");
  expect(m.history).toBe(1);
});

test("learn: parity readout and the eight standard arrangements", async ({ page }) => {
  await open(page, "4x4");
  await setState(page, "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0");
  await mode(page, "learn");
  await expect(page.locator("#lesson")).toContainText("arrangement is odd");
  await expect(page.locator("#lesson")).toContainText("no sequence of moves solves it");
  await expect(page.locator("#lesson li")).toHaveCount(8);
  // Sam Loyd's 14-15 position reaches none of the arrangements with the
  // blank bottom right by rows, but some others.
  await expect(page.locator("#lesson li").first()).toContainText("not reachable");
  await expect(page.locator("#lesson li.yes")).not.toHaveCount(0);
  await expect(page.locator("#lesson")).toContainText("Wilson");
  // Seed 001's two views: the permutation in cycle notation, and the
  // toroidal model (here no roll is needed: the blank is bottom right).
  await expect(page.locator("#perm-cycles")).toHaveText("(14,15)");
  await expect(page.locator("#toroidal")).toHaveText("(14,15) * () * ()");
  // The seed's own example position.
  await setState(page, "15 12 7 1/14 10 0 5/2 6 11 9/3 4 8 13");
  await expect(page.locator("#toroidal")).toHaveText("(1,9)(3,6)(4,11,12,7)(5,13)(10,15) * (16,18)(17,19) * (20,21,22,23)");
  await expect(page.locator("#lesson")).toContainText("roll the columns right 1 time and the rows down 2 times");
  // Issue 63, item 3: an arrangement is one tap from the board, and so is
  // Loyd's 14-15, which the parity argument then refuses.
  await page.locator("#lesson li", { hasText: "blank top left, by rows" }).locator("button.arrangement").click();
  await expect(page.locator("#status")).toContainText('"blank top left, by rows" is on the board');
  expect((await model(page)).cells.slice(0, 2)).toEqual([0, 15]);
  await page.click("#loyd");
  await expect(page.locator("#status")).toContainText("Loyd's 14-15 puzzle");
  expect((await model(page)).cells.slice(12)).toEqual([13, 15, 14, 0]);
  await expect(page.locator("#lesson")).toContainText("no sequence of moves solves it");
});

test("modes: each shows its own panels, on one state; the mode travels in links", async ({ page }) => {
  await open(page, "3x3");
  await expect(page.locator("#sessions")).toBeVisible();
  await expect(page.locator("#timer")).toBeVisible();
  await expect(page.locator("#analysis")).toBeHidden();
  await expect(page.locator("#lesson")).toBeHidden();
  await page.locator("#board .cell.legal").first().click();
  await mode(page, "explore");
  await expect(page.locator("#analysis")).toContainText("puzzle group");
  await expect(page.locator("#editor")).toBeVisible();
  await expect(page.locator("#sessions")).toBeHidden();
  await expect(page.locator("#timer")).toBeHidden();
  expect((await model(page)).moves).toBe(1);   // the same position in every mode
  await mode(page, "learn");
  await expect(page.locator("#lesson")).toContainText("Wilson");
  await expect(page.locator("#analysis")).toBeHidden();
  const link = await page.evaluate(() => shareLink());
  expect(link).toContain("mode=learn");
  await page.goto("/?puzzle=petersen&mode=explore");
  await expect(page.locator("#status")).toContainText("Loaded");
  await expect(page.locator('nav.modes button[data-mode="explore"]')).toHaveAttribute("aria-selected", "true");
});

test("explore: edges coloured by block, with the blocks listed", async ({ page }) => {
  await page.goto("/?puzzle=" + encodeURIComponent("edges:0-1,1-2,2-0,2-3,3-4,4-5,5-3") + "&mode=explore");
  await expect(page.locator("#blocks li")).toHaveCount(3);
  await expect(page.locator("#blocks")).toContainText("bridge");
  const strokes = await page.evaluate(() => S.drawn.lines.map((l) => [l.a, l.b, l.el.getAttribute("stroke")]));
  const of = (a, b) => strokes.find(([x, y]) => (x === a && y === b) || (x === b && y === a))[2];
  expect(of(0, 1)).toBe(of(1, 2));                    // one triangle, one colour
  expect(of(3, 4)).toBe(of(4, 5));
  expect(new Set([of(0, 1), of(3, 4), of(2, 3)]).size).toBe(3);
  await mode(page, "play");
  const grey = await page.evaluate(() => S.drawn.lines.every((l) => l.el.getAttribute("stroke") === "#999"));
  expect(grey).toBe(true);
});

test("on a torus the page counts MTM by the library's rule: a run of L - 1 per move", async ({ page }) => {
  // 3x3:torus, blank on 8: three moves right around the bottom line of 3
  // (tiles 7, then 6, then the one across the seam) are R3, two MTM moves
  // (`moves length --puzzle 3x3:torus R3`), not one.
  await open(page, "3x3:torus");
  expect(await page.evaluate(() => S.P.mtm_run_limits)).toEqual([2, 2, 1]);
  await page.evaluate(() => { userMove(7, 8); userMove(6, 7); userMove(8, 6); });
  await expect(page.locator("#moves")).toHaveText("STM: 3");
  await expect(page.locator("#mtm")).toHaveText("MTM: 2");
  // Undo recounts the rest by the same rule; a solution stepped through
  // ends with the record's own MTM count.
  await page.click("#undo");
  await expect(page.locator("#mtm")).toHaveText("MTM: 1");
  await setState(page, "7 8 6/1 2 3/4 5 0");
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Found");
  const end = await page.evaluate(() => { stepTo(S.solution.count, 0); return { solved: solved(), mtm: S.mtm - S.solution.startMtm, record: S.solution.record.mtm }; });
  expect(end.solved).toBe(true);
  expect(end.mtm).toBe(end.record);
});

test("a rotating puzzle: click a ring to turn it, then Solve and Play put it home", async ({ page }) => {
  // Issue 60, part 4: 5x5:twiddle is a puzzle like any other on the page.
  await open(page, "5x5:twiddle");
  expect(await page.evaluate(() => S.P.cycles.length)).toBe(16);
  await expect(page.locator(".cycle-button")).toHaveCount(16);
  await expect(page.locator("#blanks")).toBeDisabled();
  // Turn cycle 1 (the top-left block) forward: token 1 goes to vertex 1.
  await page.locator('.cycle-button[data-cycle="1"]').click();
  expect(await page.evaluate(() => S.cells.slice(0, 7))).toEqual([6, 1, 3, 4, 5, 7, 2]);
  await expect(page.locator("#moves")).toHaveText("STM: 1");
  // Shift-click turns it back; Undo takes back a turn like a slide.
  await page.locator('.cycle-button[data-cycle="1"]').click({ modifiers: ["Shift"] });
  expect(await page.evaluate(() => solved())).toBe(true);
  await page.locator('.cycle-button[data-cycle="7"]').click();
  await page.click("#undo");
  expect(await page.evaluate(() => solved())).toBe(true);
  // Scramble (the library's uniform scramble), solve, play to the end.
  await page.click("#scramble");
  await expect(page.locator("#status")).toContainText("Scrambled");
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Found");
  await expect(page.locator("#solution")).toContainText("turns (cycle, ' for back)");
  const end = await page.evaluate(() => { stepTo(S.solution.count, 0); return { solved: solved(), moves: S.moves, length: S.solution.record.length }; });
  expect(end.solved).toBe(true);
  expect(end.moves).toBe(end.length);
  // The analysis names the group, as `slidepuzzle analyze` does.
  await expect(page.locator("#analysis")).toContainText("puzzle group: S_25");
});

test("stepping through a solution counts STM and MTM", async ({ page }) => {
  await open(page, "4x4");
  await setState(page, "1 2 3 4/5 6 7 8/9 10 0 11/13 14 15 12");
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Found 2 moves");
  await page.click("#fwd");
  await expect(page.locator("#moves")).toHaveText("STM: 1");
  await expect(page.locator("#mtm")).toHaveText("MTM: 1");
  await page.click("#fwd");
  await expect(page.locator("#mtm")).toHaveText("MTM: 2");   // left, then up: two runs
  await page.click("#back");
  await expect(page.locator("#mtm")).toHaveText("MTM: 1");
  // Undo takes its move off both counters.
  await page.click("#undo");
  await expect(page.locator("#moves")).toHaveText("STM: 0");
  await expect(page.locator("#mtm")).toHaveText("MTM: 0");
});

test("a late analysis does not overwrite the position being typed", async ({ page }) => {
  // Seen in CI: the analysis answered between typing and Set, rewrote the
  // box with the solved position, and Set then set that.
  let release; const gate = new Promise((r) => { release = r; });
  await page.route("**/api/analyze", async (route) => {
    try {
      const response = await route.fetch();
      const body = await response.text();
      await gate;
      await route.fulfill({ response, body });
    } catch { /* the test ended first */ }
  });
  await open(page, "3x3");
  await page.fill("#state", "1 2 3/4 5 6/0 7 8");
  release();
  await mode(page, "explore");
  await expect(page.locator("#analysis")).toContainText("puzzle group");
  await expect(page.locator("#state")).toHaveValue("1 2 3/4 5 6/0 7 8");
  await page.click("#set");
  await expect(page.locator("#status")).toContainText("Position set");
  expect((await model(page)).cells.join(" ")).toBe("1 2 3 4 5 6 0 7 8");
});

test("moves are animated, unless switched off", async ({ page }) => {
  // Counts the page's calls of Element.animate, on every page it opens.
  await page.addInitScript(() => {
    window.slides = 0;
    const a = Element.prototype.animate;
    Element.prototype.animate = function (...x) { window.slides++; return a.apply(this, x); };
  });
  await open(page, "3x3");
  await page.locator("#board .cell.legal").first().click();
  expect(await page.evaluate(() => window.slides)).toBeGreaterThan(0);
  await page.uncheck("#animate");
  await page.evaluate(() => { window.slides = 0; });
  await page.locator("#board .cell.legal").first().click();
  expect(await page.evaluate(() => window.slides)).toBe(0);
  expect((await model(page)).moves).toBe(2);
  await open(page, "petersen");
  await page.check("#animate");
  await page.evaluate(() => { window.slides = 0; });
  await page.locator("#board circle.legal").first().click();
  expect(await page.evaluate(() => window.slides)).toBeGreaterThan(0);
});

test("solving shows the search's progress as it goes", async ({ page }) => {
  await open(page, "4x4");
  // Manhattan distance alone: a 31-move 3x3 takes several bounds.
  const lines = await page.evaluate(async () => {
    const seen = [];
    const r = await solveStreamed({ puzzle: "3x3", state: "8 6 7/2 5 4/3 0 1", algo: "ida", heuristic: "md" },
      { onProgress: (p) => seen.push(p) });
    return { progress: seen, length: r.record.length };
  });
  expect(lines.progress.length).toBeGreaterThan(1);
  expect(lines.progress[lines.progress.length - 1].bound).toBeLessThanOrEqual(lines.length);
  expect(lines.progress[0].bound).toBeLessThan(lines.progress[lines.progress.length - 1].bound);
});

test("a new user: Petersen, drag a vertex, scramble, play, solve optimally, watch", async ({ page }) => {
  await open(page, "petersen");
  const circle = page.locator('#board circle[data-v="0"]');
  const before = await circle.boundingBox();
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  await page.mouse.move(before.x + 80, before.y + 60, { steps: 5 });
  await page.mouse.up();
  const after = await circle.boundingBox();
  expect(Math.hypot(after.x - before.x, after.y - before.y)).toBeGreaterThan(40);
  expect((await model(page)).moves).toBe(0);          // a drag is not a move
  await page.click("#scramble");
  await expect(page.locator("#status")).toContainText("Scrambled");
  await page.locator("#board circle.legal").first().click();
  expect((await model(page)).moves).toBe(1);
  await page.selectOption("#algo", "ida");
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Found", { timeout: 30_000 });
  await expect(page.locator("#solution")).toContainText("(shortest)");
  await page.locator("#speed").fill("50");
  await page.click("#play");
  await expect(page.locator("#status")).toContainText("Solution played: solved", { timeout: 30_000 });
  await expect(page.locator("#board")).toHaveClass(/solved/);
});

test("theta graphs and cycles are drawn without crossing edges", async ({ page }) => {
  for (const spec of ["theta:2,2,3", "theta:1,2,2", "cycle:8", "theta:3,3,3"]) {
    await open(page, spec);
    expect(await page.evaluate(() => crossings(S.pts, S.P.edges)), spec).toBe(0);
  }
});

test("cut vertices are ringed; tree-like graphs get a force layout", async ({ page }) => {
  await open(page, "edges:0-1,1-2,2-0,2-3,3-4,4-5,5-3");
  await expect(page.locator("#board circle.cut")).toHaveCount(2);
  // The layout separates the two triangles: vertex 0 and vertex 5 are far apart.
  const a = await page.locator('#board circle[data-v="0"]').boundingBox();
  const b = await page.locator('#board circle[data-v="5"]').boundingBox();
  const c = await page.locator('#board circle[data-v="1"]').boundingBox();
  expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(2 * Math.hypot(a.x - c.x, a.y - c.y));
});

test("the graph editor builds a graph that the server then solves", async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 1600 });
  await open(page, "3x3");
  await mode(page, "explore");
  await page.locator("#editor summary").click();
  await page.click("#edit-new");
  // Five vertices: a square and one more, clicked on empty space (the
  // canvas is 520 x 360 units).
  await editorAdd(page, [[60, 60], [200, 60], [200, 200], [60, 200], [320, 130]]);
  await expect(page.locator("#edit-out svg circle")).toHaveCount(5);
  // Join 0-1, 1-2, 2-3, 3-0, 1-4, 2-4 by clicking pairs.
  await editorToggle(page, [[0, 1], [1, 2], [2, 3], [3, 0], [1, 4], [2, 4]]);
  await expect(page.locator("#edit-spec")).toContainText("6 edges");
  await expect(page.locator("#edit-spec")).toContainText("spec: edges:0-1,1-2,2-3,0-3,1-4,2-4");
  await expect(page.locator("#edit-spec")).toContainText('JSON: {"vertices":5');
  await page.click("#edit-use");
  await expect(page.locator("#status")).toContainText("Loaded the graph you built");
  expect((await model(page)).cells.length).toBe(5);
  await page.click("#scramble");
  await expect(page.locator("#status")).toContainText("Scrambled");
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText(/Found|already/);
  const m = await model(page);
  if (m.solution) {
    await page.click("#play");
    await expect(page.locator("#board")).toHaveClass(/solved/);
  }
});

test("several blanks: the goal, scramble, analysis, a shortest solution played, typed positions and links", async ({ page }) => {
  await open(page, "3x3");
  await page.fill("#blanks", "2");
  await page.locator("#blanks").dispatchEvent("change");
  await expect(page.locator("#status")).toContainText("with 2 blanks: tiles 1 to 7");
  let m = await model(page);
  expect(m.cells.join(" ")).toBe("1 2 3 4 5 6 7 0 0");
  // The analysis is the several-blank one, not the one-blank group.
  await mode(page, "explore");
  await expect(page.locator("#analysis")).toContainText("with 2 blanks every configuration is reachable: yes");
  await expect(page.locator("#analysis")).toContainText("reachable configurations: 181440");
  // Learn states the several-blank criterion and the count.
  await mode(page, "learn");
  await expect(page.locator("#lesson")).toContainText("Here: every configuration is reachable");
  await expect(page.locator("#lesson")).toContainText("181440 configurations are reachable: 36 places for the blanks");
  await mode(page, "explore");
  await page.click("#scramble");
  await expect(page.locator("#status")).toContainText("Scrambled");
  m = await model(page);
  expect(m.cells.filter((t) => t === 0).length).toBe(2);
  // A tile beside either blank slides.
  await page.locator("#board .cell.legal").first().click();
  expect((await model(page)).moves).toBe(1);
  // Weighted A* is not proven shortest: the page says what its search
  // proved, its lower bound, or "(shortest)" when the answer meets that
  // bound (the scramble is random; 15 moves with a bound of 15 happens).
  await page.selectOption("#algo", "wastar");
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Found", { timeout: 30_000 });
  await expect(page.locator("#solution")).toContainText(/the shortest has at least|\(shortest\)/);
  await page.selectOption("#algo", "ida");
  await page.click("#solve");
  // The weighted answer may itself say "(shortest)": wait for the IDA*
  // search to end before Play, or Play starts the old answer and the new
  // one replaces it mid-playback.
  await expect(page.locator("#status")).toContainText("Found", { timeout: 30_000 });
  await expect(page.locator("#solution")).toContainText("(shortest)");
  await page.locator("#speed").fill("50");
  await page.click("#play");
  await expect(page.locator("#status")).toContainText("Solution played: solved", { timeout: 30_000 });
  // A typed position with three 0s switches to three blanks.
  await setState(page, "1 0 3/4 0 6/5 2 0");
  await expect(page.locator("#blanks")).toHaveValue("3");
  m = await model(page);
  expect(m.cells.join(" ")).toBe("1 0 3 4 0 6 5 2 0");
  await page.keyboard.press("ArrowUp");
  const link = await page.evaluate(() => shareLink());
  expect(link).toContain("blanks=3");
  await page.goto(link);
  await expect(page.locator("#status")).toContainText("Opened a link: 3x3 after 1 move.");
  await expect(page.locator("#blanks")).toHaveValue("3");
  expect((await model(page)).cells.filter((t) => t === 0).length).toBe(3);
  // Too many blanks for the puzzle: refused, the old number kept.
  await page.fill("#blanks", "9");
  await page.locator("#blanks").dispatchEvent("change");
  await expect(page.locator("#status")).toContainText("need at least one blank and one tile");
  await expect(page.locator("#blanks")).toHaveValue("3");
});

// Issue 31: one-way edges and tiles that turn, played in the page.
test("one-way edges: arrows on the arcs, tiles slide only along them, a scramble solved and played", async ({ page }) => {
  await open(page, "3x3:oneway");                       // the left column is one-way downward: 0>3, 3>6
  await expect(page.locator("#board line[data-arc]")).toHaveCount(2);
  expect(await page.locator('#board line[data-arc="0>3"]').getAttribute("marker-end")).toBe("url(#arrow)");
  await expect(page.locator("#board marker#arrow")).toHaveCount(1);
  // The blank on 0: the tile on 3 may not slide up against its arrow; the
  // tile on 1 may slide left.
  await setState(page, "0 1 2/3 4 5/6 7 8");
  await expect(page.locator('#board circle[data-v="3"]')).not.toHaveClass(/legal/);
  await page.locator('#board circle[data-v="3"]').click();
  expect((await model(page)).moves).toBe(0);
  await page.locator('#board circle[data-v="1"]').click();
  expect((await model(page)).cells.slice(0, 2)).toEqual([1, 0]);
  // The blank on 3: the tile on 0 slides down along the arrow.
  await setState(page, "1 2 3/0 4 5/6 7 8");
  await page.keyboard.press("ArrowDown");
  expect((await model(page)).cells.slice(0, 4)).toEqual([0, 2, 3, 1]);
  await page.click("#undo");
  expect((await model(page)).cells.slice(0, 4)).toEqual([1, 2, 3, 0]);
  await mode(page, "explore");
  await expect(page.locator("#analysis")).toContainText("strongly connected: yes");
  await page.click("#scramble");
  await expect(page.locator("#status")).toContainText("Scrambled");
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Found", { timeout: 30_000 });
  // Every step of the answer follows an arc or a two-way edge.
  const against = await page.evaluate(() => {
    const st = S.solution.steps;
    let n = 0;
    for (let k = 0; k < S.solution.count; k++) if (!S.adj[st[2 * k]].includes(st[2 * k + 1])) n++;
    return n;
  });
  expect(against).toBe(0);
  await page.locator("#speed").fill("200");
  await page.click("#play");
  await expect(page.locator("#status")).toContainText("Solution played: solved", { timeout: 30_000 });
  await mode(page, "learn");
  await expect(page.locator("#lesson")).toContainText("reversal theorem");
});

test("tiles that turn: Segerman's 15+4 draws turned numbers, a move across the seam turns a tile, a scramble solved and played", async ({ page }) => {
  await open(page, "segerman");
  await expect(page.locator("#board svg circle")).toHaveCount(20);
  await expect(page.locator("#board line[data-turn]")).toHaveCount(2);
  await expect(page.locator("#board text.oriented")).toHaveCount(19);
  // From the goal (blank on 19): 18 -> 19, 16 -> 18, then tile 1 crosses
  // the seam 0 -> 16 and turns a quarter counter-clockwise.
  for (const v of [18, 16, 0]) await page.locator(`#board circle[data-v="${v}"]`).click();
  expect((await model(page)).moves).toBe(3);
  await expect(page.locator("#state")).toHaveValue(/(^| )1\^1( |$)/);
  const turned = page.locator("#board text.turned");
  await expect(turned).toHaveCount(1);
  await expect(turned).toHaveText("1");
  expect(await turned.getAttribute("transform")).toMatch(/^rotate\(-90 /);
  // Undo turns it back.
  await page.click("#undo");
  await expect(page.locator("#board text.turned")).toHaveCount(0);
  // Typed positions carry turns; Check names the invariant that blocks one.
  await setState(page, "1^1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 0");
  await expect(page.locator("#board text.turned")).toHaveCount(1);
  await page.click("#check");
  await expect(page.locator("#status")).toContainText("Unsolvable");
  await expect(page.locator("#status")).toContainText("total turn");
  await mode(page, "explore");
  await expect(page.locator("#analysis")).toContainText("odd exactly when the total turn is odd");
  await page.click("#scramble");
  await expect(page.locator("#status")).toContainText("Scrambled");
  expect(await page.evaluate(() => S.turn.some((o) => o !== 0))).toBe(true);
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Found", { timeout: 30_000 });
  await page.locator("#speed").fill("2000");
  await page.click("#play");
  await expect(page.locator("#status")).toContainText("Solution played: solved", { timeout: 60_000 });
  expect(await page.evaluate(() => S.turn.every((o) => o === 0))).toBe(true);
  await expect(page.locator("#board text.turned")).toHaveCount(0);
  await mode(page, "learn");
  await expect(page.locator("#lesson")).toContainText("Garcia, Hanson, Jensen and Owen");
});

test("Conway's M13: a slide swaps the other two counters of its line; check, analysis, a scramble solved and played, the lesson", async ({ page }) => {
  // Issue 64, part 2: m13 is a puzzle of the one model; the page learns
  // each edge's pair from /api/puzzle and swaps it as the tile slides.
  await open(page, "m13");
  await expect(page.locator("#board svg circle")).toHaveCount(13);
  const pair = await page.evaluate(() => S.exchange.get("0,12"));
  expect(pair.length).toBe(2);
  await page.locator('#board circle[data-v="0"]').click();
  const after = await page.evaluate(() => S.cells.slice());
  expect([after[12], after[0]]).toEqual([1, 0]);
  expect([after[pair[0]], after[pair[1]]]).toEqual([pair[1] + 1, pair[0] + 1]);
  // The server agrees the position is reachable (a plain slide's would not be).
  await page.click("#check");
  await expect(page.locator("#status")).toContainText("Solvable");
  await page.click("#undo");
  expect(await page.evaluate(() => solved())).toBe(true);
  await mode(page, "explore");
  await expect(page.locator("#analysis")).toContainText("puzzle group (the hole back on 12): M12, order 95040");
  await expect(page.locator("#analysis")).toContainText("5-transitive (sharply)");
  await page.click("#scramble");
  await expect(page.locator("#status")).toContainText("Scrambled");
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Found");
  await expect(page.locator("#solution")).toContainText("bidirectional");
  await page.click("#play");
  await expect(page.locator("#status")).toContainText("Solution played: solved", { timeout: 30_000 });
  expect(await page.evaluate(() => solved())).toBe(true);
  await mode(page, "learn");
  await expect(page.locator("#lesson")).toContainText("Conway's M13");
});

test("several blanks on one-way edges and on tiles that turn: a scramble, a shortest solution played", async ({ page }) => {
  // Issue 64, part 4: the page plays one of each with two blanks.
  for (const [spec, start, length] of [
    ["arcs:0>1,1>2,2>3,3>0,2-4,4>5,5>6,6>4", "2 4 0 1 3 0 5", 6],
    ["turns:4:0-1^1,1-2,2-3,3-0,0-2,2-4,4-5,5-2", "0 0 1^1 2 4^2 3^1", 21],
  ]) {
    await open(page, spec);
    await page.fill("#blanks", "2");
    await page.locator("#blanks").dispatchEvent("change");
    await expect(page.locator("#status")).toContainText("with 2 blanks");
    await page.click("#scramble");
    await expect(page.locator("#status")).toContainText("Scrambled");
    expect((await model(page)).cells.filter((t) => t === 0).length).toBe(2);
    await setState(page, start);
    await page.click("#solve");
    await expect(page.locator("#status")).toContainText("Found", { timeout: 30_000 });
    await expect(page.locator("#solution")).toContainText("(shortest)");
    expect(await page.evaluate(() => S.solution.record.length)).toBe(length);
    await page.locator("#speed").fill("50");
    await page.click("#play");
    await expect(page.locator("#status")).toContainText("Solution played: solved", { timeout: 30_000 });
    expect(await page.evaluate(() => solved())).toBe(true);
  }
});

test("a Moebius band board: its seam is dashed and purple, a link with a turned tile opens", async ({ page }) => {
  await page.goto("/?puzzle=4x3%3Amobius&state=1%5E1.2.3.4.5.6.7.8.9.10.11.0");
  await expect(page.locator("#status")).toContainText("Opened a link");
  await expect(page.locator("#board [data-turn]")).toHaveCount(3);
  expect(await page.locator('#board [data-turn="0>11^1"]').getAttribute("stroke-dasharray")).toBe("4 3");
  expect(await page.locator("#board text.turned").getAttribute("transform")).toMatch(/^rotate\(-180 /);
  // Flips are free on the band (every turn vector is reachable).
  await page.click("#check");
  await expect(page.locator("#status")).toContainText("Solvable");
});

// Issue 33, problem 5: a link that names nothing loadable still leaves a
// puzzle on the page, says why, and every button works.
test("33.5 a bad link loads 4x4 or the puzzle with one blank, and says why", async ({ page }) => {
  await page.goto("/?puzzle=nonsense");
  await expect(page.locator("#status")).toContainText("could not be loaded, so this is 4x4");
  expect((await model(page)).spec).toBe("4x4");
  await expect(page.locator("#spec")).toHaveValue("4x4");
  await page.click("#scramble");
  await expect(page.locator("#status")).toContainText("Scrambled");

  await page.goto("/?puzzle=3x3&blanks=99");
  await expect(page.locator("#status")).toContainText("with 1 blank: it cannot take 99 blanks");
  expect((await model(page)).spec).toBe("3x3");
  await expect(page.locator("#blanks")).toHaveValue("1");

  // Typed by hand: the "+" arrives as a space.
  await page.goto("/?puzzle=3x3+diag");
  await expect(page.locator("#status")).toContainText("Loaded 3x3+diag");
  expect((await model(page)).spec).toBe("3x3+diag");

  await page.goto("/?puzzle=3x3&blanks=2.5");
  await expect(page.locator("#status")).toContainText("blanks=2.5 is not a whole number");
  await expect(page.locator("#blanks")).toHaveValue("1");
});

// Problem 6: the blank count does not stick to the next puzzle, and a
// count that is not a whole number of at least 1 is refused, not rounded.
test("33.6 the blank count follows the puzzle; 0, -3 and 2.5 are refused", async ({ page }) => {
  await open(page, "4x4");
  await page.fill("#blanks", "15");
  await page.locator("#blanks").dispatchEvent("change");
  await expect(page.locator("#status")).toContainText("with 15 blanks");
  for (const spec of ["3x3", "petersen", "2x2"]) {
    await page.fill("#spec", spec);
    await page.click("#load");
    await expect(page.locator("#status")).toContainText(`Loaded ${spec}`);
    if (spec === "3x3") await expect(page.locator("#status")).toContainText("with 1 blank: it cannot take 15 blanks");
    expect((await model(page)).spec).toBe(spec);
    await expect(page.locator("#blanks")).toHaveValue("1");
  }
  for (const bad of ["0", "-3", "2.5"]) {
    await page.fill("#blanks", bad);
    await page.locator("#blanks").dispatchEvent("change");
    await expect(page.locator("#status")).toContainText(`Blanks must be a whole number of at least 1, not "${bad}"`);
    await expect(page.locator("#blanks")).toHaveValue("1");
  }
});

// Problem 11: a link's illegal move stays reported after the link opens,
// and a position that is not numbers is named as typed.
test("33.11 a link's warnings are kept and name what the link says", async ({ page }) => {
  await page.goto("/?puzzle=4x4&state=1.2.3.4.5.6.7.8.9.10.11.12.13.14.15.0&moves=14-15.99-3");
  await expect(page.locator("#status")).toContainText("Opened a link: 4x4 after 1 move.");
  await expect(page.locator("#status")).toContainText("The link's move 99-3 is not legal here");
  expect((await model(page)).history).toBe(1);
  await page.goto("/?puzzle=3x3&state=a.b.c");
  await expect(page.locator("#status")).toContainText(`has "a" where a tile number belongs`);
  await expect(page.locator("#status")).not.toContainText("NaN");
});

// Problem 12: no keyboard traps. Space after clicking Scramble does not
// scramble again; after clicking a checkbox or the Speed slider the arrows
// still move tiles.
test("33.12 Space does not press a clicked button again; arrows move tiles after a checkbox or the slider", async ({ page }) => {
  await open(page, "3x3");
  await mode(page, "play");
  await page.click("#scramble");
  await expect(page.locator("#status")).toContainText("Scrambled");
  const scrambled = (await model(page)).cells;
  await page.keyboard.press("Space");
  await page.waitForTimeout(300);
  expect((await model(page)).cells).toEqual(scrambled);
  const arrowsMove = async () => {
    await setState(page, "1 2 3/4 0 5/6 7 8");
    await expect.poll(async () => (await model(page)).cells.join(" ")).toBe("1 2 3 4 0 5 6 7 8");
    await page.keyboard.press("ArrowDown");
    await expect.poll(async () => (await model(page)).moves).toBe(1);
  };
  await page.click("#animate");
  await arrowsMove();
  await page.click("#hover");
  await page.click("#hover");
  await arrowsMove();
  await page.locator("#speed").click();
  await arrowsMove();
});

// Problem 1: stats that cannot be gamed. A solve from a solved position
// (Reset, Load, a solved position set by hand) or in Explore is not
// recorded; the times are listed, one can be deleted, "Forget all" asks
// first, and the solves export as CSV.
test("33.1 only a scrambled position solved in Play counts; list, delete one, confirm forget, CSV", async ({ page }) => {
  await open(page, "3x3");
  await mode(page, "play");
  await page.evaluate(() => localStorage.clear());
  const downUp = async () => { await page.keyboard.press("ArrowDown"); await page.keyboard.press("ArrowUp"); };
  for (const [fake, said] of [["#reset", "Reset to the solved position"], ["#load", "Loaded 3x3"]]) {
    await page.evaluate(() => status(""));
    await page.click(fake);
    await expect(page.locator("#status")).toContainText(said);
    await downUp();
    await expect(page.locator("#status")).toContainText("Solved in 2 moves");
  }
  await setState(page, "1 2 3/4 5 6/7 8 0");
  await downUp();
  await expect(page.locator("#stats")).toContainText("No solves of 3x3 yet");
  // Explore: a hand solve of a position that is not solved is not a speedsolve.
  await mode(page, "explore");
  await setState(page, "1 2 3/4 5 6/7 0 8");
  await page.keyboard.press("ArrowLeft");
  await expect(page.locator("#status")).toContainText("Solved in 1 move");
  await mode(page, "play");
  await expect(page.locator("#stats")).toContainText("No solves of 3x3 yet");
  // Three real solves (one move each) in Play.
  for (let i = 0; i < 3; i++) {
    await setState(page, "1 2 3/4 5 6/7 0 8");
    await page.waitForTimeout(20);
    await page.keyboard.press("ArrowLeft");
    await expect(page.locator("#status")).toContainText("Solved in 1 move");
  }
  await expect(page.locator("#times li")).toHaveCount(3);
  await page.locator("#times li button.delete-solve").first().click();
  await expect(page.locator("#times li")).toHaveCount(2);
  await expect(page.locator("#status")).toContainText("Deleted the solve of");
  // CSV: a header and one row per solve.
  const download = page.waitForEvent("download");
  await page.click("#export-solves");
  const file = await download;
  const csv = require("fs").readFileSync(await file.path(), "utf8").trim().split("\n");
  expect(csv[0]).toBe("seconds,stm,mtm,tps,date");
  expect(csv.length).toBe(3);
  expect(file.suggestedFilename()).toBe("slidepuzzle-solves-3x3.csv");
  // Forget all asks first: dismissed keeps them, accepted forgets them.
  page.once("dialog", (d) => { expect(d.message()).toContain("Forget all 2 solves of 3x3"); d.dismiss(); });
  await page.click("#forget");
  await expect(page.locator("#times li")).toHaveCount(2);
  page.once("dialog", (d) => d.accept());
  await page.click("#forget");
  await expect(page.locator("#stats")).toContainText("No solves of 3x3 yet");
});

// Problem 9: long input is not echoed whole, and an oversized request is
// answered in words, not the framework's.
test("33.9 a 5,000- or 70,000-character spec leaves a short status line", async ({ page }) => {
  await open(page, "3x3");
  for (const n of [5_000, 70_000]) {
    await page.fill("#spec", "x".repeat(n));
    await page.click("#load");
    await expect(page.locator("#status")).toContainText("Could not load");
    const box = await page.locator("#status").boundingBox();
    expect(box.height).toBeLessThan(120);
    expect((await page.locator("#status").innerText()).length).toBeLessThan(600);
    expect((await model(page)).spec).toBe("3x3");
  }
  await expect(page.locator("#status")).toContainText("length limit of 64 KiB");
  await expect(page.locator("#status")).not.toContainText("Failed to buffer");
});

// Problem 14 (in part): Solve on a solved board says so, not "Found 0 moves.
// Press Play".
test("33.14 Solve on a solved board says it is already solved", async ({ page }) => {
  await open(page, "3x3");
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("already solved");
  await expect(page.locator("#status")).not.toContainText("Press Play");
  await setState(page, "1 2 3/4 5 6/7 0 8");
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Found 1 move.");
});

// Problem 17 (in part): the Speed slider shows its number, Play keeps its
// width when it becomes Pause, and the move counter says STM.
test("33.17 the speed is shown, Play and Pause are one width, moves are called STM", async ({ page }) => {
  await open(page, "3x3");
  await expect(page.locator("#speed-value")).toHaveText("8 moves/s");
  await page.locator("#speed").fill("200");
  await expect(page.locator("#speed-value")).toHaveText("200 moves/s");
  await expect(page.locator("#moves")).toHaveText("STM: 0");
  await setState(page, "4 1 3/7 2 6/5 8 0");
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Found");
  await page.locator("#speed").fill("1");
  const before = (await page.locator("#play").boundingBox()).width;
  await page.click("#play");
  await expect(page.locator("#play")).toHaveText("Pause");
  const after = (await page.locator("#play").boundingBox()).width;
  expect(Math.abs(after - before)).toBeLessThan(1);
  await page.click("#play");
});

// Problem 10: the address bar follows the page. Reload comes back to the
// same position (moves included); Back returns to the last puzzle.
test("33.10 the URL is the state: Reload keeps the board, Back returns to the last puzzle", async ({ page }) => {
  await open(page, "3x3");
  await page.locator("#board .cell.legal").first().click();
  await expect.poll(() => page.evaluate(() => location.search)).toContain("moves=");
  const before = await model(page);
  expect(before.moves).toBe(1);
  await page.reload();
  await expect(page.locator("#status")).toContainText("Opened a link");
  const after = await model(page);
  expect(after.spec).toBe("3x3");
  expect(after.cells).toEqual(before.cells);
  expect(after.moves).toBe(1);
  // A new puzzle is a new entry; Back shows the 3x3 again, Forward petersen.
  await page.fill("#spec", "petersen");
  await page.click("#load");
  await expect.poll(() => page.evaluate(() => location.search)).toContain("puzzle=petersen");
  await page.goBack();
  await expect.poll(() => page.evaluate(() => S.P.spec)).toBe("3x3");
  await expect.poll(() => page.evaluate(() => S.cells.slice())).toEqual(before.cells);
  await page.goForward();
  await expect.poll(() => page.evaluate(() => S.P.spec)).toBe("petersen");
  // The mode is in the address too.
  await mode(page, "learn");
  await expect.poll(() => page.evaluate(() => location.search)).toContain("mode=learn");
});

// Problem 13: a cut vertex next to the blank keeps its red ring beside the
// blue legal-move ring; the torus mark is drawn whole, not clipped.
test("33.13 a legal cut vertex keeps its red ring; the torus mark is not clipped", async ({ page }) => {
  await open(page, "edges:0-1,1-2,2-0,2-3,3-4,4-5,5-3");
  await expect.poll(() => page.evaluate(() => S.cut.size)).toBe(2);
  const rings = page.locator("#board circle.cut-ring");
  await expect(rings.filter({ visible: true })).toHaveCount(2);
  // Vertex 3 is a cut vertex whose tile can move (the blank is on 5).
  const three = page.locator('#board circle[data-v="3"]');
  await expect(three).toHaveClass(/legal/);
  const ringStroke = await page.evaluate(() => {
    const ring = S.els[3].ring;
    return [getComputedStyle(ring).stroke, ring.style.display];
  });
  expect(ringStroke).toEqual(["rgb(192, 57, 43)", ""]);
  await open(page, "4x4:torus");
  const board = await page.locator("#board").boundingBox();
  const grid = await page.locator("#board .grid.torus").boundingBox();
  // The dashed outline is 3 px wide, 2 px outside the grid.
  expect(grid.x - 5).toBeGreaterThanOrEqual(board.x);
  expect(grid.y - 5).toBeGreaterThanOrEqual(board.y);
  expect(grid.x + grid.width + 5).toBeLessThanOrEqual(board.x + board.width);
});

// Problem 16: on a phone every control is at least 44 px tall and the
// checkboxes 24 px.
test("33.16 phone: controls are at least 44 px tall, checkboxes 24 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "4x4");
  // Every control shown (checkboxes: 24 px, below), the Keys panel open.
  await page.locator("#keys summary").click();
  const small = await page.evaluate(() => [...document.querySelectorAll("button, input, select")]
    .filter((e) => e.offsetParent !== null && e.type !== "checkbox")
    .map((e) => [e.id || e.textContent.trim() || e.type, e.getBoundingClientRect()])
    .filter(([, r]) => r.height < 44)
    .map(([name, r]) => [name, Math.round(r.height)]));
  expect(small).toEqual([]);
  for (const id of ["hover", "animate", "key-blank"]) {
    const box = await page.locator(`#${id}`).boundingBox();
    expect(box.height, id).toBeGreaterThanOrEqual(24);
    expect(box.width, id).toBeGreaterThanOrEqual(24);
  }
  // Graph vertices, in play and in the editor, are 44 px touch targets.
  const diameters = async (sel) => page.evaluate((sel) => [...document.querySelectorAll(sel)]
    .map((c) => Math.round(c.getBoundingClientRect().width)), sel);
  for (const spec of ["petersen", "theta:2,2,3", "cycle:6"]) {
    await open(page, spec);
    const d = await diameters("#board svg circle[data-v]");
    expect(d.length, spec).toBeGreaterThan(0);
    expect(Math.min(...d), spec).toBeGreaterThanOrEqual(44);
  }
  await mode(page, "explore");
  await page.locator("#editor summary").click();
  await page.click("#edit");
  const d = await diameters("#edit-out svg circle[data-v]");
  expect(d.length).toBeGreaterThan(0);
  expect(Math.min(...d)).toBeGreaterThanOrEqual(44);
});

// Problem 2: boards too big for readable cells are drawn on one canvas
// that fits the page, with zoom and pan; every cell can be reached.
test("33.2 big boards: a canvas that fits, every cell clickable, zoom, pan, find the blank", async ({ page }) => {
  await open(page, "100x100");
  const canvas = page.locator("#board-canvas");
  await expect(canvas).toBeVisible();
  const board = await page.locator("#board").boundingBox();
  const box = await canvas.boundingBox();
  expect(box.x).toBeGreaterThanOrEqual(board.x);
  expect(box.x + box.width).toBeLessThanOrEqual(board.x + board.width + 0.5);
  // At the whole-board view, click the tile left of the blank (bottom
  // right corner): it slides.
  const spot = (v) => page.evaluate((v) => {
    const C = S.canvas, w = S.P.width;
    return [C.ox + (v % w + 0.5) * C.cell, C.oy + (Math.floor(v / w) + 0.5) * C.cell];
  }, v);
  let [x, y] = await spot(9998);
  await canvas.click({ position: { x, y } });
  await expect.poll(() => page.evaluate(() => S.cells.indexOf(0))).toBe(9998);
  // The far corner (vertex 0, top left) is on the canvas too.
  [x, y] = await spot(0);
  expect(x).toBeGreaterThan(0); expect(y).toBeGreaterThan(0);
  // Zoom in on the blank: cells are readable and the blank is in view.
  await page.click("#find-blank");
  const view = await page.evaluate(() => {
    const C = S.canvas, b = S.cells.indexOf(0), w = S.P.width;
    return { cell: C.cell, x: C.ox + (b % w) * C.cell, y: C.oy + Math.floor(b / w) * C.cell, w: C.w, h: C.h };
  });
  expect(view.cell).toBeGreaterThanOrEqual(32);
  expect(view.x).toBeGreaterThanOrEqual(0); expect(view.x + view.cell).toBeLessThanOrEqual(view.w);
  expect(view.y).toBeGreaterThanOrEqual(0); expect(view.y + view.cell).toBeLessThanOrEqual(view.h);
  // Zoomed in, a click moves the tile above the blank down.
  [x, y] = await spot(9898);
  await canvas.click({ position: { x, y } });
  await expect.poll(() => page.evaluate(() => S.cells.indexOf(0))).toBe(9898);
  // A drag pans and moves no tile.
  const moves = (await model(page)).moves;
  const ox = await page.evaluate(() => S.canvas.ox);
  await page.mouse.move(box.x + 200, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + 260, box.y + 200, { steps: 5 });
  await page.mouse.up();
  expect(await page.evaluate(() => S.canvas.ox)).toBeCloseTo(ox + 60, 0);
  expect((await model(page)).moves).toBe(moves);
  // Zoom buttons; the whole board again with Fit.
  await page.click("#zoom-out");
  await page.click("#zoom-fit");
  expect(await page.evaluate(() => S.canvas.cell)).toBeLessThan(6);
  // A phone: a 28x28 board fits its width.
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "28x28");
  const phone = await page.locator("#board-canvas").boundingBox();
  expect(phone.x + phone.width).toBeLessThanOrEqual(390);
});

// Problem 3: a 100x100 answer shows at once and playback stays responsive
// (the history follows the index instead of being copied every frame).
test("33.3 100x100: the answer shows fast, Pause and Scramble react during playback", async ({ page }) => {
  await open(page, "100x100");
  await page.click("#scramble");
  await expect(page.locator("#status")).toContainText("Scrambled");
  await page.selectOption("#algo", "constructive");
  let started = Date.now();
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Found", { timeout: 30_000 });
  const shown = Date.now() - started;
  await page.locator("#speed").fill("2000");
  await page.click("#play");
  await expect(page.locator("#play")).toHaveText("Pause");
  await page.waitForTimeout(1000);
  started = Date.now();
  await page.click("#play");
  await expect(page.locator("#play")).toHaveText("Play");
  const paused = Date.now() - started;
  const { index, history, start } = await page.evaluate(() => ({
    index: S.solution.index, history: S.history.length, start: S.solution.startHistory.length,
  }));
  expect(index).toBeGreaterThan(0);
  expect(history).toBe(start + index);
  started = Date.now();
  await page.click("#play");
  await page.waitForTimeout(300);
  await page.click("#scramble");
  await expect(page.locator("#status")).toContainText("Scrambled");
  const scrambled = Date.now() - started - 300;
  console.log(`100x100: answer shown after ${shown} ms, Pause ${paused} ms, Scramble ${scrambled} ms`);
  // Generous bounds (the page took 4.2 s and 13 s before): the point is
  // that no frame copies the history, checked exactly above.
  expect(paused).toBeLessThan(2000);
  expect(scrambled).toBeLessThan(5000);
});

// Problem 3, measured as the issue asks: the Long Tasks API records every
// main-thread task over 50 ms; none may pass 200 ms while big graphs load,
// while a 100x100 answer (2.6 million steps, sent as the blank's walk in
// under 10 MB, read and prepared by the page's worker) arrives, or during
// playback at full speed; and the answer shows within 1 s of the server's
// reply.
test("33.3 no main-thread task over 200 ms: big graphs load, a 100x100 answer shows within 1 s of the reply, full-speed playback", async ({ page }) => {
  test.setTimeout(120_000);
  await watchLongTasks(page);
  await open(page, "4x4");
  const longest = async (what, action) => {
    await page.evaluate(() => { window.longTasks = []; });
    await action();
    await page.waitForTimeout(300);
    const tasks = await page.evaluate(() => window.longTasks);
    console.log(`${what}: long tasks ${JSON.stringify(tasks)} ms`);
    expect(Math.max(0, ...tasks), what).toBeLessThanOrEqual(200);
  };
  for (const spec of ["complete:40", "complete:200", "random:2000,500,1"]) {
    const load = async () => {
      await page.fill("#spec", spec);
      await page.click("#load");
      await expect(page.locator("#status")).toContainText("Loaded");
      // The force layout comes from the worker, then the drawing is remade.
      await page.waitForFunction(() => laidOut && laidOut.P === S.P, null, { timeout: 30_000 });
      await page.waitForTimeout(500);
    };
    // The better of two loads: one pause of a loaded 2-core machine (a
    // garbage collection, another process) is not the page's task, and a
    // page that blocks for longer fails both (242 ms once, 172 ms the
    // next run, on random:2000).
    const tasksOf = async () => {
      await page.evaluate(() => { window.longTasks = []; });
      await load();
      await page.waitForTimeout(300);
      return Math.max(0, ...(await page.evaluate(() => window.longTasks)));
    };
    const first = await tasksOf();
    const worst = first <= 200 ? first : Math.min(first, await tasksOf());
    console.log(`load ${spec}: longest task ${worst} ms`);
    expect(worst, `load ${spec}`).toBeLessThanOrEqual(200);
    expect(await page.locator("#board circle").count()).toBe(Number(spec.split(":")[1].split(",")[0]));
  }
  await longest("load 100x100", async () => {
    await page.fill("#spec", "100x100");
    await page.click("#load");
    await expect(page.locator("#status")).toContainText("Loaded 100x100");
  });
  await page.click("#scramble");
  await expect(page.locator("#status")).toContainText("Scrambled");
  await page.selectOption("#algo", "constructive");
  // When the last byte of the answer arrived (the browser's resource
  // timing), and when the page first said "Found" (a mutation observer, not
  // the test's polling).
  let replied = null, received = null;
  page.on("requestfinished", async (request) => {
    if (!request.url().endsWith("/api/solve/stream")) return;
    const t = request.timing();
    replied = t.startTime + t.responseEnd;
    received = (await request.sizes()).responseBodySize;
  });
  await page.evaluate(() => {
    window.foundAt = null;
    new MutationObserver(() => {
      if (window.foundAt === null && $("status").textContent.includes("Found")) window.foundAt = performance.timeOrigin + performance.now();
    }).observe($("status"), { childList: true, characterData: true, subtree: true });
  });
  await longest("solve 100x100 and show the answer", async () => {
    await page.click("#solve");
    await expect(page.locator("#status")).toContainText("Found", { timeout: 60_000 });
  });
  await expect.poll(() => replied, { message: "the answer's request finished" }).not.toBeNull();
  const shown = await page.evaluate(() => window.foundAt);
  console.log(`100x100 answer shown ${Math.round(shown - replied)} ms after its last byte arrived`);
  expect(shown - replied).toBeLessThan(1000);
  await expect.poll(() => received, { message: "the answer's size" }).not.toBeNull();
  console.log(`100x100 answer: ${received} bytes`);
  expect(received).toBeLessThan(10_000_000);
  const count = await page.evaluate(() => S.solution.count);
  expect(count).toBeGreaterThan(1_000_000);
  await longest("playback at full speed", async () => {
    await page.locator("#speed").fill(await page.locator("#speed").getAttribute("max"));
    await page.click("#play");
    await page.waitForTimeout(2000);
    await page.click("#play");
    await expect(page.locator("#play")).toHaveText("Play");
  });
  expect(await page.evaluate(() => S.solution.index)).toBeGreaterThan(0);
  // The steps the worker read out of the bytes replay to the goal, with
  // the MTM count the record gives.
  const end = await page.evaluate(() => { stepTo(S.solution.count, 0); return { solved: solved(), mtm: S.mtm - S.solution.startMtm, record: S.solution.record.mtm }; });
  expect(end.solved).toBe(true);
  expect(end.mtm).toBe(end.record);
  // The download link holds the whole record (steps, tiles and the
  // blank's walk, written by the worker from the compact answer).
  await expect(page.locator("#solution a", { hasText: "Download all steps" })).toHaveAttribute("href", /^blob:/, { timeout: 30_000 });
  const download = await page.evaluate(async () => {
    const a = [...document.querySelectorAll("#solution a")].find((l) => l.textContent.includes("Download all steps"));
    const r = JSON.parse(await (await fetch(a.href)).text());
    return { stm: r.stm, steps: r.steps.length, tiles: r.tiles.length, first: r.steps[0], count: S.solution.count,
             mine: [S.solution.steps[0], S.solution.steps[1]], walk: r.blank_path.length,
             joined: r.steps.every(([, to], k) => to === r.blank_path[k] && r.steps[k][0] === r.blank_path[k + 1]) };
  });
  expect(download.walk).toBe(download.count + 1);
  expect(download.joined).toBe(true);
  expect(download.stm).toBe(download.count);
  expect(download.steps).toBe(download.count);
  expect(download.tiles).toBe(download.count);
  expect(download.first).toEqual(download.mine);
});

// Item 5: 1000x1000 (a million vertices, over the page's 10,000) loads
// without the puzzle's lists, scrambles (the library's scramble, read in
// one pass) and plays on the canvas, a pixel a cell until zoomed in; its
// analysis gives the group and its order as a formula's summary; no
// main-thread task passes 200 ms; solving and checking name the
// command-line tool; the address keeps no position.
test("63.5 1000x1000 loads, scrambles and plays on the canvas with no main-thread task over 200 ms", async ({ page }) => {
  test.setTimeout(120_000);
  await watchLongTasks(page);
  await open(page, "4x4");
  // The better of two tries: one pause of a loaded 2-core machine (a
  // garbage collection, another process) is not the page's task; a page
  // that blocks for longer fails both.
  const longest = async (what, action, again = true) => {
    const once = async () => {
      await page.evaluate(() => { window.longTasks = []; });
      await action();
      await page.waitForTimeout(300);
      return Math.max(0, ...(await page.evaluate(() => window.longTasks)));
    };
    const first = await once();
    const worst = first <= 200 || !again ? first : Math.min(first, await once());
    console.log(`${what}: longest task ${worst} ms`);
    expect(worst, what).toBeLessThanOrEqual(200);
  };
  await longest("load 1000x1000", async () => {
    await page.evaluate(() => status(""));
    await page.fill("#spec", "1000x1000");
    await page.click("#load");
    await expect(page.locator("#status")).toContainText("Loaded 1000x1000", { timeout: 30_000 });
  });
  const loaded = await page.evaluate(() => ({ big: S.big, n: S.cells.length, solved: solved(), lists: S.adj.length }));
  expect(loaded).toEqual({ big: true, n: 1_000_000, solved: true, lists: 0 });
  await expect(page.locator("#board-canvas")).toBeVisible();
  // The library's analysis, its group order as a formula's summary.
  await expect(page.locator("#analysis")).toContainText("puzzle group: A_999999, order ≈ 4.13197·10^5565702 (5565703 digits)", { timeout: 30_000 });
  await longest("scramble 1000x1000", async () => {
    await page.evaluate(() => status(""));
    await page.click("#scramble");
    await expect(page.locator("#status")).toContainText("Scrambled", { timeout: 30_000 });
  });
  const scrambled = await page.evaluate(() => ({ tiles: new Set(S.cells).size, solved: solved(), moves: S.moves }));
  expect(scrambled).toEqual({ tiles: 1_000_000, solved: false, moves: 0 });
  // Twenty moves by the arrow keys: each slides the tile next to the blank
  // (toward the board's middle, so that no edge stops it: "Slide up"
  // moves the blank down).
  await longest("20 moves by the arrow keys, fitted (a pixel a cell)", async () => {
    const b = await page.evaluate(() => S.cells.indexOf(0));
    const keys = [b < 500_000 ? "ArrowUp" : "ArrowDown", b % 1000 < 500 ? "ArrowLeft" : "ArrowRight"];
    for (let i = 0; i < 20; i++) {
      const before = await page.evaluate(() => S.cells.indexOf(0));
      await page.keyboard.press(keys[i % 2]);
      const after = await page.evaluate(() => S.cells.indexOf(0));
      expect(after, "the blank moved").not.toBe(before);
    }
  }, false);
  expect(await page.evaluate(() => S.moves)).toBe(20);
  // Zoomed in on the blank, a click on the tile beside it slides it.
  let clicked = null;
  await longest("zoom in on the blank and slide a tile by a click", async () => {
    await page.click("#find-blank");
    const target = await page.evaluate(() => {
      const C = S.canvas, W = S.P.width, b = S.cells.indexOf(0);
      const v = b % W > 0 ? b - 1 : b + 1, r = C.cv.getBoundingClientRect();
      return { v, tile: S.cells[v], x: r.left + C.ox + (v % W + 0.5) * C.cell, y: r.top + C.oy + (Math.floor(v / W) + 0.5) * C.cell };
    });
    await page.mouse.click(target.x, target.y);
    expect(await page.evaluate((v) => S.cells[v], target.v), "the tile slid into the blank").toBe(0);
    clicked = target;
  }, false);
  expect(await page.evaluate(() => S.moves)).toBe(21);
  await longest("zoom out to the whole board", async () => { await page.click("#zoom-fit"); });
  // Undo takes the click back on the big board too.
  await page.click("#undo");
  expect(await page.evaluate((v) => S.cells[v], clicked.v), "undo put the tile back").toBe(clicked.tile);
  // Solve and Check name the command-line tool instead of sending a
  // position of megabytes.
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("slidepuzzle solve --output moves.txt");
  expect(await page.evaluate(() => S.pending)).toBeNull();
  // The address names the puzzle, not its million tiles.
  await page.waitForTimeout(400);
  expect(page.url()).toContain("puzzle=1000x1000");
  expect(page.url()).not.toContain("state=");
  // Past 1000x1000 the page says which budget refused it.
  await page.fill("#spec", "1001x1000");
  await page.click("#load");
  await expect(page.locator("#status")).toContainText("budget of 1000000 vertices");
});

// Problem 4: the editor removes vertices (double-click, or pick and
// Delete, or the button), keeps the drawing when used and in its JSON,
// and says when a vertex has no edges or the graph falls apart.
test("editor: its JSON opens again (pasted or a file), read by the library; a bad one says why", async ({ page }) => {
  await open(page, "cycle:5");
  await mode(page, "explore");
  await page.locator("#editor summary").click();
  await page.click("#edit");
  const exported = (await page.locator("#edit-out").innerText()).match(/JSON: (\{.*\})/)[1];
  const circles = page.locator("#edit-out svg circle[data-v]");
  await expect(circles).toHaveCount(5);
  const where = () => circles.evaluateAll((cs) => cs.map((c) => [Math.round(c.getAttribute("cx")), Math.round(c.getAttribute("cy"))]));
  const drawn = await where();
  await page.click("#edit-new");
  await expect(circles).toHaveCount(0);
  await page.fill("#edit-json", exported);
  await page.click("#edit-import");
  await expect(page.locator("#status")).toContainText("Opened the pasted JSON in the editor: 5 vertices, 5 edges");
  await expect(circles).toHaveCount(5);
  expect(await where()).toEqual(drawn);
  // Round trip: the editor's JSON is what it exported.
  expect((await page.locator("#edit-out").innerText()).match(/JSON: (\{.*\})/)[1]).toBe(exported);
  await page.click("#edit-use");
  await expect(page.locator("#status")).toContainText("Loaded the graph you built");
  // A file in graph:FILE's format, with names and no positions.
  await page.setInputFiles("#edit-file-input", { name: "house.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({
    vertices: ["a", "b", "c", "d", "e"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"], ["c", "e"], ["d", "e"]] })) });
  await expect(page.locator("#status")).toContainText("Opened house.json in the editor: 5 vertices, 6 edges");
  await expect(circles).toHaveCount(5);
  // Refused, with the library's reason.
  await page.fill("#edit-json", '{"vertices": 3, "edges": [[0, 1], [1, 7]]}');
  await page.click("#edit-import");
  await expect(page.locator("#status")).toContainText("Could not open the pasted JSON:");
  await page.fill("#edit-json", '{"vertices": 3, "arcs": [[0, 1], [1, 2], [2, 0]]}');
  await page.click("#edit-import");
  await expect(page.locator("#status")).toContainText("has one-way edges or turning tiles");
});

test("33.4 editor: remove a vertex three ways, keep the layout, warn about isolated vertices and pieces", async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 1600 });
  await open(page, "3x3");
  await mode(page, "explore");
  await page.locator("#editor summary").click();
  await page.click("#edit-new");
  await editorAdd(page, [[60, 60], [200, 60], [200, 200], [60, 200], [320, 130], [450, 300], [450, 60]]);
  await expect(page.locator("#edit-out svg circle")).toHaveCount(7);
  await editorToggle(page, [[0, 1], [1, 2], [2, 3], [3, 0], [1, 4], [2, 4]]);
  // Vertices 5 and 6 have no edges: said, and the spec leaves them out.
  await expect(page.locator("#edit-spec")).toContainText("vertices 5, 6 have no edges");
  // The click at (60, 60) lands within a pixel of it (the drawing's box
  // sits at a fractional offset).
  await expect(page.locator("#edit-spec")).toContainText(/"positions":\[\[(59|60|61),(59|60|61)\]/);
  // Double-click removes vertex 6; pick and Delete removes vertex 5.
  await page.locator('#edit-out circle[data-v="6"]').dblclick();
  await expect(page.locator("#edit-out svg circle")).toHaveCount(6);
  await page.locator('#edit-out circle[data-v="5"]').click();
  await expect(page.locator("#edit-remove")).toBeEnabled();
  await page.keyboard.press("Delete");
  await expect(page.locator("#edit-out svg circle")).toHaveCount(5);
  await expect(page.locator("#edit-spec")).not.toContainText("Warning");
  // Parting 1-4 and 2-4 leaves vertex 4 alone (a second piece).
  await editorToggle(page, [[1, 4], [2, 4], [3, 4]]);
  await expect(page.locator("#edit-spec")).toContainText("edges:0-1,1-2,2-3,0-3,3-4");
  await page.locator('#edit-out circle[data-v="4"]').click();
  await page.click("#edit-remove");
  await expect(page.locator("#edit-out svg circle")).toHaveCount(4);
  // Part 3-0 and 2-3: vertex 3 is left with no edges, in the middle.
  await editorToggle(page, [[3, 0], [2, 3]]);
  await expect(page.locator("#edit-spec")).toContainText("vertex 3 has no edges");
  // Its spec cannot name vertex 3: Use this graph says so instead of
  // dropping it, and the puzzle stays as it was.
  const loaded = (await model(page)).cells.length;
  await page.click("#edit-use");
  await expect(page.locator("#status")).toContainText("Vertex 3 has no edge");
  expect((await model(page)).cells.length).toBe(loaded);
  // A graph of two triangles with no edge between them is disconnected.
  await page.click("#edit-new");
  await editorAdd(page, [[60, 60], [160, 60], [110, 150], [300, 60], [400, 60], [350, 150]]);
  await editorToggle(page, [[0, 1], [1, 2], [2, 0], [3, 4], [4, 5], [5, 3]]);
  await expect(page.locator("#edit-spec")).toContainText("disconnected (2 pieces)");
  // Use this graph keeps the drawing: vertex 0 stays left of vertex 3
  // and above vertex 2, as drawn.
  await page.click("#edit-use");
  await expect(page.locator("#status")).toContainText("Loaded the graph you built");
  // The analysis says it is disconnected.
  await expect(page.locator("#analysis")).toContainText("disconnected: 2 components");
  const pts = await page.evaluate(() => S.pts);
  expect(pts[0][0]).toBeLessThan(pts[3][0]);
  expect(pts[0][1]).toBeLessThan(pts[2][1]);
  expect(pts[4][0]).toBeGreaterThan(pts[1][0]);
});

// Problem 15: Learn's wording: one class, the identity, the toroidal
// line explained, theta0 named as the exception, thousands separators,
// the solution shown, the eight arrangements drawn.
test("33.15 Learn: one class, the identity, the torus line read out, theta0, separators, pictures, the solution", async ({ page }) => {
  await open(page, "4x4");
  await mode(page, "learn");
  const lesson = page.locator("#lesson");
  await expect(lesson).toContainText("no cycles (the identity");
  await expect(lesson).not.toContainText("lengths none");
  await expect(lesson).toContainText("10,461,394,944,000 configurations are reachable");
  await expect(lesson).toContainText("How to read it");
  await expect(lesson).toContainText("15 + 4 + 4 = 23 points");
  await expect(page.locator("#lesson .mini")).toHaveCount(8);
  await expect(page.locator("#lesson .mini").first().locator("span")).toHaveCount(16);
  await expect(page.locator("#solution")).toBeVisible();
  await open(page, "petersen");
  await expect(lesson).toContainText("every position can reach every other (one class)");
  await expect(lesson).not.toContainText("1 class that");
  await open(page, "theta0");
  await expect(lesson).toContainText("this puzzle is that exception");
});

// Screen readers and keyboards: axe-core, every rule it has (WCAG 2 A and
// AA, best practices: landmarks, heading order), finds no violation of any
// impact in any mode, on a board, a graph drawing with the editor open and
// a big board, on a desktop and on a phone.
test("33 accessibility: axe-core finds no violation of any impact, desktop and phone", async ({ page }) => {
  for (const [device, size] of [["desktop", { width: 1280, height: 900 }], ["phone", { width: 390, height: 844 }]]) {
    await page.setViewportSize(size);
    for (const spec of ["4x4", "petersen", "100x100"]) {
      await open(page, spec);
      for (const name of ["play", "explore", "learn"]) {
        await mode(page, name);
        if (name === "explore" && spec === "petersen") {
          await page.locator("#editor summary").click();
          await page.click("#edit");
          await expect(page.locator("#edit-out svg circle")).toHaveCount(10);
        }
        const result = await new AxeBuilder({ page }).analyze();
        const found = result.violations.map((v) => `${device} ${spec} ${name}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
        expect(found).toEqual([]);
      }
    }
  }
});

// Item 7: tiles are buttons a keyboard reaches and a screen reader names;
// Enter slides the focused tile and the focus follows it; the move is
// announced. On a board and on a graph drawing.
test("63.7 tiles are focusable, named and slid with Enter; the move is announced", async ({ page }) => {
  await open(page, "3x3");
  await setState(page, "1 2 3/4 5 6/7 0 8");
  const movable = page.locator('#board [role="button"][tabindex="0"]');
  await expect(movable).toHaveCount(3);
  const tile8 = page.locator('#board [aria-label^="tile 8,"]');
  await expect(tile8).toHaveAttribute("aria-label", "tile 8, row 3, column 3, can slide");
  await expect(page.locator('#board [aria-label^="blank"]')).toHaveAttribute("aria-label", "blank, row 3, column 2");
  // Tab reaches the tiles that can slide, in the page's order.
  await page.locator('#board [aria-label^="tile 5,"]').focus();
  await page.keyboard.press("Tab");
  await expect(page.locator("#board [role=button]:focus")).toHaveAttribute("aria-label", "tile 7, row 3, column 1, home, can slide");
  await tile8.focus();
  await page.keyboard.press("Enter");
  expect((await model(page)).cells).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
  await expect(page.locator("#status")).toContainText("Solved in 1 move");
  await expect(page.locator("#announce")).toHaveText("Tile 8 to row 3, column 2.");
  // The focus followed tile 8, now home; Space slides it back.
  await expect(page.locator("#board [role=button]:focus")).toHaveAttribute("aria-label", "tile 8, row 3, column 2, home, can slide");
  await page.keyboard.press(" ");
  expect((await model(page)).cells).toEqual([1, 2, 3, 4, 5, 6, 7, 0, 8]);
  expect((await model(page)).moves).toBe(2);
  // A graph drawing: the circles are the buttons.
  await open(page, "cycle:5");
  await setState(page, "1 2 3 4 0");
  const circle = page.locator('#board circle[aria-label^="tile 4,"]');
  await expect(circle).toHaveAttribute("aria-label", "tile 4, vertex 3, home, can slide");
  await expect(page.locator('#board circle[tabindex="0"]')).toHaveCount(2);
  await circle.focus();
  await page.keyboard.press("Enter");
  expect((await model(page)).cells).toEqual([1, 2, 3, 0, 4]);
  await expect(page.locator("#announce")).toHaveText("Tile 4 to vertex 4.");
  await expect(page.locator("#board circle:focus")).toHaveAttribute("aria-label", "tile 4, vertex 4, can slide");
});

// Item 7: the graph editor without a mouse: Add vertex, then Enter on two
// vertices joins them, the arrows move a vertex, Delete removes one, and
// Use this graph loads what was built.
test("63.7 the graph editor works from the keyboard alone", async ({ page }) => {
  await open(page, "petersen");
  await mode(page, "explore");
  await page.locator("#editor summary").focus();
  await page.keyboard.press("Enter");
  await page.locator("#edit-new").focus();
  await page.keyboard.press("Enter");
  for (let i = 0; i < 4; i++) {
    await page.locator("#edit-add").focus();
    await page.keyboard.press("Enter");
    // The new vertex has the focus.
    await expect(page.locator("#edit-out circle:focus")).toHaveAttribute("aria-label", `vertex ${i}, no edges`);
  }
  const vertex = (v) => page.locator(`#edit-out circle[data-v="${v}"]`);
  for (const [a, b] of [[0, 1], [1, 2], [2, 0], [2, 3]]) {
    await vertex(a).focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("#announce")).toContainText(`Vertex ${a} picked`);
    await vertex(b).focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("#announce")).toHaveText(`Joined vertices ${a} and ${b}.`);
  }
  await expect(page.locator("#edit-spec")).toContainText("spec: edges:0-1,1-2,0-2,2-3");
  await expect(vertex(2)).toHaveAttribute("aria-label", "vertex 2, joined to 0, 1, 3");
  // The arrows move the focused vertex, and keep the focus on it.
  const x = Number(await vertex(3).getAttribute("cx"));
  await vertex(3).focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  expect(Number(await vertex(3).getAttribute("cx"))).toBeGreaterThan(x);
  await expect(page.locator("#edit-out circle:focus")).toHaveAttribute("aria-label", /^vertex 3,/);
  // Delete removes the focused vertex and its edge.
  await page.keyboard.press("Delete");
  await expect(page.locator("#edit-out svg circle")).toHaveCount(3);
  await expect(page.locator("#edit-spec")).toContainText("spec: edges:0-1,1-2,0-2");
  await page.locator("#edit-use").focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("#status")).toContainText("Loaded the graph you built: edges:0-1,1-2,0-2.");
  expect((await model(page)).cells).toEqual([1, 2, 0]);
});

// Item 4: graph drawings zoom and pan; Find the blank brings it into a
// close view; a tile still slides with a click while zoomed; Fit shows the
// whole again.
test("63.4 graph drawings zoom, pan and find the blank", async ({ page }) => {
  await open(page, "4x4x4");
  const svg = page.locator("#board svg").first();
  const box = async () => (await svg.getAttribute("viewBox")).split(" ").map(Number);
  const [x0, y0, w, h] = await box();
  await page.click("#zoom-in");
  let [x, y, vw, vh] = await box();
  expect(vw).toBeCloseTo(w / 1.5, 3);
  expect(vh).toBeCloseTo(h / 1.5, 3);
  await page.click("#find-blank");
  [x, y, vw, vh] = await box();
  const blank = page.locator('#board circle[aria-label^="blank"]');
  const [bx, by] = [Number(await blank.getAttribute("cx")), Number(await blank.getAttribute("cy"))];
  expect(vw).toBeLessThanOrEqual(w / 1.5 + 1e-6);
  expect(bx).toBeGreaterThan(x); expect(bx).toBeLessThan(x + vw);
  expect(by).toBeGreaterThan(y); expect(by).toBeLessThan(y + vh);
  // A click on a tile next to the blank slides it, zoomed in.
  await page.locator('#board circle[tabindex="0"]').first().click();
  expect((await model(page)).moves).toBe(1);
  // A drag on empty space pans.
  const r = await svg.boundingBox();
  const before = await box();
  await page.mouse.move(r.x + 3, r.y + 3);
  await page.mouse.down();
  await page.mouse.move(r.x + 60, r.y + 40, { steps: 4 });
  await page.mouse.up();
  const after = await box();
  expect(after[0]).toBeLessThan(before[0]);
  expect(after[2]).toBeCloseTo(before[2], 3);
  // The wheel zooms out; Fit shows the whole drawing.
  await page.mouse.move(r.x + r.width / 2, r.y + r.height / 2);
  await page.mouse.wheel(0, 200);
  expect((await box())[2]).toBeGreaterThan(after[2]);
  await page.click("#zoom-fit");
  expect(await box()).toEqual([x0, y0, w, h]);
  // Small drawings have no zoom bar.
  await open(page, "petersen");
  await expect(page.locator("#zoom-in")).toHaveCount(0);
});

// Item 4: the seams of a band or a twisted torus drawn flat are curves
// that pass no other vertex (each sampled at 60 points against every
// circle).
test("63.4 seams are drawn as curves that pass no other vertex", async ({ page }) => {
  for (const [spec, size] of [["4x3:mobius", null], ["4x4:twist", null], ["6x5:mobius", null], ["6x5:mobius", { width: 390, height: 844 }]]) {
    if (size) await page.setViewportSize(size);
    await open(page, spec);
    const found = await page.evaluate(() => {
      const circles = [...document.querySelectorAll("#board circle[data-v]")]
        .map((c) => ({ v: Number(c.dataset.v), x: +c.getAttribute("cx"), y: +c.getAttribute("cy"), r: +c.getAttribute("r") }));
      const seams = [...document.querySelectorAll("#board path[data-seam]")];
      const crossings = [];
      for (const p of seams) {
        const [a, b] = p.dataset.seam.split("-").map(Number), total = p.getTotalLength();
        for (let i = 0; i <= 60; i++) {
          const q = p.getPointAtLength(total * i / 60);
          for (const c of circles) if (c.v !== a && c.v !== b && Math.hypot(c.x - q.x, c.y - q.y) < c.r) crossings.push(`${a}-${b} through ${c.v}`);
        }
      }
      // Every seam inside the drawing's view.
      const [vx, vy, vw, vh] = document.querySelector("#board svg").getAttribute("viewBox").split(" ").map(Number);
      const outside = seams.filter((p) => { const b = p.getBBox(); return b.x < vx || b.y < vy || b.x + b.width > vx + vw || b.y + b.height > vy + vh; });
      return { seams: seams.length, curved: seams.filter((p) => p.getAttribute("d").includes("Q")).length, crossings: [...new Set(crossings)],
               outside: outside.map((p) => p.dataset.seam) };
    });
    expect(found.seams, spec).toBeGreaterThan(0);
    expect(found.curved, spec).toBe(found.seams);
    expect(found.crossings, spec).toEqual([]);
    expect(found.outside, spec).toEqual([]);
  }
});

// Item 2: marathon and relay. One clock from the first move to the last
// puzzle solved; each puzzle follows the last at once; the event is kept as
// one solve in statistics of its own; a reset stops it.
test("63.2 marathon and relay: several puzzles against one clock, kept as one solve", async ({ page }) => {
  // Solves the puzzle on the board by hand (a solution from the API,
  // clicked tile by tile).
  const solveByHand = async () => {
    const steps = await page.evaluate(async () => (await api("/api/solve", { puzzle: S.P.spec, state: stateString() })).steps);
    for (const [from] of steps) await page.locator(`#board [data-v="${from}"]`).click();
    return steps.length;
  };
  await open(page, "3x3");
  await page.selectOption("#event", "marathon-5");
  await expect(page.locator("#stats")).toContainText("No marathon of 5 of 3x3 yet");
  await page.click("#scramble");
  await expect(page.locator("#status")).toContainText("Marathon of 5: puzzle 1 of 5");
  let moves = 0, timer = null;
  for (let i = 1; i <= 5; i++) {
    await expect(page.locator("#status")).toContainText(`puzzle ${i} of 5`);
    // Never a scramble that is already solved: the event waits for a move.
    expect(await page.evaluate(() => solved())).toBe(false);
    moves += await solveByHand();
    if (i < 5) {
      await expect(page.locator("#status")).toContainText(`puzzle ${i + 1} of 5, the clock running`);
      // The clock runs on between puzzles.
      const shown = await page.locator("#timer").innerText();
      if (timer) expect(shown > timer || shown.length > timer.length).toBe(true);
      timer = shown;
      await page.waitForTimeout(120);
      await expect(page.locator("#timer")).not.toHaveText(shown);
    }
  }
  await expect(page.locator("#status")).toContainText(`Marathon of 5 done: 5 puzzles in`);
  await expect(page.locator("#status")).toContainText(`${moves} moves`);
  const kept = await page.evaluate(() => loadSolves());
  expect(kept.length).toBe(1);
  expect(kept[0].event).toBe("marathon of 5");
  expect(kept[0].stm).toBe(moves);
  await expect(page.locator("#stats")).toContainText(`${moves} moves`);
  // Single solves are kept apart.
  await page.selectOption("#event", "single");
  expect(await page.evaluate(() => loadSolves().length)).toBe(0);
  // A relay from 3x3: 3x3, 3x2, 2x2, then back on 3x3 with the record.
  await page.selectOption("#event", "relay");
  await page.click("#scramble");
  for (const [i, spec] of ["3x3", "3x2", "2x2"].entries()) {
    await expect(page.locator("#status")).toContainText(`Relay: puzzle ${i + 1} of 3`);
    expect(await page.evaluate(() => S.P.spec)).toBe(spec);
    expect(await page.evaluate(() => solved())).toBe(false);
    await solveByHand();
  }
  await expect(page.locator("#status")).toContainText("Relay done: 3 puzzles in");
  expect(await page.evaluate(() => S.P.spec)).toBe("3x3");
  expect(await page.evaluate(() => loadSolves().map((e) => e.event))).toEqual(["relay"]);
  // Reset stops a running event and says so.
  await page.click("#scramble");
  await expect(page.locator("#status")).toContainText("Relay: puzzle 1 of 3");
  await page.click("#reset");
  await expect(page.locator("#status")).toContainText("Reset to the solved position.");
  expect(await page.evaluate(() => S.event)).toBeNull();
});

// Item 5: a big graph's layout, made in the background, is announced with
// its seconds, and the note goes when the drawing comes.
test("63.5 a big graph's layout in the background says so until it is done", async ({ page }) => {
  await open(page, "random:2000,500,1");
  const note = page.locator("#layout-note");
  await expect(note).toBeVisible();
  await expect(note).toContainText("Laying out the drawing of 2,000 vertices in the background");
  await page.waitForFunction(() => laidOut && laidOut.P === S.P, null, { timeout: 30_000 });
  await expect(note).toBeHidden();
  // A small graph needs no note.
  await open(page, "petersen");
  await expect(note).toBeHidden();
});

// Problem 17 (rest): a shortest solution in MTM can be asked for; huge
// numbers show whole in a tooltip.
test("33.17 shortest in MTM: a run of tiles counts once", async ({ page }) => {
  await open(page, "3x3");
  await setState(page, "1 2 3/4 5 6/0 7 8");
  await page.selectOption("#algo", "ida-mtm");
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Found 1 move.");
  await expect(page.locator("#solution")).toContainText("multi-tile metric");
  await page.selectOption("#algo", "ida");
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Found 2 moves.");
  await open(page, "30x30");
  await mode(page, "learn");
  const big = page.locator("#lesson span[title]").first();
  await expect(big).toHaveAttribute("title", /^\d{1,3}(,\d{3})+$/);
});

test("33.7 33.8 a cold solve shows its table builds; Cancel stops them; the next Solve builds once and answers", async ({ page }) => {
  // Only this test uses 5x3 with two blanks: its free-blank tables start
  // cold (removed from the server's cache directory, which it reads on
  // the first solve that needs them).
  const fs = require("fs"), path = require("path");
  const cache = path.join(__dirname, "..", "..", "..", "..", "target", "browser-tests-cache");
  for (const f of fs.existsSync(cache) ? fs.readdirSync(cache) : []) {
    if (f.startsWith("free-blank15-")) fs.rmSync(path.join(cache, f));
  }
  await open(page, "5x3");
  await setState(page, "4 9 6 3 8/0 12 13 5 2/7 11 0 10 1");
  await expect(page.locator("#blanks")).toHaveValue("2");
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Building tables first (once; they are kept for later solves)", { timeout: 10_000 });
  await expect(page.locator("#status")).toContainText(/\d+ free-blank pattern databases/);
  // Free-blank builds report their layers: the share of all of them shows.
  await expect(page.locator("#status")).toContainText(/\d+% built/);
  await page.click("#cancel");
  await expect(page.locator("#status")).toContainText("Table build stopped");
  await expect(page.locator("#solve")).toBeEnabled();
  // Solve again: the builds start again, the search then gets its own
  // 20 s, and the answer is the shortest.
  await page.click("#solve");
  await expect(page.locator("#status")).toContainText("Building tables first");
  await expect(page.locator("#solution")).toContainText("(shortest)", { timeout: 50_000 });
  await expect(page.locator("#solution")).toContainText("42");
  // The tables are kept: a second solve of the same position builds nothing.
  const lines = await page.evaluate(async () => {
    const seen = [];
    await solveStreamed({ puzzle: "5x3", state: "4 9 6 3 8/0 12 13 5 2/7 11 0 10 1", blanks: 2 },
      { onBuilding: (b) => seen.push(b) });
    return seen.length;
  });
  expect(lines).toBe(0);
});

test("33.14 weighted A* answers on a uniform 5x5 within seconds (the packed board kernel) with its lower bound; a constructive answer counts no positions", async ({ page }) => {
  await open(page, "5x5");
  await setState(page, "7 5 16 23 21/18 9 14 12 24/4 20 19 17 22/8 11 1 13 10/6 3 2 15 0");
  await page.selectOption("#algo", "wastar");
  await page.click("#solve");
  await expect(page.locator("#solution")).toContainText("by weighted A* (weight 1.5)", { timeout: 20_000 });
  await expect(page.locator("#solution")).toContainText("(the shortest has at least 90)");
  await page.selectOption("#algo", "constructive");
  await page.click("#solve");
  await expect(page.locator("#solution")).toContainText("by the constructive solver");
  await expect(page.locator("#solution")).not.toContainText("positions looked at");
});
