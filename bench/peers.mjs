/**
 * Peers area: the same report, in the same run, through our PDF pipeline and through
 * (a) a naive pipeline (Chromium launched per report, our HTML printed with puppeteer's defaults),
 * (b) md-to-pdf on our own Markdown, (c) WeasyPrint on our HTML when it is installed.
 * First pages go to bench/results/peers/*.png for a look.
 */
import { execFile, spawn } from "node:child_process";
import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { serve } from "./_db.mjs";
import { DIST, RESULTS } from "./_paths.mjs";
import { pipelineFor } from "./_pipeline.mjs";
import { sample, summarize } from "./_stats.mjs";

const exec = promisify(execFile);
const OUT = join(RESULTS, "peers");
const CHROMIUM = process.env.PUPPETEER_EXECUTABLE_PATH ?? "/usr/bin/chromium";

async function pdfInfo(path) {
  try {
    const { stdout } = await exec("pdfinfo", [path]);
    const field = (name) => new RegExp(`^${name}:\\s+(.*)$`, "m").exec(stdout)?.[1]?.trim();
    // Embedded images (the charts): the same count in every row shows the same content was printed.
    const images =
      (await exec("pdfimages", ["-list", path], { maxBuffer: 8 << 20 })).stdout.trim().split("\n").length - 2;
    return {
      pages: Number(field("Pages")),
      pageSize: field("Page size"),
      tagged: field("Tagged"),
      imageCount: images,
    };
  } catch {
    return {};
  }
}

/** Page `page` of `pdf` as a 60 dpi PNG under bench/results/peers/. */
async function snapshot(pdf, name, page = 1) {
  const prefix = join(OUT, `${name}-p${page}`);
  try {
    await exec("pdftoppm", [
      "-png",
      "-r",
      "60",
      "-f",
      String(page),
      "-l",
      String(page),
      "-singlefile",
      pdf,
      prefix,
    ]);
    return `${prefix}.png`;
  } catch {
    return null;
  }
}

/** Runs `cmd` with `input` on stdin; rejects with `killed` set when it outlives `timeoutMs`. */
function runWithInput(cmd, args, input, timeoutMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["pipe", "ignore", "pipe"] });
    let stderr = "";
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(Object.assign(new Error(`${cmd} exited ${code}: ${stderr.slice(-300)}`), { killed }));
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(input);
  });
}

async function weasyprintVersion() {
  try {
    return (await exec("weasyprint", ["--version"])).stdout.trim();
  } catch {
    return null;
  }
}

