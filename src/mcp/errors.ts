import type { z } from "zod";
import { MissingScopeError, RateLimitedError, ValidationError, VreportApiError } from "../client/index.js";
import { issuesByParam, VreportError } from "../contract/index.js";

/**
 * An argument the tool refused before calling the service: the same shape as the API's 422
 * (messages by parameter name), so a model reads one kind of validation error (docs/mcp.md, "Errors").
 */
export class ToolInputError extends VreportError {
  readonly params: Record<string, string[]>;

  constructor(params: Record<string, string[]>) {
    super(
      Object.entries(params)
        .map(([name, messages]) => `${name}: ${messages.join(", ")}`)
        .join("; "),
    );
    this.params = params;
  }

  static of(error: z.ZodError): ToolInputError {
    return new ToolInputError(issuesByParam(error));
  }
}

/** What a failed tool call answers: the API's status, code and message, and what to do next. */
export interface ToolErrorBody {
  error: {
    status: number | null;
    code: number | null;
    message: string;
    /** Messages by parameter name (422, or refused before the call). */
    params?: Record<string, string[]>;
    /** Scopes the key lacks (403). */
    missing_scopes?: string[];
    /** Seconds to wait before calling again (429). */
    retry_after_seconds?: number | null;
    /** One sentence: what the model can do about it. */
    hint: string;
  };
}

const RETRY_SOON = 1;

/**
 * The error a model can act on, for any failure of a tool: a typed client error keeps the API's
 * status, code and message; anything else is an internal error (logged by the caller), never a
 * crash of the server.
 */
export function toolError(err: unknown): ToolErrorBody {
  if (err instanceof ToolInputError) {
    return {
      error: {
        status: 422,
        code: 422,
        message: `invalid arguments: ${err.message}`,
        params: err.params,
        hint: "Fix the named arguments and call again; nothing was sent to the service.",
      },
    };
  }
  if (err instanceof VreportApiError) {
    const base = { status: err.status, code: err.code, message: err.message };
    if (err instanceof MissingScopeError)
      return {
        error: {
          ...base,
          missing_scopes: err.missing,
          hint: `The API key lacks ${err.missing.join(", ") || "a scope"}: this data cannot be read with it; do not guess it. Ask for a key with that scope.`,
        },
      };
    if (err instanceof ValidationError)
      return { error: { ...base, params: err.params, hint: "Fix the named arguments and call again." } };
    if (err instanceof RateLimitedError) {
      const wait = err.retryAfterSeconds ?? RETRY_SOON;
      return {
        error: { ...base, retry_after_seconds: wait, hint: `Rate limited: call again in ${wait} seconds.` },
      };
    }
    if (err.status === 404)
      return {
        error: {
          ...base,
          hint: "Check the ids: list_projects (projects), get_setup (competitors, categories) and list_prompts (prompts) give valid ones.",
        },
      };
    return {
      error: {
        ...base,
        hint: err.retryable
          ? "The service failed or did not answer: call again shortly."
          : "Check the arguments.",
      },
    };
  }
  const message = err instanceof Error ? err.message : String(err);
  return {
    error: { status: null, code: null, message, hint: "An internal error of the vreport MCP server." },
  };
}
