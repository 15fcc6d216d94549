import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseGenerateFlags } from "../../src/cli/commands/generate-options.js";
import { ConfigError, loadConfig } from "../../src/config/load-config.js";
import { FULL } from "../../src/config/presentation.js";
import { SECTION_KEYS } from "../../src/config/section-keys.js";
import { tempDir } from "../_tmp.js";

describe("profiles, sections and rows in vreport.config.json", () => {
  const dir = tempDir("presentation");

  async function load(body: unknown, flags: { profile?: "client" | "full" } = {}) {
    const path = join(dir, `${Math.random().toString(36).slice(2)}.json`);
    await writeFile(path, JSON.stringify(body));
    return loadConfig(path, flags);
  }

  it("defaults to the client profile: no latest-answers list, top-10 tables, the daily trend left to the workbook", async () => {
    const { presentation } = await load({});
    expect(presentation.profile).toBe("client");
    expect(presentation.sections).toEqual(SECTION_KEYS.filter((k) => k !== "answers"));
    expect(presentation.rows).toMatchObject({ prompts: 10, cited_sources: 10, your_pages: 10, trend: 0 });
  });

  it("the full profile shows every section and every row", async () => {
    const { presentation } = await load({ profile: "full" });
    expect(presentation).toEqual(FULL);
    expect(presentation.sections).toEqual([...SECTION_KEYS]);
    expect(presentation.rows).toEqual({});
  });

  it("takes a subset of sections in the file's order, and row counts on top of the profile's", async () => {
    const { presentation } = await load({
      sections: ["competitors", "executive_summary", "prompts"],
      rows: { prompts: 25, competitors: 3 },
    });
    expect(presentation.sections).toEqual(["competitors", "executive_summary", "prompts"]);
    expect(presentation.rows).toMatchObject({ prompts: 25, competitors: 3, cited_sources: 10 });
  });

  it("lets --profile override the file's profile", async () => {
    const { presentation } = await load({ profile: "client" }, { profile: "full" });
    expect(presentation.profile).toBe("full");
  });

  it("refuses an unknown section key, listing the valid keys", async () => {
    const err = await load({ sections: ["summary", "bogus"] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain(
      `sections.1: unknown section "bogus": valid keys are ${SECTION_KEYS.join(", ")}`,
    );
    await expect(load({ rows: { nope: 3 } })).rejects.toThrow(
      /unknown section "nope": valid keys are executive_summary, /,
    );
  });

  it("refuses a bad profile, a section named twice, an empty list and a negative or fractional row count", async () => {
    await expect(load({ profile: "short" })).rejects.toThrow(/profile: must be one of client, full/);
    await expect(load({ sections: ["summary", "summary"] })).rejects.toThrow(
      /sections: names a section twice/,
    );
    await expect(load({ sections: [] })).rejects.toThrow(/sections/);
    await expect(load({ rows: { prompts: -1 } })).rejects.toThrow(/rows\.prompts/);
    await expect(load({ rows: { prompts: 2.5 } })).rejects.toThrow(/rows\.prompts/);
  });

  it("--profile accepts client and full, and names the allowed values otherwise", () => {
    expect(parseGenerateFlags({ profile: "full" }, {}).profile).toBe("full");
    expect(parseGenerateFlags({}, {}).profile).toBeUndefined();
    expect(() => parseGenerateFlags({ profile: "short" }, {})).toThrow(
      'invalid --profile "short": allowed values are client, full',
    );
  });
});
