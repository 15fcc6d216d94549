/**
 * The review desk (docs/review.md): a page on 127.0.0.1 only, run by `vreport serve`, that lists
 * the cycle's clients with their review state at once, builds a client's report when it is
 * opened (its self-check findings, the report itself), lets the account manager edit the
 * period's notes (written back and rebuilt) and approve or reject. Approval sends the report
 * when the client has email settings.
 *
 * Security as notebook servers do it: a one-time sign-in token in the printed URL becomes an
 * HttpOnly, SameSite=Strict session cookie; every change is a POST carrying the session's CSRF
 * token (and, when the browser names one, an Origin of the desk itself); requests naming another
 * host are refused (DNS rebinding). Review states are reached through `DeskReviews`, which the
 * CLI wires to the service's admin route: the desk never opens the database.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type ErrorCategory, type Project, VreportError } from "../contract/index.js";
import type { ReviewRecord, ReviewState } from "../contract/review.js";
import { Cycle, type CycleSource, type CycleWorkspace } from "./cycle.js";
import { type DeskRow, deskCsp, deskPage, refusedPage, type UnsavedNotes } from "./page.js";
import { type DeskSession, DeskSessions, SESSION_COOKIE, sameSecret, sessionCookie } from "./session.js";

/**
 * An approved report whose email did not go out (the review is a draft again). It ends and
 * retries as the send's own error does (an SMTP server that said "try later" may take it later, a
 * bad address never): the desk only adds which client and what became of the review.
 */
export class DeskSendError extends VreportError {
  override get category(): ErrorCategory {
    return this.cause instanceof VreportError ? this.cause.category : "failure";
  }

  override get retryable(): boolean {
    return this.cause instanceof VreportError ? this.cause.retryable : true;
  }
}

/** The desk listens on loopback only: the reports are the clients' data. */
export const DESK_HOST = "127.0.0.1";

/** A change of a report's review state, as the desk asks for it. */
export interface DeskChange {
  /** The project's id. */
  project: string;
  period: string;
  state: ReviewState;
  by: string;
  reason?: string;
}

/** The review states, reached through the service's admin route (wired by the CLI). */
export interface DeskReviews {
  list(period: string): Promise<ReviewRecord[]>;
  set(change: DeskChange): Promise<ReviewRecord>;
}

/** What a send did: its recipients, and whether the delivery ledger found it sent already. */
export interface DeskSent {
  recipients: string[];
  /** Sent earlier (by a worker, another desk): nothing was sent now. */
  alreadySent: boolean;
}

/**
 * Sends one client's approved report as the worker does, through the delivery ledger, which
 * records it and makes its review `sent`; undefined when the client has no email settings (it
 * stays approved).
 */
export type DeskSend = (project: Project, workspace: CycleWorkspace) => Promise<DeskSent | undefined>;

export interface DeskOptions extends CycleSource {
  reviews: DeskReviews;
  send?: DeskSend;
  /** Who approves and rejects from this desk (default: the desk). */
  reviewer?: string;
  /** 0 (default) picks a free port. */
  port?: number;
}

/** A running desk. */
export interface Desk {
  /** `http://127.0.0.1:<port>/` */
  origin: string;
  /** A fresh sign-in URL (its token works once). */
  signInUrl(): string;
  close(): Promise<void>;
}

const MAX_FORM_BYTES = 1024 * 1024;

