// Bundles the server into dist/ (our own code and @dnx/shared inlined, npm packages left external) and copies
// the migrations beside it, so `node dist/server.js` starts without compiling anything.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Bundles `entries` (files under src/) into `outdir`, emptied first, with the migrations and the database's functions beside them. The
 * packages stay external, so `outdir` must lie inside the repository for Node to find them in node_modules.
 */
export async function bundleServer(outdir, entries = ['server.ts', 'cli.ts']) {
  const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@dnx/'));
  rmSync(outdir, { recursive: true, force: true });
  const options = {
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  };
  await build({ ...options, entryPoints: entries.map((entry) => path.join(serverDir, 'src', entry)) });
  // The import's table reader runs in a worker thread (issue 40): its own bundle, beside the server's.
  await build({
    ...options,
    entryPoints: {
      'table-reader-worker': path.join(serverDir, 'src/lib/spreadsheet/table-reader-worker.ts'),
      // A bank statement's reader likewise (issue 48).
      'statement-reader-worker': path.join(serverDir, 'src/features/bank-statements/statement-reader-worker.ts'),
    },
  });
  cpSync(path.join(serverDir, 'src/db/migrations'), path.join(outdir, 'db/migrations'), { recursive: true });
  cpSync(path.join(serverDir, 'src/db/functions'), path.join(outdir, 'db/functions'), { recursive: true });
}

// `npm run build -w @dnx/server`; tests import bundleServer without building dist/.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await bundleServer(path.join(serverDir, 'dist'));
  console.log(
    'server built: dist/server.js, dist/cli.js, dist/table-reader-worker.js, dist/statement-reader-worker.js',
  );
}
