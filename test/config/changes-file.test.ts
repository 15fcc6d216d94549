/**
 * Reading the agency's change log (docs/changes.md): CSV and NDJSON give the same entries; every
 * malformed line is an error naming the file, the line and the field.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ChangesError, loadChanges, parseChanges } from "../../src/config/changes-file.js";
import { tempDir } from "../_tmp.js";

const PLATFORMS = "chatgpt, google_ai_overview, perplexity, gemini, grok, claude";

const EXPECTED = [
  { date: "2026-10-06", label: "Pricing pages live, with a comma", line: 2 },
  { date: "2026-10-14", label: "FAQ schema", platform: "chatgpt", line: 3 },
  { date: "2026-10-20", label: "CRM guide", category: "CRM", line: 5 },
];

describe("parseChanges", () => {
  it("reads CSV: header, quoted commas, blank lines, any-case platform", () => {
    const csv =
      'date,label,platform,category\n2026-10-06,"Pricing pages live, with a comma",,\n2026-10-14,FAQ schema,ChatGPT,\n\n2026-10-20,CRM guide,,CRM\n';
    expect(parseChanges(csv, "/a/changes.csv")).toEqual({ file: "/a/changes.csv", entries: EXPECTED });
  });

  it("reads CSV with only the required columns, in any order", () => {
    expect(parseChanges("label,date\nLaunch,2026-10-06\n", "c.csv").entries).toEqual([
      { date: "2026-10-06", label: "Launch", line: 2 },
    ]);
  });

  it("reads NDJSON: one object per line, a BOM and blank lines skipped, null fields absent", () => {
    const ndjson = [
      '\uFEFF{"date":"2026-10-06","label":"Pricing pages live, with a comma"}',
      '{"date":"2026-10-14","label":"FAQ schema","platform":"chatgpt","category":null}',
      "",
      '{"date":"2026-10-20","label":"CRM guide","category":"CRM"}',
    ].join("\n");
    expect(parseChanges(ndjson, "/a/changes.ndjson").entries).toEqual(
      EXPECTED.map((e) => ({ ...e, line: e.line - 1 })),
    );
  });

  const errors: [string, string, string][] = [
    [
      "c.csv",
      "day,label\n2026-10-06,x\n",
      'changes file c.csv, line 1: unknown column "day" in the header: columns are date, label, platform, category',
    ],
    [
      "c.csv",
      "label,platform\nx,chatgpt\n",
      'changes file c.csv, line 1: no "date" column in the header: columns are date, label, platform, category',
    ],
    ["c.csv", "", "changes file c.csv, line 1: no header row: the header is date, label, platform, category"],
    [
      "c.csv",
      "date,label\n2026-10-06,ok\n2026-13-01,bad month\n",
      'changes file c.csv, line 3, date: "2026-13-01" is not a date YYYY-MM-DD',
    ],
    [
      "c.csv",
      "date,label\n2026-02-30,x\n",
      'changes file c.csv, line 2, date: "2026-02-30" is not a date YYYY-MM-DD',
    ],
    ["c.csv", "date,label\n2026-10-06,  \n", "changes file c.csv, line 2, label: empty: say what was done"],
    [
      "c.csv",
      "date,label,platform\n2026-10-06,x,bing\n",
      `changes file c.csv, line 2, platform: unknown platform "bing": valid platforms are ${PLATFORMS}`,
    ],
    [
      "c.csv",
      "date,label,platform,category\n2026-10-06,x,chatgpt,CRM\n",
      "changes file c.csv, line 2: both platform and category are set: an entry is about one platform, one category, or everything",
    ],
    [
      "c.csv",
      "date,label\n2026-10-06,a,b\n",
      "changes file c.csv, line 2: 3 fields, the header has 2 (quote a label holding a comma)",
    ],
    [
      "c.csv",
      `date,label\n2026-10-06,${"x".repeat(201)}\n`,
      "changes file c.csv, line 2, label: longer than 200 characters",
    ],
    [
      "c.ndjson",
      '{"date":"2026-10-06","label":"x"}\n{"date":"2026-10-07",\n',
      `changes file c.ndjson, line 2: not JSON: each line is one object like {"date": "2026-10-06", "label": "…"}`,
    ],
    [
      "c.ndjson",
      '["2026-10-06","x"]\n',
      `changes file c.ndjson, line 1: not a JSON object: each line is one object like {"date": "2026-10-06", "label": "…"}`,
    ],
    [
      "c.ndjson",
      '{"date":"2026-10-06","label":"x","scope":"all"}\n',
      'changes file c.ndjson, line 1: unknown field "scope": fields are date, label, platform, category',
    ],
    ["c.ndjson", '{"date":20261006,"label":"x"}\n', "changes file c.ndjson, line 1, date: must be a string"],
    [
      "c.ndjson",
      '{"date":"2026-10-06","label":"x","platform":"Bard"}\n',
      `changes file c.ndjson, line 1, platform: unknown platform "Bard": valid platforms are ${PLATFORMS}`,
    ],
    ["c.txt", "date,label\n", "changes file c.txt: must end in .csv or .ndjson (CSV or NDJSON)"],
  ];
  it.each(errors)("%s %j → %s", (file, text, message) => {
    let err: unknown;
    try {
      parseChanges(text, file);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ChangesError);
    expect((err as ChangesError).message).toBe(message);
  });

  it("names the line of a CSV syntax error (an unclosed quote)", () => {
    expect(() => parseChanges('date,label\n2026-10-06,ok\n2026-10-07,"open\n', "c.csv")).toThrow(
      "changes file c.csv, line 3: Quote Not Closed: the parsing is finished with an opening quote at line 3",
    );
  });
});

describe("loadChanges", () => {
  const dir = tempDir("changes");

  it("reads a file; a missing one is an error naming it", async () => {
    const path = join(dir, "changes.csv");
    await writeFile(path, "date,label\n2026-10-06,Launch\n");
    expect(await loadChanges(path)).toEqual({
      file: path,
      entries: [{ date: "2026-10-06", label: "Launch", line: 2 }],
    });
    await expect(loadChanges(join(dir, "none.csv"))).rejects.toThrow(
      `cannot read changes file ${join(dir, "none.csv")}: no such file`,
    );
  });
});
