import { afterAll, describe, expect, it } from "vitest";
import {
  parseCompetitors,
  parseMapping,
  readProjectFile,
  resolveSetup,
} from "../../src/service/import/index.js";
import { csvFolder } from "./_csv.js";

const BASE = { project: "Acme", brand: "Acme", domains: ["https://www.Acme.example/"] };

describe("import setup: flags and project file", () => {
  const files = csvFolder();
  afterAll(() => files.dispose());

  it("defaults the workspace to the project and normalizes domains", () => {
    expect(resolveSetup({ ...BASE, competitors: parseCompetitors("Globex=globex.example") })).toEqual({
      workspace: "Acme",
      timezone: undefined,
      project: "Acme",
      brand: "Acme",
      domain: "acme.example",
      brandVariants: [],
      competitors: [{ name: "Globex", domain: "globex.example", variants: [] }],
      mapping: {},
    });
  });

  it("names the flag at fault", () => {
    const fails = (input: Parameters<typeof resolveSetup>[0]) => () => resolveSetup(input);
    expect(fails({ ...BASE, brand: undefined })).toThrow("--brand is required");
    expect(fails({ ...BASE, timezone: "Mars/Olympus" })).toThrow(
      "--timezone is not an IANA time zone (e.g. Europe/Berlin)",
    );
    expect(fails({ ...BASE, domains: ["acme.example", "acme.de"] })).toThrow(
      "--domains takes exactly one domain: the store keeps one brand domain per project",
    );
    expect(
      fails({ ...BASE, competitors: parseCompetitors("Globex=globex.example,globex=globex.de") }),
    ).toThrow('competitor "globex" is listed twice (or is the brand itself)');
    expect(() => parseCompetitors("Globex")).toThrow(
      '--competitors "Globex": write name=domain, e.g. Globex=globex.com',
    );
    expect(() => parseMapping("prompt=")).toThrow(
      '"prompt=" names no column of the file: write prompt=<column name>',
    );
    // A repeated key (in any case) is an error, never the last value silently.
    expect(() => parseMapping("prompt=Question,platform=Engine,Prompt=Query")).toThrow(
      'column "prompt" is mapped twice ("Question" and "Query"): give each column once',
    );
  });

  it("reads a YAML project file; flags override it, mappings merge", async () => {
    const path = files.write("acme.yaml", [
      "workspace: Northwind Agency",
      "timezone: Europe/Berlin",
      "project: Acme",
      "brand: Acme",
      "domain: acme.example",
      "variants: [ACME Corp]",
      "competitors:",
      "  - Globex=globex.example",
      "  - { name: Initech, domain: initech.example, variants: [Initech Inc] }",
      "map: { prompt: Question, platform: Engine }",
    ]);
    const file = await readProjectFile(path);
    const setup = resolveSetup({ timezone: "UTC", mapping: parseMapping("platform=Model") }, file);
    expect(setup).toEqual({
      workspace: "Northwind Agency",
      timezone: "UTC",
      project: "Acme",
      brand: "Acme",
      domain: "acme.example",
      brandVariants: ["ACME Corp"],
      competitors: [
        { name: "Globex", domain: "globex.example", variants: [] },
        { name: "Initech", domain: "initech.example", variants: ["Initech Inc"] },
      ],
      mapping: { prompt: "Question", platform: "Model" },
    });
  });

  it("refuses an unknown key of a project file, naming it", async () => {
    const path = files.write("typo.yaml", ["project: Acme", "compettitors: []"]);
    await expect(readProjectFile(path)).rejects.toMatchObject({ code: "BAD_SETUP" });
    await expect(readProjectFile(path)).rejects.toThrow("compettitors");
  });
});
