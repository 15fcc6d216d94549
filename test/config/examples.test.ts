/** The example agency layer `npm run demo` uses (examples/): it must load, whole, as shipped. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load-config.js";
import { loadNotes } from "../../src/config/notes-file.js";

const config = join(import.meta.dirname, "../../examples/vreport.config.json");

describe("examples/vreport.config.json", () => {
  it("gives Brightwave its targets, notes and email, and every other client the defaults", async () => {
    const loaded = await loadConfig(config);
    const brightwave = loaded.forProject({ id: "x", name: "Brightwave" });
    expect(brightwave.branding.agencyName).toBe("Northwind Digital");
    expect(brightwave.targets?.mention_rate).toBe(0.3);
    expect(brightwave.email?.to).toEqual(["cmo@brightwave.example"]);
    expect(brightwave.presentation.sections).not.toContain("content");
    const notes = await loadNotes(brightwave.notesPath as string);
    expect(Object.keys(notes).sort()).toEqual([
      "competitors",
      "executive_summary",
      "opportunities",
      "summary",
    ]);
    const other = loaded.forProject({ id: "y", name: "Someone else" });
    expect(other.targets).toBeUndefined();
    expect(other.notesPath).toBeUndefined();
  });
});
