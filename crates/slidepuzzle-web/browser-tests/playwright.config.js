// End-to-end tests of the page in Debian's Chromium (installed by
// scripts/test), against the binary the cargo tests built: SLIDEPUZZLE_BIN
// (scripts/test sets it to target/tested/slidepuzzle), else the release
// binary.
const path = require("path");
const { defineConfig } = require("@playwright/test");

const root = path.resolve(__dirname, "../../..");
const port = Number(process.env.SLIDEPUZZLE_TEST_PORT || 8799);
const cache = path.join(root, "target", "browser-tests-cache");
const binary = process.env.SLIDEPUZZLE_BIN || path.join(root, "target", "release", "slidepuzzle");

module.exports = defineConfig({
  // SLIDEPUZZLE_SCREENSHOTS=1 runs the screenshot maker for docs/ instead.
  testDir: process.env.SLIDEPUZZLE_SCREENSHOTS ? "screenshots" : "tests",
  timeout: 60_000,
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--no-first-run"],
    },
  },
  webServer: {
    command: `"${binary}" serve --port ${port} --cache-dir "${cache}"`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
