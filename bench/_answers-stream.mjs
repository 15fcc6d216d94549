/**
 * Child process: streams N synthetic answers (about 1.5 KB of text each, distinct) into the
 * `--answers all` workbook and prints time, size and this process's peak RSS as one JSON line.
 * Run at two sizes, the peaks show whether memory grows with the number of answers.
 * `node bench/_answers-stream.mjs <answers> <file>`
 */
import { statSync } from "node:fs";
import { DIST } from "./_paths.mjs";

const [count, file] = process.argv.slice(2);
const N = Number(count);
const PLATFORMS = ["chatgpt", "google_ai_overview", "perplexity", "gemini", "grok", "claude"];
const PARAGRAPH =
  "When a five-person marketing team evaluates marketing data platforms, a handful of tools come up again and again. ";

async function* answers() {
  const start = Date.parse("2026-08-28T06:00:00Z");
  for (let i = 0; i < N; i++) {
    yield {
      collectedAt: new Date(start + i * 60_000).toISOString(),
      prompt: `Which marketing data platforms do teams of ${i % 120} recommend?`,
      category: "Marketing analytics",
      platform: PLATFORMS[i % PLATFORMS.length],
      status: "COLLECTED",
      brandMentioned: i % 3 === 0,
      brandCited: i % 5 === 0,
      competitors: "Nimbus Metrics, Stackflow",
      citedUrls: `g2.com/compare/${i}\nreddit.com/r/b2bmarketing/${i}\nbrightwave.io/blog/${i % 40}`,
      text: `${PARAGRAPH.repeat(13)}#${i}`,
    };
    // A real export waits on the API between responses; yield to the event loop as it would.
    if (i % 200 === 199) await new Promise((r) => setImmediate(r));
  }
}

const { writeAnswersWorkbook } = await import(`${DIST}/pipeline/answers-workbook.js`);
const before = process.memoryUsage().rss;
const t = performance.now();
const rows = await writeAnswersWorkbook(answers(), file, "Europe/Paris");
const ms = performance.now() - t;
process.stdout.write(
  `${JSON.stringify({ rows, ms, bytes: statSync(file).size, rssBeforeKb: Math.round(before / 1024), maxRssKb: process.resourceUsage().maxRSS })}\n`,
);
