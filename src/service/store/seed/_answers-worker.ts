/**
 * Worker-thread entry of the seed's answer generator (answers.ts): generates the batches of the job
 * in `workerData` and posts them, their bytes transferred, never more than IN_FLIGHT ahead of the
 * batches the main thread has loaded (it posts "loaded" after each), so memory stays bounded.
 */
import { parentPort, workerData } from "node:worker_threads";
import { InvariantError } from "../../../contract/index.js";
import { type AnswerJob, answerBatches } from "./_answer-batches.js";

/** Batches generated but not yet loaded: one being loaded, one ready. */
const IN_FLIGHT = 2;

const port = parentPort;
// Thrown in the thread that imported this module (it has no parentPort), so it is never cloned
// across the thread boundary and keeps its class.
if (!port) throw new InvariantError("_answers-worker runs as a worker thread only");
let loaded = 0;
let wake: (() => void) | null = null;
port.on("message", () => {
  loaded++;
  wake?.();
});

let posted = 0;
for (const batch of answerBatches(workerData as AnswerJob)) {
  port.postMessage(batch, [batch.urls.buffer, batch.answers.buffer, batch.citations.buffer]);
  posted++;
  while (posted - loaded >= IN_FLIGHT) await new Promise<void>((resolve) => (wake = resolve));
}
port.close();
