import { dayInBounds } from "../contract/index.js";

/**
 * The agency's input for its own page (docs/agency.md): the next steps with an owner and a due
 * date, the next review's date and the account manager, written in the `## agency` note of the
 * period's notes file under `### next_steps`, `### next_review` and `### account_manager`. The rest
 * of the note is commentary, shown first on the page like any note.
 */
export interface NextStep {
  step: string;
  owner: string;
  /** YYYY-MM-DD. */
  due: string;
}

/** Who at the agency looks after the client: on the cover (docs/agency.md). */
export interface AccountManager {
  name: string;
  email?: string;
  phone?: string;
}

export interface AgencyPlan {
  nextSteps: NextStep[];
  /** YYYY-MM-DD; absent when the note names none. */
  nextReview?: string;
  accountManager?: AccountManager;
}

/** What is wrong with the note: the line (0-based, in the text given) and what to write instead. */
export interface AgencyProblem {
  line: number;
  what: string;
}

/** The keyed parts of the `## agency` note. */
export const AGENCY_PARTS = ["next_steps", "next_review", "account_manager"] as const;
type Part = (typeof AGENCY_PARTS)[number];

const PART_HEADING = /^ {0,3}###[ \t]+(\S+)[ \t]*#*[ \t]*$/;
const ANY_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+(.*)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const STEP_FORM = "- <step>; owner: <name>; due: <YYYY-MM-DD>";

/** A real calendar day YYYY-MM-DD (not 2026-02-30, which Date would roll over into March). */
const isDate = (v: string) => {
  if (!DATE.test(v) || !dayInBounds(v)) return false;
  const at = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === v;
};

/** "key: value" of a line (a list item's marker dropped); null when it has no such form. */
function field(line: string): [string, string] | null {
  const text = (ITEM.exec(line)?.[1] ?? line).trim();
  const m = /^([A-Za-z_]+)[ \t]*:[ \t]*(.*)$/.exec(text);
  return m ? [m[1]!.toLowerCase(), m[2]!.trim()] : null;
}

/** One next step from a list item's text: "<step>; owner: <name>; due: <YYYY-MM-DD>". */
function stepOf(text: string): NextStep | string {
  const [step = "", ...rest] = text.split(/;[ \t]*(?=(?:owner|due)[ \t]*:)/i);
  const fields = new Map(rest.map((r) => field(r)).flatMap((f) => (f ? [f] : [])));
  const owner = fields.get("owner") ?? "";
  const due = fields.get("due") ?? "";
  if (step.trim() === "") return `a next step without its text: write ${STEP_FORM}`;
  if (owner === "") return `a next step without an owner: write ${STEP_FORM}`;
  if (!isDate(due)) return `a next step without a due date YYYY-MM-DD: write ${STEP_FORM}`;
  return { step: step.trim(), owner, due };
}

/**
 * Reads the `## agency` note: its keyed parts into a plan, everything else kept as the note's
 * commentary (`rest`). A keyed part ends at the next heading of any level. Returns the first
 * problem instead when a part is not as docs/agency.md describes.
 */
export function parseAgencyNote(
  text: string,
): { plan: AgencyPlan; rest: string } | { problem: AgencyProblem } {
  const lines = text.split(/\r\n?|\n/);
  const plan: AgencyPlan = { nextSteps: [] };
  const rest: string[] = [];
  const seen = new Map<Part, number>();
  let part: Part | null = null;
  for (const [i, line] of lines.entries()) {
    const heading = PART_HEADING.exec(line)?.[1];
    if (heading !== undefined && (AGENCY_PARTS as readonly string[]).includes(heading)) {
      part = heading as Part;
      if (seen.has(part))
        return { problem: { line: i, what: `### ${part} appears twice in the agency note` } };
      seen.set(part, i);
      continue;
    }
    if (ANY_HEADING.test(line)) part = null;
    if (part === null) {
      rest.push(line);
      continue;
    }
    if (line.trim() === "") continue;
    const problem = (what: string) => ({ problem: { line: i, what } });
    if (part === "next_steps") {
      const item = ITEM.exec(line)?.[1];
      if (item === undefined) return problem(`each next step is a list item: ${STEP_FORM}`);
      const step = stepOf(item);
      if (typeof step === "string") return problem(step);
      plan.nextSteps.push(step);
    } else if (part === "next_review") {
      const day = (ITEM.exec(line)?.[1] ?? line).trim();
      if (!isDate(day) || plan.nextReview !== undefined)
        return problem("### next_review takes one date YYYY-MM-DD");
      plan.nextReview = day;
    } else {
      const f = field(line);
      if (!f || !["name", "email", "phone"].includes(f[0]) || f[1] === "")
        return problem("### account_manager takes lines name: <name>, email: <address>, phone: <number>");
      const [key, value] = f;
      if (key === "email" && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value))
        return problem(`account manager's email "${value}" is not an address`);
      plan.accountManager = { ...(plan.accountManager ?? { name: "" }), [key]: value };
    }
  }
  if (plan.accountManager && plan.accountManager.name === "")
    return {
      problem: {
        line: seen.get("account_manager") ?? 0,
        what: "### account_manager needs a line name: <name>",
      },
    };
  return { plan, rest: rest.join("\n").trim() };
}
