// `npm start` on an existing build, with a fresh data folder: it migrates, seeds the demo data and serves; a demo
// user signs in. CI runs it on the machine's own Node after the suite has run on Node 24
// (docs/decisions/0002-one-test-command-and-ci.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signIn, startServer } from './lib/server-process.mjs';

const dataDir = mkdtempSync(path.join(tmpdir(), 'dnx-smoke-'));
const server = await startServer({
  // No NODE_ENV, as on a fresh machine: the build is a production build, the server runs in development mode.
  env: { DATA_DIR: dataDir, DATABASE_URL: '' },
  command: ['npm', 'start', '--silent'],
});
try {
  const token = await signIn(server.baseUrl, 'admin@demo.az');
  if (!token) throw new Error('the demo administrator could not sign in');
  const home = await fetch(`${server.baseUrl}/signin`);
  if (!home.ok || !(await home.text()).includes('<div id="root"></div>'))
    throw new Error('/signin did not serve the app');
  console.log(
    `smoke: npm start served on Node ${process.version} in ${server.ms.toFixed(0)} ms; the demo admin signed in`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
