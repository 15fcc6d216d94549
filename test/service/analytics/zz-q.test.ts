import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { it } from "vitest";
import { openStore } from "../../../src/service/store/db.js";

it("q", async () => {
  const store = await openStore(process.env.LOC ?? "/tmp/vr-db1");
  const p = (
    await sql<{
      id: string;
    }>`SELECT id FROM projects ORDER BY (SELECT count(*) FROM prompts WHERE project_id = projects.id) DESC LIMIT 1`.execute(
      store.db,
    )
  ).rows[0]!.id;
  const qs = readFileSync("/tmp/q.sql", "utf8")
    .split(";;")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const q of qs) {
    for (let i = 0; i < Number(process.env.REP ?? 2); i++) {
      const t = performance.now();
      const r = await sql.raw(q.replaceAll(":p", `'${p}'`)).execute(store.db);
      console.log(
        Math.round(performance.now() - t),
        "ms",
        r.rows.length,
        JSON.stringify(r.rows.slice(0, 2)).slice(0, 300),
      );
    }
  }
  await store.close();
}, 600_000);
