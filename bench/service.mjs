/**
 * Service area: latency of every endpoint (PGlite scale 1, PostgreSQL scale 10), 7d vs 90d report
 * at scale 10, throughput of three focused endpoints under 50 and 200 connections from a second
 * process (served from the response cache after their first answer), uncached getOverview, a
 * storm of report requests against the load-shedding lane, next to a bare Fastify route (the ceiling).
 */
import Fastify from "fastify";
import { Redis } from "ioredis";
import { serve } from "./_db.mjs";
import { drain, endpointCatalogue, getJson, loadRun, urlOf } from "./_http.mjs";
import { sample, summarize } from "./_stats.mjs";

/** The three focused endpoints put under load. */
const LOADED = ["getOverview", "getLeaderboard", "listPrompts"];

async function latencies(server, { n, reportN, budgetMs, log }) {
  const rows = [];
  for (const ep of await endpointCatalogue(server)) {
    const first = await getJson(server, ep.path);
    if (first.status !== 200) {
      rows.push({
        id: ep.id,
        request: `GET ${ep.path}`,
        status: first.status,
        error: first.body?.messages ?? "no body",
      });
      continue;
    }
    let bad = 0;
    const samples = await sample(
      async () => {
        const res = await fetch(urlOf(server, ep.path), {
          headers: { authorization: `Bearer ${server.apiKey}` },
        });
        await res.arrayBuffer();
        if (res.status !== 200) bad++;
      },
      { n: ep.report ? reportN : n, warmup: 2, budgetMs },
    );
    const stats = summarize(samples);
    rows.push({
      id: ep.id,
      request: `GET ${ep.path}`,
      status: 200,
      report: Boolean(ep.report),
      bad,
      ...stats,
    });
    log(
      `  ${ep.id.padEnd(26)} p50 ${stats.median.toFixed(1)} ms  p95 ${stats.p95.toFixed(1)} ms  (n=${stats.n})`,
    );
  }
  return rows;
}

/**
 * 50 connections for a fixed duration (sustained throughput); then 200 connections each sending
 * `perConnection` requests (a fixed amount: with a slow backend a short fixed duration would end
 * before the first of 200 queued answers arrives and measure nothing).
 */
async function throughput(server, { duration, perConnection, log, label }) {
  const catalogue = await endpointCatalogue(server);
  const out = [];
  for (const connections of [50, 200]) {
    for (const id of LOADED) {
      const ep = catalogue.find((e) => e.id === id);
      const load = connections === 200 ? { amount: connections * perConnection } : { duration };
      const r = await loadRun({ url: urlOf(server, ep.path), connections, ...load, apiKey: server.apiKey });
      await drain(server, ep.path);
      out.push({ target: `${label} ${id} (cached)`, id, cached: true, ...r });
      log(
        `  ${connections} conns ${id}: ${r.requestsPerSec.toFixed(0)} req/s, errors ${r.errors}, non-2xx ${r.non2xx}, timeouts ${r.timeouts}`,
      );
    }
  }
  // Revalidation: the same requests carrying the answer's current ETag, answered 304 without a body.
  for (const id of LOADED) {
    const ep = catalogue.find((e) => e.id === id);
    const url = urlOf(server, ep.path);
    const etag = (await fetch(url, { headers: { authorization: `Bearer ${server.apiKey}` } })).headers.get(
      "etag",
    );
    const r = await loadRun({
      url,
      connections: 50,
      duration,
      apiKey: server.apiKey,
      headers: { "if-none-match": etag },
    });
    await drain(server, ep.path);
    out.push({ target: `${label} ${id} (cached, 304)`, id, cached: true, revalidated: true, ...r });
    log(
      `  50 conns ${id} If-None-Match: ${r.requestsPerSec.toFixed(0)} req/s, ${JSON.stringify(r.statusCodes)}`,
    );
  }
  return out;
}

/** Whether Redis answers at REDIS_URL (default the local one), for the Redis cache rows. */
async function redisClient() {
  const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
    connectTimeout: 1_000,
  });
  redis.on("error", () => {});
  try {
    await redis.connect();
    if ((await redis.ping()) === "PONG") return redis;
  } catch {}
  redis.disconnect();
  return null;
}

/**
 * The same three endpoints served from the Redis level alone (no in-process level: `maxBytes`
 * 0), what a service process that has not yet seen an answer another one computed pays: one
 * Redis GET per request instead of a computation.
 */
async function redisCached(location, redis, { duration, log, label }) {
  const server = await serve(location, { app: { cache: { redis, maxBytes: 0 } } });
  try {
    const out = [];
    const catalogue = await endpointCatalogue(server);
    for (const id of LOADED) {
      const ep = catalogue.find((e) => e.id === id);
      await getJson(server, ep.path);
      const r = await loadRun({
        url: urlOf(server, ep.path),
        connections: 50,
        duration,
        apiKey: server.apiKey,
      });
      await drain(server, ep.path);
      out.push({ target: `${label} ${id} (Redis cache only)`, id, cached: true, redis: true, ...r });
      log(`  50 conns ${id} from Redis: ${r.requestsPerSec.toFixed(0)} req/s, non-2xx ${r.non2xx}`);
    }
    return out;
  } finally {
    await server.close();
  }
}

