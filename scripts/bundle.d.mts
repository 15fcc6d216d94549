/** scripts/bundle.mjs: bundles the CLI into `outDir` (default dist/cli). */
export function bundleCli(outDir?: string): Promise<void>;
