import type { DriverEntry } from "./driver.js";
import { pglite } from "./pglite/meta.js";
import { postgres } from "./postgres/meta.js";

/**
 * Every database driver; the first that handles a location opens it, so PGlite, which takes any
 * directory, comes last. Adding one is a folder under drivers/ and one entry here
 * (docs/architecture.md, "A new database driver"). Each is loaded only when a store of its kind
 * is opened: a PGlite run never loads pg.
 */
const DRIVERS = [
  { ...postgres, load: async () => (await import("./postgres/driver.js")).driver },
  { ...pglite, load: async () => (await import("./pglite/driver.js")).driver },
] as const satisfies readonly DriverEntry[];

/** The driver entry of a location (no driver code loaded). */
export function driverFor(location: string): DriverEntry {
  // PGlite handles every location, so there always is one.
  return DRIVERS.find((d) => d.handles(location))!;
}

/** A database location fit to print: a postgres:// URL's password becomes `***`. */
export function printableLocation(location: string): string {
  return driverFor(location).printable(location);
}
