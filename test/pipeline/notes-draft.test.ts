import { describe, expect, it } from "vitest";
import { parseNotes } from "../../src/config/notes-file.js";
import { notePlainText } from "../../src/format/note-markup.js";
import { draftNotes } from "../../src/pipeline/notes-draft.js";
import { draftView } from "../../src/render/build-view.js";
import { buildModel } from "../../src/report/build-model.js";
import { smallReportData } from "../fixtures/report-data.js";
import { SAMPLE_BRANDING } from "../fixtures/sample-view.js";

/** The draft of the fixture report: model and view built as `generate` builds them. */
function fixtureDraft(data = smallReportData()) {
  const model = buildModel(data);
  return { model, draft: draftNotes(model, draftView(model, SAMPLE_BRANDING)) };
}

describe("draft notes (notes init, docs/notes.md)", () => {
  it("writes one paragraph per section with observations, a sentence per line, from the report's own sentences", () => {
    const { draft } = fixtureDraft();
    expect(draft.sections).toEqual(EXPECTED_SECTIONS);
    expect(draft.markdown).toBe(EXPECTED_MARKDOWN);
  });

  it("reads back as a notes file whose text is the report's sentences, unchanged", () => {
    const { model, draft } = fixtureDraft();
    const notes = parseNotes(draft.markdown, "draft.md");
    expect(Object.keys(notes)).toEqual(draft.sections);
    const headline = model.findings.filter((f) => f.section === "summary").map((f) => f.text);
    expect(notePlainText(notes.executive_summary!)).toBe(headline.join(" "));
  });

  it("escapes what the data says: a prompt text cannot open markup in the notes file", () => {
    const data = smallReportData();
    if (!data.report.ok) throw new Error("fixture without report");
    const prompts = data.report.value.sections.find((s) => s.key === "prompts");
    if (prompts?.key !== "prompts" || !prompts.gaps[0]) throw new Error("fixture without a gap");
    prompts.gaps[0].prompt_text = "Best <script>x</script> | CRM [a](javascript:y)";
    const { draft } = fixtureDraft(data);
    const notes = parseNotes(draft.markdown, "draft.md");
    expect(notePlainText(notes.opportunities!)).toContain(
      "“Best <script>x</script> | CRM [a](javascript:y)”",
    );
    // Escaped: `&lt;` is no tag, `\](` no link (the notes parser reads them back as the text above).
    expect(draft.markdown).not.toMatch(/<script|(?<!\\)\]\(javascript/);
  });
});

/** The fixture has no content map or content data: those sections have nothing to start from. */
const EXPECTED_SECTIONS = ["executive_summary", "summary", "platforms", "competitors", "opportunities"];
const EXPECTED_MARKDOWN = [
  "## executive_summary",
  "",
  "Mention rate rose significantly from 25.0% to 37.5% (+12.5\u00a0pp; 95% interval +5.0 to +20.0\u00a0pp).",
  "Citation rate did not change significantly: 12.5% against 25.0% in the previous period (−12.5\u00a0pp; 95% interval −40.0 to +15.0\u00a0pp).",
  "Share of voice fell significantly from 50.0% to 42.9% (−7.1\u00a0pp; 95% interval −20.0 to −1.0\u00a0pp).",
  "",
  "## summary",
  "",
  "2 tracked prompts on 2 platforms, compared with 1 competitor.",
  "",
  "## platforms",
  "",
  "No significant change in mention rate on ChatGPT and Perplexity.",
  "ChatGPT is the strongest platform (mention rate 50.0%); Perplexity the weakest (25.0%).",
  "",
  "## competitors",
  "",
  "Rival overtook Acme on mention rate (50.0% against 37.5%; 25.0% against 25.0% in the previous period) and share of voice (57.1% against 42.9%; 50.0% against 50.0% in the previous period).",
  "Mention rate: rank 2 of 2 at 37.5% (+12.5\u00a0pp).",
  "Citation rate: rank 1 of 2 at 12.5% (−12.5\u00a0pp).",
  "Share of voice: rank 2 of 2 at 42.9% (−7.1\u00a0pp).",
  "",
  "## opportunities",
  "",
  "On 1 of 2 tracked prompts, answers name a competitor and not Acme; the widest gap is “crm with email sync” (on 1 of 2 platforms, 2 of 4 answers).",
  // The top theme: the weakest platform's (Perplexity, 25.0% against ChatGPT's 50.0%).
  "Close the gap on Perplexity, which names Acme in 25.0% of its answers, the fewest of any platform: start with the prompt where it names competitors and never Acme (“crm with email sync”). On all platforms, Rival is named without Acme in 2 of the prompt's 4 answers; Rival's rival.com/crm/email-sync is the page most cited there, in 1 of them.",
  "",
].join("\n");
