// Makes the screenshots in docs/screenshots (SLIDEPUZZLE_SCREENSHOTS=1 npx
// playwright test): each mode at desktop and phone sizes.
const path = require("path");
const { test, expect } = require("@playwright/test");

const out = path.resolve(__dirname, "../../../../docs/screenshots");
for (const [name, size] of [["desktop", { width: 1200, height: 900 }], ["phone", { width: 390, height: 844 }]]) {
  test(`play and solve, ${name}`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/?mode=play&puzzle=4x4");
    await expect(page.locator("#status")).toContainText("Loaded");
    await page.fill("#state", "1 2 3 4/5 6 7 8/9 10 0 11/13 14 15 12");
    await page.click("#set");
    await page.click("#solve");
    await expect(page.locator("#status")).toContainText("Found");
    await page.click("#fwd");
    await page.screenshot({ path: path.join(out, `play-${name}.png`), fullPage: true });
  });
  test(`speedsolve: a colour scheme, kept solves with their graph, focus mode, ${name}`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/?mode=play&puzzle=4x4");
    await expect(page.locator("#status")).toContainText("Loaded");
    await page.selectOption("#scheme", "fringe");
    await page.evaluate(() => {
      localStorage.removeItem(solvesKey());
      for (let i = 0; i < 40; i++) recordSolve({ time: 24 - i * 0.25 + 3 * Math.sin(i * 1.7), stm: 70 + (i * 7) % 25, mtm: 45, date: new Date(Date.UTC(2026, 11, 1, 10, i)).toISOString() });
    });
    await page.click("#scramble");
    await expect(page.locator("#progress-graph canvas")).toBeVisible();
    await page.locator("#keys summary").click();
    await page.screenshot({ path: path.join(out, `speedsolve-${name}.png`), fullPage: true });
    await page.click("#focus");
    await expect(page.locator("#focus")).toHaveAttribute("aria-pressed", "true");
    await page.screenshot({ path: path.join(out, `focus-${name}.png`) });
    await page.keyboard.press("Escape");
    await page.selectOption("#scheme", "plain");
    await page.evaluate(() => { localStorage.removeItem(solvesKey()); });
  });
  test(`learn, ${name}`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/?puzzle=4x4");
    await expect(page.locator("#status")).toContainText("Loaded");
    await page.fill("#state", "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0");
    await page.click("#set");
    await page.click('nav.modes button[data-mode="learn"]');
    await expect(page.locator("#lesson li")).toHaveCount(8);
    await page.screenshot({ path: path.join(out, `learn-${name}.png`), fullPage: true });
  });
  test(`explore a graph, ${name}`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/?mode=explore&puzzle=" + encodeURIComponent("edges:0-1,1-2,2-3,3-0,0-2,3-4,4-5,5-6,6-7,7-5,5-8,8-9,9-6"));
    await expect(page.locator("#status")).toContainText("Loaded");
    await page.click("#scramble");
    await expect(page.locator("#status")).toContainText("Scrambled");
    await expect(page.locator("#blocks li")).not.toHaveCount(0);
    await page.screenshot({ path: path.join(out, `explore-${name}.png`), fullPage: true });
  });
  test(`tiles that turn (Segerman's 15+4), ${name}`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/?mode=play&puzzle=segerman");
    await expect(page.locator("#status")).toContainText("Loaded");
    await page.fill("#state", "4^1 2^1 15 3 0 19^1 18^1 14^2 6^1 8 10^3 5 7 17^1 13 11 9^1 1^3 12^1 16^2");
    await page.click("#set");
    await expect(page.locator("#board text.turned")).not.toHaveCount(0);
    await page.screenshot({ path: path.join(out, `turning-${name}.png`), fullPage: true });
  });
  test(`one-way edges (a street grid), ${name}`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/?mode=explore&puzzle=4x4%3Astreets");
    await expect(page.locator("#status")).toContainText("Loaded");
    await expect(page.locator("#analysis")).toContainText("strongly connected");
    await page.screenshot({ path: path.join(out, `one-way-${name}.png`), fullPage: true });
  });
  test(`a 100x100 board on the canvas, zoomed to the blank, ${name}`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/?mode=play&puzzle=100x100");
    await expect(page.locator("#status")).toContainText("Loaded");
    await page.click("#scramble");
    await expect(page.locator("#status")).toContainText("Scrambled");
    await page.click("#find-blank");
    await page.screenshot({ path: path.join(out, `big-board-${name}.png`), fullPage: true });
  });
  test(`1000x1000, scrambled, a pixel a cell with the blank marked, ${name}`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/?mode=play&puzzle=1000x1000");
    await expect(page.locator("#status")).toContainText("Loaded", { timeout: 30_000 });
    await page.click("#scramble");
    await expect(page.locator("#status")).toContainText("Scrambled", { timeout: 30_000 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(out, `huge-board-${name}.png`), fullPage: true });
  });
  test(`a Moebius band: curved seams, zoom, a tile focused from the keyboard, ${name}`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/?mode=play&puzzle=" + encodeURIComponent("6x5:mobius"));
    await expect(page.locator("#status")).toContainText("Loaded");
    await page.locator('#board circle[tabindex="0"]').first().focus();
    await page.keyboard.press("Tab");
    await page.screenshot({ path: path.join(out, `seams-${name}.png`), fullPage: true });
  });
  test(`a marathon under way, ${name}`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/?mode=play&puzzle=4x4");
    await expect(page.locator("#status")).toContainText("Loaded");
    await page.selectOption("#event", "marathon-10");
    await page.click("#scramble");
    await expect(page.locator("#status")).toContainText("puzzle 1 of 10");
    const steps = await page.evaluate(async () => (await api("/api/solve", { puzzle: "4x4", state: stateString(), algo: "constructive" })).steps);
    for (const [from] of steps) await page.evaluate((v) => clickVertex(v), from);
    await expect(page.locator("#status")).toContainText("puzzle 2 of 10");
    await page.screenshot({ path: path.join(out, `marathon-${name}.png`), fullPage: true });
    await page.click("#reset");
    await page.selectOption("#event", "single");
  });
  test(`a cold solve building its tables, ${name}`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/?mode=play&puzzle=4x4");
    await expect(page.locator("#status")).toContainText("Loaded");
    await page.evaluate(() => status(""));
    await page.fill("#state", "1 2 3 4/5 6 7 8/9 10 0 11/13 14 12 0");
    await page.click("#set");
    await expect(page.locator("#status")).toContainText("Position set");
    // The status line while a build runs, as the page words it.
    await page.evaluate(() => status(buildingText({ seconds: 3.2, tables: [{ message: "building the free-blank pattern database for tiles [1, 2, 5, 3, 6, 9] (5765760 entries)", fraction: null, seconds: 1.1 }] }, performance.now() - 3200)));
    await page.screenshot({ path: path.join(out, `building-${name}.png`), fullPage: true });
  });
}
