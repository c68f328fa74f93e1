import { fileURLToPath } from 'node:url';

/**
 * The code of a reader's worker thread (the imports' table reader, the bank statements' reader): in the server's
 * build, its own bundle beside the server's (build.mjs names it); from the TypeScript source (the tests), bundled once
 * a process by esbuild, which the build has, into a data: URL.
 */

const bundled = new Map<string, Promise<URL>>();

/** `built` is the bundle's URL in the build, `source` the worker's TypeScript beside its caller. */
export function workerCode(built: URL, source: URL): Promise<URL> {
  // This file is itself bundled into the build's .js; run from the source it is .ts.
  if (!import.meta.url.endsWith('.ts')) return Promise.resolve(built);
  let code = bundled.get(source.href);
  if (!code) {
    code = bundleSource(source);
    bundled.set(source.href, code);
  }
  return code;
}

async function bundleSource(source: URL): Promise<URL> {
  // A name esbuild's bundling of the server leaves alone: the build never runs this.
  const name = 'esbuild';
  const esbuild = (await import(name)) as typeof import('esbuild');
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(source)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  return new URL(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0]!.contents).toString('base64')}`);
}
