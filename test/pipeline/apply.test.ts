import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { applyReport } from "../../src/pipeline/apply.js";
import { OutputInTheWayError } from "../../src/pipeline/output-in-the-way-error.js";
import type { Backend, RenderedFile } from "../../src/render/backends/backend.js";
import type { ReportView } from "../../src/render/types.js";
import { testDir } from "../_tmp.js";
import { sampleView } from "../fixtures/sample-view.js";

const view = sampleView();

/** A backend that renders the given files, or fails when `files` throws. */
function fake(format: string, files: (v: ReportView) => RenderedFile[]): Backend {
  return {
    format,
    label: format,
    extension: format,
    mime: "text/plain",
    chartImage: "png",
    shows: "pages",
    render: async (v) => files(v),
  };
}

const txt = fake("txt", (v) => [{ path: `${v.name}.txt`, data: "text report\n" }]);
const withAssets = fake("md", (v) => [
  { path: `${v.name}.md`, data: "# report\n" },
  { path: `${v.name}-assets/a.png`, data: new Uint8Array([1, 2, 3]) },
  { path: `${v.name}-assets/b.png`, data: new Uint8Array([4]) },
]);
const broken = fake("bin", () => {
  throw new Error("render failed");
});

describe("applyReport (the write step)", () => {
  let dir: string;
  beforeEach(() => {
    dir = testDir("apply");
  });

  it("writes each backend's report and assets and returns them with their sizes, in the backends' order", async () => {
    const written = await applyReport(view, [txt, withAssets], join(dir, "out"));
    expect(written).toEqual([
      { format: "txt", path: join(dir, "out", `${view.name}.txt`), bytes: 12, assets: [] },
      {
        format: "md",
        path: join(dir, "out", `${view.name}.md`),
        bytes: 9,
        assets: [
          join(dir, "out", `${view.name}-assets/a.png`),
          join(dir, "out", `${view.name}-assets/b.png`),
        ],
      },
    ]);
    expect(await readFile(join(dir, "out", `${view.name}-assets`, "a.png"))).toEqual(Buffer.from([1, 2, 3]));
  });

  it("leaves no staging folder behind", async () => {
    await applyReport(view, [txt, withAssets], dir);
    expect((await readdir(dir)).sort()).toEqual([
      `${view.name}-assets`,
      `${view.name}.md`,
      `${view.name}.txt`,
    ]);
  });

  it("writes nothing at all when any backend fails, even one after a backend that succeeded", async () => {
    await expect(applyReport(view, [txt, withAssets, broken], dir)).rejects.toThrow("render failed");
    expect(await readdir(dir)).toEqual([]);
  });

  it("keeps the previous run's files when a new run fails", async () => {
    await applyReport(view, [txt], dir);
    await expect(applyReport(view, [txt, broken], dir)).rejects.toThrow();
    expect(await readFile(join(dir, `${view.name}.txt`), "utf8")).toBe("text report\n");
    expect(await readdir(dir)).toEqual([`${view.name}.txt`]);
  });

  it("replaces an earlier run's files and asset folder (no stale chart survives)", async () => {
    await mkdir(join(dir, `${view.name}-assets`));
    await writeFile(join(dir, `${view.name}-assets`, "stale.png"), "old");
    await writeFile(join(dir, `${view.name}.md`), "old report");
    await applyReport(view, [withAssets], dir);
    expect(await readFile(join(dir, `${view.name}.md`), "utf8")).toBe("# report\n");
    expect((await readdir(join(dir, `${view.name}-assets`))).sort()).toEqual(["a.png", "b.png"]);
  });

  it("moves nothing when a folder stands where a report file goes", async () => {
    await mkdir(join(dir, `${view.name}.md`));
    const refused = applyReport(view, [txt, withAssets], dir);
    await expect(refused).rejects.toThrow(/in the way/);
    // Not retried by the worker: the folder stays in the way until someone moves it.
    await expect(refused).rejects.toBeInstanceOf(OutputInTheWayError);
    expect(await readdir(dir)).toEqual([`${view.name}.md`]);
  });

  it("moves nothing when a file stands where the asset folder goes", async () => {
    await writeFile(join(dir, `${view.name}-assets`), "a file");
    await expect(applyReport(view, [withAssets], dir)).rejects.toThrow(/in the way/);
    expect(await readdir(dir)).toEqual([`${view.name}-assets`]);
    expect(await readFile(join(dir, `${view.name}-assets`), "utf8")).toBe("a file");
  });

  it("fails without writing when the output directory cannot be created", async () => {
    await writeFile(join(dir, "blocker"), "not a directory");
    await expect(applyReport(view, [txt], join(dir, "blocker", "out"))).rejects.toThrow();
    expect(await readdir(dir)).toEqual(["blocker"]);
  });

  it("lets two runs write into one directory at once without colliding", async () => {
    const other = { ...view, name: `${view.name}-other` };
    await Promise.all([applyReport(view, [withAssets], dir), applyReport(other, [withAssets], dir)]);
    expect((await readdir(dir)).filter((n) => n.endsWith(".md")).sort()).toEqual(
      [`${view.name}.md`, `${view.name}-other.md`].sort(),
    );
    expect((await readdir(dir)).some((n) => n.startsWith("."))).toBe(false);
  });

  it("gives page formats the view the presentation picks, and the workbook-like formats everything", async () => {
    const seen: Record<string, string[]> = {};
    const spy = (format: string, shows: "pages" | "everything"): Backend => ({
      ...fake(format, (v) => [{ path: `${v.name}.${format}`, data: "x" }]),
      shows,
      render: async (v) => {
        seen[format] = v.sections.map((s) => s.key);
        return [{ path: `${v.name}.${format}`, data: "x" }];
      },
    });
    const presentation = { profile: "client" as const, sections: ["trend", "summary"] as const, rows: {} };
    await applyReport(view, [spy("doc", "pages"), spy("book", "everything")], dir, { presentation });
    expect(seen.doc).toEqual(["trend", "summary"]);
    expect(seen.book).toEqual(view.sections.map((s) => s.key));
  });
});
