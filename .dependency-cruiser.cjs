/**
 * Folder rules of src/ (docs/architecture.md, "Folder rules"): every folder may import only the
 * folders below it, so an arrow pointing back up fails `npm run lint`.
 *
 *   contract ← format ← config ← client ← report ← render ← pipeline ← email ← jobs ← cli
 *                                                          pipeline ← preview ← cli
 *                                                          pipeline ← mcp ← cli
 *                                                          pipeline ← preview ← desk ← cli
 *   contract ← service ← cli            (the service stands beside the generator)
 */
const SEVERITY = "error";

/** The folders each folder may import besides itself (and npm packages and node built-ins). */
const LAYERS = {
  contract: [],
  format: ["contract"],
  config: ["contract", "format"],
  client: ["contract"],
  report: ["contract", "format", "config", "client"],
  render: ["contract", "format", "config", "report"],
  pipeline: ["contract", "format", "config", "client", "report", "render"],
  email: ["contract", "format", "config", "report", "render"],
  jobs: ["contract", "format", "config", "client", "report", "render", "pipeline", "email"],
  preview: ["contract", "format", "config", "client", "report", "render", "pipeline"],
  mcp: ["contract", "format", "config", "client", "report", "render", "pipeline"],
  desk: ["contract", "format", "config", "client", "report", "render", "pipeline", "preview"],
  service: ["contract", "format"],
  cli: ["contract", "format", "config", "client", "report", "render", "pipeline", "email", "jobs", "preview", "mcp", "desk", "service"],
};

module.exports = {
  forbidden: [
    { name: "no-circular", severity: SEVERITY, from: {}, to: { circular: true } },
    {
      name: "no-unresolvable",
      severity: "error",
      from: { path: "^src/" },
      to: { couldNotResolve: true },
    },
    // A backend is one folder: nothing outside render/backends/ reaches into it, only through the registry.
    {
      name: "backend-internals",
      severity: SEVERITY,
      from: { path: "^src/", pathNot: "^src/render/backends/" },
      to: { path: "^src/render/backends/[^/]+/" },
    },
    // Nor does one backend reach into another.
    {
      name: "backend-to-backend",
      severity: SEVERITY,
      from: { path: "^src/render/backends/([^/]+)/" },
      to: { path: "^src/render/backends/[^/]+/", pathNot: "^src/render/backends/$1/" },
    },
    // A database driver is one folder too: nothing outside store/drivers/ reaches into it, only
    // through the store's registry (store/drivers/registry.ts, opened by store/db.ts).
    {
      name: "driver-internals",
      severity: SEVERITY,
      from: { path: "^src/", pathNot: "^src/service/store/drivers/" },
      to: { path: "^src/service/store/drivers/[^/]+/" },
    },
    // Nor does one driver reach into another; what they share lives beside registry.ts.
    {
      name: "driver-to-driver",
      severity: SEVERITY,
      from: { path: "^src/service/store/drivers/([^/]+)/" },
      to: { path: "^src/service/store/drivers/[^/]+/", pathNot: "^src/service/store/drivers/$1/" },
    },
    // And only a driver's folder uses its database package: the rest of the service sees a Store.
    {
      name: "driver-packages",
      severity: SEVERITY,
      from: { path: "^src/", pathNot: "^src/service/store/drivers/[^/]+/" },
      to: { path: "(^|/)node_modules/(pg|@electric-sql/pglite|kysely-pglite-dialect)/" },
    },
  ],
  allowed: [
    { from: {}, to: { dependencyTypes: ["core", "npm", "npm-dev", "npm-optional", "npm-peer", "type-only"] , path: "^(?!src/)"} },
    ...Object.entries(LAYERS).map(([folder, below]) => ({
      from: { path: `^src/${folder}/` },
      to: { path: `^src/(${[folder, ...below].join("|")})/` },
    })),
    // The files at the root of src/ (none today) and of each folder's index are still bound by the rules above.
  ],
  allowedSeverity: SEVERITY,
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"], extensions: [".ts", ".js"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
