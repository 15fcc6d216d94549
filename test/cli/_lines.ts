/** A command's output and error lines, collected: `io` is what the command functions take. */
export function lines() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}
