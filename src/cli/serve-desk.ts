/**
 * Wires the review desk into `vreport serve --desk` (docs/review.md): the desk reads the data
 * through the typed client with a key minted for it (revoked when the service stops), reaches
 * the review states through the admin route (`review.list`, `review.set`: run on the database,
 * or by the service holding the PGlite directory), and sends an approved report as the worker
 * does: generateReport, then deliverOnce through the delivery ledger, reached through the same
 * admin route (`deliveries.*`), so a report is emailed once whoever sends it (docs/review.md).
 */
import { userInfo } from "node:os";
import { createClient } from "../client/index.js";
import { loadConfig } from "../config/load-config.js";
import { SCOPES } from "../contract/index.js";
import { type CycleWorkspace, checkEveryClientsFiles } from "../desk/cycle.js";
import { type Desk, type DeskReviews, type DeskSend, DeskSendError, startDesk } from "../desk/server.js";
import type { EmailOptions, EmailSettings } from "../email/settings.js";
import { sendPlanned } from "../jobs/send-planned.js";
import { clientReports } from "../pipeline/client-reports.js";
import { generateReport } from "../pipeline/generate-report.js";
import { planJob } from "../pipeline/run-plan.js";
import type { OutputFormat } from "../render/backends/registry.js";
import { closeLoadedBackends } from "../render/backends/registry.js";
import { resolvePeriod } from "../report/period.js";
import type { PeriodChoice } from "../report/period-choice.js";
import type { AdminOperation } from "../service/admin/index.js";
import { keysCreateOp, keysRevokeOp } from "./commands/keys.js";
import { reviewListOp, reviewSetOp } from "./commands/review.js";
import { CliError, EXIT } from "./errors.js";
import { adminLedger } from "./ledger-operations.js";
import { runOnStore, type StoreOperation } from "./on-store.js";

/** What `serve --desk` was asked for. */
export interface DeskSetup {
  period: PeriodChoice;
  /** The service's pinned as-of day (`serve --as-of`): the day the cycle's periods end on. */
  asOf?: string;
  configPath?: string;
  /** The formats an approved report is sent in. */
  formats: OutputFormat[];
  outDir: string;
  /** SMTP settings; without them approval does not send. */
  email?: EmailSettings;
  port?: number;
  /** Who approves and rejects at this desk, as the reviews record it (default: the login name). */
  by?: string;
}

const quiet = { out: () => {}, err: () => {} };

/**
 * The admin operation `desk.link` of a `serve --desk`: a fresh one-time sign-in link, for whoever
 * holds the admin token (`vreport review desk`), when the printed one was spent or lost.
 */
export function deskLinkOp(desk: () => Desk | undefined): AdminOperation {
  return async (_store, _input, io) => {
    const running = desk();
    if (!running)
      throw new CliError("the review desk is still starting: ask again in a moment", EXIT.failure);
    const url = running.signInUrl();
    io.out(`vreport: review desk at ${url} (loopback only; the link signs in once)`);
    return { url };
  };
}

/** The review states through the admin route of the database `serve` holds. */
export function adminReviews(database: string): DeskReviews {
  return {
    list: (period) => runOnStore(database, "review.list", reviewListOp, { period, json: false }, quiet),
    set: (change) => runOnStore(database, "review.set", reviewSetOp, { ...change, quiet: true }, quiet),
  };
}

/** The workspaces of the database (admin operation `desk.workspaces`): the desk reads each with a key of its own. */
export const deskWorkspacesOp: StoreOperation<Record<string, never>, { id: string; name: string }[]> = (
  store,
) => store.db.selectFrom("workspaces").select(["id", "name"]).orderBy("created_at").execute();

/**
 * Starts the desk beside the service at `baseUrl` over `database`, reading every workspace there
 * with a key minted for it (all read scopes, revoked when the desk closes); close it before the
 * service.
 */
