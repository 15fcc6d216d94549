/**
 * The month-end bench's agency: a PostgreSQL database of its own (`vreport_bench_agency` on the
 * server of PG_ADMIN), created for the run and dropped after it, holding `clients` projects in one
 * workspace. Each client is imported from a CSV (docs/import.md) of the last two calendar months,
 * every prompt answered on every platform every day, so the per-client cycle's data check
 * (docs/jobs.md, "Waiting for complete data") finds the month complete and sends at once.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { PG_ADMIN } from "./_db.mjs";
import { DIST } from "./_paths.mjs";

const PROMPTS = [
  ["Best CRM for a startup?", "CRM"],
  ["Which CRM works with Gmail?", "Integrations"],
  ["Cheapest CRM with a free tier?", "Pricing"],
  ["CRM with the best mobile app?", "Mobile"],
  ["Which CRM is easiest to set up?", "Onboarding"],
  ["Best CRM for a sales team of ten?", "CRM"],
  ["CRM that integrates with Slack?", "Integrations"],
  ["Most secure CRM for healthcare?", "Compliance"],
];
const PLATFORMS = ["chatgpt", "perplexity", "gemini"];
const COMPETITORS = [
  { name: "Globex", domain: "globex.example", variants: [] },
  { name: "Initech", domain: "initech.example", variants: [] },
];

/** `Client 007`: the name, config match and (lower-cased, dashed) address of client `i` (1-based). */
export const clientName = (i) => `Client ${String(i).padStart(3, "0")}`;
export const clientAddress = (i) => `client-${String(i).padStart(3, "0")}@clients.test`;

/** The database's URL on the server of PG_ADMIN. */
export function agencyUrl() {
  const url = new URL(PG_ADMIN);
  url.pathname = "/vreport_bench_agency";
  return url.toString();
}

async function admin(sql) {
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Drops the agency database (its connections first). */
export async function dropAgency() {
  const name = new URL(agencyUrl()).pathname.slice(1);
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** YYYY-MM of the month `back` months before the one `day` (YYYY-MM-DD, UTC) is in. */
export function monthBack(day, back) {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - back);
  return d.toISOString().slice(0, 7);
}

function daysOf(month) {
  const out = [];
  const d = new Date(`${month}-01T00:00:00Z`);
  while (d.toISOString().startsWith(month)) {
    out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

const quote = (s) => `"${s.replaceAll('"', '""')}"`;

/** One client's CSV: every prompt on every platform on every day of `months`; who is named varies by client, day and prompt. */
function clientCsv(i, months) {
  const brand = `Brand ${String(i).padStart(3, "0")}`;
  const lines = ["prompt,platform,answered_at,answer,mentions,citations,category"];
  let n = i * 7919;
  for (const day of months.flatMap(daysOf))
    for (const [p, [prompt, category]] of PROMPTS.entries())
      for (const platform of PLATFORMS) {
        n = (n * 1103515245 + 12345) % 2147483648;
        const named = [brand, ...COMPETITORS.map((c) => c.name)].filter((_, k) => (n >> (k + 3)) & 1);
        const cited = named.map((name) =>
          name === brand
            ? `https://www.brand-${i}.example/${category.toLowerCase()}`
            : `https://${COMPETITORS.find((c) => c.name === name).domain}/p${p}`,
        );
        const answer = named.length ? `${named.join(" and ")} are good choices for this.` : "It depends.";
        lines.push(
          [
            quote(prompt),
            platform,
            `${day}T${String(8 + (n % 10)).padStart(2, "0")}:00:00Z`,
            quote(answer),
            quote(named.join(";")),
            quote(cited.join(";")),
            category,
          ].join(","),
        );
      }
  return { brand, csv: `${lines.join("\n")}\n` };
}

/**
 * Creates the database afresh and imports `clients` clients with data for `months` (YYYY-MM, in
 * order); mints one API key per name in `keys`. Returns the keys by name and the rows imported.
 */
export async function seedAgency({ clients, months, keys, scratch }) {
  await dropAgency();
  await admin(`CREATE DATABASE ${new URL(agencyUrl()).pathname.slice(1)}`);
  const { openStore } = await import(`${DIST}/service/store/db.js`);
  const { importCsv, resolveSetup } = await import(`${DIST}/service/import/index.js`);
  const { createKey } = await import(`${DIST}/service/keys/index.js`);
  const { SCOPES } = await import(`${DIST}/contract/index.js`);
  mkdirSync(scratch, { recursive: true });
  const store = await openStore(agencyUrl());
  try {
    let workspaceId = "";
    let rows = 0;
    for (let i = 1; i <= clients; i++) {
      const { brand, csv } = clientCsv(i, months);
      const file = join(scratch, "client.csv");
      writeFileSync(file, csv);
      const setup = resolveSetup({
        workspace: "Bench Agency",
        timezone: "UTC",
        project: clientName(i),
        brand,
        domains: [`brand-${i}.example`],
        competitors: COMPETITORS,
      });
      const r = await importCsv(store, file, setup);
      workspaceId = r.workspaceId;
      rows += r.rows;
    }
    const minted = {};
    for (const name of keys)
      minted[name] = (await createKey(store, { workspaceId, scopes: SCOPES, name: `month-end ${name}` })).key;
    return { keys: minted, rows };
  } finally {
    await store.close();
  }
}

/**
 * Empties the delivery ledger and the reviews (a recorded send makes a report's review `sent`,
 * which the worker's gate never sends again), so the next cycle sends every client's report again.
 */
export async function clearDeliveries() {
  const c = new pg.Client({ connectionString: agencyUrl() });
  await c.connect();
  try {
    await c.query("DELETE FROM report_deliveries");
    await c.query("DELETE FROM report_reviews");
  } finally {
    await c.end();
  }
}
