/**
 * Evidence quotes mark what the answer itself says: the entities the answer is known to name, by
 * any of their names, never a tracked name the text only repeats from the prompt; the caption's
 * competitors are the marked ones (docs/metrics.md, "Evidence").
 */
import { describe, expect, it } from "vitest";
import { buildModel } from "../../src/report/build-model.js";
import type { EvidenceAnswer } from "../../src/report/fetch-evidence.js";
import type { EvidenceItem } from "../../src/report/model.js";
import { smallEvidence, smallReportData } from "../fixtures/report-data.js";

const RIVAL = "00000000-0000-4000-8000-0000000000c1";

/** The fixture's gap answer with another text and other detected competitors. */
function gapWith(text: string, competitors: string[], mentioned = false): EvidenceAnswer[] {
  const [gap, win] = smallEvidence();
  if (!gap?.answer || !win) throw new Error("fixture evidence missing");
  const answer = {
    ...gap.answer,
    text,
    brand_mentioned: mentioned,
    competitors: competitors.map((name) => ({ id: RIVAL, name, cited: false })),
  };
  return [{ ...gap, answer }, win];
}

function evidenceOf(answers: EvidenceAnswer[]): EvidenceItem[] {
  const data = smallReportData();
  const model = buildModel({ ...data, evidence: { ok: true, value: answers } });
  if (!model.evidence.ok) throw new Error("evidence missing");
  return model.evidence.value;
}

const marks = (item: EvidenceItem | undefined) =>
  (item?.segments ?? []).filter((s) => s.mark).map((s) => [s.text, s.mark, s.entity]);

describe("evidence highlights", () => {
  it("marks a detected competitor by the short name the answer uses, and not a name echoed from the prompt", () => {
    const [gap] = evidenceOf(
      gapWith(
        "These are the Rival alternatives worth a look. Nimbus is quick to set up, and Stackflow suits SQL teams.",
        ["Nimbus Metrics", "Stackflow"],
      ),
    );
    expect(marks(gap)).toEqual([
      ["Nimbus", "competitor", "Nimbus Metrics"],
      ["Stackflow", "competitor", "Stackflow"],
    ]);
    // The caption lists exactly the marked competitors.
    expect(gap?.competitors).toEqual(["Nimbus Metrics", "Stackflow"]);
  });

  it("marks the client's names distinctly only when the answer names the client", () => {
    const [named] = evidenceOf(gapWith("Rival syncs both ways; ACME is cheaper.", ["Rival"], true));
    expect(marks(named)).toEqual([
      ["Rival", "competitor", "Rival"],
      ["ACME", "brand", "Acme"],
    ]);
    const [not] = evidenceOf(
      gapWith("Rival syncs both ways, unlike the Acme pick of the prompt.", ["Rival"]),
    );
    expect(marks(not)).toEqual([["Rival", "competitor", "Rival"]]);
  });

  it("leaves a detected competitor whose names the text never writes out of the caption", () => {
    const [gap] = evidenceOf(gapWith("Rival syncs Gmail and Outlook.", ["Rival", "Clearpath"]));
    expect(gap?.competitors).toEqual(["Rival"]);
  });
});
