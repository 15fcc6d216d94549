import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import Handlebars from "handlebars";
import { templateError } from "../render/html/template-error.js";

/** Every `.hbs` file under `dir`, sorted (partials/ included). */
async function templatesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".hbs"))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/**
 * Parses every template under `dirs`; the first that does not parse throws the TemplateError a
 * render would (its file and line): Handlebars compiles a template lazily, on its first render, so
 * the preview parses them all first to say where. A folder that does not exist holds no template.
 */
export async function checkTemplates(dirs: readonly string[]): Promise<void> {
  for (const dir of dirs)
    for (const file of await templatesIn(dir)) {
      const text = await readFile(file, "utf8");
      try {
        Handlebars.parse(text);
      } catch (err) {
        throw templateError(err, file);
      }
    }
}
