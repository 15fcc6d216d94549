/**
 * The theme fields of vreport.config.json (docs/templates.md): `templatesDir`, `css` and `font`
 * resolved against the config file's folder, read when the config loads, per client too; a
 * missing file is a config error naming the field.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config/load-config.js";
import { tempDir } from "../_tmp.js";

describe("theme settings", () => {
  const dir = tempDir("theme");
  const config = (name: string, body: object) => {
    const path = join(dir, name);
    return writeFile(path, JSON.stringify(body)).then(() => path);
  };

  beforeAll(async () => {
    await mkdir(join(dir, "look/templates"), { recursive: true });
    await mkdir(join(dir, "acme"), { recursive: true });
    await writeFile(join(dir, "look/theme.css"), ".cover { color: red; }");
    await writeFile(join(dir, "acme/acme.css"), ".cover { color: blue; }");
    await writeFile(join(dir, "look/Brand.woff2"), new Uint8Array([0x77, 0x4f, 0x46, 0x32]));
  });

  it("reads them relative to the config file, and lets a client have its own", async () => {
    const path = await config("vreport.config.json", {
      templatesDir: "look/templates",
      css: "look/theme.css",
      font: "look/Brand.woff2",
      projects: [{ match: "Acme", css: "acme/acme.css", font: "Noto Serif" }],
    });
    const loaded = await loadConfig(path);
    expect(loaded.branding.theme).toEqual({
      templatesDir: join(dir, "look/templates"),
      css: ".cover { color: red; }",
      font: {
        file: {
          name: join(dir, "look/Brand.woff2"),
          mime: "font/woff2",
          format: "woff2",
          data: new Uint8Array([0x77, 0x4f, 0x46, 0x32]),
        },
      },
      sources: [join(dir, "look/templates"), join(dir, "look/theme.css"), join(dir, "look/Brand.woff2")],
    });
    // The client's own stylesheet and font; the folder is the defaults'.
    expect(loaded.forProject({ id: "x", name: "acme" }).branding.theme).toEqual({
      templatesDir: join(dir, "look/templates"),
      css: ".cover { color: blue; }",
      font: { family: "Noto Serif" },
      sources: [join(dir, "look/templates"), join(dir, "acme/acme.css")],
    });
    expect(loaded.forProject({ id: "y", name: "Other" }).branding.theme).toEqual(loaded.branding.theme);
  });

  it("leaves the theme out when none is set", async () => {
    const loaded = await loadConfig(await config("plain.json", { agencyName: "Plain" }));
    expect(loaded.branding.theme).toBeUndefined();
  });

  it.each([
    [{ css: "missing.css" }, (p: string) => `config file ${p}: css: cannot read ${join(dir, "missing.css")}`],
    [
      { templatesDir: "look/theme.css" },
      (p: string) => `config file ${p}: templatesDir: ${join(dir, "look/theme.css")} is not a folder`,
    ],
    [
      { font: "fonts/Missing.ttf" },
      (p: string) => `config file ${p}: font: cannot read ${join(dir, "fonts/Missing.ttf")}`,
    ],
    [
      { projects: [{ match: "Acme", css: "nope.css" }] },
      (p: string) => `config file ${p}: projects[0] ("Acme").css: cannot read ${join(dir, "nope.css")}`,
    ],
  ])("a file that cannot be used is a config error naming the field: %o", async (body, message) => {
    const path = await config("bad.json", body);
    const err = await loadConfig(path).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toBe(message(path));
  });
});
