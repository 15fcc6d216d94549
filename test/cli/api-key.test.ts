import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { apiKeyFrom } from "../../src/cli/api-key.js";
import { parseGenerateFlags } from "../../src/cli/commands/generate-options.js";
import { CliError, EXIT } from "../../src/cli/errors.js";
import { tempDir } from "../_tmp.js";

/** A key need not be on the command line, where `ps` shows it to every user. */
describe("--api-key-file", () => {
  const dir = tempDir("key-file");
  beforeAll(async () => {
    await writeFile(join(dir, "key"), "vr_live_abc123\n");
    await writeFile(join(dir, "empty"), "  \n");
    await writeFile(join(dir, "two"), "vr_a\nvr_b\n");
  });

  it("reads the key from the file, trimmed, ahead of the environment", () => {
    expect(apiKeyFrom({ apiKeyFile: join(dir, "key") }, { VREPORT_API_KEY: "env" })).toBe("vr_live_abc123");
    expect(apiKeyFrom({}, { VREPORT_API_KEY: "env" })).toBe("env");
    expect(apiKeyFrom({ apiKey: "flag" }, { VREPORT_API_KEY: "env" })).toBe("flag");
    expect(apiKeyFrom({}, {})).toBeUndefined();
  });

  it("names the flag when the file is missing, empty or holds more than a key", () => {
    for (const name of ["missing", "empty", "two"]) {
      const err = (() => {
        try {
          apiKeyFrom({ apiKeyFile: join(dir, name) }, {});
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(CliError);
      expect((err as CliError).exitCode).toBe(EXIT.usage);
      expect((err as CliError).message).toMatch(
        /^invalid --api-key-file ".*": allowed values are a (readable )?file holding the API key/,
      );
    }
  });

  it("refuses both flags at once", () => {
    expect(() => apiKeyFrom({ apiKey: "a", apiKeyFile: join(dir, "key") }, {})).toThrow(
      "give --api-key or --api-key-file, not both",
    );
  });

  it("serves generate: --base-url with --api-key-file needs no key on the command line", () => {
    const opts = parseGenerateFlags({ baseUrl: "http://127.0.0.1:9", apiKeyFile: join(dir, "key") }, {});
    expect(opts.apiKey).toBe("vr_live_abc123");
  });
});
