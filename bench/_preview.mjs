/**
 * The preview's reload latency (the target: the page is rebuilt ≤ 2 s after a change): a preview of
 * `data` with a notes file, edited `n` times; each sample is the time from the edit's last file
 * event to the rebuilt page being ready to serve (the server's own measure, docs/preview.md). The
 * browser's reload of the page comes on top (one request of the served HTML).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DIST } from "./_paths.mjs";

export async function previewReloads(data, n) {
  const { startPreview } = await import(`${DIST}/preview/server.js`);
  const dir = mkdtempSync(join(tmpdir(), "vreport-bench-preview-"));
  const notes = join(dir, "notes.md");
  const config = join(dir, "vreport.config.json");
  writeFileSync(config, "{}\n");
  writeFileSync(notes, "## executive_summary\n\nEdit 0.\n");
  let waiting;
  const preview = await startPreview({
    source: { data, configPath: config, notesPath: notes },
    port: 0,
    onRebuild: (e) => waiting?.(e),
  });
  const samples = [];
  try {
    for (let i = 1; i <= n; i++) {
      const rebuilt = new Promise((resolve) => {
        waiting = resolve;
      });
      writeFileSync(notes, `## executive_summary\n\nEdit ${i}.\n`);
      const e = await rebuilt;
      if (!e.ok) throw new Error(`preview rebuild failed: ${e.message}`);
      samples.push(e.ms);
    }
  } finally {
    await preview.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return samples;
}
