import type { Command } from "commander";
import type { EventType } from "../../contract/index.js";
import { withoutPassword } from "../../contract/url.js";
import type { Store } from "../../service/store/db.js";
import {
  type AttemptResult,
  addSubscription,
  type DeliveryListing,
  listDeliveries,
  listSubscriptions,
  removeSubscription,
  type Subscription,
  sendTest,
  WebhookError,
} from "../../service/webhooks/index.js";
import { CliError, EXIT } from "../errors.js";
import { examples } from "../examples.js";
import { type Out, processIo, stdout } from "../io.js";
import { mapped, runOnStore } from "../on-store.js";
import { databaseOption } from "../options.js";
import { withStore as withStoreAt } from "../with-store.js";

/** Options every `vreport webhooks` subcommand takes. */
export interface WebhooksDbOptions {
  database?: string;
  json?: boolean;
}

/** Options of `vreport webhooks add`. */
export interface WebhooksAddOptions extends WebhooksDbOptions {
  /** Comma-separated event types, as typed on the command line. */
  events: string;
  secret?: string;
  workspace?: string;
}

/** Opens the store for one subcommand, mapping store and webhook errors to CLI exits. */
function withStore<T>(opts: WebhooksDbOptions, run: (store: Store) => Promise<T>): Promise<T> {
  return withStoreAt(opts.database, run, webhookError);
}

/** A webhook's own failures: an unknown id fails (1), a bad URL or event is a usage error (2). */
function webhookError(error: unknown): CliError | undefined {
  return error instanceof WebhookError
    ? new CliError(error.message, error.code === "NOT_FOUND" ? EXIT.failure : EXIT.usage, { cause: error })
    : undefined;
}

/** `vreport webhooks add URL --events a,b [--secret S]`: prints the id and the secret (shown once). */
export async function webhooksAdd(
  url: string,
  opts: WebhooksAddOptions,
  out: Out = stdout,
): Promise<Subscription> {
  const input: WebhooksAddInput = {
    url,
    events: opts.events,
    json: opts.json === true,
    ...(opts.secret !== undefined ? { secret: opts.secret } : {}),
    ...(opts.workspace !== undefined ? { workspace: opts.workspace } : {}),
  };
  return runOnStore(opts.database, "webhooks.add", webhooksAddOp, input, { out, err: processIo.err });
}

/** What `webhooks add` runs on the store, here or in a running service. */
interface WebhooksAddInput {
  url: string;
  events: string;
  json: boolean;
  secret?: string;
  workspace?: string;
}

/** Adds the subscription (run here, or by `serve` over its admin channel). */
export const webhooksAddOp = mapped<WebhooksAddInput, Subscription>(async (store, input, io) => {
  const sub = await addSubscription(store.db, {
    url: input.url,
    events: input.events.split(","),
    secret: input.secret,
    workspaceId: input.workspace,
  });
  if (input.json)
    io.out(JSON.stringify({ id: sub.id, url: sub.url, events: sub.events, secret: sub.secret }));
  else {
    io.out(`${sub.id}  ${sub.url}  ${sub.events.join(",")}`);
    if (input.secret === undefined) io.out(`secret: ${sub.secret}  (store it now: it signs every delivery)`);
  }
  return sub;
}, webhookError);

/** `vreport webhooks list`: one line per subscription (never the secret). */
export async function webhooksList(opts: WebhooksDbOptions, out: Out = stdout): Promise<Subscription[]> {
  return withStore(opts, async (store) => {
    const subs = await listSubscriptions(store.db);
    if (opts.json)
      out(
        JSON.stringify(
          subs.map(({ secret: _secret, ...rest }) => ({ ...rest, url: withoutPassword(rest.url) })),
          null,
          2,
        ),
      );
    else if (subs.length === 0) out("no subscriptions");
    else
      for (const s of subs)
        out(
          `${s.id}  ${s.disabled ? "disabled" : "active"}  ${withoutPassword(s.url)}  ${s.events.join(",")}  ${s.created_at.toISOString()}`,
        );
    return subs;
  });
}

/** `vreport webhooks remove ID`: deletes the subscription and its delivery history. */
export async function webhooksRemove(id: string, opts: WebhooksDbOptions, out: Out = stdout): Promise<void> {
  await runOnStore(opts.database, "webhooks.remove", webhooksRemoveOp, { id }, { out, err: processIo.err });
}

/** Removes the subscription (run here, or by `serve` over its admin channel). */
export const webhooksRemoveOp = mapped<{ id: string }, void>(async (store, { id }, io) => {
  await removeSubscription(store.db, id);
  io.out(`removed ${id}`);
}, webhookError);

