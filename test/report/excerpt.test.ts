/** Evidence excerpts (docs/metrics.md, "Evidence"): where they start, where they stop, what is marked. */
import { describe, expect, it } from "vitest";
import {
  EXCERPT_CHARS,
  excerpt,
  markedEntities,
  type Segment,
  shortNamesIn,
} from "../../src/report/excerpt.js";

const NAMES = { brand: ["Acme", "Acme Cloud"], competitors: ["Rival", "Rival.io"] };
const text = (s: Segment[]) => s.map((x) => x.text).join("");
const marks = (s: Segment[]) => s.filter((x) => x.mark).map((x) => [x.text, x.mark]);

describe("excerpt", () => {
  it("starts at the first sentence naming the anchor's kind and marks every name, longest first", () => {
    const s = excerpt(
      "CRMs vary a lot. Many teams pick Rival.io for its sync. acme cloud is cheaper, and Acme's support is good.",
      NAMES,
      "competitor",
    );
    expect(text(s)).toBe(
      "… Many teams pick Rival.io for its sync. acme cloud is cheaper, and Acme's support is good.",
    );
    expect(marks(s)).toEqual([
      ["Rival.io", "competitor"],
      ["acme cloud", "brand"],
      ["Acme", "brand"],
    ]);
  });

  it("matches whole words only", () => {
    const s = excerpt("Rivalry aside, Acmeology is not Acme.", NAMES, "brand");
    expect(marks(s)).toEqual([["Acme", "brand"]]);
  });

  it("stops after the last whole sentence that fits, with an ellipsis", () => {
    const long = `Acme is named here. ${"Filler sentence number one goes on. ".repeat(20)}`;
    const s = excerpt(long, NAMES, "brand");
    const t = text(s);
    expect(t.startsWith("Acme is named here.")).toBe(true);
    expect(t.endsWith(". …")).toBe(true);
    expect(t.length).toBeLessThanOrEqual(EXCERPT_CHARS + 2);
  });

  it("cuts one overlong sentence at a word boundary", () => {
    const s = excerpt(`Acme ${"word ".repeat(200)}end.`, NAMES, "brand");
    const t = text(s);
    expect(t.endsWith("word …")).toBe(true);
    expect(t.length).toBeLessThanOrEqual(EXCERPT_CHARS + 2);
  });

  it("quotes from the start when no name of the anchor's kind occurs, and keeps untrusted text as text", () => {
    const s = excerpt("<script>alert(1)</script> **bold** | pipe", NAMES, "competitor");
    expect(s).toEqual([{ text: "<script>alert(1)</script> **bold** | pipe", mark: null }]);
  });
});

describe("excerpt: entities by any of their names", () => {
  it("marks every name of an entity as that entity, and lists the entities in order", () => {
    const s = excerpt(
      "For sync, Nimbus is quick to set up. PulseGrid and Acme Cloud follow.",
      {
        brand: ["Acme", "Acme Cloud"],
        competitors: [{ name: "Nimbus Metrics", aliases: ["Nimbus"] }, "Pulsegrid"],
      },
      "competitor",
    );
    expect(s.filter((x) => x.mark).map((x) => [x.text, x.mark, x.entity])).toEqual([
      ["Nimbus", "competitor", "Nimbus Metrics"],
      ["PulseGrid", "competitor", "Pulsegrid"],
      ["Acme Cloud", "brand", "Acme"],
    ]);
    expect(markedEntities(s, "competitor")).toEqual(["Nimbus Metrics", "Pulsegrid"]);
    expect(markedEntities(s, "brand")).toEqual(["Acme"]);
  });

  it("offers a competitor's first word only where the answer does not write its full name", () => {
    expect(shortNamesIn("Nimbus Metrics", "Try Nimbus for dashboards.")).toEqual(["Nimbus"]);
    expect(shortNamesIn("Nimbus Metrics", "Nimbus Metrics has a free tier; Nimbus is quick.")).toEqual([]);
    expect(shortNamesIn("Pulsegrid", "Pulse is not Pulsegrid.")).toEqual([]);
    expect(shortNamesIn("HQ Data", "HQ is fast.")).toEqual([]);
  });
});
