/** Just enough MIME parsing for tests: headers, nested multiparts, base64/quoted-printable bodies. */

export interface MimePart {
  headers: Map<string, string>;
  contentType: string;
  filename?: string;
  body: Buffer;
  parts: MimePart[];
}

const WORD = /=\?[^?]+\?([BbQq])\?([^?]*)\?=/g;

/** RFC 2047: runs of adjacent encoded words are decoded to bytes together (UTF-8 may span words). */
function decodeWords(value: string): string {
  return value.replace(/(?:=\?[^?]+\?[BbQq]\?[^?]*\?=\s*)+/g, (run) => {
    const trailing = /\s*$/.exec(run)?.[0] ?? "";
    const bytes: Buffer[] = [];
    for (const m of run.matchAll(WORD)) {
      const [, enc = "", text = ""] = m;
      if (enc.toUpperCase() === "B") bytes.push(Buffer.from(text, "base64"));
      else {
        const q = text.replace(/_/g, " ");
        bytes.push(
          Buffer.from(
            q.replace(/=([0-9A-F]{2})/gi, (_s, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            "latin1",
          ),
        );
      }
    }
    return Buffer.concat(bytes).toString("utf8") + trailing;
  });
}

function param(header: string, name: string): string | undefined {
  const m = new RegExp(`${name}\\*?=(?:"([^"]*)"|([^;\\s]*))`, "i").exec(header);
  return m ? decodeWords(m[1] ?? m[2] ?? "") : undefined;
}

function decodeBody(raw: string, encoding: string | undefined): Buffer {
  if (encoding?.toLowerCase() === "base64") return Buffer.from(raw.replace(/\s+/g, ""), "base64");
  if (encoding?.toLowerCase() === "quoted-printable") {
    const s = raw.replace(/=\r?\n/g, "");
    const bytes: number[] = [];
    for (let i = 0; i < s.length; i++) {
      if (s[i] === "=" && /^[0-9A-F]{2}$/i.test(s.slice(i + 1, i + 3))) {
        bytes.push(Number.parseInt(s.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(s.charCodeAt(i));
    }
    return Buffer.from(bytes);
  }
  return Buffer.from(raw, "utf8");
}

/** Parses a whole message (or part) into a tree. */
export function parseMime(raw: string): MimePart {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), decodeWords(line.slice(i + 1).trim()));
  }
  const ctHeader = headers.get("content-type") ?? "text/plain";
  const contentType = (ctHeader.split(";")[0] ?? "").trim().toLowerCase();
  const disposition = headers.get("content-disposition") ?? "";
  const filename = param(disposition, "filename") ?? param(ctHeader, "name");
  const part: MimePart = {
    headers,
    contentType,
    body: Buffer.alloc(0),
    parts: [],
    ...(filename ? { filename } : {}),
  };
  const boundary = contentType.startsWith("multipart/") ? param(ctHeader, "boundary") : undefined;
  if (boundary) {
    const chunks = body.split(`--${boundary}`);
    for (const chunk of chunks.slice(1)) {
      if (chunk.startsWith("--")) break;
      part.parts.push(parseMime(chunk.replace(/^\r?\n/, "").replace(/\r?\n$/, "")));
    }
  } else {
    part.body = decodeBody(body, headers.get("content-transfer-encoding"));
  }
  return part;
}

/** Every leaf part, depth first. */
export function leaves(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leaves);
}
