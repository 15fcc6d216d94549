import { z } from "zod";
import { generateReport } from "../pipeline/generate-report.js";
import { planJob } from "../pipeline/run-plan.js";
import { OUTPUT_FORMATS } from "../render/backends/registry.js";
import { PERIOD_INPUT, periodChoice, periodIn } from "./period.js";
import { PROJECT_INPUT, projectFor } from "./project.js";
import type { Tool } from "./tool.js";

const input = z.strictObject({
  project: PROJECT_INPUT,
  ...PERIOD_INPUT,
  formats: z
    .array(z.enum(OUTPUT_FORMATS))
    .min(1)
    .max(OUTPUT_FORMATS.length)
    .optional()
    .describe(`formats to write (default all: ${OUTPUT_FORMATS.join(", ")})`),
});

/**
 * `generate_report`: the report written as `vreport generate` writes it (plan, then apply: its
 * files appear together or not at all), into the server's output folder (`vreport mcp --out`);
 * the model never chooses a path on the machine.
 */
export const generateReportTool: Tool<typeof input> = {
  name: "generate_report",
  description: `Writes the report of a project and period as files (${OUTPUT_FORMATS.join(", ")}), exactly as \`vreport generate\` does, into the server's output folder, and returns each file's format, absolute path and size in bytes. Takes seconds (the PDF is printed by a browser). Use it when the user asks for the report itself, not to answer questions (report_summary answers from the same numbers).`,
  input,
  async run(args, ctx) {
    const period = periodChoice(args);
    const project = await projectFor(ctx, args.project);
    const warnings: string[] = [];
    const { job } = planJob(project, ctx.clientOf(project), {
      period: await periodIn(ctx, period),
      formats: args.formats ?? OUTPUT_FORMATS,
      outDir: ctx.outDir,
      onWarning: (line) => {
        warnings.push(line);
        ctx.log(line);
      },
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
    const written = await generateReport(ctx.client, job);
    const files = written.files.map((f) => ({
      format: f.format,
      path: f.path,
      bytes: f.bytes,
      ...(f.assets.length > 0 ? { assets: f.assets } : {}),
    }));
    const { periodStart: start, periodEnd: end } = written.cover;
    return { data: { project: project.name, period: { start, end }, files, warnings } };
  },
};
