// Debian's Chromium is used: downloads of prebuilt browsers fail on our machines.
/** @type {import("puppeteer").Configuration} */
module.exports = {
  skipDownload: true,
  executablePath: process.env.PUPPETEER_EXECUTABLE_PATH || "/usr/bin/chromium",
};
