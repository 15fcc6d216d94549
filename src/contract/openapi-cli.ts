import { rename, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { openApiJson } from "./openapi.js";

/** Writes the OpenAPI document to `file` through a temporary name, so a failed run leaves no half file. */
export async function writeOpenApi(file: string): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, openApiJson());
  await rename(tmp, file);
}

// Runs only as `node dist/contract/openapi-cli.js <file>` (npm run openapi), not when imported.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const file = process.argv[2] ?? "docs/openapi.json";
  writeOpenApi(file).then(
    () => console.log(`wrote ${file}`),
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
