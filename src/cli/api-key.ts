import { readFileSync } from "node:fs";
import { CliError, EXIT } from "./errors.js";

/** The flags that give a command its API key. */
export interface ApiKeyFlags {
  apiKey?: string | undefined;
  apiKeyFile?: string | undefined;
}

/**
 * The API key: from `--api-key`, else from the file `--api-key-file` names (its content, trimmed),
 * else from VREPORT_API_KEY. The file and the variable are the safe ways: a key on the command line
 * is visible to every user of the machine in `ps`.
 */
export function apiKeyFrom(flags: ApiKeyFlags, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (flags.apiKey !== undefined && flags.apiKeyFile !== undefined)
    throw new CliError("give --api-key or --api-key-file, not both", EXIT.usage);
  if (flags.apiKeyFile !== undefined) {
    let key: string;
    try {
      key = readFileSync(flags.apiKeyFile, "utf8").trim();
    } catch {
      throw CliError.badFlag("--api-key-file", flags.apiKeyFile, "a readable file holding the API key");
    }
    if (key === "" || /\s/.test(key))
      throw CliError.badFlag("--api-key-file", flags.apiKeyFile, "a file holding the API key alone");
    return key;
  }
  return flags.apiKey ?? env.VREPORT_API_KEY;
}