/** Starts the desk; print `signInUrl()` for the account manager. */
export async function startDesk(options: DeskOptions): Promise<Desk> {
  const sessions = new DeskSessions();
  const cycle = new Cycle(options);
  // What a session's next page shows once: the last action's message and, when the desk refused
  // notes, their text in their form again (never lost to a typo).
  const nextPage = new WeakMap<DeskSession, { flash: string; unsaved?: UnsavedNotes }>();
  const reviewer = options.reviewer ?? "review desk";
  let origin = "";

  // The list reads the clients and their reviews only; a report is built when it is opened.
  const rows = async (): Promise<DeskRow[]> => {
    const entries = await cycle.entries();
    const labels = [...new Set(entries.map((e) => e.period))];
    const reviews = (await Promise.all(labels.map((label) => options.reviews.list(label)))).flat();
    return entries.map((entry) => {
      const review = reviews.find((r) => r.projectId === entry.project.id && r.period === entry.period);
      const report = cycle.builtReport(entry.project.id);
      return { entry, ...(report ? { report } : {}), ...(review ? { review } : {}) };
    });
  };

  const act = async (action: string, projectId: string, form: URLSearchParams): Promise<string> => {
    const entry = await cycle.entry(projectId);
    const name = entry.project.name;
    const period = entry.period;
    const set = (state: ReviewState, reason?: string) =>
      options.reviews.set({
        project: projectId,
        period,
        state,
        by: reviewer,
        ...(reason !== undefined ? { reason } : {}),
      });
    if (action === "notes") {
      await cycle.writeNotes(projectId, form.get("notes") ?? "");
      const saved = `${name}: notes of ${period} saved and the report rebuilt`;
      // An approval was of the report as it was: changed notes make it a draft to approve again.
      const now = (await options.reviews.list(period)).find((r) => r.projectId === projectId);
      if (now?.state !== "approved") return saved;
      await set("draft");
      return `${saved}; its approval is withdrawn until it is approved again`;
    }
    if (action === "reject") {
      await set("held", form.get("reason") ?? "");
      return `${name}: held`;
    }
    const now = (await options.reviews.list(period)).find((r) => r.projectId === projectId);
    if (now?.state === "sent")
      return `${name}: sent already (by ${now.by} at ${now.at}); nothing is sent again`;
    await set("approved");
    let sent: DeskSent | undefined;
    try {
      sent = options.send ? await options.send(entry.project, entry.workspace) : undefined;
    } catch (error) {
      // Nothing went out: a draft again, so that approving it again retries the send.
      await set("draft");
      throw new DeskSendError(
        `${name}: not sent (${error instanceof Error ? error.message : String(error)}); it is a draft again`,
        { cause: error },
      );
    }
    if (sent === undefined) return `${name}: approved (no email settings: not sent)`;
    if (!sent.alreadySent) return `${name}: approved and sent to ${sent.recipients.join(", ")}`;
    // The ledger knew the email as sent before its sends made reviews sent: the review catches up.
    const after = (await options.reviews.list(period)).find((r) => r.projectId === projectId);
    if (after?.state !== "sent") await set("sent");
    return `${name}: sent already to ${sent.recipients.join(", ")}; nothing is sent again`;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (![`${DESK_HOST}:${port()}`, `localhost:${port()}`].includes(req.headers.host ?? ""))
      return text(res, 403, "forbidden host");
    const url = new URL(req.url ?? "/", origin);
    if (req.method === "GET" && url.pathname === "/" && url.searchParams.has("token")) {
      const id = sessions.signIn(url.searchParams.get("token"));
      if (id === undefined)
        return page(
          res,
          403,
          refusedPage(
            "This sign-in link is wrong or was used already. A fresh one: vreport review desk (with the --database the service serves).",
          ),
        );
      res
        .writeHead(303, { location: "/", "set-cookie": sessionCookie(id), "cache-control": "no-store" })
        .end();
      return;
    }
    const session = sessions.sessionOf(req.headers.cookie);
    if (!session)
      return page(res, 401, refusedPage("Sign in with the URL that vreport serve printed (it works once)."));
    if (req.method === "GET" && url.pathname === "/") {
      const nonce = randomBytes(16).toString("base64");
      const shown = nextPage.get(session);
      nextPage.delete(session);
      const html = deskPage(await rows(), { csrf: session.csrf, nonce, ...shown });
      return page(res, 200, html, deskCsp(nonce));
    }
    const open = /^\/open\/([0-9a-f-]{36})$/.exec(url.pathname);
    if (req.method === "GET" && open) {
      // Opening builds the report (and its self-check) once; the list shows it from then on.
      try {
        await cycle.report(open[1]!);
      } catch (error) {
        nextPage.set(session, { flash: error instanceof Error ? error.message : String(error) });
      }
      res.writeHead(303, { location: `/#p-${open[1]}`, "cache-control": "no-store" }).end();
      return;
    }
    const report = /^\/report\/([0-9a-f-]{36})$/.exec(url.pathname);
    if (req.method === "GET" && report) {
      const built = (await cycle.report(report[1]!)).build;
      // The report's own policy: no script, images and fonts from data: only; framed by the desk only.
      const csp =
        "default-src 'none'; img-src data:; font-src data:; style-src 'unsafe-inline'; frame-ancestors 'self'";
      return page(res, built.ok ? 200 : 500, built.ok ? built.html : refusedPage(built.failure.message), csp);
    }
    const change = /^\/(notes|approve|reject)\/([0-9a-f-]{36})$/.exec(url.pathname);
    if (req.method !== "POST" || !change) return text(res, 404, "not found");
    const sentFrom = req.headers.origin;
    if (sentFrom !== undefined && sentFrom !== origin.replace(/\/$/, ""))
      return text(res, 403, "cross-origin request");
    const form = await readForm(req);
    if (!form) return text(res, 413, "the form is too large");
    if (!sameSecret(form.get("csrf") ?? undefined, session.csrf))
      return text(res, 403, "missing or wrong CSRF token");
    try {
      nextPage.set(session, { flash: await act(change[1]!, change[2]!, form) });
    } catch (error) {
      const flash = error instanceof Error ? error.message : String(error);
      nextPage.set(session, {
        flash,
        ...(change[1] === "notes"
          ? { unsaved: { projectId: change[2]!, text: form.get("notes") ?? "" } }
          : {}),
      });
    }
    res.writeHead(303, { location: `/#p-${change[2]}`, "cache-control": "no-store" }).end();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => text(res, 500, String(error)));
  });
  const port = () => (server.address() as AddressInfo).port;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, DESK_HOST, () => resolve());
  });
  origin = `http://${DESK_HOST}:${port()}/`;
  return {
    origin,
    signInUrl: () => `${origin}?token=${sessions.mintLogin()}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The urlencoded form of a POST, or undefined past 1 MB. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) return undefined;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function page(res: ServerResponse, status: number, html: string, csp = "default-src 'none'"): void {
  res
    .writeHead(status, {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": csp,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      // same-origin: a form POST then names its Origin (no-referrer makes it "null").
      "referrer-policy": "same-origin",
    })
    .end(html);
}

function text(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" }).end(`${body}\n`);
}

export { SESSION_COOKIE };
