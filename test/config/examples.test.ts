/** The example agency layer `npm run demo` uses (examples/): it must load, whole, as shipped. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load-config.js";
import { notesForReport } from "../../src/config/period-notes.js";

const config = join(import.meta.dirname, "../../examples/vreport.config.json");

describe("examples/vreport.config.json", () => {
  it("gives Brightwave its targets, notes and email, and every other client the defaults", async () => {
    const loaded = await loadConfig(config);
    const brightwave = loaded.forProject({ id: "x", name: "Brightwave" });
    expect(brightwave.branding.agencyName).toBe("Northwind Digital");
    expect(brightwave.targets?.mention_rate).toBe(0.3);
    expect(brightwave.email?.to).toEqual(["cmo@brightwave.example"]);
    expect(brightwave.presentation.sections).not.toContain("content");
    // The demo's period (--range 90d --as-of 2026-11-01) has its notes; another period has none.
    const from = { path: brightwave.notesPath as string, explicit: false };
    const { notes } = await notesForReport(from, { project: "brightwave", period: "90d-2026-11-01" });
    expect(await notesForReport(from, { project: "brightwave", period: "2026-10" })).toEqual({});
    expect(Object.keys(notes ?? {}).sort()).toEqual([
      "agency",
      "competitors",
      "executive_summary",
      "opportunities",
      "summary",
    ]);
    const other = loaded.forProject({ id: "y", name: "Someone else" });
    expect(other.targets).toBeUndefined();
    expect(other.notesPath).toBe(brightwave.notesPath);
  });
});
