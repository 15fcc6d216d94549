/** The example agency layer `npm run demo` uses (examples/): it must load, whole, as shipped. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load-config.js";
import { notesForReport } from "../../src/config/period-notes.js";
import { renderBodyText } from "../../src/format/email-template.js";

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
    // Its email body keeps a blank line before the greeting: Handlebars eats the newline after a
    // `{{/each}}` that stands on a line of its own.
    const body = renderBodyText(brightwave.email?.body ?? "", {
      project: "Brightwave",
      period: "1–31 October 2026",
      agency: "Northwind Digital",
      headline: "Mention rate rose.",
      findings: ["Mention rate rose."],
      kpis: [
        { label: "Mention rate", value: "30.4%", change: "+1.9 pp vs 28.5%" },
        { label: "Answers analysed", value: "120", change: "" },
      ],
    });
    expect(body).toBe(
      "Hello,\n\nYour AI visibility report for 1–31 October 2026 is attached.\n\nMention rate rose.\n\n" +
        "- Mention rate: 30.4% (+1.9 pp vs 28.5%)\n- Answers analysed: 120\n\nBest regards,\nNorthwind Digital",
    );
    const other = loaded.forProject({ id: "y", name: "Someone else" });
    expect(other.targets).toBeUndefined();
    expect(other.notesPath).toBe(brightwave.notesPath);
  });
});
