import type { QueryOf, VreportClient } from "../client/index.js";
import type { AnswerFull, FullReport } from "../contract/index.js";
import { type EvidencePick, evidencePicks } from "./evidence-picks.js";

/** A picked answer as fetched; null when the service no longer has it (then it is not quoted). */
export interface EvidenceAnswer {
  pick: EvidencePick;
  answer: AnswerFull | null;
}

const isFull = (a: { id: string }): a is AnswerFull => "text" in a;

/**
 * Fetches the full text of the answers the evidence section quotes (at most six requests, run
 * concurrently within the client's bound), for the report's own period.
 */
export async function fetchEvidence(
  client: VreportClient,
  report: FullReport,
  period: Omit<QueryOf<"getPromptAnswers">, "full" | "platform" | "date">,
): Promise<EvidenceAnswer[]> {
  return Promise.all(
    evidencePicks(report).map(async (pick): Promise<EvidenceAnswer> => {
      const data = await client.getPromptAnswers(pick.promptId, {
        ...period,
        full: "1",
        ...(pick.kind === "gap" ? pick.query : {}),
      });
      const answers = data.answers.filter(isFull);
      const answer =
        pick.kind === "gap"
          ? answers.find((a) => a.id === pick.answerId)
          : answers.find((a) => a.brand_mentioned);
      return { pick, answer: answer ?? null };
    }),
  );
}