/** Runs the peers area. */
export async function runPeers(ctx) {
  const { log, dbs, quick } = ctx;
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const server = await serve(dbs.pglite.location);
  const pdfModule = {
    ...(await import(`${DIST}/render/backends/pdf/backend.js`)),
    ...(await import(`${DIST}/render/html/compose.js`)),
    ...(await import(`${DIST}/render/backends/pdf/_browser.js`)),
  };
  const { anchorOf } = await import(`${DIST}/render/html/context.js`);
  const { anchorPages, loadPdf } = await import(`${DIST}/render/backends/pdf/_finish.js`);
  const { renderMarkdown, assetDirFor } = await import(`${DIST}/render/backends/markdown/backend.js`);
  const puppeteer = (await import("puppeteer")).default;
  const peers = [];
  let htmlBytes = 0;
  try {
    const { view } = await (await pipelineFor(server)).buildView();
    const n = quick ? 2 : 4;

    // Ours, warm (the browser kept across reports, as the CLI batch and the worker do).
    let bytes = await pdfModule.renderPdfBytes(view);
    const warm = await sample(
      async () => {
        bytes = await pdfModule.renderPdfBytes(view);
      },
      { n, warmup: 0 },
    );
    const oursPath = join(OUT, "ours.pdf");
    writeFileSync(oursPath, bytes);
    // Ours including a browser launch per report: the like-for-like comparison with (a) and (b).
    const cold = await sample(
      async () => {
        await pdfModule.closeBrowser();
        await pdfModule.renderPdfBytes(view);
      },
      { n: quick ? 1 : 3, warmup: 0 },
    );
    await pdfModule.closeBrowser();
    peers.push({
      id: "ours",
      label: "vreport PDF backend (warm browser)",
      ...summarize(warm),
      path: oursPath,
    });
    peers.push({
      id: "ours-launch",
      label: "vreport PDF backend, browser launched per report",
      ...summarize(cold),
      path: oursPath,
    });
    log(
      `  ours: warm ${summarize(warm).median.toFixed(0)} ms, with launch ${summarize(cold).median.toFixed(0)} ms`,
    );

    // The report in one document from our templates, for (a) and (c): each contents slot holds
    // the page its section starts on in our PDF (whose cover counts as page 1 here too).
    const anchors = view.sections.map((_, i) => anchorOf(i));
    const starts = anchorPages(await loadPdf(bytes), anchors);
    let entry = 0;
    const html = pdfModule
      .renderHtml(view, {}, "whole")
      .replace(
        /(<span class="toc__page">)\u2007+(<\/span>)/g,
        (_, open, close) => `${open}${starts[entry++]}${close}`,
      );
    htmlBytes = Buffer.byteLength(html);

    // (a) Naive: a browser per report, setContent, page.pdf() with every default.
    const naivePath = join(OUT, "naive.pdf");
    const naive = await sample(
      async () => {
        const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
        try {
          const page = await browser.newPage();
          await page.setContent(html);
          writeFileSync(naivePath, await page.pdf());
        } finally {
          await browser.close();
        }
      },
      { n, warmup: 0 },
    );
    peers.push({
      id: "naive",
      label: "(a) naive puppeteer: launch per report, page.pdf() defaults",
      ...summarize(naive),
      path: naivePath,
    });
    log(`  naive: ${summarize(naive).median.toFixed(0)} ms`);

    // (b) md-to-pdf on our Markdown report (its own stylesheet, its own browser per call).
    const mdDir = join(OUT, "md");
    mkdirSync(mdDir, { recursive: true });
    const assetDir = assetDirFor(view);
    const md = renderMarkdown(view, assetDir);
    const mdPath = join(mdDir, `${view.name}.md`);
    writeFileSync(mdPath, md.markdown);
    mkdirSync(join(mdDir, assetDir), { recursive: true });
    for (const a of md.assets) writeFileSync(join(mdDir, assetDir, a.name), a.data);
    const mdPdfPath = join(OUT, "md-to-pdf.pdf");
    try {
      const { mdToPdf } = await import("md-to-pdf");
      const mdToPdfRuns = await sample(
        async () => {
          const out = await mdToPdf(
            { path: mdPath },
            { dest: mdPdfPath, launch_options: { executablePath: CHROMIUM, args: ["--no-sandbox"] } },
          );
          if (!out?.content) throw new Error("md-to-pdf produced nothing");
        },
        { n, warmup: 0 },
      );
      peers.push({
        id: "md-to-pdf",
        label: "(b) md-to-pdf on our Markdown",
        ...summarize(mdToPdfRuns),
        path: mdPdfPath,
      });
      log(`  md-to-pdf: ${summarize(mdToPdfRuns).median.toFixed(0)} ms`);
    } catch (error) {
      peers.push({
        id: "md-to-pdf",
        label: "(b) md-to-pdf on our Markdown",
        error: String(error).slice(0, 300),
      });
    }

    // (c) WeasyPrint on our HTML, if Debian's package is installed; stopped past its budget.
    const weasy = await weasyprintVersion();
    const label = `(c) ${weasy ?? "WeasyPrint"} on our HTML`;
    if (weasy) {
      const weasyPath = join(OUT, "weasyprint.pdf");
      const budgetMs = quick ? 30_000 : 60_000;
      try {
        const runs = await sample(
          // The HTML goes in on stdin: it references only data: URLs, so no base URL is needed.
          () => runWithInput("weasyprint", ["--quiet", "-", weasyPath], html, budgetMs),
          { n: quick ? 1 : 2, warmup: 0, budgetMs: 20_000, minN: 1 },
        );
        peers.push({ id: "weasyprint", label, ...summarize(runs), path: weasyPath });
        log(`  weasyprint: ${summarize(runs).median.toFixed(0)} ms`);
      } catch (error) {
        const stopped = error?.killed === true;
        peers.push({
          id: "weasyprint",
          label,
          error: stopped
            ? `did not finish within ${budgetMs / 1000} s; stopped (bench time bound)`
            : String(error).slice(0, 300),
          stoppedAfterMs: stopped ? budgetMs : undefined,
        });
        log(`  weasyprint: ${stopped ? "stopped at its time budget" : "failed"}`);
      }
    } else {
      peers.push({ id: "weasyprint", label, error: "not installed" });
    }
  } finally {
    await pdfModule.closeBrowser();
    await server.close();
  }

  const ours = peers[0];
  for (const p of peers) {
    if (p.error) continue;
    p.bytes = statSync(p.path).size;
    Object.assign(p, await pdfInfo(p.path));
    p.timeRatio = p.median / ours.median;
    p.sizeRatio = p.bytes / ours.bytes;
    if (p.id !== "ours-launch") p.images = [await snapshot(p.path, p.id, 1), await snapshot(p.path, p.id, 3)];
  }
  return { peers, htmlBytes };
}
