import { stat } from "node:fs/promises";
import { basename, extname } from "node:path";
import { BACKENDS } from "../render/backends/registry.js";
import { AttachmentTooLargeError } from "./errors.js";

/** Default cap on the attachments of one message: many mail servers refuse more than 10–25 MB. */
export const DEFAULT_MAX_ATTACHMENT_BYTES = 10 * 1_048_576;

// Every report format's own type (from the backend registry), and the chart images beside them.
const CONTENT_TYPES: Record<string, string> = {
  ...Object.fromEntries(BACKENDS.map((b) => [`.${b.extension}`, b.mime])),
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

/** The MIME type of a report file, from its extension. */
export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
}

/** One attachment as nodemailer takes it, with its size. */
export interface Attachment {
  filename: string;
  path: string;
  contentType: string;
  bytes: number;
}

/** Sizes and types every file; throws `AttachmentTooLargeError` when the total exceeds the cap. */
export async function prepareAttachments(paths: readonly string[], maxBytes: number): Promise<Attachment[]> {
  const attachments: Attachment[] = [];
  for (const path of paths) {
    const { size } = await stat(path);
    attachments.push({ filename: basename(path), path, contentType: contentTypeOf(path), bytes: size });
  }
  const total = attachments.reduce((sum, a) => sum + a.bytes, 0);
  if (total > maxBytes) {
    throw new AttachmentTooLargeError(
      total,
      maxBytes,
      attachments.map((a) => ({ name: a.filename, bytes: a.bytes })),
    );
  }
  return attachments;
}
