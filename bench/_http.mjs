/** The endpoint catalogue the service bench walks, and a load run in a second process. */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { BENCH } from "./_paths.mjs";

const exec = promisify(execFile);

/** GET `path` (relative to the base URL, or absolute) with the key; returns status and JSON. */
/** The URL of an endpoint path: under the API prefix, or at the origin for `/api/…` (the event catalog). */
export function urlOf(server, path) {
  return path.startsWith("/api/") ? server.origin + path : server.baseUrl + path;
}

export async function getJson(server, path) {
  const url = urlOf(server, path);
  const res = await fetch(url, { headers: { authorization: `Bearer ${server.apiKey}` } });
  const body = await res.json().catch(() => null);
  return { status: res.status, body };
}

/**
 * Every endpoint the service answers (plus the detail variants of pages, competitor pages and
 * answers), with real ids discovered from the demo data. Ranged endpoints get `range`.
 */
export async function endpointCatalogue(server, range = "90d") {
  const p = `project_id=${server.project.id}`;
  const r = `${p}&range=${range}`;
  const setup = (await getJson(server, `/visibility/setup?${p}`)).body?.data;
  const competitor = setup?.competitors?.[0]?.id ?? "missing";
  const prompts = (await getJson(server, `/visibility/prompts?${r}&per_page=1`)).body?.data?.prompts;
  const prompt = prompts?.[0]?.id ?? "missing";
  const pages = (await getJson(server, `/visibility/pages?${r}&per_page=1`)).body?.data?.rows;
  const pageUrl = encodeURIComponent(pages?.[0]?.url ?? "missing");
  const cpages = (await getJson(server, `/visibility/competitors/${competitor}/pages?${r}`)).body?.data;
  const cpageUrl = encodeURIComponent((cpages?.rows ?? cpages?.pages ?? [])[0]?.url ?? "missing");
  return [
    { id: "listProjects", path: "/projects" },
    { id: "getWorkspace", path: "/workspace" },
    { id: "getReport", path: `/visibility/report?${r}`, report: true },
    { id: "getOverview", path: `/visibility/overview?${r}` },
    { id: "getSetup", path: `/visibility/setup?${p}` },
    { id: "getCategories", path: `/visibility/categories?${r}` },
    { id: "getLeaderboard", path: `/visibility/competitors?${r}` },
    { id: "getCompetitor", path: `/visibility/competitors/${competitor}?${r}` },
    { id: "getCompetitorPages", path: `/visibility/competitors/${competitor}/pages?${r}` },
    {
      id: "getCompetitorPages url=",
      path: `/visibility/competitors/${competitor}/pages?${r}&url=${cpageUrl}`,
    },
    { id: "listPrompts", path: `/visibility/prompts?${r}` },
    { id: "getPromptAnswers", path: `/visibility/prompts/${prompt}/answers?${r}` },
    { id: "getPromptAnswers full=1", path: `/visibility/prompts/${prompt}/answers?${r}&full=1` },
    { id: "listPages", path: `/visibility/pages?${r}` },
    { id: "listPages url=", path: `/visibility/pages?${r}&url=${pageUrl}` },
    { id: "getCitedSources", path: `/visibility/cited-sources?${r}` },
    { id: "getCitedSources type=url", path: `/visibility/cited-sources?${r}&type=url&limit=50` },
    { id: "getTopics", path: `/content-map/topics?${p}` },
    { id: "listContentMapPages", path: `/content-map/pages?${p}` },
    { id: "listContentMapSites", path: `/content-map/sites?${p}` },
    { id: "listContent", path: `/content?${p}` },
    { id: "getEventCatalog", path: `/api/workspace/${server.workspaceId}/webhooks/events` },
  ];
}

/**
 * Runs autocannon in a child process against `url` (`timeout` per request in s, default 30;
 * `headers` sent with every request, beside the key's); resolves to its JSON summary.
 */
export async function loadRun({ url, connections, duration, amount, apiKey, timeout, headers = {} }) {
  const options = {
    url,
    connections,
    duration,
    amount,
    timeout,
    headers: { ...headers, ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
  };
  const { stdout } = await exec(process.execPath, [join(BENCH, "_load.mjs"), JSON.stringify(options)], {
    timeout: ((amount ? 120 : duration) + 30) * 1000,
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split("\n").pop());
}

/**
 * Waits until the server has worked off the requests a load run left queued (autocannon drops
 * its sockets at the end, the server still answers what it accepted), so the next run starts idle.
 */
export async function drain(server, path, { maxMs = 90_000 } = {}) {
  const start = performance.now();
  while (performance.now() - start < maxMs) {
    const t = performance.now();
    await getJson(server, path);
    if (performance.now() - t < 1000) return performance.now() - start;
  }
  return performance.now() - start;
}
