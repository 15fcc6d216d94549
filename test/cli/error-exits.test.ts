import { describe, expect, it } from "vitest";
import { CliError, EXIT } from "../../src/cli/errors.js";
import { InterruptedError } from "../../src/cli/interrupt.js";
import { toCliError } from "../../src/cli/to-cli-error.js";
import {
  CollectLimitError,
  InvalidKeyError,
  MissingKeyError,
  MissingScopeError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ResponseShapeError,
  ServerError,
  TimeoutError,
  ValidationError,
  VreportApiError,
} from "../../src/client/index.js";
import { ChangesError } from "../../src/config/changes-file.js";
import { ConfigError } from "../../src/config/load-config.js";
import { NotesError } from "../../src/config/notes-file.js";
import { ThemeFileError } from "../../src/config/theme.js";
import { InvariantError, VreportError } from "../../src/contract/index.js";
import { DeskSendError } from "../../src/desk/server.js";
import { AttachmentTooLargeError, EmailError, SmtpDeliveryError } from "../../src/email/errors.js";
import { DeliveryBusyError } from "../../src/jobs/deliver-once.js";
import { RedisUnreachableError, ScheduleError } from "../../src/jobs/errors.js";
import { ToolInputError } from "../../src/mcp/errors.js";
import { OutputInTheWayError } from "../../src/pipeline/output-in-the-way-error.js";
import { PdfTimeoutError } from "../../src/render/backends/pdf/_browser.js";
import { ContentsPageError } from "../../src/render/backends/pdf/_contents.js";
import { PdfAnchorError } from "../../src/render/backends/pdf/_finish.js";
import { UnknownFormatError } from "../../src/render/backends/registry.js";
import { ChartRenderError } from "../../src/render/charts/index.js";
import { TemplateError } from "../../src/render/html/template-error.js";
import { PeriodParamError } from "../../src/service/analytics/period.js";
import { PoolFullError, WorkAbortedError } from "../../src/service/http/_work-pool.js";
import { ApiError } from "../../src/service/http/api-error.js";
import { KeyError } from "../../src/service/keys/errors.js";
import { DatabaseLockedError, StoreError } from "../../src/service/store/errors.js";

const at = { endpoint: "listProjects" };

/**
 * Every error class, one instance each, with the exit code a CLI run ends with on it and whether
 * the worker retries a job that fails on it (docs/architecture.md, "Error family").
 */
