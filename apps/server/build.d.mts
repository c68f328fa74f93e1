export function bundleServer(outdir: string, entries?: string[]): Promise<void>;
