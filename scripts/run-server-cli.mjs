// Runs a server command-line task (migrate, seed, create-admin, verify-audit, verify-ledger) from the server build, building it when absent.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'apps/server/dist/cli.js');
if (!existsSync(cli)) {
  const built = spawnSync('npm', ['run', 'build', '-w', '@dnx/server'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const result = spawnSync(process.execPath, ['--enable-source-maps', cli, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