const CASES: [Error, number, boolean][] = [
  [new MissingKeyError("no key (401 4021)", { ...at, status: 401 }), EXIT.auth, false],
  [new InvalidKeyError("bad key (401 4022)", { ...at, status: 401 }), EXIT.auth, false],
  [
    new MissingScopeError("no scope (403)", { ...at, status: 403, required: [], missing: [] }),
    EXIT.auth,
    false,
  ],
  [new NetworkError("ECONNREFUSED", at), EXIT.unreachable, true],
  [new TimeoutError("no answer in 100 ms", at), EXIT.unreachable, true],
  [new NotFoundError("project not found (404)", { ...at, status: 404 }), EXIT.failure, false],
  [new ValidationError("bad range (422)", { ...at, status: 422, params: {} }), EXIT.failure, false],
  [new RateLimitedError("slow down (429)", { ...at, status: 429, retryAfterSeconds: 1 }), EXIT.failure, true],
  [new ServerError("failed (503)", { ...at, status: 503 }), EXIT.failure, true],
  // The client does not retry these; the worker no longer does either (it did before the family).
  [new ServerError("not implemented (501)", { ...at, status: 501 }), EXIT.failure, false],
  [new VreportApiError("HTTP 409 (409)", { ...at, status: 409 }), EXIT.failure, false],
  [new ResponseShapeError([{ path: "data", message: "missing" }], at), EXIT.failure, false],
  [new CollectLimitError(10, 11, at), EXIT.failure, false],
  [new RedisUnreachableError("redis://127.0.0.1:9", new Error("ECONNREFUSED")), EXIT.unreachable, true],
  [new ConfigError("vreport.config.json: bad field"), EXIT.usage, true],
  [new ThemeFileError("css", "cannot read theme.css"), EXIT.usage, true],
  [new NotesError("UNREADABLE", "notes.md", "notes.md: cannot read"), EXIT.usage, true],
  [new ChangesError("UNREADABLE", "changes.csv", "changes.csv: cannot read"), EXIT.usage, true],
  [new ScheduleError("bad cron"), EXIT.usage, true],
  [new TemplateError("cover.hbs", 3, "no such variable"), EXIT.usage, true],
  [new UnknownFormatError("docx"), EXIT.failure, false],
  [new ChartRenderError("trend", "bad size"), EXIT.failure, true],
  [new EmailError("no SMTP server", "NO_SMTP"), EXIT.failure, false],
  [new EmailError("bad address", "BAD_ADDRESS"), EXIT.failure, false],
  [new AttachmentTooLargeError(30, 20, []), EXIT.failure, false],
  [new SmtpDeliveryError("421 try later", 4, 421), EXIT.failure, true],
  [new DeliveryBusyError("host:1", new Date(0)), EXIT.failure, true],
  [new InterruptedError("SIGTERM"), EXIT.failure, true],
  [new PdfTimeoutError(1000), EXIT.failure, true],
  [new ContentsPageError("no slot"), EXIT.failure, true],
  // Only an agency's templates drop a section's anchor: a broken template's exit.
  [new PdfAnchorError("PDF: no link to #sec-1"), EXIT.usage, false],
  [new OutputInTheWayError("out/report.md", "folder"), EXIT.failure, false],
  // The desk's failed send ends and retries as the send's own error does.
  [
    new DeskSendError("Acme: not sent", { cause: new SmtpDeliveryError("421 try later", 4, 421) }),
    EXIT.failure,
    true,
  ],
  [
    new DeskSendError("Acme: not sent", { cause: new EmailError("bad address", "BAD_ADDRESS") }),
    EXIT.failure,
    false,
  ],
  [new DeskSendError("Acme: not sent", { cause: new Error("boom") }), EXIT.failure, true],
  // A bug: the same code breaks the same way again.
  [new InvariantError("a curve needs at least one knot"), EXIT.failure, false],
  [new CliError("bad flag", EXIT.usage), EXIT.usage, true],
  [new ToolInputError({ range: ["unknown"] }), EXIT.failure, true],
  [new KeyError("NO_SCOPE", "a key needs a scope"), EXIT.usage, true],
  [new ApiError(404, 404, "project not found"), EXIT.failure, true],
  [new PeriodParamError("start", "start is after end"), EXIT.failure, true],
  [new PoolFullError(1), EXIT.failure, true],
  [new WorkAbortedError(), EXIT.failure, true],
  // The store's: a locked PGlite directory keeps its hint (toCliError), the server's silence is unreachable.
  [new DatabaseLockedError("demo-db", 42), EXIT.failure, true],
  [
    new StoreError("UNREACHABLE", "the database server is unreachable (ECONNREFUSED)"),
    EXIT.unreachable,
    true,
  ],
];

/** What the worker does with a job failing on `err` (jobs/process-job.ts, `classify`). */
const workerRetries = (err: Error) => !(err instanceof VreportError) || err.retryable;

describe("an error's exit code and retry", () => {
  it("come from its class: the CLI exits with its category's code, the worker retries what is retryable", () => {
    const got = CASES.map(([err]) => {
      const cli = toCliError(err);
      return [err.name, cli instanceof CliError ? cli.exitCode : "not mapped", workerRetries(err)];
    });
    expect(got).toEqual(CASES.map(([err, exit, retryable]) => [err.name, exit, retryable]));
  });

  it("keeps the message, says the service is unreachable and hides a password", () => {
    const messages = [
      new NotFoundError("project not found (404)", { ...at, status: 404 }),
      new NetworkError("ECONNREFUSED", at),
      new RedisUnreachableError("redis://:s3cret@127.0.0.1:9", new Error("ECONNREFUSED")),
    ].map((err) => (toCliError(err) as CliError).message);
    expect(messages).toEqual([
      "listProjects: project not found (404)",
      "service unreachable: listProjects: ECONNREFUSED",
      "Redis unreachable at redis://:***@127.0.0.1:9: ECONNREFUSED",
    ]);
  });

  it("returns a CliError as it is and leaves an error from outside the family alone", () => {
    const cli = new CliError("bad flag", EXIT.usage);
    const other = new Error("boom");
    expect([toCliError(cli), toCliError(other)]).toEqual([cli, other]);
    expect([cli.category, new CliError("x", 130).category]).toEqual(["usage", "failure"]);
  });
});
