/** scripts/transpile.mjs: the build's one-file-at-a-time transpile of TypeScript into ES modules. */
export function transpile(
  entries: readonly string[],
  outbase: string,
  outdir: string,
  options?: { sourcemap?: boolean },
): void;
export function transpileTree(from: string, to: string, options?: { sourcemap?: boolean }): void;
