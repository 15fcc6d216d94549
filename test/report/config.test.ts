import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config/load-config.js";

describe("vreport.config.json", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "vreport-config-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function config(name: string, body: unknown): Promise<string> {
    const path = join(dir, name);
    await writeFile(path, typeof body === "string" ? body : JSON.stringify(body));
    return path;
  }

  it("loads branding, with the logo read relative to the config file", async () => {
    await writeFile(join(dir, "logo.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const path = await config("ok.json", {
      agencyName: "Northwind Digital",
      logo: "logo.svg",
      accentColor: "#112233",
      footerText: "Confidential",
      timezone: "America/New_York",
    });
    const { branding, timezone } = await loadConfig(path);
    expect(branding).toMatchObject({
      agencyName: "Northwind Digital",
      accentColor: "#112233",
      footerText: "Confidential",
      locale: "en-US",
      logo: { mime: "image/svg+xml" },
    });
    expect(new TextDecoder().decode(branding.logo?.data)).toContain("<svg");
    expect(timezone).toBe("America/New_York");
  });

  it("uses defaults when no config file is given and none is in the directory", async () => {
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const { branding } = await loadConfig();
      expect(branding).toEqual({ agencyName: "vreport", accentColor: "#2f6fed", locale: "en-US" });
    } finally {
      process.chdir(cwd);
    }
  });

  it.each([
    ["bad.json", { accentColor: "blue" }, "accentColor: must be a colour like #2f6fed"],
    ["unknown.json", { agency: "x" }, 'Unrecognized key: "agency"'],
    ["broken.json", "{ not json", "invalid JSON"],
    ["locale.json", { locale: "english please" }, "locale: must be a locale like en-US"],
    ["tz.json", { timezone: "Mars/Olympus" }, "timezone: must be an IANA timezone like Europe/Paris"],
    ["png.json", { logo: "logo.gif" }, "logo must be a .svg or .png file"],
    ["nologo.json", { logo: "missing.png" }, "cannot read logo"],
    [
      "target-high.json",
      { targets: { mention_rate: 40 } },
      "targets.mention_rate: must be a fraction from 0 to 1, like 0.4 for 40 %",
    ],
    [
      "target-low.json",
      { targets: { platforms: { chatgpt: { citation_rate: -0.1 } } } },
      "targets.platforms.chatgpt.citation_rate: must be a fraction from 0 to 1, like 0.4 for 40 %",
    ],
    [
      "target-metric.json",
      { targets: { visibility: 0.5 } },
      'targets: unknown metric "visibility": valid metrics are mention_rate, citation_rate, share_of_voice, platforms',
    ],
    [
      "target-platform-metric.json",
      { targets: { platforms: { gemini: { mentions: 0.5 } } } },
      'targets.platforms.gemini: unknown metric "mentions": valid metrics are mention_rate, citation_rate, share_of_voice',
    ],
    [
      "target-platform.json",
      { targets: { platforms: { bing: { mention_rate: 0.5 } } } },
      'targets.platforms.bing: unknown platform "bing": valid platforms are chatgpt, google_ai_overview, perplexity, gemini, grok, claude',
    ],
  ])("%s is an error naming the problem", async (name, body, message) => {
    const path = await config(name, body);
    const err = await loadConfig(path).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain(path);
    expect((err as Error).message).toContain(message);
  });

  it("loads targets as fractions, overall and per platform", async () => {
    const path = await config("targets.json", {
      targets: { mention_rate: 0.4, platforms: { perplexity: { share_of_voice: 0.25 } } },
    });
    expect((await loadConfig(path)).targets).toEqual({
      mention_rate: 0.4,
      platforms: { perplexity: { share_of_voice: 0.25 } },
    });
  });

  it("a config file named explicitly but missing is an error", async () => {
    await expect(loadConfig(join(dir, "nope.json"))).rejects.toThrow(/cannot read config file/);
  });
});
