import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config/load-config.js";
import { tempDir } from "../_tmp.js";

describe("vreport.config.json", () => {
  const dir = tempDir("config");

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

  it("takes the report's language from the file, and --locale over it, for every client", async () => {
    const path = await config("french.json", { locale: "fr-FR", projects: [{ match: "Acme" }] });
    const file = await loadConfig(path);
    expect(file.branding.locale).toBe("fr-FR");
    const flagged = await loadConfig(path, { locale: "de-DE" });
    expect(flagged.branding.locale).toBe("de-DE");
    expect(flagged.forProject({ id: "x", name: "Acme" }).branding.locale).toBe("de-DE");
  });

  it("gives a client its own language and timezone; --locale wins over both the file's", async () => {
    const path = await config("per-client.json", {
      locale: "en-GB",
      timezone: "Europe/London",
      projects: [
        { match: "Acme", locale: "de-DE", timezone: "Europe/Berlin" },
        { match: "Globex", locale: "es-MX" },
      ],
    });
    const file = await loadConfig(path);
    const of = (name: string) => file.forProject({ id: name, name });
    expect([file.branding.locale, file.timezone]).toEqual(["en-GB", "Europe/London"]);
    expect([of("Acme").branding.locale, of("Acme").timezone]).toEqual(["de-DE", "Europe/Berlin"]);
    expect([of("Globex").branding.locale, of("Globex").timezone]).toEqual(["es-MX", "Europe/London"]);
    expect([of("Initech").branding.locale, of("Initech").timezone]).toEqual(["en-GB", "Europe/London"]);
    const flagged = await loadConfig(path, { locale: "fr-FR" });
    expect(flagged.forProject({ id: "x", name: "Acme" }).branding.locale).toBe("fr-FR");
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
    [
      "dutch.json",
      { locale: "nl-NL" },
      "locale: must be in a language reports are written in: en, de, fr, es (e.g. de-DE)",
    ],
    ["tz.json", { timezone: "Mars/Olympus" }, "timezone: must be an IANA timezone like Europe/Paris"],
    [
      "client-locale.json",
      { projects: [{ match: "Acme", locale: "nl-NL" }] },
      'projects[0] ("Acme").locale: must be in a language reports are written in: en, de, fr, es (e.g. de-DE)',
    ],
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
    [
      "project-target.json",
      { projects: [{ match: "Acme" }, { match: "Globex", targets: { mention_rate: 2 } }] },
      'projects[1] ("Globex").targets.mention_rate: must be a fraction from 0 to 1, like 0.4 for 40 %',
    ],
    [
      "project-email.json",
      { projects: [{ match: "Acme", email: { to: ["cmo-at-acme"] } }] },
      'projects[0] ("Acme").email.to.0: must be an email address like cmo@client.example',
    ],
    [
      "project-field.json",
      { projects: [{ match: "Acme", colour: "#112233" }] },
      'projects[0] ("Acme"): Unrecognized key: "colour"',
    ],
    [
      "project-twice.json",
      { projects: [{ match: "Acme" }, { match: "acme" }] },
      'projects[1] ("acme").match: matches a project named before',
    ],
    [
      "accessible.json",
      { projects: [{ match: "Acme", accessible: "yes" }] },
      'projects[0] ("Acme").accessible: Invalid input: expected boolean, received string',
    ],
    [
      "email-template.json",
      { email: { subject: "Report for {{client}}" } },
      'email.subject: not a usable template: "client" not defined',
    ],
  ])("%s is an error naming the problem", async (name, body, message) => {
    const path = await config(name, body);
    const err = await loadConfig(path).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain(path);
    expect((err as Error).message).toContain(message);
  });

  it("asks for an accessible PDF by default off, for every client or for one (docs/accessibility.md)", async () => {
    expect((await loadConfig(await config("plain.json", {}))).accessible).toBe(false);
    const loaded = await loadConfig(
      await config("a11y.json", { projects: [{ match: "Acme", accessible: true }, { match: "Globex" }] }),
    );
    expect(loaded.accessible).toBe(false);
    expect(loaded.forProject({ id: "x", name: "Acme" }).accessible).toBe(true);
    expect(loaded.forProject({ id: "y", name: "Globex" }).accessible).toBe(false);
    const all = await loadConfig(
      await config("a11y-all.json", { accessible: true, projects: [{ match: "Acme" }] }),
    );
    expect(all.forProject({ id: "x", name: "Acme" }).accessible).toBe(true);
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

  it("gives each client its own settings over the defaults, matched by id or by name in any case", async () => {
    await writeFile(
      join(dir, "acme.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg"><title>acme</title></svg>',
    );
    const path = await config("clients.json", {
      agencyName: "Northwind Digital",
      accentColor: "#112233",
      targets: { mention_rate: 0.4 },
      email: { from: "Northwind <reports@northwind.example>", subject: "{{project}}: {{period}}" },
      projects: [
        {
          match: "Acme",
          logo: "acme.svg",
          accentColor: "#aa0000",
          sections: ["summary", "trend"],
          email: { to: ["cmo@acme.example"], cc: ["team@northwind.example"] },
        },
        { match: "11111111-0000-4000-8000-000000000002", targets: { share_of_voice: 0.3 } },
      ],
    });
    const loaded = await loadConfig(path);
    const acme = loaded.forProject({ id: "x", name: "  ACME " });
    expect(acme.branding).toMatchObject({ agencyName: "Northwind Digital", accentColor: "#aa0000" });
    expect(new TextDecoder().decode(acme.branding.logo?.data)).toContain("<title>acme</title>");
    expect(acme.presentation.sections).toEqual(["summary", "trend"]);
    expect(acme.targets).toEqual({ mention_rate: 0.4 });
    expect(acme.email).toEqual({
      from: "Northwind <reports@northwind.example>",
      subject: "{{project}}: {{period}}",
      to: ["cmo@acme.example"],
      cc: ["team@northwind.example"],
    });
    // By id: its own targets replace the defaults' (a target set is one setting, not merged).
    const globex = loaded.forProject({ id: "11111111-0000-4000-8000-000000000002", name: "Globex" });
    expect(globex.targets).toEqual({ share_of_voice: 0.3 });
    expect(globex.branding.accentColor).toBe("#112233");
    expect(globex.branding.logo).toBeUndefined();
    // Anyone else: the defaults.
    const other = loaded.forProject({ id: "y", name: "Initech" });
    expect(other).toMatchObject({ branding: loaded.branding, targets: { mention_rate: 0.4 } });
    expect(other.presentation).toEqual(loaded.presentation);
  });

  it("resolves change logs against the config file's folder, the default and each client's own", async () => {
    const path = await config("changes.json", {
      changes: "logs/all.csv",
      projects: [{ match: "Acme", changes: "logs/acme.ndjson" }, { match: "Globex" }],
    });
    const loaded = await loadConfig(path);
    expect(loaded.changesPath).toBe(join(dir, "logs", "all.csv"));
    expect(loaded.forProject({ id: "x", name: "acme" }).changesPath).toBe(join(dir, "logs", "acme.ndjson"));
    expect(loaded.forProject({ id: "y", name: "Globex" }).changesPath).toBe(join(dir, "logs", "all.csv"));
    expect(loaded.clientChangesPaths).toEqual([
      join(dir, "logs", "acme.ndjson"),
      join(dir, "logs", "all.csv"),
    ]);
    await expect(loadConfig(await config("empty-changes.json", { changes: "" }))).rejects.toThrow(
      `config file ${join(dir, "empty-changes.json")}: changes: Too small: expected string to have >=1 characters`,
    );
  });

  it("a config file named explicitly but missing is an error", async () => {
    await expect(loadConfig(join(dir, "nope.json"))).rejects.toThrow(/cannot read config file/);
  });
});
