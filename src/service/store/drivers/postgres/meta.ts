import type { DriverInfo } from "../driver.js";

/** A PostgreSQL server: a `postgres://` or `postgresql://` URL. */
export const postgres: DriverInfo = {
  label: "PostgreSQL",
  handles: (location) => /^postgres(ql)?:\/\//i.test(location),
  // The password becomes `***`.
  printable: (location) => location.replace(/^(postgres(?:ql)?:\/\/[^:@/]*):[^@/]*@/i, "$1:***@"),
};
