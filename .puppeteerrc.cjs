// Debian's Chromium is used (the PDF backend prefers its headless shell when installed, see
// src/render/backends/_pdf-browser.ts): downloads of prebuilt browsers fail on our machines.
/** @type {import("puppeteer").Configuration} */
module.exports = {
  skipDownload: true,
  executablePath: process.env.PUPPETEER_EXECUTABLE_PATH || "/usr/bin/chromium",
};
