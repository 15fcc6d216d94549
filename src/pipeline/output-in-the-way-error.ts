import { VreportError } from "../contract/index.js";

/**
 * A report's file or asset folder cannot be written because the output directory holds the other
 * kind under its name (a folder where the file goes, or the reverse). The run writes nothing
 * (docs/architecture.md, "The pipeline: plan, then apply"); the user moves the thing aside or picks another
 * directory. Not retried: until someone does, every run into that directory stops the same way.
 */
export class OutputInTheWayError extends VreportError {
  constructor(
    readonly path: string,
    readonly found: "folder" | "file",
  ) {
    super(`cannot write ${path}: a ${found} is in the way`);
  }

  override get retryable(): boolean {
    return false;
  }
}