/** `vreport webhooks test ID [--event E]`: sends a sample with is_test true now; exit 1 when it failed. */
export async function webhooksTest(
  id: string,
  opts: WebhooksDbOptions & { event?: string; timeoutMs?: number },
  out: Out = stdout,
): Promise<AttemptResult> {
  const result = await withStore(opts, (store) =>
    sendTest(store, id, {
      ...(opts.event !== undefined ? { event: opts.event as EventType } : {}),
      ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    }),
  );
  if (opts.json) out(JSON.stringify(result));
  else
    out(
      `delivery ${result.deliveryId}: ${result.ok ? `delivered (HTTP ${result.httpStatus})` : `failed: ${result.error}`}`,
    );
  if (!result.ok)
    throw new CliError(
      `test delivery failed (${result.error}); it will be retried by the dispatcher`,
      EXIT.failure,
    );
  return result;
}

/** `vreport webhooks deliveries [--failed]`: the latest deliveries, or only the dead letters. */
export async function webhooksDeliveries(
  opts: WebhooksDbOptions & { failed?: boolean; limit?: number },
  out: Out = stdout,
): Promise<DeliveryListing[]> {
  return withStore(opts, async (store) => {
    const rows = await listDeliveries(store.db, {
      ...(opts.failed !== undefined ? { failed: opts.failed } : {}),
      ...(opts.limit !== undefined ? { limit: opts.limit } : {}),
    });
    if (opts.json) out(JSON.stringify(rows, null, 2));
    else if (rows.length === 0) out(opts.failed ? "no failed deliveries" : "no deliveries");
    else
      for (const d of rows) {
        const last = d.last_error ? `  last error: ${d.last_error}` : "";
        out(
          `${d.id}  ${d.status}  ${d.event}  attempts=${d.attempts}  ${withoutPassword(d.url)}  ${d.created_at.toISOString()}${last}`,
        );
      }
    return rows;
  });
}

/** Wires `vreport webhooks add|list|remove|test|deliveries`. */
export function register(program: Command): void {
  const webhooks = program
    .command("webhooks")
    .description("Manage webhook subscriptions and inspect deliveries")
    .addHelpText(
      "after",
      examples(
        "vreport webhooks add https://hooks.example.com/vreport --events content.status_updated",
        "vreport webhooks list",
        "vreport webhooks deliveries --failed",
      ),
    );
  webhooks
    .command("add")
    .description("Subscribe a URL to events; prints its id and signing secret (shown once)")
    .argument("<url>", "http(s) URL receiving POSTs")
    .requiredOption("--events <list>", "comma-separated event types, e.g. content.status_updated")
    .option("--secret <secret>", "signing secret (default: generated and printed once)")
    .option("--workspace <id>", "workspace (default: the only one)")
    .option("--json", "print JSON")
    .addOption(databaseOption())
    .addHelpText(
      "after",
      examples(
        "vreport webhooks add https://hooks.example.com/vreport --events content.status_updated,opportunity_run.status_updated",
        "vreport webhooks add https://hooks.example.com/vreport --events iq.status_updated --secret whsec_example --json",
      ),
    )
    .action((url: string, flags: WebhooksAddOptions) => webhooksAdd(url, flags).then(() => undefined));
  webhooks
    .command("list")
    .description("List the subscriptions (never their secrets)")
    .option("--json", "print JSON")
    .addOption(databaseOption())
    .addHelpText(
      "after",
      examples("vreport webhooks list", "vreport webhooks list --json --database ./mydata"),
    )
    .action((flags: WebhooksDbOptions) => webhooksList(flags).then(() => undefined));
  webhooks
    .command("remove")
    .description("Delete a subscription and its delivery history")
    .argument("<id>", "subscription id")
    .addOption(databaseOption())
    .addHelpText("after", examples("vreport webhooks remove 0b6f4e2a-0000-4000-8000-000000000001"))
    .action((id: string, flags: WebhooksDbOptions) => webhooksRemove(id, flags));
  webhooks
    .command("test")
    .description("Send a sample event to a subscription now (is_test: true); exit 1 when it fails")
    .argument("<id>", "subscription id")
    .option("--event <type>", "event to sample (default: the subscription's first)")
    .option("--json", "print JSON")
    .addOption(databaseOption())
    .addHelpText(
      "after",
      examples(
        "vreport webhooks test 0b6f4e2a-0000-4000-8000-000000000001",
        "vreport webhooks test 0b6f4e2a-0000-4000-8000-000000000001 --event content.status_updated --json",
      ),
    )
    .action((id: string, flags: WebhooksDbOptions & { event?: string }) =>
      webhooksTest(id, flags).then(() => undefined),
    );
  webhooks
    .command("deliveries")
    .description("List deliveries: attempts, status, last error")
    .option("--failed", "only dead letters (deliveries that ran out of retries)")
    .option("--json", "print JSON")
    .addOption(databaseOption())
    .addHelpText(
      "after",
      examples("vreport webhooks deliveries", "vreport webhooks deliveries --failed --json"),
    )
    .action((flags: WebhooksDbOptions & { failed?: boolean }) =>
      webhooksDeliveries(flags).then(() => undefined),
    );
}