/**
 * Uncached getOverview at 50 connections: what computing the answer costs (response cache and
 * load shedding off, so every request is computed and none is refused).
 */
async function uncached(location, { duration, log, label }) {
  const server = await serve(location, { app: { cache: false, loadShedding: false } });
  try {
    const path = (await endpointCatalogue(server)).find((e) => e.id === "getOverview").path;
    const r = await loadRun({ url: server.baseUrl + path, connections: 50, duration, apiKey: server.apiKey });
    // Uncached answers take longer than drain's idle test: a cheap endpoint tells when the server is idle.
    await drain(server, "/projects");
    log(`  50 conns getOverview uncached: ${r.requestsPerSec.toFixed(0)} req/s, non-2xx ${r.non2xx}`);
    return { target: `${label} getOverview uncached`, id: "getOverview", cached: false, ...r };
  } finally {
    await server.close();
  }
}

/**
 * Uncached 90d reports at 50 connections (target: p99 ≤ 1 s, no timeout), as the service runs (load
 * shedding on: what does not fit is answered 503 at once) and with load shedding off (every
 * request computed, as before the lane existed). 10 s timeout per request.
 */
async function reports50(location, { duration, log, label }) {
  const rows = [];
  for (const shedding of [true, false]) {
    const server = await serve(location, {
      app: { cache: false, ...(shedding ? {} : { loadShedding: false }) },
    });
    try {
      const url = `${server.baseUrl}/visibility/report?project_id=${server.project.id}&range=90d`;
      const r = await loadRun({ url, connections: 50, duration, apiKey: server.apiKey, timeout: 10 });
      await drain(server, "/projects");
      const how = shedding ? "load shedding on" : "load shedding off";
      log(
        `  50 conns getReport 90d uncached (${how}): ${JSON.stringify(r.statusCodes)}, p99 ${r.latencyP99} ms, timeouts ${r.timeouts}`,
      );
      rows.push({
        target: `${label} getReport 90d uncached, ${how}`,
        id: "getReport",
        cached: false,
        shedding,
        ...r,
      });
    } finally {
      await server.close();
    }
  }
  return rows;
}

/**
 * The expensive lane under a storm (docs/api.md, "Load shedding"), response cache off so every
 * report is computed, default pool sizes, rate limit off (key A storms within its quota). Key B
 * first asks for 90d reports alone on one connection (idle); then, for the same time, key A sends
 * 200 connections of 90d reports (5 s timeout) while B repeats its run and key C asks for
 * `/projects` on one connection. Each runs in its own autocannon process.
 */
async function storm(location, { duration, log, label }) {
  const server = await serve(location, { app: { cache: false }, keys: 3 });
  try {
    const [a, b, c] = server.apiKeys;
    const report = `${server.baseUrl}/visibility/report?project_id=${server.project.id}&range=90d`;
    const projects = `${server.baseUrl}/projects`;
    const idle = await loadRun({ url: report, connections: 1, duration, apiKey: b });
    const [flood, probe, busy] = await Promise.all([
      loadRun({ url: report, connections: 200, duration, apiKey: a, timeout: 5 }),
      loadRun({ url: projects, connections: 1, duration, apiKey: c }),
      loadRun({ url: report, connections: 1, duration, apiKey: b }),
    ]);
    await drain(server, "/projects");
    const row = { label, duration, storm: flood, projects: probe, keyBIdle: idle, keyBBusy: busy };
    log(
      `  storm ${label}: ${flood.total} answered (${JSON.stringify(flood.statusCodes)}), errors ${flood.errors}, timeouts ${flood.timeouts}, max ${flood.latencyMax} ms; /projects p99 ${probe.latencyP99} ms; key B p99 ${idle.latencyP99} → ${busy.latencyP99} ms`,
    );
    return row;
  } finally {
    await server.close();
  }
}

/** Storm runs per database: one run's p99 of a handful of requests varies several-fold between identical runs. */
const STORM_RUNS = 3;

/**
 * The storm `runs` times; each target's figures come from the run that is its median (answered in
 * time: by errors, which autocannon counts timeouts among; `/projects`: by its p99; key B: by its
 * busy/idle p99 ratio), and every run is kept for the report.
 */
async function storms(location, { runs, ...opts }) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await storm(location, opts));
  const median = (key) => [...all].sort((x, y) => key(x) - key(y))[Math.floor((all.length - 1) / 2)];
  const flood = median((r) => r.storm.errors);
  const probe = median((r) => r.projects.latencyP99);
  const keyB = median((r) => r.keyBBusy.latencyP99 / Math.max(1, r.keyBIdle.latencyP99));
  return {
    label: opts.label,
    duration: opts.duration,
    storm: flood.storm,
    projects: probe.projects,
    keyBIdle: keyB.keyBIdle,
    keyBBusy: keyB.keyBBusy,
    runs: all,
  };
}