export async function startServeDesk(baseUrl: string, database: string, setup: DeskSetup): Promise<Desk> {
  checkEveryClientsFiles(await loadConfig(setup.configPath));
  const keys: string[] = [];
  const revoke = () =>
    Promise.all(
      keys.map((id) => runOnStore(database, "keys.revoke", keysRevokeOp, { id }, quiet).catch(() => {})),
    );
  const opened = new Map<string, Promise<CycleWorkspace>>();
  const openWorkspace = async (w: { id: string }): Promise<CycleWorkspace> => {
    const created = await runOnStore(
      database,
      "keys.create",
      keysCreateOp,
      { scopes: [...SCOPES], json: true, name: "review desk (serve --desk)", workspace: w.id },
      quiet,
    );
    keys.push(created.id);
    const client = createClient({ baseUrl, apiKey: created.key });
    // The cycle's period resolved once in each workspace (its timezone), for every report built or sent there.
    const period = await resolvePeriod(
      client,
      setup.period,
      setup.asOf !== undefined ? { asOf: setup.asOf } : {},
    );
    return { client, period, label: period.label };
  };
  // The workspaces listed at each page, a key minted once for each (a new one when it appears).
  const workspaces = async (): Promise<CycleWorkspace[]> => {
    const found = await runOnStore(database, "desk.workspaces", deskWorkspacesOp, {}, quiet);
    return Promise.all(
      found.map((w) => {
        let one = opened.get(w.id);
        if (!one) {
          one = openWorkspace(w);
          opened.set(w.id, one);
          one.catch(() => opened.delete(w.id));
        }
        return one;
      }),
    );
  };
  try {
    // The workspaces there now, opened before the link is printed: a failure stops `serve`.
    await workspaces();
    const desk = await startDesk({
      workspaces,
      ...(setup.configPath !== undefined ? { configPath: setup.configPath } : {}),
      ...(await deskSender(database, setup)),
      ...(setup.port !== undefined ? { port: setup.port } : {}),
    });
    return {
      ...desk,
      close: async () => {
        await desk.close();
        // An approval prints its PDF in this process: the browser it launched would keep the
        // service running after SIGTERM.
        await Promise.all([revoke(), closeLoadedBackends()]);
      },
    };
  } catch (error) {
    await revoke();
    throw error;
  }
}

/** Who reviews at this desk, its review states, and how it sends an approved report (when it has SMTP settings). */
async function deskSender(
  database: string,
  setup: DeskSetup,
): Promise<{ reviews: DeskReviews; reviewer: string; send?: DeskSend }> {
  const reviewer = setup.by ?? `${userInfo().username} (review desk)`;
  const reviews = adminReviews(database);
  const email = setup.email;
  if (!email) return { reviews, reviewer };
  // The config is checked now (a typo fails at start) and read again at each send, as the
  // desk's pages read it at each build: a client added or a recipient changed takes effect
  // without restarting the service.
  await loadConfig(setup.configPath);
  // The recorded send makes the review `sent` by this desk's reviewer, in the ledger's own write.
  const ledger = adminLedger(database, reviewer);
  const send: DeskSend = async (project, { client, period }) => {
    const config = await loadConfig(setup.configPath);
    checkEveryClientsFiles(config);
    const clients = await clientReports(config);
    // To the client's own recipients (config `email.to`), merged in its plan; a client without
    // any is not sent from the desk.
    const plan = planJob<EmailOptions>(project, clients(project), {
      period,
      formats: setup.formats,
      outDir: setup.outDir,
      email: { options: { ...email, to: [] }, explicitFrom: false },
    });
    if (plan.email?.ok !== true) return undefined;
    const rendered = await generateReport(client, plan.job);
    // A period without a single answer has nothing to send, approved or not: the scheduled cycle
    // waits for its data and holds it (docs/jobs.md), and an approval does not send it either.
    if (rendered.findings.some((f) => f.claim.kind === "no-answers"))
      throw new DeskSendError(`no answers were collected in ${period.label}: there is nothing to send`);
    return sendPlanned(plan, rendered, { deliveries: ledger });
  };
  return { reviews, reviewer, send };
}
