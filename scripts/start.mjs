// `npm start`: builds the web app and the server when no build is present, then runs the one server process, and
// starts it again when its watchdog ended it (scripts/lib/supervise.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from './lib/server-flags.mjs';
import { supervise } from './lib/supervise.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webBuild = path.join(root, 'apps/web/dist/index.html');
const serverBuild = path.join(root, 'apps/server/dist/server.js');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function build(workspace) {
  console.log(`No build of ${workspace} found: building it first.`);
  const result = spawnSync(npm, ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(webBuild)) build('@dnx/web');
if (!existsSync(serverBuild)) build('@dnx/server');

// Started again when it ends itself (its watchdog) or is killed for memory; stopped with SIGTERM or SIGINT.
supervise([process.execPath, ...serverNodeFlags, serverBuild], { cwd: root });
