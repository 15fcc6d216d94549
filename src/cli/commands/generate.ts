import type { Command } from "commander";
import { parseEmailFlags } from "../../email/email-options.js";
import { generateAll } from "../../jobs/generate-all.js";
import { parsePositiveInt } from "../../jobs/job-flags.js";
import type { WrittenFile } from "../../report/generate.js";
import { type Io, processIo } from "../io.js";
import { type GenerateFlags, parseGenerateFlags } from "./generate-options.js";

/**
 * `vreport generate`: writes the report of each selected project in each format (one project is
 * a batch of one: same progress, summary and error handling); returns the files written.
 */
export async function generateCommand(flags: GenerateFlags, io: Io = processIo): Promise<WrittenFile[]> {
  const opts = parseGenerateFlags(flags);
  const email = parseEmailFlags(flags);
  const results = await generateAll(opts, io, {
    concurrency: parsePositiveInt("--concurrency", flags.concurrency, 2),
    ...(email ? { email } : {}),
  });
  return results.flatMap((r) => r.files);
}

/** Wires `vreport generate`. */
export function register(program: Command): void {
  program
    .command("generate")
    .description("Generate the AI-visibility report as PDF, XLSX and/or Markdown")
    .option("--range <range>", "reporting period: 7d, 30d or 90d", "30d")
    .option("--format <formats>", "pdf, xlsx, md (comma-separated) or all", "all")
    .option("--project <id|name>", "project to report on (default: the first the key can read)")
    .option("--all-projects", "one report per project the key can read")
    .option("--out <dir>", "output directory", "output")
    .option(
      "--base-url <url>",
      "service base URL (env VREPORT_BASE_URL); without it the embedded demo service is used",
    )
    .option("--api-key <key>", "API key (env VREPORT_API_KEY)")
    .option("--config <file>", "branding config (default: ./vreport.config.json when present)")
    .option("--page-size <size>", "PDF page size: A4 or Letter", "A4")
    .option("--landscape", "PDF in landscape orientation")
    .option(
      "--as-of <date>",
      "embedded demo only: the as-of day YYYY-MM-DD (default: the day the demo was seeded; today on first run)",
    )
    .option("--database <location>", "embedded demo only: PGlite directory or postgres:// URL")
    .option("--concurrency <n>", "reports rendered at once with --all-projects", "2")
    .option("--email <addresses>", "email the files to these comma-separated addresses")
    .option("--smtp-url <url>", "SMTP server for --email (env VREPORT_SMTP_URL)")
    .option("--email-from <address>", "sender for --email (env VREPORT_EMAIL_FROM)")
    .option("--max-attachment-mb <mb>", "largest total attachment size per email", "10")
    .action(async (flags: GenerateFlags) => {
      await generateCommand(flags);
    });
}
