import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LiveConfig } from "../../src/cli/live-config.js";
import { ConfigError } from "../../src/config/load-config.js";
import { testDir } from "../_tmp.js";

const acme = { id: "00000000-0000-4000-8000-000000000001", name: "Acme Insurance" };

describe("a worker's config file, read again when it changes (cli/live-config.ts)", () => {
  it("sees a client added to projects, a change log edited, and a broken edit until it is fixed", async () => {
    const dir = testDir("live-config");
    const file = join(dir, "vreport.config.json");
    const changes = join(dir, "acme-changes.json");
    await writeFile(file, JSON.stringify({ agencyName: "Northwind" }));
    let derived = 0;
    const live = await LiveConfig.open(file, async (config) => {
      derived += 1;
      return { recipients: (p: typeof acme) => config.forProject(p).email?.to ?? [] };
    });
    expect(live.current.clients.recipients(acme)).toEqual([]);
    await live.refresh();
    expect(derived).toBe(1); // unchanged: not read again

    await writeFile(
      file,
      JSON.stringify({
        agencyName: "Northwind",
        projects: [{ match: "Acme Insurance", email: { to: ["ops@acme.example"] }, changes }],
      }),
    );
    await writeFile(changes, JSON.stringify([]));
    await live.refresh();
    expect(derived).toBe(2);
    expect(live.current.clients.recipients(acme)).toEqual(["ops@acme.example"]);
    expect(live.forProject(acme).email?.to).toEqual(["ops@acme.example"]);

    // A change log the new file names is watched too.
    await writeFile(changes, JSON.stringify([{ date: "2026-10-06", label: "Comparison pages" }]));
    await live.refresh();
    expect(derived).toBe(3);

    await writeFile(file, "{ not json");
    await live.refresh();
    expect(() => live.current).toThrow(ConfigError);
    expect(() => live.forProject(acme)).toThrow(/config file .*vreport\.config\.json: invalid JSON/);

    await writeFile(
      file,
      JSON.stringify({ agencyName: "Northwind", projects: [{ match: "Acme Insurance" }] }),
    );
    await live.refresh();
    expect(live.current.clients.recipients(acme)).toEqual([]);
  });
});
