import { describe, expect, it } from "vitest";
import { parseAgencyNote } from "../../src/config/agency-input.js";
import { NotesError, parseNotes } from "../../src/config/notes-file.js";

const NOTE = [
  "Two launches this month.",
  "",
  "### next_steps",
  "",
  "- Grok comparison page; owner: Dana Weiss; due: 2026-11-28",
  "1. FAQ schema on pricing pages; Owner: Jonas Berg; Due: 2026-12-05",
  "",
  "### next_review",
  "2026-12-03",
  "",
  "### account_manager",
  "name: Dana Weiss",
  "- email: dana@northwind.example",
  "phone: +49 30 1234 5678",
  "",
  "### Why these steps",
  "",
  "Grok fell.",
].join("\n");

describe("the agency note (docs/agency.md)", () => {
  it("reads next steps, the next review and the account manager; the rest stays commentary", () => {
    expect(parseAgencyNote(NOTE)).toEqual({
      plan: {
        nextSteps: [
          { step: "Grok comparison page", owner: "Dana Weiss", due: "2026-11-28" },
          { step: "FAQ schema on pricing pages", owner: "Jonas Berg", due: "2026-12-05" },
        ],
        nextReview: "2026-12-03",
        accountManager: { name: "Dana Weiss", email: "dana@northwind.example", phone: "+49 30 1234 5678" },
      },
      rest: "Two launches this month.\n\n### Why these steps\n\nGrok fell.",
    });
  });

  it("names the line and the form of what is wrong", () => {
    const problem = (lines: string[]) => {
      const r = parseAgencyNote(lines.join("\n"));
      return "problem" in r ? r.problem : null;
    };
    const form = "- <step>; owner: <name>; due: <YYYY-MM-DD>";
    expect(problem(["### next_steps", "- Grok page; due: 2026-11-28"])).toEqual({
      line: 1,
      what: `a next step without an owner: write ${form}`,
    });
    expect(problem(["### next_steps", "", "- Grok page; owner: Dana; due: 28.11.2026"])).toEqual({
      line: 2,
      what: `a next step without a due date YYYY-MM-DD: write ${form}`,
    });
    expect(problem(["### next_steps", "Grok page; owner: Dana; due: 2026-11-28"])).toEqual({
      line: 1,
      what: `each next step is a list item: ${form}`,
    });
    expect(problem(["### next_review", "2026-02-30"])).toEqual({
      line: 1,
      what: "### next_review takes one date YYYY-MM-DD",
    });
    expect(problem(["### account_manager", "email: dana@northwind.example"])).toEqual({
      line: 0,
      what: "### account_manager needs a line name: <name>",
    });
    expect(problem(["### account_manager", "name: Dana", "email: dana at northwind"])).toEqual({
      line: 2,
      what: 'account manager\'s email "dana at northwind" is not an address',
    });
  });

  it("fails the notes file at the line of the problem, before any report is made", () => {
    const text = [
      "## summary",
      "",
      "Fine.",
      "",
      "## agency",
      "",
      "### next_steps",
      "- Grok page; owner: Dana",
    ].join("\n");
    let error: unknown;
    try {
      parseNotes(text, "/reports/notes.md");
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(NotesError);
    expect((error as NotesError).code).toBe("AGENCY_INPUT");
    expect((error as NotesError).message).toBe(
      "notes file /reports/notes.md, line 8: a next step without a due date YYYY-MM-DD: write - <step>; owner: <name>; due: <YYYY-MM-DD>",
    );
  });
});
