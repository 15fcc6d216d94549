import type { DriverInfo } from "../driver.js";

/** PGlite, embedded: a directory (optionally `file://`), or `memory://` for a database of its own. */
export const pglite: DriverInfo = {
  label: "PGlite",
  // Last in the registry: any location no server driver takes is a directory.
  handles: () => true,
  printable: (location) => location,
};