/** The ceiling: a bare Fastify route returning a constant, under the same load from the same kind of process. */
async function ceiling({ duration, log }) {
  const app = Fastify({ logger: false });
  app.get("/", async () => ({ code: 200, data: { ok: true } }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    const url = `http://127.0.0.1:${app.server.address().port}/`;
    const r = await loadRun({ url, connections: 50, duration });
    log(`  ceiling (bare Fastify, 50 conns): ${r.requestsPerSec.toFixed(0)} req/s`);
    return r;
  } finally {
    await app.close();
  }
}

/** Runs the service area against the prepared databases. */
export async function runService(ctx) {
  const { log, dbs, quick } = ctx;
  const duration = quick ? 2 : 4;
  const result = {
    pglite: null,
    postgres: null,
    throughput: [],
    ceiling: null,
    storms: [],
    report7vs90: null,
    notes: [],
  };

  // Latencies are of computed answers (response cache off): what a first request costs. The
  // throughput rows that follow are of the cached service, as labelled.
  log("service: PGlite scale 1 latency (uncached)");
  let server = await serve(dbs.pglite.location, { app: { cache: false } });
  try {
    result.pglite = await latencies(server, {
      n: quick ? 10 : 30,
      reportN: quick ? 5 : 20,
      budgetMs: 8000,
      log,
    });
  } finally {
    await server.close();
  }
  server = await serve(dbs.pglite.location);
  try {
    log("service: throughput (PGlite scale 1)");
    result.throughput.push(
      ...(await throughput(server, { duration, perConnection: 1, log, label: "PGlite s1" })),
    );
  } finally {
    await server.close();
  }
  const redis = await redisClient();
  if (redis) {
    log("service: Redis cache (PGlite scale 1)");
    result.throughput.push(
      ...(await redisCached(dbs.pglite.location, redis, { duration, log, label: "PGlite s1" })),
    );
  } else result.notes.push("Redis was not reachable: the Redis cache rows could not be measured.");
  result.throughput.push(await uncached(dbs.pglite.location, { duration, log, label: "PGlite s1" }));
  log("service: report storm (PGlite scale 1)");
  result.storms.push(
    await storms(dbs.pglite.location, { runs: quick ? 1 : STORM_RUNS, duration: 5, log, label: "PGlite s1" }),
  );
  result.ceiling = await ceiling({ duration, log });

  if (dbs.pg?.[10]) {
    log("service: PostgreSQL scale 10 latency (uncached)");
    server = await serve(dbs.pg[10].location, { app: { cache: false } });
    try {
      result.postgres = await latencies(server, {
        n: quick ? 5 : 20,
        reportN: quick ? 5 : 20,
        budgetMs: 10000,
        log,
      });
      const r = `project_id=${server.project.id}`;
      // Alternated 7d/90d samples, so drift in the machine's load hits both alike.
      const times = { "7d": [], "90d": [] };
      const report = async (range) => {
        const t = performance.now();
        const res = await getJson(server, `/visibility/report?${r}&range=${range}`);
        if (res.status !== 200) throw new Error(`report ${range}: ${res.status}`);
        return performance.now() - t;
      };
      await report("7d");
      await report("90d");
      for (let i = 0; i < (quick ? 5 : 15); i++)
        for (const range of ["7d", "90d"]) times[range].push(await report(range));
      const d7 = summarize(times["7d"]);
      const d90 = summarize(times["90d"]);
      result.report7vs90 = { d7, d90, ratio: d90.median / d7.median };
      log(
        `  report 7d p50 ${d7.median.toFixed(0)} ms, 90d p50 ${d90.median.toFixed(0)} ms, ratio ${result.report7vs90.ratio.toFixed(2)}`,
      );
    } finally {
      await server.close();
    }
    server = await serve(dbs.pg[10].location);
    try {
      log("service: throughput (PostgreSQL scale 10)");
      result.throughput.push(
        ...(await throughput(server, { duration, perConnection: 2, log, label: "PostgreSQL s10" })),
      );
    } finally {
      await server.close();
    }
    if (redis) {
      log("service: Redis cache (PostgreSQL scale 10)");
      result.throughput.push(
        ...(await redisCached(dbs.pg[10].location, redis, { duration, log, label: "PostgreSQL s10" })),
      );
    }
    result.throughput.push(await uncached(dbs.pg[10].location, { duration, log, label: "PostgreSQL s10" }));
    result.throughput.push(
      ...(await reports50(dbs.pg[10].location, { duration: quick ? 4 : 10, log, label: "PostgreSQL s10" })),
    );
    log("service: report storm (PostgreSQL scale 10)");
    result.storms.push(
      await storms(dbs.pg[10].location, {
        runs: quick ? 1 : STORM_RUNS,
        duration: 5,
        log,
        label: "PostgreSQL s10",
      }),
    );
  } else {
    result.notes.push("PostgreSQL was not reachable: the scale-10 rows could not be measured.");
  }
  redis?.disconnect();
  return result;
}
